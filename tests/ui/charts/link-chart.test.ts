import { IS707_DECODER } from '../../../src/ui/systems/is707/link-decoder';
import { PIAFS_DECODER } from '../../../src/ui/systems/phs/link-decoder';
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createLinkChart } from '../../../src/ui/charts/link-chart';
import { host, series, view } from './helpers';

function rects(d: string | null): number {
  return (d ?? '').match(/M/g)?.length ?? 0;
}

describe('link-layer timeline', () => {
  // Frames 1 s apart so each lands in its own pixel columns.
  const frames = series([
    { t: 1, dir: 0, kind: 1, seq: 0, error: 0 },
    { t: 2, dir: 0, kind: 1, seq: 1, error: 1 },
    { t: 3, dir: 1, kind: 4, seq: 1, error: 0 },
    { t: 4, dir: 0, kind: 2, seq: 1, error: 0 },
    { t: 5, dir: 0, kind: 3, seq: 2, error: 0 },
    { t: 6, dir: 0, kind: 3, seq: 2, error: 1 },
    { t: 7, dir: 1, kind: 0, seq: 0, error: 0 },
  ]);
  const channel = series([
    { t: 0, dir: 0, bad: 0 },
    { t: 1.5, dir: 0, bad: 1 },
    { t: 2.5, dir: 0, bad: 0 },
    { t: 8, dir: 1, bad: 1 },
  ]);
  const data = {
    'link.frame': frames,
    'channel.state': channel,
    'link.abort': series([{ t: 6.5, dir: 0, frames: 1, first: 2 }]),
    'link.nak': series([{ t: 3, dir: 1, round: 1, count: 1, first: 1 }]),
  };

  it('draws each frame kind in its lane and colour, errors, aborts and bad-channel bands per direction', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: IS707_DECODER });
    chart.update(data, view(10));
    const q = (cls: string, row: number) => el.querySelector(`path.${cls}[data-row="${row}"]`)!;
    expect(q('frames-data', 0).getAttribute('data-n')).toBe('2');
    expect(rects(q('frames-data', 0).getAttribute('d'))).toBe(2);
    expect(q('frames-retx', 0).getAttribute('data-n')).toBe('1');
    expect(q('frames-idle', 0).getAttribute('data-n')).toBe('2');
    expect(q('frames-error', 0).getAttribute('data-n')).toBe('2');
    expect(q('frames-nak', 1).getAttribute('data-n')).toBe('1');
    // kind 0 (none) is not drawn.
    expect(q('frames-data', 1).getAttribute('data-n')).toBe('0');
    // Bad intervals: dir 0 from 1.5 to 2.5 s; dir 1 from 8 s to the current time (10 s).
    expect(rects(q('band-bad', 0).getAttribute('d'))).toBe(1);
    expect(rects(q('band-bad', 1).getAttribute('d'))).toBe(1);
    expect(q('band-bad', 0).getAttribute('fill')).toMatch(/^url\(#wtl-link-\d+-hatch\)$/);
    // Colours: frame OK, retransmission, error and control hues are all different.
    const fills = ['frames-data', 'frames-retx', 'frames-error', 'frames-nak'].map((c) =>
      el.querySelector(`path.${c}`)!.getAttribute('fill'),
    );
    expect(new Set(fills).size).toBe(4);
    expect(el.querySelector('path.aborts')!.getAttribute('data-n')).toBe('1');
    expect(el.querySelector('path.nak-rounds')!.getAttribute('data-n')).toBe('1');
    expect([...el.querySelectorAll('text.row-label')].map((t) => t.textContent)).toEqual([
      'forward',
      'reverse',
    ]);
    // The seven legend entries do not fit one 720 px row: the last wraps onto a second row.
    const legend = [...el.querySelectorAll('.legend g.item')].map((g) => g.getAttribute('transform'));
    expect(legend).toHaveLength(7);
    expect(legend[0]).toBe('translate(0,0)');
    expect(legend[6]).toBe('translate(0,15)');
    chart.destroy();
  });

  it('keeps the bad state in force at the window start and shades the selected retransmission window', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: IS707_DECODER });
    const send = series([
      { t: 1, seq: 1, len: 536, rtx: 0, conn: 0 },
      { t: 4, seq: 1, len: 536, rtx: 1, conn: 0 },
    ]);
    chart.update({ ...data, 'tcp.send': send }, view(10, { domain: [2, 3], selection: { t: 4, seq: 1 } }));
    const band = el.querySelector('path.band-bad[data-row="0"]')!;
    // Bad since 1.5 s: the band starts at the left edge of the [2, 3] window.
    expect(band.getAttribute('d')).toMatch(/^M0,/);
    const win = el.querySelector('rect.selection-window')!;
    expect(win.getAttribute('data-t0')).toBe('1');
    expect(win.getAttribute('data-t1')).toBe('4');
    chart.destroy();
  });

  it('bins 10^5 frames into at most one mark run per pixel column', () => {
    const n = 100_000;
    const rows = Array.from({ length: n }, (_v, i) => ({
      t: i * 0.02,
      dir: i % 2,
      kind: i % 50 === 0 ? 2 : 1,
      seq: i % 256,
      error: i % 7 === 0 ? 1 : 0,
    }));
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: IS707_DECODER });
    chart.update({ 'link.frame': series(rows) }, view(n * 0.02));
    const data0 = el.querySelector('path.frames-data[data-row="0"]')!;
    expect(Number(data0.getAttribute('data-n'))).toBe(n / 2 - n / 50); // every 50th frame (all in dir 0) is a retransmission
    // Continuous traffic: the whole row is one run.
    expect(rects(data0.getAttribute('d'))).toBe(1);
    const err = el.querySelector('path.frames-error[data-row="0"]')!;
    expect(rects(err.getAttribute('d'))).toBeLessThanOrEqual(640);
    chart.destroy();
  });

  it('reads the PIAFS monitor with one row per link and side', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: PIAFS_DECODER });
    chart.update(
      {
        'piafs.monitor': series([
          { t: 0.01, link: 0, side: 0, num: 1, req: 0, kind: 0 },
          { t: 0.01, link: 0, side: 1, num: -1, req: -1, kind: 2 },
          { t: 0.02, link: 2, side: 0, num: 2, req: 1, kind: 1 },
        ]),
      },
      view(0.1),
    );
    expect([...el.querySelectorAll('text.row-label')].map((t) => t.textContent)).toEqual([
      'L1 MS',
      'L1 BS',
      'L3 MS',
    ]);
    expect(el.querySelector('path.frames-error[data-row="1"]')!.getAttribute('data-n')).toBe('1');
    expect(el.querySelector('path.frames-idle[data-row="4"]')!.getAttribute('data-n')).toBe('1');
    chart.destroy();
  });

  it('shades PHS CRC-error periods from channel.state (link, dir, bad) on the monitor rows', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: PIAFS_DECODER });
    chart.update(
      {
        'piafs.monitor': series([
          { t: 1, link: 1, side: 0, num: 1, req: 0, kind: 0 },
          { t: 1, link: 1, side: 1, num: 1, req: 0, kind: 0 },
          { t: 5, link: 1, side: 0, num: 2, req: 1, kind: 2 },
        ]),
        // Link 2 (index 1), received at the MS (dir 0 → row 2): bad from 4 to 6 s; at the BS (row 3) from 8 s on.
        'channel.state': series([
          { t: 4, link: 1, dir: 0, bad: 1 },
          { t: 6, link: 1, dir: 0, bad: 0 },
          { t: 8, link: 1, dir: 1, bad: 1 },
        ]),
      },
      view(10),
    );
    const band = (row: number) => el.querySelector(`path.band-bad[data-row="${row}"]`)!;
    expect(band(2).getAttribute('data-n')).toBe('1');
    expect(rects(band(2).getAttribute('d'))).toBe(1);
    // Still bad at the end of the run: shaded to the right edge.
    expect(band(3).getAttribute('data-n')).toBe('1');
    const legend = [...el.querySelectorAll('.legend text')].map((t) => t.textContent);
    expect(legend).toContain('CRC-error period');
    expect(legend).toContain('CRC ERR');
    // PIAFS has no aborts, no NAK rounds and no marked retransmissions: no legend entries for them.
    expect(legend.join(' ')).not.toMatch(/abort|NAK round|retransmission/);
    chart.destroy();
  });

  it('names the IS-707 NAK rounds and aborts in its legend', () => {
    const el = host();
    const chart = createLinkChart(el, { sync: true, decoder: IS707_DECODER });
    chart.update(data, view(10));
    const legend = [...el.querySelectorAll('.legend text')].map((t) => t.textContent);
    expect(legend).toEqual(
      expect.arrayContaining(['NAK / idle', 'abort', 'NAK round 1–3', 'bad channel state']),
    );
    expect(legend.some((l) => l?.startsWith('NAK round'))).toBe(true);
    chart.destroy();
  });
});
