// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createRtoChart } from '../../../src/ui/charts/rto-chart';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { chartToSvgString } from '../../../src/ui/charts/export';
import { host, series, view } from './helpers';

const data = {
  'tcp.rtoActive': series([
    { t: 0, seconds: 3, conn: 0 },
    { t: 4, seconds: 6, conn: 0 },
  ]),
};

describe('notes on a time chart', () => {
  it('draws each note in the window at its time, with its text; the export carries it', () => {
    const el = host();
    const chart = createRtoChart(el, { sync: true });
    const notes = [
      { t: 4, text: 'here the RTO doubles again' },
      { t: 50, text: 'outside the window' },
    ];
    chart.update(data, view(10, { notes }));
    const drawn = [...el.querySelectorAll('g.chart-note')];
    expect(drawn.map((g) => g.querySelector('text')!.textContent)).toEqual(['here the RTO doubles again']);
    const line = drawn[0].querySelector('line')!;
    const plotW = Number(el.querySelector('svg')!.getAttribute('width'));
    expect(Number(line.getAttribute('x1'))).toBeGreaterThan(0);
    expect(Number(line.getAttribute('x1'))).toBeLessThan(plotW);
    expect(el.querySelector('svg desc')!.textContent).toContain(
      'Notes: at 4 s, “here the RTO doubles again”',
    );
    const svg = chartToSvgString(el, { title: 'RTO', lines: ['scenario'] });
    expect(svg).toContain('here the RTO doubles again');
    // Deleted: gone from the chart.
    chart.update(data, view(10, { notes: [] }));
    expect(el.querySelectorAll('g.chart-note')).toHaveLength(0);
    chart.destroy();
  });

  it('labels that would overlap go on different rows; one near the right edge is written left of its line', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update(
      {},
      view(10, {
        notes: [
          { t: 1, text: 'first note here' },
          { t: 1.2, text: 'second' },
          { t: 9.9, text: 'at the end' },
        ],
      }),
    );
    const texts = [...el.querySelectorAll('g.chart-note text')];
    expect(texts.map((t) => t.getAttribute('y'))).toEqual(['23', '38', '23']);
    // Near the right edge: written left of its line.
    const line = el.querySelectorAll('g.chart-note line')[2];
    expect(Number(texts[2].getAttribute('x'))).toBeLessThan(Number(line.getAttribute('x1')));
    chart.destroy();
  });

  it('a label sits below the row of timeout marks at the top of the plot, not in it', () => {
    const el = host();
    const chart = createRtoChart(el, { sync: true });
    const timeouts = { 'tcp.timeout': series([{ t: 4, seq: 1, rto: 6, conn: 0 }]) };
    chart.update({ ...data, ...timeouts }, view(10, { notes: [{ t: 4, text: 'here the RTO doubles' }] }));
    const mark = el.querySelector(
      'g.layer-timeouts path, g.layer-timeouts use, g.layer-timeouts *[transform]',
    );
    expect(mark, 'the timeout is marked').not.toBeNull();
    // The mark is centred at y = 7 and about 5 px tall either side; a 12 px label's top is ≈ 10 px above its baseline.
    const label = Number(el.querySelector('g.chart-note text')!.getAttribute('y'));
    expect(label - 10).toBeGreaterThanOrEqual(12);
    chart.destroy();
  });
});
