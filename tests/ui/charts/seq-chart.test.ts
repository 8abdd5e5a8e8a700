// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { host, series, vertexCount, view } from './helpers';

const send = series([
  { t: 0.1, seq: 1, len: 536, rtx: 0, conn: 0 },
  { t: 0.2, seq: 537, len: 536, rtx: 0, conn: 0 },
  { t: 0.3, seq: 1073, len: 536, rtx: 0, conn: 0 },
  { t: 2.0, seq: 537, len: 536, rtx: 1, conn: 0 },
  { t: 4.0, seq: 1073, len: 536, rtx: 1, conn: 0 },
]);
const ack = series([
  { t: 0.6, ack: 537, dup: 0, conn: 0 },
  { t: 0.8, ack: 537, dup: 1, conn: 0 },
  { t: 2.5, ack: 1609, dup: 0, conn: 0 },
]);
const rwnd = series([{ t: 0, bytes: 8192, conn: 0 }]);

describe('sequence-number graph', () => {
  it('draws data ticks, one marker per retransmission, an ACK step line and the receive window', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({ 'tcp.send': send, 'tcp.ack': ack, 'tcp.rwnd': rwnd }, view(5));
    const svg = el.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Sequence-number graph');
    expect(svg.querySelectorAll('path.wtl-rtx')).toHaveLength(2);
    expect(svg.querySelector('path.seg-data')!.getAttribute('data-n')).toBe('3');
    expect(svg.querySelector('path.seg-rtx')!.getAttribute('data-n')).toBe('2');
    const ackPath = svg.querySelector('path.ack-line')!;
    // 3 ACKs in distinct pixel columns + extension to simTime: M + 2·2 + 1 = 2·3 vertices.
    expect(vertexCount(ackPath.getAttribute('d'))).toBe(6);
    expect(svg.querySelector('path.rwnd-line')!.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(svg.querySelector('.axis-y .y-label')!.textContent).toBe('sequence number (bytes)');
    expect(svg.querySelector('.axis-x .x-label')!.textContent).toBe('time (s)');
    chart.destroy();
  });

  it('keeps the right edge of the receive window (ack + rwnd) inside the plot', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({ 'tcp.send': send, 'tcp.ack': ack, 'tcp.rwnd': rwnd }, view(5));
    const ticks = [...el.querySelectorAll('.axis-y .tick text')].map((t) =>
      Number((t.textContent ?? '').replace(/[^\d.]/g, '')),
    );
    // Highest edge: 1609 + 8192 = 9801 bytes; the axis reaches past it.
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(9000);
    const d = el.querySelector('path.rwnd-line')!.getAttribute('d')!;
    const ys = [...d.matchAll(/[ML][\d.-]+,([\d.-]+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    chart.destroy();
  });

  it('says so in the plot while there is no TCP data segment (e.g. a ping workload)', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true, emptyText: 'Ping sends no TCP segments.' });
    chart.update({}, view(20));
    expect(el.querySelector('text.empty-note')!.textContent).toBe('Ping sends no TCP segments.');
    chart.update({ 'tcp.send': send, 'tcp.ack': ack }, view(5));
    expect(el.querySelector('text.empty-note')).toBeNull();
    chart.destroy();
  });

  it('calls onSelect with the time and sequence number of a clicked retransmission', () => {
    const el = host();
    const onSelect = vi.fn();
    const chart = createSeqChart(el, { sync: true, onSelect });
    chart.update({ 'tcp.send': send, 'tcp.ack': ack }, view(5));
    const marks = el.querySelectorAll('path.wtl-rtx');
    marks[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onSelect).toHaveBeenCalledWith({
      t: 4,
      seq: 1073,
      kind: 'retransmission',
      conn: 0,
      end: undefined,
    });
    chart.update({ 'tcp.send': send, 'tcp.ack': ack }, view(5, { selection: { t: 4, seq: 1073 } }));
    expect(el.querySelectorAll('circle.selection-ring')).toHaveLength(1);
    expect(el.querySelectorAll('line.selection-cursor')).toHaveLength(1);
    chart.destroy();
    expect(el.childElementCount).toBe(0);
  });

  it('marks duplicate ACKs, timeouts and stalls, each a key in one roving tab stop', () => {
    const el = host();
    const onSelect = vi.fn();
    const chart = createSeqChart(el, { sync: true, onSelect });
    const timeout = series([{ t: 2.0, seq: 537, backoff: 1, conn: 0 }]);
    // Deliveries every 0.1 s, then nothing from 1.0 to 3.5 s: one stall.
    const deliver = series(
      [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 3.5, 3.6].map((t, i) => ({
        t,
        bytes: 100 * (i + 1),
        conn: 0,
      })),
    );
    chart.update(
      { 'tcp.send': send, 'tcp.ack': ack, 'tcp.timeout': timeout, 'tcp.deliver': deliver },
      view(5),
    );
    expect(el.querySelectorAll('path.wtl-dupack')).toHaveLength(1);
    expect(el.querySelectorAll('path.wtl-timeout')).toHaveLength(1);
    const stall = el.querySelector('rect.wtl-stall')!;
    expect([
      stall.getAttribute('data-t'),
      stall.getAttribute('data-end'),
      stall.getAttribute('data-seq'),
    ]).toEqual(['1', '3.5', '901']);
    const keys = [...el.querySelectorAll<HTMLButtonElement>('.tcp-event-keys button')];
    // In time order: duplicate ACK 0.8, stall 1.0, retransmission and timeout at 2.0, retransmission 4.0.
    expect(keys.map((b) => b.dataset.kind)).toEqual([
      'dupAck',
      'stall',
      'retransmission',
      'timeout',
      'retransmission',
    ]);
    expect(keys.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    expect(keys[0].getAttribute('aria-label')).toBe(
      'Duplicate ACK for byte 537 at 0.800 s: press Enter to explain',
    );
    keys[0].focus();
    keys[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(el.ownerDocument.activeElement).toBe(keys[1]);
    expect([keys[0].tabIndex, keys[1].tabIndex]).toEqual([-1, 0]);
    keys[1].click();
    expect(onSelect).toHaveBeenLastCalledWith({ t: 1, seq: 901, kind: 'stall', conn: 0, end: 3.5 });
    el.querySelector<SVGPathElement>('path.wtl-dupack')!.dispatchEvent(
      new MouseEvent('click', { bubbles: true }),
    );
    expect(onSelect).toHaveBeenLastCalledWith({ t: 0.8, seq: 537, kind: 'dupAck', conn: 0, end: undefined });
    chart.destroy();
  });

  it('marks at most one stall per pixel column however many the view holds, and keeps one that adds a column', () => {
    // 60 connections, each delivering every 0.1 s with a 2 s stall every 10 s, offset by 0.05 s:
    // 60 × 99 stalls over 1000 s, most lying under one another on the chart's one stall row.
    const rows: { t: number; bytes: number; conn: number }[] = [];
    for (let c = 1; c <= 60; c++)
      for (let k = 0; k < 100; k++)
        for (let j = 0; j < 80; j++)
          rows.push({ t: 10 * k + 0.05 * c + 0.1 * j, bytes: 100 * (80 * k + j + 1), conn: c });
    rows.sort((a, b) => a.t - b.t);
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({ 'tcp.deliver': series(rows) }, view(1000));
    const rects = [...el.querySelectorAll('rect.wtl-stall')];
    const width = Number(el.querySelector('svg')!.getAttribute('width'));
    expect(rects.length).toBeGreaterThan(50);
    expect(rects.length).toBeLessThanOrEqual(width);
    // In time order, each drawn stall reaches at least a pixel column further right than those before
    // it (what a left-out stall could not), and the first stall of the run is drawn.
    const right = rects.map((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width')));
    expect(right.every((x, i) => i === 0 || x > right[i - 1])).toBe(true);
    expect(rects[0].getAttribute('data-t')).toBe('7.95');
    chart.destroy();
  });

  it('draws nothing (and does not throw) when sources or fields are missing', () => {
    const el = host();
    const chart = createSeqChart(el, { sync: true });
    chart.update({ 'tcp.send': series([{ t: 1, seq: 1 }]) }, view(2));
    chart.update({}, view(2));
    expect(el.querySelectorAll('path.wtl-rtx')).toHaveLength(0);
    expect(el.querySelectorAll('path.ack-line')).toHaveLength(0);
    chart.destroy();
  });
});
