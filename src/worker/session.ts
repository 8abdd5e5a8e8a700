/**
 * One simulation session behind the worker boundary: load a scenario, step it,
 * pass edits to the engine's edit log (which decides whether an edit is a
 * starting value or a timed change, engine/scenario/edit-log.ts) and apply what
 * it records, seek by re-running from the seed, and hand out new trace records
 * as columnar batches.
 *
 * A step's cost follows the frames it runs, never the run's length (issue 21):
 * it reads each source's new records only, in sub-steps short enough that no
 * engine ring overwrites a record before it is read (so a request may ask for
 * any number of frames), and a brief step leaves out the summary, the view and
 * the canonical text, which the page folds in only a few times a second.
 *
 * Pure of DOM and comlink so that tests drive it directly or through a
 * MessageChannel; `expose.ts` adds comlink's transfer marks.
 */
import { SYSTEM_IDS } from '../engine/scenarios';
import { draggedMobile, withDraggedAt } from '../engine/systems/stations';
import { EditLog, type RunPoint } from '../engine/scenario/edit-log';
import { scenarioError, strictError } from '../engine/scenario/errors';
import {
  Simulation,
  seconds,
  toSeconds,
  type ParamSpec,
  type ParseResult,
  type Scenario,
  type ScenarioError,
  type SystemDefinition,
  type SystemId,
  type TraceBatch,
} from '../engine';
import type { ChangeResult, HeadlessResult, LoadResult, SimApi, StepProgress, StepResult } from './types';
import { loadExporters } from './exporters';
import { headlessSimulation } from './headless';

/** The engine functions the session needs (injected so tests can use a fake system). */
export interface EngineDeps {
  parseScenario(text: string): ParseResult;
  serialiseScenario(scenario: Scenario): string;
  getSystem(id: SystemId): SystemDefinition | undefined;
  /** Milliseconds of a monotonic clock, for `StepResult.busyMs` (default `performance.now`). */
  now?(): number;
}

/** Frames per internal chunk of runToEnd / seek. */
const CHUNK = 4096;

/** Records each trace source of the live run holds in the engine until a request reads them. */
export const TRACE_RING = 1 << 17;
/**
 * A step reads the new records once some source holds this many unread (a quarter of its ring), and
 * sizes its sub-steps so that no source could write more than that again before the next read.
 */
const DRAIN_AT = TRACE_RING / 4;
/** Frames of a step's first sub-step, before any record rate is known. */
const FIRST_SUB_STEP = 256;

export class SimSession implements SimApi {
  private sim: Simulation | null = null;
  private definition: SystemDefinition | null = null;
  private log: EditLog | null = null;
  private cursors = new Map<string, number>();
  private resetPending = true;
  /** Most records any one source was seen to write per frame (sizes a step's sub-steps). */
  private recordsPerFrame = 0;

  constructor(private readonly deps: EngineDeps) {}

  load(scenarioText: string): LoadResult {
    const { scenario, errors } = this.deps.parseScenario(scenarioText);
    const definition = this.deps.getSystem(scenario.system);
    if (!definition) {
      this.sim = null;
      this.definition = null;
      this.log = null;
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
    this.log = new EditLog(scenario);
    this.start();
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

  step(frames: number, maxMs?: number): StepResult | null {
    return this.run(frames, false, maxMs) as StepResult | null;
  }

  stepBrief(frames: number, maxMs?: number): StepProgress | null {
    return this.run(frames, true, maxMs);
  }

  /**
   * Run `frames` frames reading the records between sub-steps; `brief`: progress only, unless done.
   * `maxMs`: stop after the first sub-step that ends this long after the request began, with the
   * frames run so far (the page's max speed: a stretch of the run where frames cost 100 times more
   * than in the one before would otherwise make one answer take the worker 0.3–0.6 s, and the
   * charts wait that long for new records, issue 21).
   */
  private run(frames: number, brief: boolean, maxMs = Infinity): StepProgress | null {
    const sim = this.sim;
    if (!sim) return null;
    const started = this.now();
    const batches: TraceBatch[] = [];
    let remaining = Math.max(0, Math.floor(frames));
    while (remaining > 0 && !sim.done) {
      // Sub-steps no source can overflow its ring in; the records are read between them.
      const room = this.recordsPerFrame > 0 ? Math.floor(DRAIN_AT / this.recordsPerFrame) : FIRST_SUB_STEP;
      const before = sim.frame;
      this.advance(Math.max(1, Math.min(remaining, room)));
      const ran = sim.frame - before;
      if (ran === 0) break;
      remaining -= ran;
      this.drain(batches, ran);
      if (this.now() - started >= maxMs) break;
    }
    const state = this.state(batches, brief && !sim.done);
    return { ...state, busyMs: this.now() - started };
  }

  runToEnd(): StepResult | null {
    const sim = this.sim;
    if (!sim) return null;
    while (!sim.done) this.advance(CHUNK);
    return this.state();
  }

  change(key: string, value: string): ChangeResult {
    const sim = this.sim;
    const definition = this.definition;
    const log = this.log;
    if (!sim || !definition || !log) {
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
    // A new starting value must also agree with the other starting values (the rules between keys,
    // engine/scenario/rules.ts), as it would in a link; a timed change is held to its range only.
    if (key !== 'seed' && log.setsStart(spec.live === true, this.point())) {
      const conflicts = this.ruleConflicts(key, value);
      if (conflicts.length > 0) return { errors: conflicts, applied: 'rejected', state: null };
    }

    const now = sim.now;
    const outcome = log.edit(key, parsedValue, spec.live === true, this.point());
    if (outcome.kind === 'unchanged') return { errors: [], applied: 'unchanged', state: this.state() };
    if (outcome.kind === 'restart') {
      this.start();
      return { errors: [], applied: 'restart', state: this.state() };
    }
    if (outcome.rewind) {
      // A new branch after a seek back: re-run the kept changes up to here.
      this.start();
      this.advanceTo(now);
    }
    this.applyDue();
    return { errors: [], applied: 'live', state: this.state() };
  }

  /**
   * The rules between keys that `key=value` breaks with the log's other starting values. A rule may
   * name the other key: PHS's `release=1@0` is refused once `link1=0` keeps link 1 down from the
   * start (phs/rules.ts), so every error the new value brings counts, not only those keyed `key`.
   * (The log's starting values break no rule: a lenient load puts a key that does back to its
   * default, which the serialised text leaves out.)
   */
  private ruleConflicts(key: string, value: string): ScenarioError[] {
    if (!this.log) return [];
    const base = this.log.scenario();
    const values = { ...base.values };
    delete values[key];
    const text = this.deps.serialiseScenario({ ...base, values, events: [] });
    const { errors } = this.deps.parseScenario(
      `${text}&${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
    );
    return errors.map(strictError).map((e) =>
      // The refusal names the key that was edited (the banner says which change was not applied).
      e.key.split('&').includes(key) ? e : scenarioError(key, value, `conflicts with ${e.message}`),
    );
  }

  clearTimedChanges(): StepResult | null {
    if (!this.log) return null;
    this.log.clearTimedChanges();
    this.start();
    return this.state();
  }

  reset(): StepResult | null {
    if (!this.sim || !this.log) return null;
    this.log.commitPending(this.point());
    this.start();
    return this.state();
  }

  seek(t: number): StepResult | null {
    const sim = this.sim;
    if (!sim || !this.log) return null;
    // Whole nanoseconds first: a time the run has shown (frame × frameNs / 1e9) times 1e9 can fall a
    // hair below its frame (4.02 s → 4 019 999 999.9999995 ns), and the seek would land a frame early.
    const target = Math.max(0, Math.floor(seconds(t) / sim.frameNs)) * sim.frameNs;
    this.log.commitPending(this.point());
    this.start();
    this.advanceTo(target);
    return this.state();
  }

  exportCsv(leaveOut: readonly string[] = []): Uint8Array {
    if (!this.sim) return new Uint8Array(0);
    return loadExporters().tracesToCsvZip(this.sim.traces, leaveOut);
  }

  exportPcap(): Uint8Array {
    if (!this.sim) return new Uint8Array(0);
    return loadExporters().capturePcap(this.sim);
  }

  runHeadless(scenarioText: string): HeadlessResult {
    const sim = headlessSimulation(this.deps, scenarioText);
    if (!(sim instanceof Simulation)) return sim;
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

  /** Start the run from t = 0 with the log's scenario (starting values and recorded changes). */
  private start(): void {
    if (!this.definition || !this.log) return;
    const scenario = this.log.scenario();
    this.sim = new Simulation(this.definition, scenario, {
      canonical: this.deps.serialiseScenario,
      maxRecords: TRACE_RING,
    });
    this.cursors = new Map();
    this.resetPending = true;
    this.recordsPerFrame = 0;
  }

  private point(): RunPoint {
    const sim = this.sim;
    if (!sim) throw new Error('no simulation');
    return { nowNs: sim.now, frameNs: sim.frameNs, done: sim.done };
  }

  private advanceTo(target: number): void {
    const sim = this.sim;
    if (!sim) return;
    while (!sim.done && sim.now < target) {
      const n = Math.min(CHUNK, Math.ceil((target - sim.now) / sim.frameNs));
      if (sim.step(n) === 0) break;
    }
  }

  /** Run up to `frames` frames, applying the edit log's changes as they become due. */
  private advance(frames: number): void {
    const sim = this.sim;
    const log = this.log;
    if (!sim || !log) return;
    let remaining = Math.max(0, Math.floor(frames));
    while (remaining > 0 && !sim.done) {
      this.applyDue();
      // Stop at the moment the next pending change becomes due, so it lands exactly there.
      const due = log.nextDueNs();
      const n = Number.isFinite(due)
        ? Math.min(remaining, Math.max(1, Math.ceil((due - sim.now) / sim.frameNs)))
        : remaining;
      const run = sim.step(n);
      if (run === 0) break;
      remaining -= run;
    }
  }

  /** Apply the changes the log records at this frame boundary: the engine runs exactly what the link says. */
  private applyDue(): void {
    const sim = this.sim;
    if (!sim || !this.log || sim.done) return;
    for (const c of this.log.due(sim.now)) sim.change(c.key, c.value);
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : performance.now();
  }

  /**
   * Read every source's records written since its last read into `batches` (only those: a request
   * costs what its frames recorded). With `frames`, note the highest rate per frame seen, which
   * sizes the next sub-steps.
   */
  private drain(batches: TraceBatch[], frames = 0): void {
    const sim = this.sim;
    if (!sim) return;
    let most = 0;
    for (const info of sim.traces.sources()) {
      const from = this.cursors.get(info.name) ?? 0;
      const src = sim.traces.get(info.name);
      if (!src || src.total <= from) continue;
      most = Math.max(most, src.total - from);
      const batch = src.read(from);
      this.cursors.set(info.name, batch.to);
      batches.push(batch);
    }
    if (frames > 0) this.recordsPerFrame = Math.max(this.recordsPerFrame, most / frames);
  }

  /** The run's state with the new records. */
  private state(batches?: TraceBatch[]): StepResult;
  /** `brief`: progress and records only (no summary, view or canonical text). */
  private state(batches: TraceBatch[], brief: boolean): StepProgress;
  private state(batches: TraceBatch[] = [], brief = false): StepProgress {
    const sim = this.sim;
    if (!sim) throw new Error('no simulation');
    this.drain(batches);
    const reset = this.resetPending;
    this.resetPending = false;
    const base = {
      simTime: toSeconds(sim.now),
      frame: sim.frame,
      done: sim.done,
      batches,
      reset,
      sources: [...sim.traces.sources()],
    };
    if (brief) return base;
    return {
      ...base,
      summary: sim.summary(),
      view: this.patchView(sim.view()),
      canonical: this.deps.serialiseScenario(
        this.log ? this.log.scenarioWithPending(this.point()) : sim.scenario,
      ),
    };
  }

  /** While a position change waits for its slot, the map shows the requested position. */
  private patchView(view: StepResult['view']): StepResult['view'] {
    const keys = this.definition?.dragKeys;
    const at = draggedMobile(view);
    if (!keys || !at) return view;
    const x = this.log?.pendingValue(keys.x);
    const y = this.log?.pendingValue(keys.y);
    if (typeof x !== 'number' && typeof y !== 'number') return view;
    return withDraggedAt(view, { x: typeof x === 'number' ? x : at.x, y: typeof y === 'number' ? y : at.y });
  }
}
