// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  cumulativeAt,
  defaultStreamWindow,
  RunningSum,
  runningTotal,
  windowRate,
} from '../../../src/ui/charts/stream-series';
import { createStreamThroughputChart } from '../../../src/ui/charts/stream-throughput-chart';
import type { SeriesColumns } from '../../../src/ui/charts/types';
import { host, view } from './helpers';

/** A deterministic pseudo-random source (tests only). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** `n` tcp.send records over about `n / rate` seconds: lengths 0 (SYN/ACK-only), 536 or a short tail. */
function sends(n: number, rate: number, seed = 5): { t: Float64Array; len: Float64Array } {
  const r = lcg(seed);
  const t = new Float64Array(n);
  const len = new Float64Array(n);
  let now = 0;
  for (let i = 0; i < n; i++) {
    // Several records at one time now and then (a burst after an ACK), a stall now and then.
    now += r() < 0.2 ? 0 : r() < 0.01 ? 20 * r() : (2 * r()) / rate;
    t[i] = now;
    len[i] = r() < 0.05 ? 0 : r() < 0.1 ? Math.floor(536 * r()) : 536;
  }
  return { t, len };
}

/** Bytes of records with time in (a, b], counted one by one. */
function direct(s: { t: Float64Array; len: Float64Array }, a: number, b: number): number {
  let sum = 0;
  for (let i = 0; i < s.t.length; i++) if (s.t[i] > a && s.t[i] <= b) sum += s.len[i];
  return sum;
}

function cols(s: { t: Float64Array; len: Float64Array }, extra: Partial<SeriesColumns> = {}): SeriesColumns {
  return { length: s.t.length, t: s.t, cols: { len: s.len }, ...extra };
}

describe('throughput over an averaging window', () => {
  const s = sends(5000, 4);
  const end = s.t[s.t.length - 1];

  it('the window sums equal a direct count of the bytes sent in (t − W, t], for 1, 5 and 30 s', () => {
    const c = runningTotal(cols(s), 'len');
    const r = lcg(9);
    let checked = 0;
    for (const W of [1, 5, 30]) {
      // Random times, the records' own times (a record on the window's end counts, on its start not).
      const times = [0.3, 0.9, 4.9, 29, ...Array.from({ length: 200 }, () => r() * end)];
      for (let k = 0; k < 100; k++) times.push(s.t[Math.floor(r() * s.t.length)]);
      for (const t of times) {
        const span = Math.min(W, t);
        const want = (direct(s, t - span, t) * 8) / span;
        expect(windowRate(c, t, W), `W ${W}, t ${t}`).toBeCloseTo(want, 6);
        checked++;
      }
    }
    expect(checked).toBe(3 * 304);
  });

  it('a running sum extended commit by commit, its oldest records dropped, equals a fresh count', () => {
    const sum = new RunningSum('tcp.send', 'len');
    let base = 0;
    for (let n = 100; n <= s.t.length; n += 700) {
      // The buffers keep the newest 1500 records at most: record i of the columns is base + i.
      base = Math.max(0, n - 1500);
      const held = { t: s.t.slice(base, n), len: s.len.slice(base, n) };
      const c = sum.sync({ 'tcp.send': cols(held, { serial: 7, base, dropped: base }) });
      expect(c.n).toBe(n - base);
      for (const t of [held.t[0], held.t[held.t.length >> 1], held.t[held.t.length - 1]]) {
        const from = held.t[0];
        // Differences between held times are exact counts of the records between them.
        expect(cumulativeAt(c, t) - cumulativeAt(c, from)).toBeCloseTo(direct(s, from, t), 6);
      }
      // Before the first held record the total is unknown once records were dropped.
      if (base > 0) expect(Number.isNaN(cumulativeAt(c, held.t[0] - 1e-6))).toBe(true);
    }
    expect(base).toBeGreaterThan(0);
  });

  it('opens at the largest window that gives 60 windows over the run', () => {
    expect([10, 60, 299, 300, 1000, 1799, 1800, 4000].map(defaultStreamWindow)).toEqual([
      1, 1, 1, 5, 5, 5, 30, 30,
    ]);
    expect(defaultStreamWindow(undefined)).toBe(1);
  });

  it('the chart states the right edge’s sent and delivered rates as counted directly', () => {
    // Delivery: a cumulative count per connection, 4/5 of what was sent by each record's time.
    const deliverBytes = new Float64Array(s.t.length);
    let acc = 0;
    for (let i = 0; i < s.t.length; i++) deliverBytes[i] = acc += i % 5 === 4 ? 0 : s.len[i];
    const data = {
      'tcp.send': cols(s),
      'tcp.deliver': { length: s.t.length, t: s.t, cols: { bytes: deliverBytes } },
    };
    for (const W of [1, 5, 30]) {
      const el = host();
      el.style.width = '800px';
      const chart = createStreamThroughputChart(el, { sync: true, windowS: W });
      chart.update(data, view(end));
      const desc = el.querySelector('desc')?.textContent ?? '';
      const m = /sent ([\d.]+) kbit\/s, delivered ([\d.]+) kbit\/s/.exec(desc);
      expect(m, desc).not.toBeNull();
      // The right edge is the last column at or before the run's end.
      let delivered = 0;
      for (let i = 0; i < s.t.length; i++)
        if (s.t[i] > end - W && s.t[i] <= end && i % 5 !== 4) delivered += s.len[i];
      expect(Number(m![1])).toBeCloseTo((direct(s, end - W, end) * 8) / W / 1000, 1);
      expect(Number(m![2])).toBeCloseTo((delivered * 8) / W / 1000, 1);
      expect(el.querySelector('path.sent-rate-line')?.getAttribute('d')).toMatch(/^M/);
      expect(el.querySelector('svg')?.textContent).toContain(`kbit/s over a ${W} s window`);
      chart.destroy();
      el.remove();
    }
  });
});
