/**
 * The edit log: how the user's edits during a session become a scenario that
 * reproduces what they saw (scenario.md "What is not in the scenario", ui.md
 * "Sharing"). Pure and clock-free: the caller says where the run is.
 *
 * The rules, in the user's words (README "Edits, Restart and the share link"):
 * - Before the run starts (t = 0) or after it has finished, a change sets the
 *   key's STARTING value: a plain key in the link. Any timed changes of that
 *   key are dropped (the new value holds for the whole run) and the run starts
 *   again from t = 0, paused.
 * - While the run is under way (playing or paused mid-run), a change of a live
 *   key is a TIMED change at the current simulated time (`events`), applied from
 *   that moment; Restart replays it. A key that cannot change mid-run sets its
 *   starting value and restarts, keeping the timed changes of other keys.
 * - A change after seeking back starts a new branch: recorded changes later
 *   than that time are dropped.
 * - A change that leaves the value in force as it is records nothing, and one
 *   edit is one change: a key records at most one point per spacing interval
 *   (the latest value wins), so a drag stays a short list — at most five
 *   points per simulated second, whatever reaches the log (issue 20, item 32).
 */
import { seconds, toSeconds, type Nanos } from '../core/time';
import { sortEvents } from './events';
import type { ParamValue, Scenario, ScenarioEvent } from './types';
import { sameValue } from './values';

/**
 * A key records at most one point per 200 ms of simulated time: five points per second of a drag.
 * At the 100 ms of scenario.md a drag made links of a thousand characters in a few seconds
 * (4 s: 1,086 characters, 74 timed changes) and a caption listing every one.
 */
export const MIN_EVENT_SPACING_NS = 200_000_000;

/**
 * Spacing of recorded points for a scenario that already holds `events` changes: 200 ms, then
 * wider as the list grows, so that a long session of dragging keeps the link under the
 * parser's 8 KB limit (scenario.md) — about 15 bytes per event.
 */
export function eventSpacingNs(events: number): number {
  if (events < 150) return MIN_EVENT_SPACING_NS;
  if (events < 300) return 1_000_000_000;
  return 10_000_000_000;
}

/** Where the run stands when the log is asked something. */
export interface RunPoint {
  /** Simulated time reached (a frame boundary), ns. */
  readonly nowNs: Nanos;
  /** Frame length of the system, ns (pending changes land on frame boundaries). */
  readonly frameNs: Nanos;
  /** True once the run has finished. */
  readonly done: boolean;
}

/**
 * What the caller must do after an edit:
 * - `unchanged`: nothing (the value was already in force);
 * - `restart`: start the run again from t = 0 with `scenario()`;
 * - `timed`: the change is pending at the current time (call `due` to apply it); when `rewind`,
 *   first re-run `scenario()` from t = 0 to the current time (a new branch after a seek back).
 */
export type EditOutcome =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'restart' }
  | { readonly kind: 'timed'; readonly rewind: boolean };

/** A change to apply now. */
export interface DueChange {
  readonly key: string;
  readonly value: ParamValue;
}

export class EditLog {
  /** Starting values (events always empty). */
  private base!: Scenario;
  /** Recorded timed changes, time-sorted. */
  private events: ScenarioEvent[] = [];
  /** Changes waiting for their key's spacing, by key (latest value wins). */
  private readonly pending = new Map<string, ParamValue>();
  /** Time of the last recorded change per key, ns. */
  private readonly lastNs = new Map<string, Nanos>();

  constructor(scenario: Scenario) {
    this.replace(scenario);
  }

  /** Start over from a scenario (its values become the starting values, its events the recorded ones). */
  replace(scenario: Scenario): void {
    this.base = { ...scenario, events: [] };
    this.events = sortEvents(scenario.events);
    this.pending.clear();
    this.rebuildLast();
  }

  /** Starting values plus the recorded timed changes: what a restart runs. */
  scenario(): Scenario {
    return { ...this.base, events: sortEvents(this.events) };
  }

  /** The scenario with pending changes written as the events they will become (the share link). */
  scenarioWithPending(at: RunPoint): Scenario {
    const extra = [...this.pending].map(([key, value]) => ({
      t: toSeconds(this.dueAt(key, at)),
      key,
      value,
    }));
    return { ...this.base, events: sortEvents([...this.events, ...extra]) };
  }

  /** The value a change of `key` waits to apply, if any. */
  pendingValue(key: string): ParamValue | undefined {
    return this.pending.get(key);
  }

  /** Time at which the next pending change becomes due, ns (Infinity when none waits). */
  nextDueNs(): Nanos {
    let next = Infinity;
    for (const key of this.pending.keys()) {
      const last = this.lastNs.get(key);
      next = Math.min(next, last === undefined ? 0 : last + this.spacing());
    }
    return next;
  }

  /** Whether an edit of a key (`live`: it may change during a run) sets its starting value ({@link edit}). */
  setsStart(live: boolean, at: RunPoint): boolean {
    const underway = at.nowNs > 0 && !at.done;
    return !underway || !live;
  }

  /**
   * An edit of `key` (parsed value). `live`: the key may change during a run. See the module
   * comment for the rules.
   */
  edit(key: string, value: ParamValue, live: boolean, at: RunPoint): EditOutcome {
    const underway = at.nowNs > 0 && !at.done;
    if (!underway) return this.setStart(key, value, at, true);
    if (!live) return this.setStart(key, value, at, false);

    if (this.pending.has(key) && sameValue(this.pending.get(key), value)) return { kind: 'unchanged' };
    if (!this.pending.has(key) && this.recordedAt(key, at)) {
      // A second edit at the same paused moment (no frame has run since the first): the moment holds
      // one value, so the new one replaces the recorded one rather than waiting a spacing, and the run
      // is re-run up to here so that the value shown is the value in force (issue #8 item 2). After a
      // seek back to that moment, the changes recorded later go as for any change there (a new branch).
      if (sameValue(this.valueAt(key, at.nowNs), value)) return { kind: 'unchanged' };
      this.events = this.events.filter(
        (e) => seconds(e.t) <= at.nowNs && !(e.key === key && this.sameMoment(seconds(e.t), at)),
      );
      this.rebuildLast();
      if (!sameValue(this.valueAt(key, at.nowNs), value)) this.pending.set(key, value);
      return { kind: 'timed', rewind: true };
    }
    if (sameValue(this.valueAt(key, at.nowNs), value)) {
      if (!this.pending.delete(key)) return { kind: 'unchanged' };
      return { kind: 'timed', rewind: false }; // back to the value in force: the waiting change is void
    }
    const later = this.events.some((e) => seconds(e.t) > at.nowNs);
    if (later) {
      this.events = this.events.filter((e) => seconds(e.t) <= at.nowNs);
      this.rebuildLast();
    }
    this.pending.set(key, value);
    return { kind: 'timed', rewind: later };
  }

  /** Pending changes whose spacing has passed at `nowNs`: recorded at `nowNs` and returned to apply. */
  due(nowNs: Nanos): DueChange[] {
    const out: DueChange[] = [];
    for (const [key, value] of [...this.pending]) {
      const last = this.lastNs.get(key);
      if (last !== undefined && nowNs < last + this.spacing()) continue;
      this.events.push({ t: toSeconds(nowNs), key, value });
      this.lastNs.set(key, nowNs);
      this.pending.delete(key);
      out.push({ key, value });
    }
    return out;
  }

  /** Write pending changes into the recorded list at the times they would land (before a restart or seek). */
  commitPending(at: RunPoint): void {
    if (this.pending.size === 0) return;
    this.events = this.scenarioWithPending(at).events as ScenarioEvent[];
    this.pending.clear();
    this.rebuildLast();
  }

  /** Drop every timed change (keep the starting values). */
  clearTimedChanges(): void {
    this.events = [];
    this.pending.clear();
    this.lastNs.clear();
  }

  /** A starting value: `own` drops the key's timed changes (before the run or after it finished). */
  private setStart(key: string, value: ParamValue, at: RunPoint, own: boolean): EditOutcome {
    const current = key === 'seed' ? this.base.seed : this.base.values[key];
    const timed = own && (this.pending.has(key) || this.events.some((e) => e.key === key));
    if (sameValue(current, value) && !timed) return { kind: 'unchanged' };
    this.commitPending(at);
    if (own) this.events = this.events.filter((e) => e.key !== key);
    this.base =
      key === 'seed' && typeof value === 'number'
        ? { ...this.base, seed: value }
        : { ...this.base, values: { ...this.base.values, [key]: value } };
    this.rebuildLast();
    return { kind: 'restart' };
  }

  /**
   * True when `key` has a recorded change at the current moment: the run is paused where it made it,
   * or was sought back there (then the key's last point may be a later one).
   */
  private recordedAt(key: string, at: RunPoint): boolean {
    return this.events.some((e) => e.key === key && this.sameMoment(seconds(e.t), at));
  }

  /** Two times on the same frame boundary (recorded times pass through seconds, so allow rounding). */
  private sameMoment(tNs: Nanos, at: RunPoint): boolean {
    return Math.abs(tNs - at.nowNs) < at.frameNs / 2;
  }

  /** Value of `key` in force at `nowNs` from the recorded changes (pending ones aside). */
  private valueAt(key: string, nowNs: Nanos): ParamValue | undefined {
    let v: ParamValue | undefined = this.base.values[key];
    for (const e of this.events) if (e.key === key && seconds(e.t) <= nowNs) v = e.value;
    return v;
  }

  /** When a pending change of `key` lands: its spacing after the key's last point, on a frame boundary. */
  private dueAt(key: string, at: RunPoint): Nanos {
    const last = this.lastNs.get(key);
    const due = last === undefined ? at.nowNs : Math.max(at.nowNs, last + this.spacing());
    return Math.ceil(due / at.frameNs) * at.frameNs;
  }

  private spacing(): Nanos {
    return eventSpacingNs(this.events.length);
  }

  private rebuildLast(): void {
    this.lastNs.clear();
    for (const e of this.events) this.lastNs.set(e.key, Math.max(this.lastNs.get(e.key) ?? 0, seconds(e.t)));
  }
}
