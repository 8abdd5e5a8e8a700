import { describe, expect, it } from 'vitest';
import { defaultScenario, parseScenario, parseScenarioStrict } from '../../../src/engine/scenarios';
import { MAX_SCENARIO_BYTES } from '../../../src/engine/scenario/text';
import { implementedSystems } from '../../../src/engine/scenarios';
import { TEST_PLANNED, TEST_SCHEMA, withTestSystem } from './test-schema';

const messages = (q: string): string[] => parseScenario(q).errors.map((e) => e.message);

describe('parseScenario: values and defaults', () => {
  it('fills every key of the system with its default', () => {
    const { scenario, errors } = parseScenario('');
    expect(errors).toEqual([]);
    expect(scenario).toEqual(defaultScenario('is707'));
    expect(scenario.system).toBe('is707');
    expect(scenario.seed).toBe(1);
    expect(scenario.values.fer).toBe(0.1);
    expect(scenario.values.fdt).toBe(0.1);
    expect(scenario.values.idle).toBe(0);
    expect(scenario.values.nakRounds).toEqual([1, 2, 3]);
    expect(scenario.values.handshake).toBe(false);
    expect(scenario.values.nakTimer).toBe(10);
    expect(scenario.values.abortTimer).toBe(25);
    expect(scenario.values.reverse).toBe(true);
    expect(scenario.values.wireRate).toBe(1.5e6);
    expect(scenario.values.wireDelay).toBe(0.2);
    expect(scenario.values.apQueue).toBe(Infinity);
    expect(scenario.values.radioFromMap).toBe(false);
    expect(scenario.values.duration).toBe(1000);
    expect(scenario.values.app).toBe('bulk');
    expect(scenario.values.tcp).toBe('ns2reno');
    expect(scenario.values.mss).toBe('profile');
    expect(scenario.values.msX).toBe(500);
    expect(scenario.values.msY).toBe(0);
    expect(scenario.events).toEqual([]);
  });

  it('accepts a leading ?, percent-encoding, blanks around keys and values, empty segments', () => {
    const { scenario, errors } = parseScenario(
      '  ?fer=0.3&&idle=%69nf& fdt = 0.01 &nakRounds=1%2C2&seed=42&',
    );
    expect(errors).toEqual([]);
    expect(scenario.values.fer).toBe(0.3);
    expect(scenario.values.idle).toBe(Infinity);
    expect(scenario.values.fdt).toBe(0.01);
    expect(scenario.values.nakRounds).toEqual([1, 2]);
    expect(scenario.seed).toBe(42);
  });

  it('does not treat + as a blank (it stays part of the value)', () => {
    expect(parseScenario('wireRate=1e+6').scenario.values.wireRate).toBe(1e6);
  });

  it('keeps the defaults of bad keys only', () => {
    const { scenario, errors } = parseScenario('fer=0.9&fdt=0.01&idle=-1&mss=1000');
    expect(errors.map((e) => e.key)).toEqual(['fer', 'idle']);
    expect(scenario.values.fer).toBe(0.1);
    expect(scenario.values.idle).toBe(0);
    expect(scenario.values.fdt).toBe(0.01);
    expect(scenario.values.mss).toBe(1000);
  });
});

describe('parseScenario: errors name the key, the value and what is allowed', () => {
  it('out-of-range value', () => {
    const [e] = parseScenario('fer=0.9').errors;
    expect(e).toMatchObject({ key: 'fer', value: '0.9' });
    expect(e.message).toBe(
      'fer=0.9: must be a number from 0 to 0.6 — average frame error rate Pe of the radio link',
    );
  });

  it('wrong type', () => {
    expect(messages('handshake=yes')[0]).toMatch(/^handshake=yes: must be 1 or 0 — /);
    expect(messages('app=http')[0]).toMatch(/^app=http: must be one of bulk — /);
    expect(messages('nakRounds=1,9')[0]).toContain(
      'nakRounds=1,9: must be a comma list of 1 to 5 integers, each from 1 to 5',
    );
    expect(messages('seed=-1')[0]).toContain('seed=-1: must be an integer from 0 to 4294967295');
    expect(messages('seed=4294967296')[0]).toContain('seed=4294967296');
    expect(parseScenario('seed=4294967295').scenario.seed).toBe(4294967295);
  });

  it('unknown key lists the allowed keys, and suggests a near miss', () => {
    const [e] = parseScenario('foo=bar').errors;
    expect(e).toMatchObject({ key: 'foo', value: 'bar' });
    expect(e.message).toMatch(
      /^foo=bar: unknown key for system is707 \(allowed: system, seed, fer, fdt, idle, /,
    );
    expect(e.message).toContain('msX, msY, events)');
    expect(messages('MSX=3')[0]).toContain('did you mean msX?');
  });

  it('a key without = is reported', () => {
    expect(messages('fer')[0]).toBe('fer: no value: write fer=<value>, a number from 0 to 0.6');
    expect(messages('events')[0]).toContain('events: no value');
  });

  it('duplicate keys: the first is used', () => {
    const { scenario, errors } = parseScenario('fer=0.2&idle=3&fer=0.3');
    expect(scenario.values.fer).toBe(0.2);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('fer=0.3: duplicate key; the first, fer=0.2, is used');
    expect(messages('seed=3&seed=4')[0]).toContain('seed=4: duplicate key');
    expect(messages('system=is707&system=is707')[0]).toContain('system=is707: duplicate key');
  });

  it('over-long input: an error and the default scenario', () => {
    const long = `fer=0.3&events=${Array.from({ length: 2000 }, (_, i) => `${i}@fer=0.2`).join(';')}`;
    expect(long.length).toBeGreaterThan(MAX_SCENARIO_BYTES);
    const { scenario, errors } = parseScenario(long);
    expect(scenario).toEqual(defaultScenario());
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(
      /^scenario=fer=0\.3&events=0@fer=0\.2;1@fer=0\.2;.*…: over-long input: at most 8192 bytes/,
    );
    // The limit counts UTF-8 bytes: 4000 two-byte characters are over it.
    expect(parseScenario(`x=${'é'.repeat(4100)}`).errors[0].message).toContain('over-long');
    expect(parseScenario(`x=${'e'.repeat(8190)}`).errors[0].message).toContain('unknown key');
  });

  it('__proto__, constructor and friends are just unknown keys', () => {
    const { scenario, errors } = parseScenario(
      '__proto__=1&constructor=2&prototype=3&toString=4&hasOwnProperty=5&__proto__[x]=6&valueOf',
    );
    expect(errors.map((e) => e.key)).toEqual([
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      '__proto__[x]',
      'valueOf',
    ]);
    for (const e of errors) expect(e.message).toContain('unknown key');
    expect(scenario).toEqual(defaultScenario());
    expect(Object.getPrototypeOf(scenario.values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('bad percent-encoding', () => {
    const { scenario, errors } = parseScenario('fer=%E0%A4%A&idle=%zz&fdt=0.5&%=1');
    expect(errors.map((e) => e.message)).toEqual([
      'fer=%E0%A4%A: bad percent-encoding (write % itself as %25)',
      'idle=%zz: bad percent-encoding (write % itself as %25)',
      '%=1: bad percent-encoding (write % itself as %25)',
    ]);
    expect(scenario.values.fdt).toBe(0.5);
    expect(scenario.values.fer).toBe(0.1);
  });

  it('unimplemented or unknown system: an error and the default system', () => {
    // Every system scenario.md names is built: a planned one is the test schema's.
    const withPlanned = TEST_SCHEMA.implementedSystems().join(', ');
    const later = withTestSystem.parseScenario(`system=${TEST_PLANNED}&fdt=0.5`);
    expect(later.scenario.system).toBe('is707');
    expect(later.scenario.values.fdt).toBe(0.5);
    expect(later.errors[0].message).toBe(
      `system=${TEST_PLANNED}: not implemented yet (implemented: ${withPlanned}); using is707`,
    );
    const implemented = implementedSystems().join(', ');
    const foo = parseScenario('system=foo');
    expect(foo.scenario.system).toBe('is707');
    expect(foo.errors[0].message).toBe(
      `system=foo: must be one of is707, gsm, phs, dect, geran (implemented: ${implemented}); using is707`,
    );
  });

  it('never throws on odd inputs', () => {
    for (const q of [
      '=',
      '&',
      '?',
      '??',
      '=&=',
      '%',
      '\u0000',
      '\ud800=1',
      'fer==0.1',
      'events==',
      'events=@',
      'events=;;',
    ]) {
      expect(() => parseScenario(q), q).not.toThrow();
    }
    expect(() => parseScenario(undefined as unknown as string)).not.toThrow();
  });

  it('parseScenarioStrict returns the same result', () => {
    const q = 'fer=0.9&idle=5';
    expect(parseScenarioStrict(q)).toEqual(parseScenario(q));
  });
});

describe('events', () => {
  it('parses t@key=value items of live keys, sorted by time, stable', () => {
    const { scenario, errors } = parseScenario('events=30@msX=140;12.5@fer=0.2;12.5@idle=inf;0@fer=0');
    expect(errors).toEqual([]);
    expect(scenario.events).toEqual([
      { t: 0, key: 'fer', value: 0 },
      { t: 12.5, key: 'fer', value: 0.2 },
      { t: 12.5, key: 'idle', value: Infinity },
      { t: 30, key: 'msX', value: 140 },
    ]);
  });

  it('reports bad items (naming the item and what is allowed) and keeps the others', () => {
    const { scenario, errors } = parseScenario(
      'events=5@fer=0.9;6@mss=1000;7@foo=1;x@fer=0.1;-1@fer=0.1;fer=0.2;8@fdt=0.5',
    );
    expect(scenario.events).toEqual([{ t: 8, key: 'fdt', value: 0.5 }]);
    expect(errors.every((e) => e.key === 'events')).toBe(true);
    expect(errors.map((e) => e.message)).toEqual([
      'events=5@fer=0.9: fer must be a number from 0 to 0.6 — average frame error rate Pe of the radio link',
      'events=6@mss=1000: mss cannot change during a run (live keys: fer, fdt, idle, reverse, radioFromMap, msX, msY)',
      'events=7@foo=1: foo is not a key of system is707 (live keys: fer, fdt, idle, reverse, radioFromMap, msX, msY)',
      'events=x@fer=0.1: the time must be a number of seconds from 0 to 1000000',
      'events=-1@fer=0.1: the time must be a number of seconds from 0 to 1000000',
      'events=fer=0.2: each item must be t@key=value, e.g. 12.5@fer=0.2',
    ]);
  });

  describe('with timed-list and points values', () => {
    const { parseScenario } = withTestSystem;

    it('splits an item on its first @ and the first = after it', () => {
      const { scenario, errors } = parseScenario('system=toy&events=10@burst=2@10:370,*@12:60;5@release=3@5');
      expect(errors).toEqual([]);
      expect(scenario.events).toEqual([
        { t: 5, key: 'release', value: [{ link: 3, at: 5 }] },
        {
          t: 10,
          key: 'burst',
          value: [
            { link: 2, at: 10, ms: 370 },
            { link: 0, at: 12, ms: 60 },
          ],
        },
      ]);
    });

    it('joins the ;-separated points of a points value back together', () => {
      const { scenario, errors } = parseScenario('system=toy&events=3@units=1,2;3,4;5,6;1@msX=7');
      expect(errors).toEqual([]);
      expect(scenario.events).toEqual([
        { t: 1, key: 'msX', value: 7 },
        {
          t: 3,
          key: 'units',
          value: [
            [1, 2],
            [3, 4],
            [5, 6],
          ],
        },
      ]);
      const short = parseScenario('system=toy&events=3@units=1,2;3,4;1@msX=7');
      expect(short.scenario.events).toEqual([{ t: 1, key: 'msX', value: 7 }]);
      expect(short.errors[0].message).toContain('events=3@units=1,2;3,4: units must be 3 points');
    });

    it('parses every other value kind of the test system', () => {
      const q =
        'system=toy&accm=000A0000&burst=2@10:370&release=3@5,1@2&berEpisode=500-1000-10&units=0,0;10,0;0,10&load=1,2,3,4&releaseDetect=0.5&tcp=bsd44';
      const { scenario, errors } = parseScenario(q);
      expect(errors).toEqual([]);
      expect(scenario.system).toBe('toy');
      expect(scenario.values.accm).toBe('000a0000');
      expect(scenario.values.berEpisode).toEqual({ start: 500, end: 1000, factor: 10 });
      expect(scenario.values.load).toEqual([1, 2, 3, 4]);
      expect(scenario.values.tcp).toBe('bsd44');
      expect(parseScenario('system=toy').scenario.values.tcp).toBe('study');
    });
  });
});
