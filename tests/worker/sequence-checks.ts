/**
 * The invariants the session sequence fuzz (session-sequence-fuzz.test.ts) holds after every
 * operation, independent of which operation it was:
 *
 * - time: 0 ≤ simTime ≤ duration, simTime is `frame` whole frames, and a run at its duration is done;
 * - the link (`canonical`, the share link) parses without an error and is its own canonical form;
 *   its timed changes are time-sorted, of live keys, on frame boundaries, each a change of the value
 *   in force (a no-op records nothing, docs/lab.md), and a key's points are at least 100 ms apart
 *   (a change may lie past the duration: a shorter duration keeps the changes after it);
 * - the summary: its time is the state's, its numbers finite, its TCP counters counts (never
 *   negative, retransmissions within segments sent, min RTT ≤ mean), and cumulative counters never
 *   go down while the run moves forward;
 * - replay: a fresh Simulation of the link, run to the same frame, has the identical summary (the
 *   summary's `scenario` text aside: that one names what the run started with) and traceHash, the
 *   same trace sources, and every record the session handed out in its batches (after the last
 *   reset) is that replay's record — the page's trace is the link's trace.
 */
import {
  createSimulation,
  parseScenario,
  seconds,
  serialiseScenario,
  type ParamValue,
  type Scenario,
  type Simulation,
  type Summary,
  type SystemDefinition,
  type TraceBatch,
} from '../../src/engine';
import { MIN_EVENT_SPACING_NS } from '../../src/engine/scenario/edit-log';
import { sameValue } from '../../src/engine/scenario/values';
import type { StepResult } from '../../src/worker/types';

export class SequenceFailure extends Error {}

export function fail(what: string): never {
  throw new SequenceFailure(what);
}

export function same(a: unknown, b: unknown, what: string): void {
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  if (ja !== jb) fail(`${what}:\n  got  ${ja}\n  want ${jb}`);
}

/** The link parsed (it must parse without an error). */
export function parseLink(link: string): Scenario {
  const { scenario, errors } = parseScenario(link);
  if (errors.length > 0) fail(`the link ${link} does not parse: ${JSON.stringify(errors)}`);
  return scenario;
}

/** Value of `key` in force at `nowNs` by the link: its starting value, or its latest change at or before. */
export function valueAt(s: Scenario, key: string, nowNs: number): ParamValue | undefined {
  let v: ParamValue | undefined = key === 'seed' ? s.seed : s.values[key];
  for (const e of s.events) if (e.key === key && seconds(e.t) <= nowNs) v = e.value;
  return v;
}

/** The link's own invariants (see the module comment). */
export function checkLink(def: SystemDefinition, link: string): Scenario {
  const s = parseLink(link);
  same(serialiseScenario(s), link, 'the link is its own canonical form');
  const frameNs = def.frameNs;
  const last = new Map<string, number>();
  let prevT = -Infinity;
  for (const e of s.events) {
    const tNs = seconds(e.t);
    if (e.t < prevT) fail(`timed changes out of order in ${link}`);
    prevT = e.t;
    const spec = def.params.find((p) => p.key === e.key);
    if (!spec?.live) fail(`${e.key} is not a live key, yet timed in ${link}`);
    const frames = tNs / frameNs;
    if (Math.abs(frames - Math.round(frames)) > 1e-6)
      fail(`${e.t}@${e.key} is not on a frame boundary: ${link}`);
    const before = last.get(e.key);
    if (before !== undefined && tNs - before < MIN_EVENT_SPACING_NS - frameNs / 2)
      fail(`${e.key} has two points ${(tNs - before) / 1e6} ms apart: ${link}`);
    if (sameValue(valueAt(s, e.key, tNs - 1), e.value))
      fail(`${e.t}@${e.key} records the value already in force: ${link}`);
    last.set(e.key, tNs);
  }
  return s;
}

/** Counters that only grow while the run moves forward. */
const CUMULATIVE = [
  'connections',
  'connectFailures',
  'synRetransmits',
  'segmentsSent',
  'retransmits',
  'timeouts',
  'fastRetransmits',
  'bytesDelivered',
] as const;

function nonFinite(value: unknown, path: string, out: string[]): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(path);
  } else if (Array.isArray(value)) value.forEach((v, i) => nonFinite(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) nonFinite(v, `${path}.${k}`, out);
  return out;
}

/** The summary's own invariants, and its counters against the previous summary of the same run. */
export function checkSummary(st: StepResult, prev: Summary | null): void {
  const s = st.summary;
  if (s.simTime !== st.simTime) fail(`summary.simTime ${s.simTime} ≠ simTime ${st.simTime}`);
  const bad = nonFinite(s, 'summary', []);
  if (bad.length > 0) fail(`non-finite summary fields ${bad.join(', ')}`);
  for (const [k, v] of Object.entries(s.tcp)) if (v < 0) fail(`tcp.${k} = ${v} < 0`);
  if (s.tcp.retransmits > s.tcp.segmentsSent) fail(`retransmits ${s.tcp.retransmits} > segments sent`);
  if (s.tcp.rttMean > 0 && s.tcp.rttMin > s.tcp.rttMean + 1e-9) fail(`rttMin ${s.tcp.rttMin} > rttMean`);
  if (s.tcp.rtoAtMaxFraction > 1) fail(`rtoAtMaxFraction ${s.tcp.rtoAtMaxFraction} > 1`);
  const size = s.app.size;
  if (typeof size === 'number' && s.tcp.bytesDelivered > size)
    fail(`delivered ${s.tcp.bytesDelivered} > size`);
  if (prev)
    for (const k of CUMULATIVE)
      if (s.tcp[k] < prev.tcp[k])
        fail(`tcp.${k} went down from ${prev.tcp[k]} to ${s.tcp[k]} moving forward`);
}

/** The page's copy of the trace: the batches of every result since the last reset, per source. */
export class TraceMirror {
  private readonly sources = new Map<string, { batches: TraceBatch[]; total: number }>();
  /** Records already found equal to the replay's, per source (cleared when either side starts again). */
  private readonly verified = new Map<string, number>();

  apply(st: StepResult): void {
    if (st.reset) {
      this.sources.clear();
      this.verified.clear();
    }
    for (const b of st.batches) {
      let m = this.sources.get(b.name);
      if (!m) {
        m = { batches: [], total: 0 };
        this.sources.set(b.name, m);
      }
      if (b.from !== m.total || b.dropped !== 0)
        fail(`${b.name}: batch from ${b.from} (dropped ${b.dropped}) after ${m.total} records`);
      m.batches.push(b);
      m.total = b.to;
    }
  }

  /** The replay was built again: check every record again. */
  replayRebuilt(): void {
    this.verified.clear();
  }

  /** Every record equals the replay's. */
  compare(sim: Simulation): void {
    const names = new Set(sim.traces.sources().map((i) => i.name));
    for (const name of this.sources.keys())
      if (!names.has(name)) fail(`the page holds ${name}, the replay has none`);
    for (const name of names) {
      const from = this.verified.get(name) ?? 0;
      const want = sim.traces.read(name, from);
      const got = this.sources.get(name) ?? { batches: [], total: 0 };
      if (want.dropped !== 0) fail(`${name}: the replay's ring dropped records (raise maxRecords)`);
      if (got.total !== want.to) fail(`${name}: the page holds ${got.total} records, the replay ${want.to}`);
      for (const b of got.batches) {
        for (let i = Math.max(from, b.from); i < b.to; i++) {
          const k = i - b.from;
          const w = i - from;
          if (b.time[k] !== want.time[w]) fail(`${name}[${i}]: time ${b.time[k]} ≠ replay's ${want.time[w]}`);
          for (let c = 0; c < want.columns.length; c++)
            if (!Object.is(b.columns[c][k], want.columns[c][w]))
              fail(`${name}[${i}] field ${c}: ${b.columns[c][k]} ≠ replay's ${want.columns[c][w]}`);
        }
      }
      this.verified.set(name, want.to);
    }
  }
}

/** A summary without its `scenario` text (the run's starting text, not the link's). */
export function comparable(s: Summary): Omit<Summary, 'scenario'> {
  const { scenario: _scenario, ...rest } = s;
  return rest;
}

/**
 * A replay of the link kept beside the session: rebuilt from t = 0 when the link changes or the
 * session went back, otherwise stepped forward with it (the link must replay whatever the step sizes).
 */
export class Replay {
  private link = '';
  private sim: Simulation | null = null;

  /** The replay of `link` at `frame` (`rebuilt` is told when it starts again from t = 0). */
  at(link: string, frame: number, rebuilt?: () => void): Simulation {
    if (!this.sim || this.link !== link || this.sim.frame > frame) {
      rebuilt?.();
      this.link = link;
      // No packet capture: it is not part of the trace, and its 7 MB of columns per run would dominate.
      this.sim = createSimulation(parseLink(link), { maxRecords: 1 << 20, capture: false });
    }
    const sim = this.sim;
    while (sim.frame < frame && !sim.done) sim.step(frame - sim.frame);
    if (sim.frame !== frame)
      fail(`the link's replay ended at frame ${sim.frame}, the session is at ${frame}: ${link}`);
    return sim;
  }

  /** The session's state is the replay's at the same frame: summary, traceHash, done, sources, trace. */
  check(st: StepResult, mirror: TraceMirror): void {
    const sim = this.at(st.canonical, st.frame, () => mirror.replayRebuilt());
    same(
      comparable(st.summary),
      comparable(sim.summary()),
      `summary at frame ${st.frame} against the link's replay`,
    );
    if (st.done !== sim.done) fail(`done ${st.done}, the replay's ${sim.done} at frame ${st.frame}`);
    same(
      st.sources.map((i) => i.name),
      sim.traces.sources().map((i) => i.name),
      'trace sources against the replay',
    );
    mirror.compare(sim);
  }
}
