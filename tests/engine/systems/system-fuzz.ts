/**
 * The seeded system-level fuzz shared by every system (tldraw's pattern): each
 * case is a random scenario drawn from a per-system table of edge values by one
 * seed. The pinned seeds run every time; each run adds a few fresh seeds derived
 * from the clock (tests only — the engine never reads it), and a failing case
 * names its seed in the test title, so it can be pinned by adding it to the
 * system's list. SYSTEM_FUZZ_SEEDS=1,2,3 replaces the fresh seeds (to replay one);
 * SYSTEM_FUZZ_COUNT=n draws n fresh seeds instead of each file's few (a longer search).
 *
 * Every case, pinned or fresh, is held to the same invariants (checkRun): it
 * parses cleanly, runs to its end without throwing, and its summary is finite
 * and in range. A few cases per system are also run twice (same traceHash) and
 * frame by frame (same trace as whole steps).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Simulation, type Summary } from '../../../src/engine';
import { fuzzCount } from '../../fuzz-budget';

/** A tiny deterministic generator (the engine's own streams are not for tests). */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

export interface SystemFuzz {
  readonly system: string;
  /** Simulated seconds per case (short: the fuzz must stay cheap). */
  readonly duration: number;
  /** Values per key, edges included; each key is set with probability `pick`. */
  readonly choices: Readonly<Record<string, readonly string[]>>;
  readonly pick?: number;
  /** An optional `events=` value drawn from the same generator. */
  readonly events?: (r: () => number) => string | undefined;
  /** The largest normalizedGoodput allowed (above 1 only where compression can beat the bearer). */
  readonly maxNormalizedGoodput?: number;
  /**
   * Directions `tcp.goodputBps` adds up against a one-way `capacityBps` (DECT's two-way workload:
   * its goodput counts both, TH_teo one); default 1.
   */
  readonly goodputDirections?: number;
}

/** The scenario text of one case: the system, the seed, the duration and random keys. */
export function caseText(f: SystemFuzz, seed: number): string {
  const r = lcg(seed);
  const parts = [`system=${f.system}`, `seed=${seed}`, `duration=${f.duration}`];
  for (const [k, vs] of Object.entries(f.choices))
    if (r() < (f.pick ?? 0.25)) parts.push(`${k}=${vs[Math.floor(r() * vs.length)]}`);
  const events = f.events?.(r);
  if (events) parts.push(`events=${events}`);
  // Keys drawn one by one may break a rule between keys (a burst of a link never set up): the
  // last-drawn key a rule names goes, until the case parses cleanly.
  for (let i = 0; i < parts.length; i++) {
    const names = new Set(parseScenario(parts.join('&')).errors.flatMap((e) => e.key.split('&')));
    const last = parts.findLastIndex((p, k) => k >= 3 && names.has(p.slice(0, p.indexOf('='))));
    if (last < 0) break;
    parts.splice(last, 1);
  }
  return parts.join('&');
}

/** `count` fresh seeds for this run (from the clock; SYSTEM_FUZZ_COUNT of them if set), or those of SYSTEM_FUZZ_SEEDS. */
export function freshSeeds(count: number, salt: number): number[] {
  const given = process.env.SYSTEM_FUZZ_SEEDS;
  if (given) return given.split(',').map((s) => Number(s) >>> 0);
  // `npm run test:deep` draws ten times as many (tests/fuzz-budget.ts).
  const n = fuzzCount('SYSTEM_FUZZ_COUNT', count, count * 10);
  const r = lcg((Date.now() ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
  return Array.from({ length: n }, () => Math.floor(r() * 2 ** 32));
}

/** Parse and build the simulation of a case (the text must parse cleanly). */
export function simulationOf(text: string, traces: boolean): Simulation {
  const { scenario, errors } = parseScenario(text);
  expect(errors, text).toEqual([]);
  return createSimulation(scenario, { traces });
}

/** Every number in the summary is finite; returns the paths of those that are not. */
function nonFinite(value: unknown, path: string, out: string[]): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(path);
  } else if (Array.isArray(value)) value.forEach((v, i) => nonFinite(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) nonFinite(v, `${path}.${k}`, out);
  return out;
}

/** Run one case to its end and check every invariant of its summary; returns the run and its summary. */
export function checkRun(f: SystemFuzz, text: string, traces = false): { sim: Simulation; summary: Summary } {
  const sim = simulationOf(text, traces);
  try {
    sim.runToEnd();
  } catch (e) {
    throw new Error(`${text} threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  return { sim, summary: checkEnded(f, text, sim) };
}

/** The shared invariants of a case run to its end (by {@link checkRun}, or stepped by the caller); its summary. */
export function checkEnded(f: SystemFuzz, text: string, sim: Simulation): Summary {
  expect(sim.done, text).toBe(true);
  expect(sim.now, text).toBeLessThanOrEqual(f.duration * 1e9);
  const s = sim.summary();
  const json = JSON.parse(JSON.stringify(s)) as Summary;
  expect(json.system, text).toBe(f.system);
  expect(nonFinite(json, 'summary', []), `${text}: non-finite fields`).toEqual([]);
  expect(s.simTime, text).toBeGreaterThanOrEqual(0);
  expect(s.simTime, text).toBeLessThanOrEqual(f.duration);
  expect(s.capacityBps, text).toBeGreaterThanOrEqual(0);
  expect(s.normalizedGoodput, text).toBeGreaterThanOrEqual(0);
  expect(s.normalizedGoodput, text).toBeLessThanOrEqual(f.maxNormalizedGoodput ?? 1);
  expect(s.tcp.goodputBps, text).toBeLessThanOrEqual(
    s.capacityBps * (f.maxNormalizedGoodput ?? 1) * (f.goodputDirections ?? 1),
  );
  // Every TCP counter is a count, a time or a rate: none is negative.
  for (const [k, v] of Object.entries(s.tcp)) expect(v, `${text}: tcp.${k}`).toBeGreaterThanOrEqual(0);
  expect(s.tcp.retransmits, text).toBeLessThanOrEqual(s.tcp.segmentsSent);
  expect(s.tcp.rttMin, text).toBeLessThanOrEqual(s.tcp.rttMean + 1e-9);
  expect(s.tcp.rtoAtMaxFraction, text).toBeLessThanOrEqual(1);
  // A transfer of `size` bytes never delivers more, and delivers all of it when it completed.
  const size = s.app.size;
  if (typeof size === 'number') {
    expect(s.tcp.bytesDelivered, text).toBeLessThanOrEqual(size);
    expect(s.app.bytesDelivered, text).toBeLessThanOrEqual(size);
    if (s.completed && s.app.failed === false) expect(s.app.bytesDelivered, text).toBe(size);
  }
  return s;
}

/** The same case run twice with traces gives the same summary and traceHash. */
export function checkDeterminism(text: string): void {
  const a = simulationOf(text, true);
  a.runToEnd();
  const b = simulationOf(text, true);
  b.runToEnd();
  expect(a.summary().traceHash, text).toBeDefined();
  expect(b.summary(), text).toEqual(a.summary());
}

/** Stepping one frame at a time gives the same trace as whole runs of 4096 frames. */
export function checkStepSize(text: string): void {
  const whole = simulationOf(text, true);
  whole.runToEnd();
  const single = simulationOf(text, true);
  while (!single.done) single.step(1);
  expect(single.frame, text).toBe(whole.frame);
  expect(single.summary(), text).toEqual(whole.summary());
}

/**
 * The seeded fuzz of one system: every pinned seed and `fresh` new ones keep every invariant, and a
 * short case is deterministic and independent of the step size. A failing fresh seed is named in
 * the test's title: add it to the system's pinned list to keep it.
 */
export function describeSystemFuzz(
  name: string,
  f: SystemFuzz,
  o: { pinned: readonly number[]; stepSeed: number; salt: number },
): void {
  describe(`${name} random scenarios (seeded fuzz)`, () => {
    it.each([...o.pinned, ...freshSeeds(3, o.salt)])('seed %i keeps every invariant', (seed) => {
      checkRun(f, caseText(f, seed));
    });

    it.each([o.stepSeed, ...freshSeeds(1, o.salt + 1)])(
      'seed %i is deterministic and independent of the step size',
      (seed) => {
        const text = caseText({ ...f, duration: 8 }, seed);
        checkDeterminism(text);
        checkStepSize(text);
      },
    );
  });
}
