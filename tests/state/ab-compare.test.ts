import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/scenarios';
import {
  changedKeys,
  checkChange,
  checkRealisation,
  compareText,
  withChange,
} from '../../src/state/ab-compare';
import type { TraceData } from '../../src/state/trace-buffers';
import { decodeViewChecked, encodeView, parseUrl } from '../../src/state/url-codec';

const series = (t: number[], cols: Record<string, number[]>, dropped = 0) => ({
  length: t.length,
  t: Float64Array.from(t),
  cols: Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, Float64Array.from(v)])),
  dropped,
});

describe('B from A', () => {
  it('B is A with its keys set and A’s timed changes of those keys dropped; seed and other changes stay', () => {
    const a = 'system=is707&seed=7&fer=0.3&events=10@fer=0.1;20@idle=5;30@fdt=1';
    const b = compareText(a, [{ key: 'idle', value: 'inf' }]);
    expect(b).toBe('system=is707&seed=7&fer=0.3&idle=inf&events=10@fer=0.1;30@fdt=1');
    expect(parseScenario(b).errors).toEqual([]);
    expect(changedKeys(a, b)).toEqual(['idle']);
  });

  it('B may say “no release” in a word, the same in the form, the link and the CLI (issue 20 item 9)', () => {
    expect(checkChange('phs', 'release', 'none')).toEqual({
      ok: true,
      change: { key: 'release', value: 'none' },
    });
    // The empty text still means none, and comes back as the word.
    expect(checkChange('phs', 'release', '')).toEqual({
      ok: true,
      change: { key: 'release', value: 'none' },
    });
    const zero = checkChange('phs', 'release', '0');
    expect(!zero.ok && zero.allowed).toContain('or none');
    const b = compareText('system=phs&release=3@5', [{ key: 'release', value: 'none' }]);
    expect(b).toBe('system=phs');
    const { view, errors } = decodeViewChecked('#b.release=none', { system: 'phs' });
    expect(errors).toEqual([]);
    expect(encodeView(view)).toBe('b.release=none');
    expect(parseScenario('system=phs&events=10@release=none').errors).toEqual([]);
  });

  it('checks a change: fixed keys, unknown keys and bad values are refused with what is allowed', () => {
    expect(checkChange('is707', 'idle', 'inf')).toEqual({ ok: true, change: { key: 'idle', value: 'inf' } });
    expect(checkChange('is707', 'fer', '0.30')).toEqual({ ok: true, change: { key: 'fer', value: '0.3' } });
    const seed = checkChange('is707', 'seed', '3');
    expect(seed.ok).toBe(false);
    expect(!seed.ok && seed.allowed).toContain('keeps A’s seed');
    const system = checkChange('is707', 'system', 'gsm');
    expect(!system.ok && system.allowed).toContain('same system');
    const unknown = checkChange('is707', 'radio', 'good');
    expect(!unknown.ok && unknown.allowed).toContain('a key of is707');
    const bad = checkChange('is707', 'fer', '2');
    expect(!bad.ok && bad.allowed).toMatch(/from 0 to 0\.6/);
    for (const k of ['__proto__', 'constructor', 'toString', 'events'])
      expect(checkChange('is707', k, '1').ok).toBe(false);
  });

  it('a later change of a key replaces the earlier one in place', () => {
    const list = withChange(
      [
        { key: 'idle', value: '1' },
        { key: 'fdt', value: '1' },
      ],
      { key: 'idle', value: '5' },
    );
    expect(list).toEqual([
      { key: 'idle', value: '5' },
      { key: 'fdt', value: '1' },
    ]);
  });
});

describe('B in the link', () => {
  it('round-trips B’s changes and keeps the valid ones of a bad link, naming the bad key', () => {
    const { view, errors } = decodeViewChecked('#b.idle=inf&b.fer=9&b.seed=2&b.nakRounds=1,1', {
      system: 'is707',
    });
    expect(view.compare).toEqual([
      { key: 'idle', value: 'inf' },
      { key: 'nakRounds', value: '1,1' },
    ]);
    expect(errors.map((e) => e.key)).toEqual(['b.fer', 'b.seed']);
    expect(errors[0].message).toContain('“9” is not allowed');
    expect(encodeView(view)).toBe('b.idle=inf&b.nakRounds=1,1');
  });

  it('checks B’s keys against the system of the scenario in the query', () => {
    expect(parseUrl('?system=gsm', '#b.radio=poor').view.compare).toEqual([{ key: 'radio', value: 'poor' }]);
    expect(parseUrl('?system=is707', '#b.radio=poor').viewErrors.map((e) => e.key)).toEqual(['b.radio']);
  });

  it('escapes what a value may hold that a fragment may not', () => {
    const view = decodeViewChecked('#b.units=0%2C0%3B0%2C0%3B-150%2C0', { system: 'phs' }).view;
    expect(view.compare).toEqual([{ key: 'units', value: '0,0;0,0;-150,0' }]);
    const again = decodeViewChecked(encodeView(view), { system: 'phs' });
    expect(again).toMatchObject({ errors: [], view: { compare: view.compare } });
  });
});

describe('the channel check', () => {
  const a: TraceData = {
    'channel.state': series([0, 1, 2, 3], { link: [0, 1, 0, 1], bad: [0, 0, 1, 1] }),
  };

  it('identical traces over the common span', () => {
    const b: TraceData = {
      'channel.state': series([0, 1, 2, 3, 4], { link: [0, 1, 0, 1, 0], bad: [0, 0, 1, 1, 0] }),
    };
    const r = checkRealisation(a, b, [{ name: 'channel.state', per: 'link' }], 3);
    expect(r).toMatchObject({ identical: true, records: 4, first: null, onlyOne: [], incomplete: [] });
    expect(r.bySource).toEqual([{ source: 'channel.state', records: 4, held: 8, kept: true }]);
  });

  it('says per source what it compared: none held, or not kept by a run (issue 20 item 8)', () => {
    const sources = [
      { name: 'channel.state', per: 'link' },
      { name: 'phs.field', per: 'unit' },
    ];
    const r = checkRealisation({}, {}, sources, 3, { a: ['channel.state', 'phs.field'], b: ['phs.field'] });
    expect(r.records).toBe(0);
    expect(r.bySource).toEqual([
      { source: 'channel.state', records: 0, held: 0, kept: false },
      { source: 'phs.field', records: 0, held: 0, kept: true },
    ]);
  });

  it('names the first difference: its time, source and entity', () => {
    const b: TraceData = { 'channel.state': series([0, 1, 2, 3], { link: [0, 1, 0, 1], bad: [0, 0, 1, 0] }) };
    const r = checkRealisation(a, b, [{ name: 'channel.state', per: 'link' }], 3);
    expect(r.identical).toBe(false);
    expect(r.first).toEqual({ source: 'channel.state', t: 3, per: 'link', entity: 1 });
  });

  it('an entity one run lacks is listed, not counted as a difference; a lost prefix is reported', () => {
    const b: TraceData = { 'channel.state': series([0, 2], { link: [0, 0], bad: [0, 1] }, 5) };
    const r = checkRealisation(a, b, [{ name: 'channel.state', per: 'link' }], 3);
    expect(r.identical).toBe(true);
    expect(r.onlyOne).toEqual([{ source: 'channel.state', per: 'link', entity: 1 }]);
    expect(r.incomplete).toEqual(['channel.state']);
  });
});
