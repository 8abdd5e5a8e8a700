// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createRtoChart } from '../../../src/ui/charts/rto-chart';
import { createCwndChart } from '../../../src/ui/charts/cwnd-chart';
import { createThroughputChart } from '../../../src/ui/charts/throughput-chart';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { MAX_CONN_PATHS } from '../../../src/ui/charts/series';
import { host, series, vertexCount, view } from './helpers';

describe('RTO graph', () => {
  const data = {
    'tcp.rtoComputed': series([
      { t: 0, seconds: 3, conn: 0 },
      { t: 1, seconds: 1.5, conn: 0 },
      { t: 5, seconds: 2, conn: 0 },
    ]),
    'tcp.rtoActive': series([
      { t: 0, seconds: 3, conn: 0 },
      { t: 4, seconds: 6, conn: 0 },
      { t: 10, seconds: 12, conn: 0 },
      { t: 22, seconds: 24, conn: 0 },
    ]),
    'tcp.rtt': series([
      { t: 1, seconds: 0.6, conn: 0 },
      { t: 3, seconds: 0.9, conn: 0 },
    ]),
    'tcp.timeout': series([
      { t: 4, seq: 1, backoff: 1, conn: 0 },
      { t: 10, seq: 1, backoff: 2, conn: 0 },
    ]),
  };

  it('draws the computed RTO dashed and the RTO in force solid, with RTT samples and timeouts', () => {
    const el = host();
    const chart = createRtoChart(el, { sync: true });
    chart.update(data, view(30));
    const computed = el.querySelector('path.rto-computed')!;
    const active = el.querySelector('path.rto-active')!;
    expect(computed.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(active.getAttribute('stroke-dasharray')).toBeNull();
    expect(vertexCount(computed.getAttribute('d'))).toBe(2 * 3);
    expect(vertexCount(active.getAttribute('d'))).toBe(2 * 4);
    expect(el.querySelector('path.rtt-samples')!.getAttribute('data-n')).toBe('2');
    expect(el.querySelector('path.timeouts')!.getAttribute('data-n')).toBe('2');
    expect(el.querySelector('.y-label')!.textContent).toBe('RTO, RTT (s)');
    chart.destroy();
  });

  it('its description counts in words: "1 timeout", "2 RTT samples"', () => {
    const el = host();
    const chart = createRtoChart(el, { sync: true });
    chart.update(data, view(8)); // the first timeout only (t = 4 s)
    expect(el.querySelector('svg desc')!.textContent).toContain('2 RTT samples and 1 timeout in view.');
    chart.update(data, view(30));
    expect(el.querySelector('svg desc')!.textContent).toContain('2 RTT samples and 2 timeouts in view.');
    chart.destroy();
  });

  it('supports a logarithmic seconds axis', () => {
    const el = host();
    const chart = createRtoChart(el, { sync: true, logScale: true });
    chart.update(data, view(30));
    const ticks = [...el.querySelectorAll('.axis-y .tick text')].map((t) => t.textContent);
    expect(ticks).toContain('1');
    expect(ticks).toContain('10');
    chart.destroy();
  });
});

describe('cwnd chart', () => {
  it('draws cwnd, ssthresh and flight per connection, in segments on request', () => {
    const el = host();
    const chart = createCwndChart(el, { sync: true, unit: 'segments', mss: 500 });
    chart.update(
      {
        'tcp.cwnd': series([
          { t: 0, bytes: 500, conn: 0 },
          { t: 1, bytes: 1000, conn: 0 },
          { t: 2, bytes: 2000, conn: 0 },
          { t: 0.5, bytes: 500, conn: 1 },
        ]),
        'tcp.ssthresh': series([{ t: 0, bytes: 1e9, conn: 0 }]),
        'tcp.flight': series([{ t: 0, bytes: 500, conn: 0 }]),
      },
      view(3),
    );
    // One cwnd line per connection (records of conn 1 are not joined to conn 0's).
    expect(el.querySelectorAll('path.cwnd-line')).toHaveLength(2);
    expect(el.querySelector('path.ssthresh-line')!.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(el.querySelector('path.flight-area')!.getAttribute('d')).toMatch(/Z$/);
    expect(el.querySelector('.y-label')!.textContent).toBe('window (segments)');
    // The y axis fits cwnd (4 segments) and caps the "infinite" ssthresh at twice that.
    const ticks = [...el.querySelectorAll('.axis-y .tick text')].map((t) => Number(t.textContent));
    expect(Math.max(...ticks)).toBeLessThanOrEqual(9);
    chart.destroy();
  });
});

describe('many connections in view', () => {
  it('past MAX_CONN_PATHS connections a line and the segment ticks are one path each, every record in it', () => {
    const el = host();
    const conns = MAX_CONN_PATHS + 4;
    const rows = Array.from({ length: conns * 3 }, (_, i) => ({
      t: i,
      bytes: 536 * (1 + (i % 3)),
      conn: Math.floor(i / 3),
    }));
    const cwnd = createCwndChart(el, { sync: true });
    cwnd.update({ 'tcp.cwnd': series(rows) }, view(conns * 3));
    const lines = el.querySelectorAll('path.cwnd-line');
    expect(lines).toHaveLength(1);
    expect(lines[0].getAttribute('data-conn')).toBe('all');
    expect(lines[0].getAttribute('data-n')).toBe(String(conns * 3));
    cwnd.destroy();
    const sends = Array.from({ length: conns * 3 }, (_, i) => ({
      t: i,
      seq: 536 * (i % 3),
      len: 536,
      rtx: 0,
      conn: Math.floor(i / 3),
    }));
    const seq = createSeqChart(el, { sync: true });
    seq.update({ 'tcp.send': series(sends) }, view(conns * 3));
    const ticks = el.querySelectorAll('path.seg-data');
    expect(ticks).toHaveLength(1);
    expect(ticks[0].getAttribute('data-n')).toBe(String(conns * 3));
    seq.destroy();
    // At most MAX_CONN_PATHS connections: one path each, as before.
    const few = createCwndChart(el, { sync: true });
    few.update({ 'tcp.cwnd': series(rows.filter((r) => r.conn < 3)) }, view(9));
    expect([...el.querySelectorAll('path.cwnd-line')].map((p) => p.getAttribute('data-conn'))).toEqual([
      '0',
      '1',
      '2',
    ]);
    few.destroy();
  });
});

describe('throughput chart', () => {
  it('plots sliding-window goodput in kbit/s from tcp.deliver', () => {
    const el = host();
    const chart = createThroughputChart(el, { sync: true, windowS: 10, capacityBps: 7600 });
    // 950 bytes every second = 7.6 kbit/s.
    const rows = Array.from({ length: 40 }, (_v, i) => ({ t: i + 1, bytes: 950 * (i + 1), conn: 0 }));
    chart.update({ 'tcp.deliver': series(rows) }, view(40));
    const line = el.querySelector('path.goodput-line')!;
    expect(Number(line.getAttribute('data-n'))).toBeGreaterThan(100);
    expect(el.querySelector('line.capacity-line')).not.toBeNull();
    expect(el.querySelector('svg desc')!.textContent).toContain('Goodput 7.60 kbit/s');
    chart.destroy();
  });

  it('labels the capacity rounded with its unit, read live from a getter (PHS averages the links up)', () => {
    const el = host();
    let cap: number | undefined = 339946.4000000001;
    const chart = createThroughputChart(el, { sync: true, capacityBps: () => cap });
    const rows = Array.from({ length: 5 }, (_v, i) => ({ t: i + 1, bytes: 40_000 * (i + 1), conn: 0 }));
    chart.update({ 'tcp.deliver': series(rows) }, view(5));
    const legend = () => [...el.querySelectorAll('.legend text')].map((t) => t.textContent).join(' | ');
    expect(legend()).toContain('capacity 340\u202fkbit/s');
    expect(legend()).not.toMatch(/\d{4,}/);
    cap = 350_400;
    chart.update({ 'tcp.deliver': series(rows) }, view(5));
    expect(legend()).toContain('capacity 350\u202fkbit/s');
    cap = undefined;
    chart.update({ 'tcp.deliver': series(rows) }, view(5));
    expect(el.querySelector('line.capacity-line')).toBeNull();
    chart.destroy();
  });
});

describe('shared time axis', () => {
  it('wheel zooms around the pointer, double-click resets, keys zoom and pan via onDomainChange', () => {
    const el = host();
    const onDomainChange = vi.fn();
    const chart = createCwndChart(el, { sync: true, onDomainChange });
    chart.update({}, view(100));
    const svg = el.querySelector('svg')!;
    // Plot area starts at the left margin (72 px) and is 720 − 72 − 18 = 630 px wide in jsdom.
    svg.dispatchEvent(
      new WheelEvent('wheel', { deltaY: -100, clientX: 72, bubbles: true, cancelable: true }),
    );
    const [d] = onDomainChange.mock.calls[0];
    expect(d[0]).toBeCloseTo(0, 9);
    expect(d[1]).toBeCloseTo(100 * Math.exp(-0.2), 9);
    svg.dispatchEvent(new MouseEvent('dblclick', { clientX: 200, bubbles: true }));
    expect(onDomainChange).toHaveBeenLastCalledWith(null);
    const wrapper = el.querySelector('.wtl-chart') as HTMLElement;
    expect(wrapper.tabIndex).toBe(0);
    wrapper.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(onDomainChange.mock.calls.at(-1)![0]).toEqual([10, 110]);
    chart.update({}, view(100, { domain: [10, 20] }));
    const labels = [...el.querySelectorAll('.axis-x .tick text')].map((t) => Number(t.textContent));
    expect(Math.min(...labels)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...labels)).toBeLessThanOrEqual(20);
    chart.destroy();
  });

  it('dragging pans the window by the dragged time; destroy detaches the listeners', () => {
    const el = host();
    const onDomainChange = vi.fn();
    const chart = createCwndChart(el, { sync: true, onDomainChange });
    chart.update({}, view(100, { domain: [20, 80] }));
    const svg = el.querySelector('svg')!;
    const ptr = (type: string, clientX: number) =>
      new PointerEvent(type, { clientX, button: 0, pointerId: 1, bubbles: true });
    svg.dispatchEvent(ptr('pointerdown', 300));
    // 63 px of a 630 px plot showing 60 s = 6 s; dragging right shows earlier times.
    svg.dispatchEvent(ptr('pointermove', 363));
    svg.dispatchEvent(ptr('pointerup', 363));
    const [d] = onDomainChange.mock.calls.at(-1)!;
    expect(d[0]).toBeCloseTo(14, 9);
    expect(d[1]).toBeCloseTo(74, 9);
    chart.destroy();
    const calls = onDomainChange.mock.calls.length;
    svg.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, clientX: 300, bubbles: true }));
    expect(onDomainChange.mock.calls.length).toBe(calls);
    expect(el.childElementCount).toBe(0);
  });

  it('draws at most once per animation frame unless sync', () => {
    const el = host();
    const raf = vi.fn((_cb: FrameRequestCallback) => 1);
    vi.stubGlobal('requestAnimationFrame', raf);
    const chart = createCwndChart(el, {});
    chart.update({}, view(1));
    chart.update({}, view(2));
    expect(raf).toHaveBeenCalledTimes(1);
    expect(el.querySelector('.axis-x .tick')).toBeNull();
    chart.flush();
    expect(el.querySelector('.axis-x .tick')).not.toBeNull();
    chart.destroy();
    vi.unstubAllGlobals();
  });
});
