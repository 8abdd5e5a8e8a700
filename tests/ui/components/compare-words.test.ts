import { describe, expect, it } from 'vitest';
import type { RealisationCheck } from '../../../src/state/ab-compare';
import {
  differenceText,
  drawChangers,
  realisationSentence,
  summaryDiff,
} from '../../../src/ui/components/compare-words';
import { labPlugin } from '../../../src/ui/systems';

const check = (over: Partial<RealisationCheck>): RealisationCheck => ({
  identical: true,
  records: 1234,
  until: 300,
  onlyOne: [],
  first: null,
  incomplete: [],
  bySource: [{ source: 'channel.state', records: 1234, held: 2468, kept: true }],
  ...over,
});

describe('what the Compare panel says', () => {
  it('a radio key changes the channel by design; a declared link key says why; a TCP key says nothing', () => {
    const phs = labPlugin('phs')?.realisation;
    const c = drawChangers(
      'phs',
      [
        { key: 'msX', value: '100' },
        { key: 'release', value: '3@5' },
        { key: 'rtoMin', value: '1' },
      ],
      phs,
    );
    expect(c.map((x) => x.key)).toEqual(['msX', 'release']);
    expect(c[0].why).toContain('radio setting');
    expect(c[1].why).toContain('released link');
  });

  it('the check in one sentence', () => {
    expect(realisationSentence(check({}), [])).toBe(
      'Checked on these two runs: all 1234 channel.state records up to 300\u202fs (the shorter run’s end) are the same in A and B.',
    );
    const differs = check({
      identical: false,
      first: { source: 'channel.state', t: 12.5, per: 'link', entity: 2 },
    });
    expect(realisationSentence(differs, [{ key: 'release' }])).toBe(
      'These two runs’ channel states differ from 12.5\u202fs (channel.state, link 3): B changes release, which changes the channel’s draws (see above).',
    );
    expect(realisationSentence(differs, [])).toContain('please report it');
  });

  it('a check over nothing is not a proof: it says there was nothing to compare, and why (issue 20 item 8)', () => {
    const phs = labPlugin('phs')!.realisation!;
    // PHS at a strong field: no CRC error in either run, so channel.state holds no record.
    const empty = check({
      records: 0,
      bySource: [
        { source: 'phs.field', records: 0, held: 0, kept: true },
        { source: 'channel.state', records: 0, held: 0, kept: true },
      ],
    });
    const words = realisationSentence(empty, [], phs.sources);
    expect(words).not.toMatch(/all 0|are the same/);
    expect(words).toMatch(/^Nothing to compare up to 300\u202fs/);
    expect(words).toContain('CRC-verdict changes (channel.state): none in either run — it records a link');
    // Some compared, one kept empty, one not kept at all: each is named.
    const part = check({
      records: 3,
      bySource: [
        { source: 'phs.field', records: 3, held: 6, kept: true },
        { source: 'channel.state', records: 0, held: 0, kept: true },
      ],
    });
    expect(realisationSentence(part, [], phs.sources)).toMatch(
      /^Checked on these two runs: all 3 field-strength records .*\(phs\.field\) up to .* are the same in A and B\. Not compared: CRC-verdict changes \(channel\.state\): none in either run/,
    );
    const notKept = check({
      records: 0,
      bySource: [{ source: 'channel.state', records: 0, held: 0, kept: false }],
    });
    expect(realisationSentence(notKept, [])).toContain(
      'channel.state records: not kept by one of the runs (a frame-level trace), so not compared',
    );
  });

  it('summaries side by side: the main figures, then every other number that differs', () => {
    const a = {
      normalizedGoodput: 0.5,
      tcp: { timeouts: 4, retransmits: 10 },
      link: { naks: [1, 2], mode: 'x' },
    };
    const b = {
      normalizedGoodput: 0.6,
      tcp: { timeouts: 4, retransmits: 7 },
      link: { naks: [1, 3], mode: 'y' },
    };
    const d = summaryDiff(a, b);
    expect(d.main.map((r) => r.path)).toEqual(['normalizedGoodput', 'tcp.retransmits', 'tcp.timeouts']);
    expect(d.others).toEqual([{ path: 'link.naks.1', a: 2, b: 3 }]);
    expect(differenceText(d.main[0])).toBe('+0.1 (+20 %)');
    expect(differenceText(d.main[1])).toBe('−3 (−30 %)');
    expect(differenceText(d.main[2])).toBe('same');
  });
});
