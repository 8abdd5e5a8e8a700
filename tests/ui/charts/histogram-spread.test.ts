// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createHistogramChart } from '../../../src/ui/charts/histogram-chart';
import { host, series, view } from './helpers';

describe('goodput histogram spread', () => {
  it('draws the sample standard deviation (n − 1), the figure the validation checks', () => {
    const el = host();
    const chart = createHistogramChart(el, { sync: true, capacityBps: 8, windows: [10] });
    // 8 bit/s capacity, 10 s windows: 2, 5 and 8 bytes per window → normalized 0.2, 0.5, 0.8.
    const rows = [
      { t: 5, bytes: 2, conn: 0 },
      { t: 15, bytes: 7, conn: 0 },
      { t: 25, bytes: 15, conn: 0 },
    ];
    chart.update({ 'tcp.deliver': series(rows) }, view(30));
    const stats = el.querySelector('g.panel text.panel-stats')!.textContent;
    // ÷ (n − 1) gives 0.3; the population form would print 0.245.
    expect(stats).toBe('n = 3, mean 0.5, std 0.3');
    chart.destroy();
  });
});
