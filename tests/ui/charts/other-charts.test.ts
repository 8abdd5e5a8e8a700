// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createHistogramChart } from '../../../src/ui/charts/histogram-chart';
import { createSweepChart } from '../../../src/ui/charts/sweep-chart';
import { infPosition } from '../../../src/state/sweep';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { chartToSvgString } from '../../../src/ui/charts/export';
import { wrapToWidth } from '../../../src/ui/charts/wrap';
import { host, series, view } from './helpers';

describe('goodput histograms', () => {
  it('draws one panel per window with counts summing to the number of whole windows', () => {
    const el = host();
    const chart = createHistogramChart(el, { sync: true, capacityBps: 7600 });
    // Constant 7600 bit/s for 1000 s: every window has normalized goodput 1, spread 0.
    const rows = Array.from({ length: 2000 }, (_v, i) => ({
      t: (i + 1) * 0.5,
      bytes: 475 * (i + 1),
      conn: 0,
    }));
    chart.update({ 'tcp.deliver': series(rows) }, view(1000));
    const panels = [...el.querySelectorAll('g.panel')];
    expect(panels.map((g) => g.getAttribute('data-window'))).toEqual(['10', '100', '1000']);
    const sums = panels.map((g) =>
      [...g.querySelectorAll('rect.bar')].reduce((s, r) => s + Number(r.getAttribute('data-count')), 0),
    );
    expect(sums).toEqual([100, 10, 1]);
    expect(panels[0].querySelector('text.panel-title')!.textContent).toBe('10 s windows');
    expect(panels[0].querySelector('text.panel-stats')!.textContent).toBe('n = 100, mean 1, std 0');
    // All values fall in the top bin (normalized goodput 1).
    const bars = [...panels[0].querySelectorAll('rect.bar')];
    expect(bars.at(-1)!.getAttribute('data-count')).toBe('100');
    chart.destroy();
    expect(el.childElementCount).toBe(0);
  });
});

describe('sweep chart', () => {
  it('draws a mean line, a spread band and markers per series', () => {
    const el = host();
    const chart = createSweepChart(el, {
      xLabel: 'frame error rate Pe',
      yLabel: 'normalized goodput',
      sync: true,
    });
    const pts = [0.01, 0.1, 0.3].flatMap((x) => [
      { x, mean: 0.9 - x, min: 0.8 - x, max: 0.95 - x, sd: 0.02, series: 'f_dT 0.1, idle on' },
      { x, mean: 0.8 - x, min: 0.7 - x, max: 0.85 - x, sd: 0.03, series: 'f_dT 0.1, idle off' },
    ]);
    chart.update(pts);
    const lines = [...el.querySelectorAll('path.mean-line')];
    expect(lines.map((l) => l.getAttribute('data-series'))).toEqual([
      'f_dT 0.1, idle on',
      'f_dT 0.1, idle off',
    ]);
    expect(lines[0].getAttribute('stroke')).not.toBe(lines[1].getAttribute('stroke'));
    expect(lines[0].getAttribute('stroke-dasharray')).not.toBe(lines[1].getAttribute('stroke-dasharray'));
    expect(el.querySelectorAll('path.spread-band')).toHaveLength(2);
    expect(el.querySelectorAll('g.points path')).toHaveLength(6);
    expect(el.querySelector('.x-label')!.textContent).toBe('frame error rate Pe');
    chart.update(pts, { theme: 'dark' });
    expect(el.querySelector('svg')!.getAttribute('data-theme')).toBe('dark');
    chart.destroy();
  });

  it('markers at the corners of the plot (first and last value, goodput 0) are drawn whole, not cut in half', () => {
    const el = host();
    const chart = createSweepChart(el, { xLabel: 'FER', yLabel: 'normalized goodput', sync: true });
    chart.update([
      { x: 0.05, mean: 0.86, min: 0.86, max: 0.86, sd: 0, series: 's' },
      { x: 0.5, mean: 0, min: 0, max: 0, sd: 0, series: 's' },
    ]);
    const clip = el.querySelector('clipPath rect')!;
    const [cx, cy] = [Number(clip.getAttribute('x') ?? 0), Number(clip.getAttribute('y') ?? 0)];
    const [cw, ch] = [Number(clip.getAttribute('width')), Number(clip.getAttribute('height'))];
    // Marker of area 50 px²: radius ≈ 4 px, plus its 1 px outline.
    for (const m of el.querySelectorAll('g.points path')) {
      const [, x, y] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(m.getAttribute('transform')!)!.map(Number);
      expect(x - 5).toBeGreaterThanOrEqual(cx);
      expect(x + 5).toBeLessThanOrEqual(cx + cw);
      expect(y - 5).toBeGreaterThanOrEqual(cy);
      expect(y + 5).toBeLessThanOrEqual(cy + ch);
    }
    chart.destroy();
  });

  it('labels the inf value of a sweep "∞" and draws no tick between the last finite value and it', () => {
    const el = host();
    const values = [0, 1, 2, 5, 10, 20, 'inf'] as const;
    const infAt = infPosition(values);
    const chart = createSweepChart(el, {
      xLabel: 'Idle frames',
      xUnit: 'frames',
      yLabel: 'g',
      sync: true,
      infAt,
    });
    chart.update(
      values.map((v, i) => ({
        x: v === 'inf' ? infAt : v,
        mean: 0.1 + i * 0.01,
        min: 0,
        max: 1,
        sd: 0,
        series: 's',
      })),
    );
    const ticks = [...el.querySelectorAll('.axis-x .tick text')].map((t) => t.textContent);
    expect(ticks.at(-1)).toBe('∞');
    expect(ticks).not.toContain('30');
    expect(ticks).not.toContain('25');
    expect(ticks).toContain('20');
    expect(el.querySelector('.x-label')!.textContent).toBe('Idle frames (frames)');
    chart.destroy();
  });
});

describe('export', () => {
  it('serialises a standalone SVG with namespace, title and background', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true, title: 'My graph' });
    chart.update(
      { 'tcp.send': series([{ t: 1, seq: 1, len: 536, rtx: 1, conn: 0 }]) },
      view(2, { theme: 'dark' }),
    );
    const s = chartToSvgString(el);
    expect(s.startsWith('<?xml')).toBe(true);
    expect(s).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(s).toContain('<title>My graph</title>');
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    expect(doc.querySelector('rect.export-background')!.getAttribute('fill')).toBe('#17191c');
    expect(doc.querySelectorAll('path.wtl-rtx')).toHaveLength(1);
    chart.destroy();
    expect(() => chartToSvgString(el)).toThrow(/No chart/);
  });

  it('a caption adds a visible heading above and the scenario, seed and time shown below the plot', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true, title: 'Sequence numbers' });
    chart.update({ 'tcp.send': series([{ t: 1, seq: 1, len: 536, rtx: 0, conn: 0 }]) }, view(2));
    const plain = new DOMParser().parseFromString(chartToSvgString(el), 'image/svg+xml');
    const scenario = 'system=is707&fer=0.3&fdt=0.01&idle=0&events=' + '1@fer=0.2;'.repeat(20);
    const s = chartToSvgString(el, {
      title: 'Sequence numbers',
      lines: [`scenario: ${scenario}`, 'seed 7 · simulated time shown 0–2 s'],
    });
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    expect(doc.querySelector('text.export-title')!.textContent).toBe('Sequence numbers');
    const caption = [...doc.querySelectorAll('text.export-caption')].map((t) => t.textContent).join('');
    expect(caption.replace(/\s/g, '')).toContain(scenario.replace(/\s/g, ''));
    expect(caption).toContain('seed 7');
    // The long scenario wraps onto several lines, each inside the figure.
    const width = Number(doc.documentElement.getAttribute('width'));
    // Without a canvas (jsdom) widths are estimated at 0.68 em per character (ui/charts/wrap.ts).
    for (const t of doc.querySelectorAll('text.export-caption'))
      expect(t.textContent!.length * 11 * 0.68).toBeLessThanOrEqual(width - 16 + 1e-9);
    expect(doc.querySelectorAll('text.export-caption').length).toBeGreaterThan(2);
    // The plot moved down under the heading, and the figure grew by heading + caption.
    expect(doc.querySelector('g.export-body')!.getAttribute('transform')).toBe('translate(0,26)');
    expect(Number(doc.documentElement.getAttribute('height'))).toBeGreaterThan(
      Number(plain.documentElement.getAttribute('height')) + 26 + 2 * 15,
    );
    chart.destroy();
  });

  it('wraps caption text at & ; or spaces, never losing a character', () => {
    const text = 'system=gsm&app=ftpGet&size=500000&radio=custom&fer=0.05&events=1@fer=0.1;2@fer=0.2';
    const byChars = (t: string) => t.length;
    const lines = wrapToWidth(text, 24, byChars);
    expect(lines.join('')).toBe(text);
    expect(lines.every((l) => l.length <= 24)).toBe(true);
    expect(lines[0].endsWith('&')).toBe(true);
    // A value with no break in it is cut where the width runs out.
    expect(wrapToWidth('x'.repeat(50), 20, byChars)).toEqual([
      'x'.repeat(20),
      'x'.repeat(20),
      'x'.repeat(10),
    ]);
    // No last line of a stub: the break before is taken.
    expect(wrapToWidth('simulated time shown 0.00–0.00 s (run at 0.00 s)', 46, byChars)).toEqual([
      'simulated time shown 0.00–0.00 s (run at',
      '0.00 s)',
    ]);
    // Measured, not counted: wide glyphs make shorter lines.
    const wideDigits = (t: string) => [...t].reduce((w, c) => w + (/[0-9@=]/.test(c) ? 2 : 1), 0);
    expect(wrapToWidth('events=49.32@msX=5000;4', 20, wideDigits).every((l) => wideDigits(l) <= 20)).toBe(
      true,
    );
  });
});
