/**
 * One simulation session behind the worker boundary: load a scenario, step it,
 * change keys mid-run (recorded as timed `events`, scenario.md), seek by
 * re-running from the seed, and hand out new trace records as columnar batches.
 *
 * Pure of DOM and comlink so that tests drive it directly or through a
 * MessageChannel; `expose.ts` adds comlink's transfer marks.
 */
import { SYSTEM_IDS } from '../engine/scenarios';
import { draggedMobile, withDraggedAt } from '../engine/systems/stations';
import {
  Simulation,
  toSeconds,
  type ParamSpec,
  type ParamValue,
  type ParseResult,
  type Scenario,
  type ScenarioError,
  type ScenarioEvent,
  type SystemDefinition,
  type SystemId,
  type TraceBatch,
} from '../engine';
import type { ChangeResult, HeadlessResult, LoadResult, SimApi, StepResult } from './types';
import { loadExporters } from './exporters';

/** The engine functions the session needs (injected so tests can use a fake system). */
export interface EngineDeps {
  parseScenario(text: string): ParseResult;
  serialiseScenario(scenario: Scenario): string;
  getSystem(id: SystemId): SystemDefinition | undefined;
}

/** A drag or slider is recorded as at most one point per 100 ms of simulated time (scenario.md). */
export const MIN_EVENT_SPACING_NS = 100_000_000;

/**
 * Spacing of recorded points for a scenario that already holds `events` changes: 100 ms, then
 * wider as the list grows, so that a long session of dragging keeps the link under the
 * parser's 8 KB limit (scenario.md) — about 15 bytes per event.
 */
export function eventSpacingNs(events: number): number {
  if (events < 150) return MIN_EVENT_SPACING_NS;
  if (events < 300) return 10 * MIN_EVENT_SPACING_NS;
  return 100 * MIN_EVENT_SPACING_NS;
}
/** Frames per internal chunk of runToEnd / seek. */
const CHUNK = 4096;

export class SimSession implements SimApi {
  private sim: Simulation | null = null;
  private definition: SystemDefinition | null = null;
  private base: Scenario | null = null;
  private cursors = new Map<string, number>();
  private resetPending = true;
  /** Changes waiting for the 100 ms spacing, by key (latest value wins). */
  private pending = new Map<string, ParamValue>();
  /** Time (ns) of the last recorded event per key. */
  private lastEventNs = new Map<string, number>();

  constructor(private readonly deps: EngineDeps) {}

  load(scenarioText: string): LoadResult {
    const { scenario, errors } = this.deps.parseScenario(scenarioText);
    const definition = this.deps.getSystem(scenario.system);
    if (!definition) {
      this.sim = null;
      this.definition = null;
      this.base = scenario;
      const err: ScenarioError = {
        key: 'system',
        value: scenario.system,
        message: `system=${scenario.system}: this system is not implemented yet`,
      };
      return {
        errors: [...errors, err],
        canonical: this.deps.serialiseScenario(scenario),
        system: scenario.system,
        available: this.available(),
        frameNs: 0,
        sources: [],
        state: null,
      };
    }
    this.definition = definition;
    this.start(scenario);
    const state = this.state();
    return {
      errors: [...errors],
      canonical: state.canonical,
      system: scenario.system,
      available: this.available(),
      frameNs: definition.frameNs,
      sources: state.sources,
      state,
    };
  }

  step(frames: number): StepResult | null {
    const sim = this.sim;
    if (!sim) return null;
    let remaining = Math.max(0, Math.floor(frames));
    while (remaining > 0 && !sim.done) {
      this.flushPending();
      let n = remaining;
      // Stop at the moment the next pending change becomes due, so it lands exactly there.
      for (const key of this.pending.keys()) {
        const due = (this.lastEventNs.get(key) ?? 0) + this.spacing();
        n = Math.min(n, Math.max(1, Math.ceil((due - sim.now) / sim.frameNs)));
      }
      const run = sim.step(n);
      if (run === 0) break;
      remaining -= run;
    }
    return this.state();
  }

  runToEnd(): StepResult | null {
    const sim = this.sim;
    if (!sim) return null;
    while (!sim.done) this.step(CHUNK);
    return this.state();
  }

  change(key: string, value: string): ChangeResult {
    const sim = this.sim;
    const definition = this.definition;
    const base = this.base;
    if (!sim || !definition || !base) {
      return {
        errors: [{ key, value, message: 'no scenario is running' }],
        applied: 'rejected',
        state: null,
      };
    }
    // `seed` is a common key outside the system's list; it always restarts the run.
    const spec: Pick<ParamSpec, 'live'> | undefined =
      key === 'seed' ? { live: false } : definition.params.find((p) => p.key === key);
    if (!spec || key === 'system') {
      return {
        errors: [{ key, value, message: `${key}: not a key of ${definition.id}` }],
        applied: 'rejected',
        state: null,
      };
    }
    const parsed = this.deps.parseScenario(`system=${definition.id}&${key}=${value}`);
    const errors = parsed.errors.filter((e) => e.key === key || e.key === '');
    if (errors.length > 0) return { errors: [...errors], applied: 'rejected', state: null };
    const parsedValue = key === 'seed' ? parsed.scenario.seed : parsed.scenario.values[key];

    const untouched = sim.frame === 0 && this.pending.size === 0;
    if (!spec.live || untouched) {
      // A key that cannot change mid-run (or a change before the run started) sets the base value.
      const next = this.withBase(base, key, parsedValue);
      this.start({ ...next, events: this.scenarioWithPending().events });
      return { errors: [], applied: 'restart', state: this.state() };
    }

    // A change after a seek back starts a new branch: later recorded events are dropped.
    const now = sim.now;
    const later = sim.scenario.events.some((e) => e.t > toSeconds(now));
    if (later) {
      const kept = sim.scenario.events.filter((e) => e.t <= toSeconds(now));
      this.start({ ...sim.scenario, events: kept });
      this.advanceTo(now);
    }
    this.pending.set(key, parsedValue);
    this.flushPending();
    return { errors: [], applied: 'live', state: this.state() };
  }

  reset(): StepResult | null {
    if (!this.sim) return null;
    this.start(this.sim.scenario);
    return this.state();
  }

  seek(t: number): StepResult | null {
    const sim = this.sim;
    if (!sim) return null;
    const target = Math.max(0, Math.floor((t * 1e9) / sim.frameNs)) * sim.frameNs;
    const scenario = this.scenarioWithPending();
    this.start(scenario);
    this.advanceTo(target);
    return this.state();
  }

  exportCsv(): string {
    if (!this.sim) return '';
    return loadExporters().tracesToCsv(this.sim.traces);
  }

  exportPcap(): Uint8Array {
    if (!this.sim) return new Uint8Array(0);
    return loadExporters().capturePcap(this.sim);
  }

  runHeadless(scenarioText: string): HeadlessResult {
    const { scenario, errors } = this.deps.parseScenario(scenarioText);
    const definition = this.deps.getSystem(scenario.system);
    if (errors.length > 0 || !definition) {
      const extra: ScenarioError[] = definition
        ? []
        : [
            {
              key: 'system',
              value: scenario.system,
              message: `system=${scenario.system} is not implemented`,
            },
          ];
      return { errors: [...errors, ...extra], summary: null };
    }
    const sim = new Simulation(definition, scenario, {
      traces: false,
      canonical: this.deps.serialiseScenario,
    });
    sim.runToEnd();
    return { errors: [], summary: sim.summary() };
  }

  /** Systems with an engine model. */
  private available(): SystemId[] {
    return SYSTEM_IDS.filter((id) => this.deps.getSystem(id) !== undefined);
  }

  /** The current run (tests and exporters). */
  get simulation(): Simulation | null {
    return this.sim;
  }

  private start(scenario: Scenario): void {
    if (!this.definition) return;
    this.base = { ...scenario, events: [] };
    this.sim = new Simulation(this.definition, scenario, { canonical: this.deps.serialiseScenario });
    this.cursors = new Map();
    this.resetPending = true;
    this.pending.clear();
    this.lastEventNs.clear();
    for (const e of scenario.events) {
      const ns = Math.round(e.t * 1e9);
      this.lastEventNs.set(e.key, Math.max(this.lastEventNs.get(e.key) ?? 0, ns));
    }
  }

  private advanceTo(target: number): void {
    const sim = this.sim;
    if (!sim) return;
    while (!sim.done && sim.now < target) {
      const n = Math.min(CHUNK, Math.ceil((target - sim.now) / sim.frameNs));
      if (sim.step(n) === 0) break;
    }
  }

  private withBase(base: Scenario, key: string, value: ParamValue): Scenario {
    if (key === 'seed' && typeof value === 'number') return { ...base, seed: value };
    return { ...base, values: { ...base.values, [key]: value } };
  }

  private spacing(): number {
    return eventSpacingNs(this.sim?.scenario.events.length ?? 0);
  }

  /** Record pending changes whose 100 ms spacing has passed, at the current frame boundary. */
  private flushPending(): void {
    const sim = this.sim;
    if (!sim) return;
    for (const [key, value] of [...this.pending]) {
      const last = this.lastEventNs.get(key);
      if (last !== undefined && sim.now < last + this.spacing()) continue;
      sim.change(key, value);
      this.lastEventNs.set(key, sim.now);
      this.pending.delete(key);
    }
  }

  /** The scenario with pending changes written as the events they will become. */
  private scenarioWithPending(): Scenario {
    const sim = this.sim;
    if (!sim) throw new Error('no simulation');
    if (this.pending.size === 0) return sim.scenario;
    const extra: ScenarioEvent[] = [];
    for (const [key, value] of this.pending) {
      const due = Math.max(sim.now, (this.lastEventNs.get(key) ?? 0) + this.spacing());
      const aligned = Math.ceil(due / sim.frameNs) * sim.frameNs;
      extra.push({ t: toSeconds(aligned), key, value });
    }
    return { ...sim.scenario, events: [...sim.scenario.events, ...extra] };
  }

  private state(): StepResult {
    const sim = this.sim;
    if (!sim) throw new Error('no simulation');
    const sources = sim.traces.sources();
    const batches: TraceBatch[] = [];
    for (const info of sources) {
      const from = this.cursors.get(info.name) ?? 0;
      const src = sim.traces.get(info.name);
      if (!src || src.total <= from) continue;
      const batch = src.read(from);
      this.cursors.set(info.name, batch.to);
      batches.push(batch);
    }
    const reset = this.resetPending;
    this.resetPending = false;
    const view = sim.view();
    return {
      simTime: toSeconds(sim.now),
      frame: sim.frame,
      done: sim.done,
      summary: sim.summary(),
      view: this.patchView(view),
      batches,
      reset,
      sources: [...sources],
      canonical: this.deps.serialiseScenario(this.scenarioWithPending()),
    };
  }

  /** While a position change waits for its slot, the map shows the requested position. */
  private patchView(view: StepResult['view']): StepResult['view'] {
    const keys = this.definition?.dragKeys;
    const at = draggedMobile(view);
    if (!keys || !at) return view;
    const x = this.pending.get(keys.x);
    const y = this.pending.get(keys.y);
    if (typeof x !== 'number' && typeof y !== 'number') return view;
    return withDraggedAt(view, { x: typeof x === 'number' ? x : at.x, y: typeof y === 'number' ? y : at.y });
  }
}
