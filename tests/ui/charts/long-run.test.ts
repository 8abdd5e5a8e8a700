// @vitest-environment jsdom
/**
 * Issue 21: a chart's redraw costs what its pixel columns need, not what the run holds. The
 * charts draw long windows through block indexes (block-index.ts); here, on the traces of real
 * runs kept as the page keeps them (the worker's batches into the store's trace buffers):
 * - the indexed drawing equals the record-by-record one (every line and tick path, the counts);
 * - a redraw after new records reads about as many elements of the columns, and examines about as
 *   many index blocks, over a run twice or ten times as long (counted by wrapping every column and
 *   by the charts' own count of index work — operations, never time).
 * One IS-707 run serves both (simulated once, its snapshots kept), so the file costs a few seconds.
 */
import { describe, expect, it } from 'vitest';
import { getSystem, parseScenario, serialiseScenario } from '../../../src/engine';
import { MAX_RECORDS_PER_SOURCE, TraceBuffers } from '../../../src/state/trace-buffers';
import { createCwndChart } from '../../../src/ui/charts/cwnd-chart';
import { indexing } from '../../../src/ui/charts/indexed';
import { createLinkChart } from '../../../src/ui/charts/link-chart';
import { createRtoChart } from '../../../src/ui/charts/rto-chart';
import { createRttChart } from '../../../src/ui/charts/rtt-chart';
import { createSeqChart } from '../../../src/ui/charts/seq-chart';
import { createStreamThroughputChart } from '../../../src/ui/charts/stream-throughput-chart';
import { createThroughputChart } from '../../../src/ui/charts/throughput-chart';
import type { TimeChart } from '../../../src/ui/charts/time-chart';
import type { SeriesColumns, TraceData } from '../../../src/ui/charts/types';
import { labPlugin } from '../../../src/ui/systems';
import { SimSession } from '../../../src/worker/session';
import { host, view } from './helpers';

const deps = { parseScenario, serialiseScenario, getSystem };

/** What the page holds at one moment of a run: the trace buffers' snapshot, copied to be kept. */
interface Moment {
  data: TraceData;
  simTime: number;
}

/**
 * A run as the page keeps it — the session's brief batches appended to trace buffers — stopped at
 * each of `times` (simulated seconds, ascending), where the snapshot is kept. A snapshot's views
 * hold until the next append only, so each is copied (same series identity: charts extend their
 * indexes across moments as across commits).
 */
function liveRun(text: string, times: readonly number[]): Map<number, Moment> {
  const session = new SimSession(deps);
  const loaded = session.load(text);
  const buffers = new TraceBuffers();
  buffers.declare(loaded.sources);
  const moments = new Map<number, Moment>();
  for (const until of times) {
    const sim = session.simulation!;
    const frames = Math.max(0, Math.round(((until - sim.now / 1e9) * 1e9) / sim.frameNs));
    const r = session.stepBrief(frames)!;
    buffers.declare(r.sources);
    buffers.append(r.batches);
    const data: Record<string, SeriesColumns> = {};
    for (const [name, s] of Object.entries(buffers.snapshot())) {
      // Below the cap every record of the run is held: the moments differ by run length alone.
      expect(s.length, name).toBeLessThan(MAX_RECORDS_PER_SOURCE);
      const cols: Record<string, Float64Array> = {};
      for (const [f, c] of Object.entries(s.cols)) cols[f] = c.slice();
      data[name] = { ...s, t: s.t.slice(), cols };
    }
    moments.set(until, { data, simTime: r.simTime });
  }
  return moments;
}

/** The IS-707 run both describes use, simulated once on first use: where the equality is checked… */
const IS707_ENDS = [400, 1500, 4000];
/** …and where the link timeline is drawn as it goes and its redraw 10 s later measured. */
const IS707_DRAWN = [1000, 2000, 3000, 4000];
const IS707_MEASURED = [2010, 4010];
let is707Moments: Map<number, Moment> | null = null;
function is707(t: number): Moment {
  is707Moments ??= liveRun(
    'system=is707&fer=0.1&fdt=0.1&duration=4020',
    [...new Set([...IS707_ENDS, ...IS707_DRAWN, ...IS707_MEASURED])].sort((a, b) => a - b),
  );
  return is707Moments.get(t)!;
}

/** The GERAN run (HTTP/1.0 fetches, many connections), simulated once, and its ends checked. */
const GERAN_ENDS = [300, 900, 2000];
let geranMoments: Map<number, Moment> | null = null;
function geran(t: number): Moment {
  geranMoments ??= liveRun('system=geran&repeat=40&duration=4000', GERAN_ENDS);
  return geranMoments.get(t)!;
}

type Make = (el: HTMLElement) => TimeChart;

const CHARTS: Record<string, (system: string) => Make> = {
  seq: () => (el) => createSeqChart(el, { sync: true }),
  rto: () => (el) => createRtoChart(el, { sync: true }),
  cwnd: () => (el) => createCwndChart(el, { sync: true }),
  throughput: () => (el) => createThroughputChart(el, { sync: true }),
  rtt: () => (el) => createRttChart(el, { sync: true }),
  tput: () => (el) => createStreamThroughputChart(el, { sync: true, windowS: 5 }),
  link: (system) => (el) =>
    createLinkChart(el, { sync: true, decoder: labPlugin(system as never)?.linkDecoder }),
};

/** Paths that must not differ: lines, ticks, areas, frame bins (marks are thinned either way). */
const EXACT =
  'path.seg-data, path.seg-rtx, path.ack-line, path.rwnd-line, path.rto-active, path.rto-computed, ' +
  'path.cwnd-line, path.ssthresh-line, path.flight-area, path.goodput-line, path.average-line, path[class^="frames-"], path.band-bad, ' +
  'path.srtt-line, path.rtt-rto-line, path.sent-rate-line, path.goodput-rate-line';

function drawn(make: Make, data: TraceData, simTime: number, domain: [number, number] | null) {
  const el = host();
  const chart = make(el);
  chart.update(data, view(simTime, { domain }));
  const paths = [...el.querySelectorAll(EXACT)].map(
    (p) => `${p.getAttribute('class')}|${p.getAttribute('data-conn')}|${p.getAttribute('d')}`,
  );
  const desc = el.querySelector('desc')?.textContent ?? '';
  chart.destroy();
  el.remove();
  return { paths, desc };
}

describe('charts over long runs', () => {
  for (const [system, moment, ends] of [
    ['is707', is707, IS707_ENDS],
    ['geran', geran, GERAN_ENDS],
  ] as const) {
    it(`${system}: drawn through the indexes, every chart equals the record-by-record drawing`, () => {
      const charts = Object.entries(CHARTS).map(([id, f]) => ({ id, make: f(system) }));
      // Indexed charts kept across commits (their indexes extend), compared at each end.
      const live = charts.map(({ id, make }) => {
        const el = host();
        return { id, el, chart: make(el) };
      });
      try {
        for (const end of ends) {
          const { data, simTime } = moment(end);
          // The stream graphs' sources are there: the equality below is over drawn lines.
          for (const name of ['tcp.srtt', 'tcp.rtt', 'tcp.send', 'tcp.deliver'])
            expect(data[name]?.length ?? 0, name).toBeGreaterThan(10);
          for (const domain of [null, [end * 0.3, end * 0.35] as [number, number]]) {
            for (const c of live) c.chart.update(data, view(simTime, { domain }));
            indexing.enabled = false;
            for (const { id, make } of charts) {
              const ref = drawn(make, data, simTime, domain);
              const el = live.find((c) => c.id === id)!.el;
              const got = [...el.querySelectorAll(EXACT)].map(
                (p) => `${p.getAttribute('class')}|${p.getAttribute('data-conn')}|${p.getAttribute('d')}`,
              );
              expect(got, `${id} at ${end} s, window ${domain}`).toEqual(ref.paths);
              // The counts in the description's first sentence (segments, retransmissions, samples…).
              const first = (d: string) => d.split(/[.;]/)[0];
              expect(first(el.querySelector('desc')?.textContent ?? ''), id).toBe(first(ref.desc));
            }
            indexing.enabled = true;
          }
        }
      } finally {
        indexing.enabled = true;
        for (const c of live) {
          c.chart.destroy();
          c.el.remove();
        }
      }
    });
  }
});

/** `data` with every column wrapped to count the elements read. */
function counted(data: TraceData, count: { n: number }): TraceData {
  const wrap = (a: Float64Array): Float64Array =>
    new Proxy(a, {
      get(target, key) {
        if (typeof key === 'string' && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) count.n++;
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  const out: Record<string, SeriesColumns> = {};
  for (const [name, s] of Object.entries(data)) {
    const cols: Record<string, Float64Array> = {};
    for (const [f, c] of Object.entries(s.cols)) cols[f] = wrap(c);
    out[name] = { ...s, t: wrap(s.t), cols };
  }
  return out;
}

/** A deterministic pseudo-random source (tests only). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/**
 * TCP traces of `seconds` of a bulk transfer, `rate` segments a second, as a page would hold them:
 * a retransmission now and then (and a timeout, a stall), RTT samples, RTO and window steps.
 */
function tcpRun(seconds: number, rate = 5, seed = 3): TraceData {
  const r = lcg(seed);
  const n = Math.round(seconds * rate);
  const cols = (fields: string[], m: number) => ({
    t: new Float64Array(m),
    cols: Object.fromEntries(fields.map((f) => [f, new Float64Array(m)])) as Record<string, Float64Array>,
  });
  const send = cols(['seq', 'len', 'rtx', 'conn'], n);
  const ack = cols(['ack', 'dup', 'conn'], n);
  const deliver = cols(['bytes', 'conn'], n);
  const value = (name: string) => ({ name, ...cols(['seconds', 'conn'], n) });
  const rtt = value('tcp.rtt');
  const rto = value('tcp.rtoActive');
  const srtt = value('tcp.srtt');
  const cwnd = { name: 'tcp.cwnd', ...cols(['bytes', 'conn'], n) };
  let seq = 0;
  let t = 0;
  let held = 0;
  for (let i = 0; i < n; i++) {
    // A stall of 5–20 s about every 2000 segments.
    t += r() < 0.0005 ? 5 + 15 * r() : (2 * r()) / rate;
    const rtx = r() < 0.05;
    for (const c of [send, ack, deliver, rtt, rto, cwnd, srtt]) c.t[i] = t;
    send.cols.seq[i] = rtx ? Math.max(0, seq - 536 * Math.floor(1 + 8 * r())) : seq;
    send.cols.len[i] = 536;
    send.cols.rtx[i] = rtx ? 1 : 0;
    if (!rtx) seq += 536;
    ack.cols.ack[i] = Math.max(0, seq - 536 * 4);
    ack.cols.dup[i] = r() < 0.03 ? 1 : 0;
    held = Math.max(held, ack.cols.ack[i]);
    deliver.cols.bytes[i] = held;
    rtt.cols.seconds[i] = 0.5 + 2 * r();
    srtt.cols.seconds[i] =
      i === 0 ? rtt.cols.seconds[0] : 0.875 * srtt.cols.seconds[i - 1] + 0.125 * rtt.cols.seconds[i];
    rto.cols.seconds[i] = 1 + 3 * r();
    cwnd.cols.bytes[i] = 536 * (1 + Math.floor(20 * r()));
  }
  const timeouts = Math.max(1, Math.round(n / 500));
  const to = cols(['seq', 'backoff', 'conn'], timeouts);
  for (let k = 0; k < timeouts; k++) {
    const i = Math.floor(((k + 0.5) * n) / timeouts);
    to.t[k] = send.t[i];
    to.cols.seq[k] = send.cols.seq[i];
  }
  const series = (
    c: { t: Float64Array; cols: Record<string, Float64Array> },
    serial: number,
  ): SeriesColumns => ({
    length: c.t.length,
    t: c.t,
    cols: c.cols,
    serial,
    base: 0,
  });
  return {
    'tcp.send': series(send, 1),
    'tcp.ack': series(ack, 2),
    'tcp.deliver': series(deliver, 3),
    'tcp.rtt': series(rtt, 4),
    'tcp.rtoActive': series(rto, 5),
    'tcp.rtoComputed': series(rto, 6),
    'tcp.cwnd': series(cwnd, 7),
    'tcp.flight': series(cwnd, 8),
    'tcp.timeout': series(to, 9),
    'tcp.srtt': series(srtt, 10),
  };
}

/** Elements of the columns read and index blocks examined by a redraw of `make` over `data`. */
function redrawWork(make: Make, data: TraceData, simTime: number): number {
  const el = host();
  const chart = make(el);
  chart.update(data, view(simTime)); // builds the indexes
  chart.indexWork();
  const count = { n: 0 };
  chart.update(counted(data, count), view(simTime));
  const work = count.n + chart.indexWork();
  chart.destroy();
  el.remove();
  return work;
}

describe('a redraw works for its pixel columns, whatever the run’s length', () => {
  it('the TCP charts do about as much over 500,000 records (100,000 s) as over 50,000 (10,000 s)', () => {
    const short = tcpRun(10_000);
    const long = tcpRun(100_000);
    for (const id of ['seq', 'rto', 'cwnd', 'throughput', 'rtt', 'tput']) {
      const a = redrawWork(CHARTS[id]('is707'), short, 10_000);
      const b = redrawWork(CHARTS[id]('is707'), long, 100_000);
      // Not ten times as much: a column edge splits one block per level of the index, and the
      // index has a level or two more (the work grows as log(records per column), which the trace
      // buffers' cap of 2^19 records bounds).
      expect(b, `${id}: ${a} at 50,000 records, ${b} at 500,000`).toBeLessThan(1.6 * a);
    }
  });

  it('IS-707’s link timeline does as much at 4,000 s of run as at 2,000 s', () => {
    // One run, drawn as it goes (the indexes extend); the redraw 10 s after 2,000 and 4,000 s is
    // measured — every source of the run holds twice the records at the second (none at the cap).
    const el = host();
    const chart = CHARTS.link('is707')(el);
    const measured: number[] = [];
    for (const t of IS707_DRAWN) {
      const at = is707(t);
      chart.update(at.data, view(at.simTime));
      if (t % 2000 !== 0) continue;
      const next = is707(t + 10);
      chart.indexWork();
      const count = { n: 0 };
      chart.update(counted(next.data, count), view(next.simTime));
      measured.push(count.n + chart.indexWork());
    }
    chart.destroy();
    el.remove();
    const [a, b] = measured;
    expect(is707(4010).data['link.frame'].length).toBeGreaterThan(
      1.9 * is707(2010).data['link.frame'].length,
    );
    // 143,932 and 164,222 elements and blocks, the channel-state bands' walk included (before
    // their levels: 224,999 and 294,217 without it).
    expect(b, `${a} at 2,000 s, ${b} at 4,000 s`).toBeLessThan(1.25 * a);
  });

  it('IS-707’s link timeline takes a commit’s channel states in when handed them, not at the draw', () => {
    // Drawn at 3,000 s, then 1,000 s of records come. Prepared (the draw budget's task per commit),
    // the draw reads the channel states as a redraw of data it already holds does: the band index's
    // walk, not the new records.
    const reads = (prepared: boolean): { first: number; again: number; fresh: number } => {
      const el = host();
      const chart = CHARTS.link('is707')(el);
      const before = is707(3000);
      chart.update(before.data, view(before.simTime));
      const after = is707(4000);
      if (prepared) chart.prepare?.(after.data);
      const draw = (): number => {
        const count = { n: 0 };
        const states = counted({ 'channel.state': after.data['channel.state'] }, count)['channel.state'];
        // A new (empty) notes list each time: drawn again, not skipped as unchanged (draw-inputs.ts).
        chart.update({ ...after.data, 'channel.state': states }, view(after.simTime, { notes: [] }));
        return count.n;
      };
      const first = draw();
      const again = draw();
      chart.destroy();
      el.remove();
      const fresh = after.data['channel.state'].length - before.data['channel.state'].length;
      return { first, again, fresh };
    };
    const drawnOnly = reads(false);
    const prepared = reads(true);
    expect(prepared.fresh).toBeGreaterThan(10_000);
    // Without a prepare the draw summarizes every new record (time, state, row: 3 reads each).
    expect(drawnOnly.first).toBeGreaterThan(drawnOnly.again + 2 * drawnOnly.fresh);
    expect(prepared.first, `${prepared.first} reads, ${prepared.again} redrawn`).toBe(prepared.again);
  });
});
