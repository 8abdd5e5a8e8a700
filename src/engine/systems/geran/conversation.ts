/**
 * The voice call that shares the slot (geran.md "Speech"): both directions' speech from the
 * conversation models of channels.md §4 — independent on–off sources at `activity`, or one
 * ITU-T P.59 conversation whose two sides are correlated — masked by `speech` (both, up, down,
 * off; switchable live). The models always run, each on its own random stream, so switching a
 * direction off and on again shows the same conversation.
 *
 * It traces `geran.speech` (dir, talking) at every change of a direction's effective state, for
 * the strips under the sequence-number graph, and keeps the history of the downlink's silences:
 * the efficiency counts bytes against the measured downlink silence time (geran.md "Metrics").
 */
import type { RandomStreams } from '../../core/rng';
import type { Scheduler, Timer } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { OnOffSpeech, P59Conversation, type SpeechActivity } from '../../channel/speech';
import { MUX_DIR_LABELS, type MuxDir, type SlotSpeech } from '../../link/geran-mux';
import type { GeranSpeechMode } from './params';

/** Whether a mode lets direction `dir` speak (0 = up, 1 = down). */
export function speaks(mode: GeranSpeechMode, dir: MuxDir): boolean {
  return mode === 'both' || (mode === 'up' ? dir === 0 : mode === 'down' ? dir === 1 : false);
}

/** Effective on/off changes of one direction, for the silence time over any past interval. */
class StateHistory {
  private readonly times: number[] = [0];
  private readonly talking: boolean[];
  /** Cumulative silent ns at each change time. */
  private readonly silentBefore: number[] = [0];

  constructor(initial: boolean) {
    this.talking = [initial];
  }

  get now(): boolean {
    return this.talking[this.talking.length - 1];
  }

  set(t: Nanos, talking: boolean): void {
    const i = this.times.length - 1;
    if (this.talking[i] === talking) return;
    const silent = this.silentBefore[i] + (this.talking[i] ? 0 : t - this.times[i]);
    if (t === this.times[i]) {
      this.talking[i] = talking;
      return;
    }
    this.times.push(t);
    this.talking.push(talking);
    this.silentBefore.push(silent);
  }

  /** Silent ns in [0, t], for any t up to now. */
  silentUntil(t: Nanos): number {
    let lo = 0;
    let hi = this.times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return this.silentBefore[lo] + (this.talking[lo] ? 0 : t - this.times[lo]);
  }
}

export class GeranConversation {
  /** The two directions' models: [uplink (the mobile user), downlink (the far end)]. */
  readonly models: readonly [SpeechActivity, SpeechActivity];
  /** What `owns` answers for the multiplexer, per direction. */
  readonly slots: readonly [SlotSpeech, SlotSpeech];
  private readonly history: [StateHistory, StateHistory];
  private readonly trace: TraceSource | null;
  /** Nominal activity of one direction's model (P.59: ≈ 0.39). */
  readonly activity: number;

  constructor(
    scheduler: Scheduler,
    rng: RandomStreams,
    opts: { model: 'onoff' | 'p59'; activity: number; mode: GeranSpeechMode; recorder?: TraceRecorder },
    private readonly onChange: (dir: MuxDir, now: Nanos) => void,
  ) {
    if (opts.model === 'p59') {
      const conv = new P59Conversation(rng.get('geran.speech.p59'));
      this.models = [conv.a, conv.b];
    } else {
      this.models = [
        new OnOffSpeech(rng.get('geran.speech.up'), { activity: opts.activity }),
        new OnOffSpeech(rng.get('geran.speech.down'), { activity: opts.activity }),
      ];
    }
    this.activity = this.models[0].activity;
    this.mode = opts.mode;
    const slot = (dir: MuxDir): SlotSpeech => ({
      owns: (t) => speaks(this.mode, dir) && this.models[dir].talking(t),
      nextChangeAfter: (t) => this.models[dir].nextChangeAfter(t),
    });
    this.slots = [slot(0), slot(1)];
    this.history = [new StateHistory(this.slots[0].owns(0)), new StateHistory(this.slots[1].owns(0))];
    const rec = opts.recorder;
    this.trace =
      rec && rec.enabled
        ? rec.source('geran.speech', ['dir', 'talking'], {
            dir: MUX_DIR_LABELS,
            talking: ['silent', 'speech'],
          })
        : null;
    this.trace?.record(0, 0, this.history[0].now ? 1 : 0);
    this.trace?.record(0, 1, this.history[1].now ? 1 : 0);
    this.watch(scheduler, 0);
    this.watch(scheduler, 1);
  }

  /** The directions speaking (live). */
  mode: GeranSpeechMode;

  /** Switch the speaking directions at `now`. */
  setMode(mode: GeranSpeechMode, now: Nanos): void {
    this.mode = mode;
    this.update(0, now);
    this.update(1, now);
  }

  /** Effective state of `dir` now (speech owns its blocks). */
  talking(dir: MuxDir): boolean {
    return this.history[dir].now;
  }

  /** Silent ns of `dir` in [from, to]. */
  silentTime(dir: MuxDir, from: Nanos, to: Nanos): number {
    return to > from ? this.history[dir].silentUntil(to) - this.history[dir].silentUntil(from) : 0;
  }

  /** Follow a model's changes: one timer per direction, at each change of the model's state. */
  private watch(scheduler: Scheduler, dir: MuxDir): Timer {
    const timer = scheduler.timer((now) => {
      this.update(dir, now);
      timer.set(this.models[dir].nextChangeAfter(now));
    });
    timer.set(this.models[dir].nextChangeAfter(0));
    return timer;
  }

  private update(dir: MuxDir, now: Nanos): void {
    const on = this.slots[dir].owns(now);
    if (on === this.history[dir].now) return;
    this.history[dir].set(now, on);
    this.trace?.record(now, dir, on ? 1 : 0);
    this.onChange(dir, now);
  }
}
