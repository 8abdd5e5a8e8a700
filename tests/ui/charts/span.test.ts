import { IS707_DECODER } from '../../../src/ui/systems/is707/link-decoder';
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createHistogramChart } from '../../../src/ui/charts/histogram-chart';
import { createLinkChart } from '../../../src/ui/charts/link-chart';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { heldSpan, spanNote, trackReads } from '../../../src/ui/charts/span';
import type { SeriesColumns } from '../../../src/ui/charts/types';
import { host, series, view } from './helpers';

const dropped = (s: SeriesColumns, n: number): SeriesColumns => ({ ...s, dropped: n });

describe('held span (issue #8 item 4)', () => {
  const frames = dropped(
    series([
      { t: 60, dir: 0, kind: 1, seq: 0, error: 0 },
      { t: 70, dir: 0, kind: 2, seq: 1, error: 0 },
    ]),
    5000,
  );
  const channel = dropped(
    series([
      { t: 20, dir: 0, bad: 1 },
      { t: 30, dir: 0, bad: 0 },
      { t: 65, dir: 0, bad: 1 },
    ]),
    10,
  );
  const timeouts = series([{ t: 5, conn: 0 }]);

  it('is the latest first record among the sources that lost records; whole sources do not limit it', () => {
    expect(
      heldSpan({ 'link.frame': frames, 'channel.state': channel, 'tcp.timeout': timeouts }, [
        'link.frame',
        'channel.state',
        'tcp.timeout',
      ]),
    ).toEqual({ start: 60, sources: ['link.frame', 'channel.state'] });
    expect(heldSpan({ 'tcp.timeout': timeouts, 'link.frame': frames }, ['tcp.timeout'])).toBeNull();
    expect(heldSpan({ 'link.frame': { ...frames, length: 0 } }, ['link.frame'])).toBeNull();
    expect(heldSpan({}, ['link.frame'])).toBeNull();
  });

  it('says which part is shown and why, in words', () => {
    expect(spanNote({ start: 125_000, sources: ['link.frame', 'channel.state'] }, 200_000)).toBe(
      'showing 125\u202f000–200\u202f000 s: older link frames and channel states were dropped to bound memory',
    );
    expect(spanNote({ start: 12, sources: ['tcp.send'] }, 30)).toBe(
      'showing 12–30 s: older TCP segments sent were dropped to bound memory',
    );
  });

  it('records the sources a draw reads', () => {
    const used = new Set<string>();
    const d = trackReads({ 'link.frame': frames }, used);
    expect(d['link.frame']).toBe(frames);
    void d['channel.state'];
    expect([...used]).toEqual(['link.frame', 'channel.state']);
  });

  it('link chart: every layer starts where the latest source does; the note says so; none without drops', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: IS707_DECODER });
    chart.update({ 'link.frame': frames, 'channel.state': channel }, view(100));
    const svg = el.querySelector('svg')!;
    // Axis 0–100 s over the plot width: the plot starts at 60 s.
    const clip = el.querySelector('clipPath rect')!;
    const w = Number(clip.getAttribute('x')) + Number(clip.getAttribute('width'));
    expect(Number(clip.getAttribute('x'))).toBeCloseTo(0.6 * w, 0);
    expect(svg.getAttribute('data-span-start-px')).toBe(clip.getAttribute('x'));
    expect(el.querySelector('text.span-note')!.textContent).toBe(
      'showing 60–100 s: older link frames and channel states were dropped to bound memory',
    );
    expect(el.querySelector('rect.span-dropped')).not.toBeNull();
    expect(svg.querySelector('desc')!.textContent).toContain('Note: showing 60–100 s');
    // The bad channel from 20–30 s is not drawn (before the frames); from 65 s it is.
    const band = el.querySelector('path.band-bad[data-row="0"]')!.getAttribute('d') ?? '';
    const xs = [...band.matchAll(/M([\d.]+),/g)].map((m) => Number(m[1]));
    expect(xs.length).toBe(1);
    expect(xs[0]).toBeGreaterThanOrEqual(0.6 * w - 1);

    chart.update(
      { 'link.frame': { ...frames, dropped: 0 }, 'channel.state': { ...channel, dropped: 0 } },
      view(100),
    );
    expect(el.querySelector('text.span-note')).toBeNull();
    expect(clip.getAttribute('x')).toBe('0');
    expect(svg.hasAttribute('data-span-start-px')).toBe(false);
    chart.destroy();
  });

  it('sequence chart: the note names the source that lost records', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({}, view(50));
    const height = Number(el.querySelector('svg')!.getAttribute('height'));
    const send = dropped(
      series([
        { t: 40, seq: 1, len: 536, rtx: 0, conn: 0 },
        { t: 41, seq: 537, len: 536, rtx: 0, conn: 0 },
      ]),
      100,
    );
    chart.update({ 'tcp.send': send }, view(50));
    expect(el.querySelector('text.span-note')!.textContent).toMatch(
      /^showing 40–50 s: older TCP segments sent/,
    );
    // Too long for the greyed-out part: in rows above the plot (the span group sits at the plot's
    // top left), not over the newest marks at the plot's top right (issue 20, item 21).
    const svg = el.querySelector('svg')!;
    const note = el.querySelector('text.span-note')!;
    expect(note.getAttribute('data-place')).toBe('above');
    const lines = note.querySelectorAll('tspan').length;
    expect(Number(note.getAttribute('y')) + (lines - 1) * 15).toBeLessThan(0);
    // The plot moved down by those rows and kept its height: the svg grew by as much.
    const plot = el.querySelector('g.plot')!.getAttribute('transform')!;
    expect(plot).toBe(`translate(72,${40 + 15 * lines})`);
    expect(Number(svg.getAttribute('height'))).toBe(height + 15 * lines);
    chart.update({ 'tcp.send': { ...send, dropped: 0 } }, view(50));
    expect(el.querySelector('g.plot')!.getAttribute('transform')).toBe('translate(72,40)');
    chart.destroy();
  });

  it('histograms: only whole windows after the first delivery held, and the note says so', () => {
    const el = host();
    const chart = createHistogramChart(el, { sync: true, capacityBps: 7600, windows: [10] });
    // 7600 bit/s held from 305 s to 1000 s (older deliveries dropped).
    const rows = Array.from({ length: 1391 }, (_v, i) => ({
      t: 305 + i * 0.5,
      bytes: 475 * (610 + i),
      conn: 0,
    }));
    chart.update({ 'tcp.deliver': dropped(series(rows), 610) }, view(1000));
    // Windows 310–1000 s: 69 whole windows, each at capacity; none of the dropped span counts as 0.
    expect(el.querySelector('text.panel-stats')!.textContent).toBe('n = 69, mean 1, std 0');
    expect(el.querySelector('text.span-note')!.textContent).toBe(
      'showing 305–1000 s: older deliveries were dropped to bound memory',
    );
    chart.destroy();
  });
});
