// @vitest-environment jsdom
/**
 * The DECT lab's views: the grids read from the view, the delay histogram's bars and exponential,
 * the bearer chart's marks, the link timeline's band ending at a bearer's release and its DLC rows.
 */
import { describe, expect, it } from 'vitest';
import { createLinkChart } from '../../../../src/ui/charts/link-chart';
import { createBearerChart } from '../../../../src/ui/systems/dect/bearer-chart';
import { delayBars, delayFigures, type DelayFigures } from '../../../../src/ui/systems/dect/delay-bins';
import { gridWords, rfpGrid, rfpGrids } from '../../../../src/ui/systems/dect/grid-cells';
import { DECT_MAC_DECODER, DLC_ROW } from '../../../../src/ui/systems/dect/mac-decoder';
import { host, series, view } from '../../charts/helpers';

describe('slot/carrier grids', () => {
  it('decode the 120 codes per RFP, count each kind and list the TCP user’s channels', () => {
    const codes = '0'.repeat(120).split('');
    codes[0] = '3'; // carrier 0, slot 1
    codes[13] = '4'; // carrier 1, slot 2, in handover
    for (let i = 20; i < 50; i++) codes[i] = '2';
    codes[60] = '1';
    const g = rfpGrid({
      id: 'rfp2',
      label: 'RFP 2',
      x: 0,
      y: 0,
      state: { cells: codes.join(''), serving: true },
    });
    expect(g?.counts).toEqual({ free: 87, interfered: 1, background: 30, tcp: 1, handover: 1 });
    expect(g?.serving).toBe(true);
    expect(g?.tcpChannels).toEqual(['carrier 0, slot 1', 'carrier 1, slot 2 (in handover)']);
    expect(gridWords(g!)).toBe(
      'RFP 2 (serving the TCP user): 2 TCP user bearers (1 in handover), 30 background, 1 interfered, 87 free of 120 channels',
    );
    // A station without a grid (another system) gives none.
    expect(rfpGrid({ id: 'bs', label: 'BS', x: 0, y: 0 })).toBeNull();
    expect(rfpGrids(null)).toEqual([]);
  });
});

describe('delay histogram', () => {
  const f: DelayFigures = {
    binS: 0.25,
    // 100 segments in [0, 0.25), 10 in [10, 10.25), 5 waiting in [20, 20.25).
    delivered: [100, ...new Array<number>(39).fill(0), 10],
    censored: [...new Array<number>(80).fill(0), 5],
    mean: 2,
    count: 115,
    censoredCount: 5,
  };

  it('reads the view’s figures and refuses what is not a histogram', () => {
    expect(
      delayFigures({
        delayBinS: 0.25,
        delayDelivered: [1],
        delayCensored: [],
        delayMean: 0.1,
        delayCount: 1,
        delayCensoredCount: 0,
      }),
    ).toEqual({ binS: 0.25, delivered: [1], censored: [], mean: 0.1, count: 1, censoredCount: 0 });
    expect(delayFigures({ delayBinS: 0 })).toBeNull();
    expect(delayFigures(undefined)).toBeNull();
  });

  it('groups the bins into bars, keeps every segment, and lays the exponential of the same mean over them', () => {
    const h = delayBars(f, 30);
    // 81 fine bins (20.25 s) in at most 30 bars: 1 s bars.
    expect(h.width).toBe(1);
    expect(h.bars).toHaveLength(21);
    expect(h.bars.reduce((s, b) => s + b.delivered + b.censored, 0)).toBe(115);
    expect(h.bars[0]).toMatchObject({ a: 0, b: 1, delivered: 100, censored: 0 });
    expect(h.bars[10]).toMatchObject({ a: 10, delivered: 10 });
    expect(h.bars[20]).toMatchObject({ a: 20, censored: 5 });
    // Exponential, mean 2 s: 115 × (1 − e^(−1/2)) in the first second.
    expect(h.bars[0].expected).toBeCloseTo(115 * (1 - Math.exp(-0.5)), 9);
    // 15 of 115 at 10 s or more, against e^(−10/2) for the exponential.
    expect(h.over10).toBeCloseTo(15 / 115, 12);
    expect(h.expOver10).toBeCloseTo(Math.exp(-5), 12);
  });
});

describe('bearer chart', () => {
  it('draws the count, the levels, Connection_Modification and each kind of event mark', () => {
    const el = host();
    const chart = createBearerChart(el, { sync: true, levels: () => ({ target: 10, bth: 4 }) });
    const data = {
      'dect.bearers': series([
        { t: 0.5, count: 10 },
        { t: 10, count: 9 },
        { t: 20, count: 3 },
        { t: 21, count: 4 },
        { t: 30, count: 10 },
      ]),
      'dect.handover': series([
        { t: 5, terminal: 0, bearer: 2, kind: 1 },
        { t: 10, terminal: 0, bearer: 3, kind: 2 },
        { t: 19, terminal: 0, bearer: -1, kind: 3 },
        { t: 20, terminal: 0, bearer: 4, kind: 7 },
        { t: 40, terminal: 0, bearer: -1, kind: 4 },
      ]),
      'dect.macState': series([
        { t: 19, terminal: 0, state: 4 },
        { t: 20, terminal: 0, state: 5 },
        { t: 30, terminal: 0, state: 2 },
      ]),
    };
    chart.update(data, view(50));
    const n = (cls: string) => el.querySelector(`path.${cls}`)?.getAttribute('data-n');
    expect(n('ho-done')).toBe('1');
    expect(n('ho-failed')).toBe('1');
    expect(n('conn-handover')).toBe('1');
    expect(n('conn-handover-rules')).toBe('1');
    expect(n('released')).toBe('1');
    expect(n('drops')).toBe('1');
    expect(n('blocked')).toBe('0');
    expect(n('modification')).toBe('1');
    expect(el.querySelector('path.bearer-count')?.getAttribute('d')).toMatch(/^M/);
    expect(el.querySelector('path.level-target')).not.toBeNull();
    expect(el.querySelector('path.level-bth')).not.toBeNull();
    expect(el.querySelector('desc')?.textContent).toContain('10 bearers held at 50.0 s (target 10, bth 4)');
    expect(n('no-bearer')).toBe('0');
  });

  it('marks a drop, the blocked re-set-ups and the seconds with no bearer at all, labelled with their length', () => {
    const el = host();
    const chart = createBearerChart(el, { sync: true, levels: () => ({ target: 10, bth: 4 }) });
    // A Connection_Handover at 19.09 s moves none of 8 bearers: all lost at 22.09 s, dropped at 22.10 s;
    // re-set-ups blocked at 25.11 and 28.12 s; a bearer back at 28.72 s (load=high, seed 2).
    const data = {
      'dect.bearers': series([
        { t: 0.01, count: 8 },
        { t: 22.09, count: 0 },
        { t: 28.72, count: 1 },
        { t: 29, count: 2 },
      ]),
      'dect.handover': series([
        { t: 19.09, terminal: 0, bearer: -1, kind: 3 },
        { t: 22.1, terminal: 0, bearer: -1, kind: 4 },
        { t: 25.11, terminal: 0, bearer: -1, kind: 5 },
        { t: 28.12, terminal: 0, bearer: -1, kind: 5 },
      ]),
    };
    chart.update(data, view(40));
    const band = el.querySelector('path.no-bearer');
    expect(band?.getAttribute('data-n')).toBe('1');
    expect(Number(band?.getAttribute('data-seconds'))).toBeCloseTo(6.63, 2);
    expect(el.querySelector('text.no-bearer-label')?.textContent).toMatch(/^6\.63 s/);
    expect(el.querySelector('path.drops')?.getAttribute('data-n')).toBe('1');
    expect(el.querySelector('path.blocked')?.getAttribute('data-n')).toBe('2');
    expect(el.querySelector('desc')?.textContent).toContain('1 stretch with no bearer at all (6.63 s)');
    // A stretch still lasting runs to the view's time.
    chart.update(
      {
        ...data,
        'dect.bearers': series([
          { t: 0.01, count: 8 },
          { t: 22.09, count: 0 },
        ]),
      },
      view(25),
    );
    expect(Number(el.querySelector('path.no-bearer')?.getAttribute('data-seconds'))).toBeCloseTo(2.91, 2);
  });

  it('while an exercise asks for the length (lengths: false): the band and its ends, no length in any text', () => {
    const el = host();
    const chart = createBearerChart(el, {
      sync: true,
      levels: () => ({ target: 10, bth: 4 }),
      lengths: false,
    });
    chart.update(
      {
        'dect.bearers': series([
          { t: 0.01, count: 8 },
          { t: 22.09, count: 0 },
          { t: 28.72, count: 1 },
        ]),
      },
      view(40),
    );
    const band = el.querySelector('path.no-bearer');
    expect(band?.getAttribute('data-n')).toBe('1');
    expect(band?.getAttribute('data-spans')).toBe('22.090-28.720');
    expect(band?.hasAttribute('data-seconds')).toBe(false);
    expect(el.querySelector('text.no-bearer-label')?.textContent).toBe('no bearer');
    expect(el.querySelector('desc')?.textContent).toContain('1 stretch with no bearer at all.');
    expect(el.textContent).not.toMatch(/6\.6/);
  });
});

describe('DECT link timeline', () => {
  it('ends a bearer’s bad band when it is released, and draws DLC timer events in the DLC rows', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: DECT_MAC_DECODER });
    const data = {
      'dect.mac': series([
        { t: 1, bearer: 0, kind: 0, errors: 0 },
        { t: 2, bearer: 1, kind: 1, errors: 1 },
      ]),
      // Bearer 0 goes bad at 3 s and is released at 5 s; bearer 1 goes bad at 6 s and stays so.
      'dect.bearerState': series([
        { t: 3, terminal: 0, bearer: 0, bad: 1 },
        { t: 6, terminal: 0, bearer: 1, bad: 1 },
      ]),
      'dect.handover': series([{ t: 5, terminal: 0, bearer: 0, kind: 7 }]),
      'dect.dlc': series([
        { t: 4, terminal: 0, dir: 1, kind: 0, sequence: 3 },
        { t: 7, terminal: 0, dir: 0, kind: 2, sequence: 9 },
      ]),
    };
    chart.update(data, view(10));
    const band = (row: number) =>
      el.querySelector(`path.band-bad[data-row="${row}"]`)?.getAttribute('d') ?? '';
    // Bearer 0 bad from 3 s to its release at 5 s (2 s), not to the end of the run; bearer 1 from 6 s
    // to the time reached, 10 s (4 s): half as wide.
    const width = (d: string) =>
      [...d.matchAll(/h(-?[\d.]+)/g)].reduce((s, m) => s + Math.max(0, Number(m[1])), 0);
    expect(band(0).match(/M/g)).toHaveLength(1);
    expect(width(band(0)) / width(band(1))).toBeCloseTo(0.5, 1);
    const labels = [...el.querySelectorAll('text.row-label')].map((t) => t.textContent);
    expect(labels).toEqual(['bearer 1', 'bearer 2', 'DLC down', 'DLC up']);
    expect(el.querySelector(`path.row-mark-dect-dlc-0`)?.getAttribute('data-n')).toBe('1');
    expect(el.querySelector(`path.row-mark-dect-dlc-1`)?.getAttribute('data-n')).toBe('0');
    expect(el.querySelector(`path.row-mark-dect-dlc-2`)?.getAttribute('data-n')).toBe('1');
    expect(DLC_ROW).toBeGreaterThan(11);
  });
});
