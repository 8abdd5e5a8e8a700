import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulation,
  parseScenario,
  serialiseScenario,
  type Scenario,
  type Simulation,
  type Summary,
  type TraceBatch,
} from '../../src/engine';

/**
 * The determinism contract (architecture.md, "Time and determinism"; the
 * developer guide): same scenario + seed ⇒ same trace bit for bit, whatever the
 * step size; a change made during a run replays exactly from the scenario it
 * leaves behind. Checked on IS-707 at a loss rate where every mechanism runs
 * (RLP NAK rounds and aborts, idle frames, TCP timeouts and fast retransmits).
 */
const BASE = 'system=is707&fer=0.2&fdt=0.1&idle=3&duration=300';
/** 300 s of 20 ms frames. */
const FRAMES = 15_000;

function scenarioOf(text: string): Scenario {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  return scenario;
}

function run(text: string, stepper: (sim: Simulation) => void = (sim) => sim.runToEnd()): Simulation {
  const sim = createSimulation(scenarioOf(text));
  stepper(sim);
  expect(sim.done).toBe(true);
  return sim;
}

/** Every source's whole trace, read at the end of the run. */
function allBatches(sim: Simulation): TraceBatch[] {
  return sim.traces.sources().map((s) => sim.traces.read(s.name));
}

function plain(batches: readonly TraceBatch[]): unknown[] {
  return batches.map((b) => ({
    name: b.name,
    from: b.from,
    to: b.to,
    dropped: b.dropped,
    time: Array.from(b.time),
    columns: b.columns.map((c) => Array.from(c)),
  }));
}

/** A tiny deterministic generator for the random step sizes (the engine's own streams are not for tests). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('determinism', () => {
  let reference: Simulation;
  let refSummary: Summary;
  let refBatches: unknown[];
  beforeAll(() => {
    reference = run(BASE);
    refSummary = reference.summary();
    refBatches = plain(allBatches(reference));
  });

  it('the reference run exercises the mechanisms it is meant to check', () => {
    expect(refSummary.simTime).toBe(300);
    expect(reference.frame).toBe(FRAMES);
    expect(refSummary.tcp.timeouts).toBeGreaterThan(0);
    expect(refSummary.tcp.bytesDelivered).toBeGreaterThan(0);
    expect(refSummary.link.naksSent).toBeGreaterThan(0);
    expect(refSummary.link.idleFramesSent).toBeGreaterThan(0);
    // The ring must hold the whole run for the batch comparisons below to mean anything.
    for (const b of allBatches(reference)) {
      expect(b.from).toBe(0);
      expect(b.dropped).toBe(0);
    }
  });

  it('same scenario twice ⇒ identical trace hash, summary and traces', () => {
    const again = run(BASE);
    expect(again.summary()).toEqual(refSummary);
    expect(again.traces.hash()).toBe(reference.traces.hash());
    expect(plain(allBatches(again))).toEqual(refBatches);
  });

  it('stepping 1 frame at a time or 1000 at a time gives the same traces', () => {
    const one = run(BASE, (sim) => {
      while (!sim.done) sim.step(1);
    });
    const thousand = run(BASE, (sim) => {
      while (!sim.done) sim.step(1000);
    });
    for (const sim of [one, thousand]) {
      expect(sim.frame).toBe(FRAMES);
      expect(sim.traces.hash()).toBe(reference.traces.hash());
      expect(sim.summary()).toEqual(refSummary);
      expect(plain(allBatches(sim))).toEqual(refBatches);
    }
  });

  it('a run that ends only at its duration runs frames in stretches: timed changes and an odd end land as one frame at a time', () => {
    // IS-707 runs the frames between timed events in one scheduler call (Simulation.step); changes
    // at times off the 20 ms grid and a duration that is no whole number of frames check the edges.
    const text = `${BASE.replace('duration=300', 'duration=100.01')}&events=12.345@fer=0.3;12.36@idle=1;40@fer=0.05;77.7@reverse=0`;
    const one = run(text, (sim) => {
      while (!sim.done) sim.step(1);
    });
    const whole = run(text);
    expect(whole.frame).toBe(5001);
    expect(one.frame).toBe(5001);
    expect(whole.summary()).toEqual(one.summary());
    expect(plain(allBatches(whole))).toEqual(plain(allBatches(one)));
  });

  it('a random mix of step sizes, read incrementally, gives the same batches', () => {
    const rand = lcg(7);
    const sim = createSimulation(scenarioOf(BASE));
    const names = sim.traces.sources().map((s) => s.name);
    const pieces = new Map<string, TraceBatch[]>(names.map((n) => [n, []]));
    const next = new Map<string, number>(names.map((n) => [n, 0]));
    while (!sim.done) {
      sim.step(1 + Math.floor(rand() * (rand() < 0.5 ? 5 : 2000)));
      for (const name of names) {
        const batch = sim.traces.read(name, next.get(name));
        expect(batch.dropped).toBe(0);
        next.set(name, batch.to);
        pieces.get(name)?.push(batch);
      }
    }
    expect(sim.traces.hash()).toBe(reference.traces.hash());
    // Concatenating the incremental reads gives the whole-run batch of every source.
    const joined = names.map((name) => {
      const parts = pieces.get(name) ?? [];
      const cat = (pick: (b: TraceBatch) => Float64Array): number[] =>
        parts.flatMap((b) => Array.from(pick(b)));
      const width = sim.traces.sources().find((s) => s.name === name)?.fields.length ?? 0;
      return {
        name,
        from: 0,
        to: parts.length > 0 ? parts[parts.length - 1].to : 0,
        dropped: 0,
        time: cat((b) => b.time),
        columns: Array.from({ length: width }, (_, c) => cat((b) => b.columns[c])),
      };
    });
    expect(joined).toEqual(refBatches);
  });

  it("a mid-run change replays exactly from the scenario's events", () => {
    // 4321 frames = 86.42 s: an instant that is not a round number of seconds.
    const live = createSimulation(scenarioOf(BASE));
    live.step(4321);
    const event = live.change('fer', 0.3);
    expect(event).toEqual({ t: 86.42, key: 'fer', value: 0.3 });
    live.runToEnd();
    const liveSummary = live.summary();
    expect(liveSummary.link.fer).toBe(0.3);
    expect(liveSummary.scenario).toContain('events=86.42@fer=0.3');
    expect(live.traces.hash()).not.toBe(reference.traces.hash());

    // Replayed from the scenario object, and from its canonical text (the shareable URL).
    const fromObject = createSimulation(live.scenario);
    fromObject.runToEnd();
    const text = serialiseScenario(live.scenario);
    const fromText = run(text, (sim) => {
      while (!sim.done) sim.step(777);
    });
    for (const replay of [fromObject, fromText]) {
      expect(replay.traces.hash()).toBe(live.traces.hash());
      expect(replay.summary()).toEqual(liveSummary);
      expect(plain(allBatches(replay))).toEqual(plain(allBatches(live)));
    }
  });

  it('different seeds ⇒ different traces', () => {
    const hashes = new Set([reference.traces.hash()]);
    for (const seed of [2, 3]) hashes.add(run(`${BASE}&seed=${seed}`).traces.hash());
    expect(hashes.size).toBe(3);
  });

  it('tracing off gives the same summary, without the trace hash', () => {
    const sim = createSimulation(scenarioOf(BASE), { traces: false });
    sim.runToEnd();
    const summary: Summary = sim.summary();
    expect(summary.traceHash).toBeUndefined();
    const { traceHash, ...rest } = refSummary;
    expect(traceHash).toMatch(/^[0-9a-f]{16}$/);
    expect(summary).toEqual(rest);
    expect(sim.traces.read('tcp.deliver').to).toBe(0);
  });

  const EVERY_SYSTEM = [
    BASE,
    'system=gsm&app=ftpGet&size=60000&radio=driving',
    'system=phs&app=ftpGet&size=200000&release=3@5',
    'system=dect&duration=30',
    'system=geran&duration=30',
  ];

  it.each(EVERY_SYSTEM)(
    'traces hashed but not kept (the CLI without --trace) give the same summary and trace hash: %s',
    (text) => {
      const kept = run(text);
      const hashed = createSimulation(scenarioOf(text), { keepTraces: false, capture: false });
      hashed.runToEnd();
      expect(hashed.summary()).toEqual(kept.summary());
      expect(hashed.summary().traceHash).toMatch(/^[0-9a-f]{16}$/);
      // Nothing was kept for a reader, and no packet captured.
      expect(hashed.traces.read('tcp.send').time.length).toBe(0);
      expect(kept.traces.read('tcp.send').time.length).toBeGreaterThan(0);
      expect(hashed.capture.count).toBe(0);
      // The frame-level sources (outside traceHash) were kept for the reader, and not even made
      // without one: the run that only hashes did none of their per-frame work.
      const frameLevel = (sim: Simulation): string[] =>
        sim.traces
          .sources()
          .map((s) => s.name)
          .filter((name) => sim.traces.get(name)?.detail);
      expect(frameLevel(kept).length).toBeGreaterThan(0);
      const frameRecords = frameLevel(kept).reduce((n, name) => n + (kept.traces.get(name)?.total ?? 0), 0);
      expect(frameRecords).toBeGreaterThan(0);
      expect(frameLevel(hashed)).toEqual([]);
    },
  );

  it.each(EVERY_SYSTEM)(
    'a test can hash the frame-level sources too, and they are the same kept or not: %s',
    (text) => {
      const runWith = (keepTraces: boolean, stepper: (sim: Simulation) => void): Simulation => {
        const sim = createSimulation(scenarioOf(text), { keepTraces, hashDetail: true });
        stepper(sim);
        return sim;
      };
      const kept = runWith(true, (sim) => sim.runToEnd());
      const hashed = runWith(false, (sim) => {
        while (!sim.done) sim.step(7);
      });
      expect(kept.traces.detailHash()).toMatch(/^[0-9a-f]{16}$/);
      expect(hashed.traces.detailHash()).toBe(kept.traces.detailHash());
      expect(hashed.summary()).toEqual(kept.summary());
      // Another seed moves both hashes.
      const other = createSimulation(scenarioOf(`${text}&seed=2`), { keepTraces: false, hashDetail: true });
      other.runToEnd();
      expect(other.traces.detailHash()).not.toBe(kept.traces.detailHash());
      expect(other.traces.hash()).not.toBe(kept.traces.hash());
    },
  );
});
