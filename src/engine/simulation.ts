import { PacketCapture } from './core/capture';
import { PacketIds } from './core/packet';
import { RandomStreams } from './core/rng';
import { Scheduler } from './core/scheduler';
import { seconds, toSeconds, type Nanos } from './core/time';
import { TraceRecorder } from './core/trace';
import { sortEvents } from './scenario/events';
import type { ParamValue, Scenario, ScenarioEvent } from './scenario/types';
import type { Summary } from './scenario/summary';
import type { SystemDefinition, SystemModel, SystemView } from './systems/types';
import { liveHandler } from './systems/contract';

export interface SimulationOptions {
  /** Record trace sources (default true). Sweeps and benchmarks switch it off. */
  traces?: boolean;
  /**
   * Keep the recorded traces for readers (charts, CSV export; default true). False: each record
   * is only folded into the summary's `traceHash` (unchanged), and no ring memory is allocated.
   */
  keepTraces?: boolean;
  /**
   * Also hash the frame-level sources, into `traces.detailHash()` (default false): for tests that
   * compare every frame of two runs; `traceHash` does not change.
   */
  hashDetail?: boolean;
  /** Capture packets for a pcap export (default: as `traces`). */
  capture?: boolean;
  /** Ring size per trace source, records. */
  maxRecords?: number;
  /** Canonical text of the scenario, placed in the summary. */
  canonical?: (scenario: Scenario) => string;
}

/**
 * One run of one scenario. Time advances in whole frames of the system; the
 * scenario's timed `events` are applied at the first frame boundary at or
 * after their time (scenario.md), before that frame's own work. Because every
 * event runs in (time, sequence) order, stepping 1 frame at a time or 1000 at
 * a time gives the same trace.
 */
export class Simulation {
  readonly scheduler = new Scheduler();
  readonly rng: RandomStreams;
  readonly traces: TraceRecorder;
  readonly capture: PacketCapture;
  readonly frameNs: Nanos;
  private readonly model: SystemModel;
  private readonly endNs: Nanos;
  private events: ScenarioEvent[];
  private nextEvent = 0;
  /** Frames completed so far. */
  frame = 0;
  private finished = false;

  constructor(
    readonly definition: SystemDefinition,
    private scenarioValue: Scenario,
    private readonly options: SimulationOptions = {},
  ) {
    this.rng = new RandomStreams(scenarioValue.seed);
    this.traces = new TraceRecorder({
      enabled: options.traces ?? true,
      store: options.keepTraces ?? true,
      hashDetail: options.hashDetail,
      maxRecords: options.maxRecords,
    });
    this.capture = new PacketCapture(options.capture ?? options.traces ?? true);
    this.frameNs = definition.frameNs;
    const duration = scenarioValue.values.duration;
    this.endNs = typeof duration === 'number' && Number.isFinite(duration) ? seconds(duration) : Infinity;
    this.events = sortEvents(scenarioValue.events);
    this.model = definition.create(
      {
        scheduler: this.scheduler,
        rng: this.rng,
        traces: this.traces,
        packetIds: new PacketIds(this.traces),
        capture: this.capture,
      },
      scenarioValue,
    );
  }

  /** The scenario, including changes made during the run. */
  get scenario(): Scenario {
    return this.scenarioValue;
  }

  /** Simulated time reached, ns. */
  get now(): Nanos {
    return this.frame * this.frameNs;
  }

  /** True once the workload completed or the duration was reached. */
  get done(): boolean {
    return this.finished;
  }

  /** Advance up to `frames` frames; returns how many were run (fewer when the run ends). */
  step(frames: number): number {
    let run = 0;
    while (run < frames && !this.finished) {
      const start = this.frame * this.frameNs;
      this.applyDueEvents(start);
      // Everything strictly before the next boundary belongs to this frame. A model that cannot
      // finish before `duration` runs every frame up to the next timed event (or the end) in one
      // call: nothing happens between two frames then, so the events and their order are the same.
      const k = this.model.endsOnlyAtDuration ? this.framesWithoutEvents(frames - run) : 1;
      this.scheduler.runUntil(start + k * this.frameNs - 1);
      this.frame += k;
      run += k;
      const now = this.frame * this.frameNs;
      if (now >= this.endNs || this.model.isDone(now)) this.finished = true;
    }
    return run;
  }

  /**
   * How many frames from the current one (at most `max`) start before the next timed event is due
   * and before the end: those frames' boundaries have nothing to apply or check.
   */
  private framesWithoutEvents(max: number): number {
    let k = max;
    const endFrame = Math.ceil(this.endNs / this.frameNs);
    if (endFrame - this.frame < k) k = endFrame - this.frame;
    if (this.nextEvent < this.events.length) {
      // An event at t is applied at the first boundary at or after it (applyDueEvents).
      const eventFrame = Math.ceil(seconds(this.events[this.nextEvent].t) / this.frameNs);
      if (eventFrame - this.frame < k) k = eventFrame - this.frame;
    }
    return k < 1 ? 1 : k;
  }

  /** Run to the end (workload completed or duration reached). */
  runToEnd(): void {
    while (!this.finished) this.step(4096);
  }

  /**
   * Change a key during the run: recorded as a timed event at the next frame
   * boundary (so that replaying the scenario reproduces the run) and applied there.
   */
  change(key: string, value: ParamValue): ScenarioEvent {
    const event: ScenarioEvent = { t: toSeconds(this.now), key, value };
    // After the events already waiting at this boundary: a replay sorts the scenario's events
    // stably by time, so those come first there too and both runs apply the same order.
    let at = this.nextEvent;
    while (at < this.events.length && seconds(this.events[at].t) <= this.now) at++;
    this.events.splice(at, 0, event);
    // Keep later events (from a replayed URL) after this one.
    this.scenarioValue = { ...this.scenarioValue, events: [...this.scenarioValue.events, event] };
    return event;
  }

  summary(): Summary {
    const now = this.now;
    const part = this.model.summary(now);
    const canonical = this.options.canonical ? this.options.canonical(this.scenarioValue) : '';
    const { system, seed, ...rest } = part;
    const out: Summary = { scenario: canonical, system, seed, simTime: toSeconds(now), ...rest };
    if (this.traces.enabled) out.traceHash = this.traces.hash();
    return out;
  }

  view(): SystemView {
    return this.model.view(this.now);
  }

  /** The model's counts of work simulated (for the bench's rates); empty when it keeps none. */
  work(): Readonly<Record<string, number>> {
    return this.model.work?.() ?? {};
  }

  private applyDueEvents(boundary: Nanos): void {
    while (this.nextEvent < this.events.length && seconds(this.events[this.nextEvent].t) <= boundary) {
      const e = this.events[this.nextEvent++];
      liveHandler(this.model.live, e.key)?.(e.value, boundary);
    }
  }
}
