/**
 * Speech activity models (channels.md §4, geran.md "Speech"). Each direction of a conversation
 * alternates talkspurts and silences. A GERAN radio block is speech if a talkspurt is in
 * progress at its start, so the API answers `talking(t)` for block start times queried in
 * (nearly) non-decreasing order; the state advances lazily across any number of changes.
 *
 * Durations are drawn per talkspurt/silence (never per block) with `drawExponential`, which
 * avoids Math.log (see draws.ts), and rounded to whole nanoseconds.
 */
import type { RandomStream } from '../core/rng';
import { NS_PER_SECOND, type Nanos } from '../core/time';
import { drawExponential } from './draws';
import { SegmentTimeline } from './timeline';

/** One direction's speech activity. */
export interface SpeechActivity {
  /** True if a talkspurt is in progress at t (t non-decreasing, small steps back tolerated). */
  talking(t: Nanos): boolean;
  /** The first time after t at which `talking` changes. */
  nextChangeAfter(t: Nanos): Nanos;
  /** Theoretical long-run fraction of time talking. */
  readonly activity: number;
}

function durationNs(rng: RandomStream, meanSeconds: number): Nanos {
  return Math.max(1, Math.round(drawExponential(rng, meanSeconds) * NS_PER_SECOND));
}

/** Means of the on–off model, seconds. */
export interface OnOffSpeechParams {
  readonly talkMeanSeconds: number;
  readonly silenceMeanSeconds: number;
}

/** channels.md §4 defaults: talkspurt 1.004 s, silence 1.227 s ⇒ 45 % voice activity. */
export const ONOFF_SPEECH_DEFAULTS: OnOffSpeechParams = { talkMeanSeconds: 1.004, silenceMeanSeconds: 1.227 };

/**
 * Silence mean that gives voice activity `a` with the talkspurt mean kept:
 * silence = talkspurt × (1 − a) / a (geran.md `activity`).
 */
export function silenceMeanForActivity(talkMeanSeconds: number, activity: number): number {
  if (!(activity > 0 && activity < 1)) throw new RangeError(`speech activity must be in (0, 1): ${activity}`);
  return (talkMeanSeconds * (1 - activity)) / activity;
}

const TALK = 1;
const SILENT = 0;

/**
 * Two-state on–off speech source with exponential talkspurts and silences (channels.md §4).
 * Starts in the stationary distribution: talking with probability `activity`, with an
 * exponential residual (memoryless, so the residual has the full-period law).
 */
export class OnOffSpeech extends SegmentTimeline implements SpeechActivity {
  private readonly talkMean: number;
  private readonly silenceMean: number;

  /**
   * @param rng this direction's own stream (e.g. `geran.speech.up`).
   * @param params means in seconds; `activity`, if given, replaces the silence mean by
   *   talkMean·(1 − a)/a.
   * @param start time at which the timeline begins (queries before it throw).
   */
  constructor(
    private readonly rng: RandomStream,
    params: Partial<OnOffSpeechParams> & { activity?: number } = {},
    start: Nanos = 0,
  ) {
    super();
    this.talkMean = params.talkMeanSeconds ?? ONOFF_SPEECH_DEFAULTS.talkMeanSeconds;
    this.silenceMean =
      params.activity !== undefined
        ? silenceMeanForActivity(this.talkMean, params.activity)
        : (params.silenceMeanSeconds ?? ONOFF_SPEECH_DEFAULTS.silenceMeanSeconds);
    if (!(this.talkMean > 0 && this.silenceMean > 0)) throw new RangeError('speech means must be positive');
    this.begin(start, rng.next() < this.activity ? TALK : SILENT);
  }

  /** Theoretical activity talk / (talk + silence). */
  get activity(): number {
    return this.talkMean / (this.talkMean + this.silenceMean);
  }

  /** Mean talkspurt, seconds. */
  get talkMeanSeconds(): number {
    return this.talkMean;
  }

  /** Mean silence, seconds. */
  get silenceMeanSeconds(): number {
    return this.silenceMean;
  }

  protected nextState(prev: number): number {
    return prev === TALK ? SILENT : TALK;
  }

  protected duration(state: number): Nanos {
    return durationNs(this.rng, state === TALK ? this.talkMean : this.silenceMean);
  }

  talking(t: Nanos): boolean {
    return this.stateAt(t) === TALK;
  }

  nextChangeAfter(t: Nanos): Nanos {
    return this.nextStateChangeAfter(t);
  }
}

/** States of the P.59 conversation model. */
export const P59State = { SingleTalkA: 0, SingleTalkB: 1, DoubleTalk: 2, MutualSilence: 3 } as const;
/** One of the four {@link P59State} values. */
export type P59State = (typeof P59State)[keyof typeof P59State];

/** Mean durations of the ITU-T P.59 conversational model, seconds. */
export interface P59Params {
  readonly talkspurtSeconds: number;
  readonly pauseSeconds: number;
  readonly doubleTalkSeconds: number;
  readonly mutualSilenceSeconds: number;
}

/** channels.md §4: talkspurt 1.004 s, pause 1.587 s, double talk 0.228 s, mutual silence 0.508 s. */
export const P59_DEFAULTS: P59Params = {
  talkspurtSeconds: 1.004,
  pauseSeconds: 1.587,
  doubleTalkSeconds: 0.228,
  mutualSilenceSeconds: 0.508,
};

/** Derived chain of {@link P59Conversation}. */
export interface P59Chain {
  /** Mean single-talk state duration, seconds. */
  readonly singleTalkSeconds: number;
  /** P(single talk → double talk); otherwise single talk → mutual silence. */
  readonly pDoubleTalk: number;
  /** Long-run time fractions of [single A, single B, double talk, mutual silence]. */
  readonly fractions: readonly [number, number, number, number];
}

/**
 * Fit the four-state chain to the P.59 means. Chain (after Brady's conversation model, as
 * P.59 draws it): single talk X → double talk with probability p, else mutual silence;
 * double talk → single talk A or B with ½ each (one talker stops); mutual silence → single
 * talk A or B with ½ each (one talker starts); state durations exponential.
 * Per visit to single-talk A there is exactly one talkspurt and one pause of A, whence
 *   talkspurt = T_s + 2p·T_dt,   pause = T_s + 2(1 − p)·T_ms,
 * which fixes p = (2·T_ms − (pause − talkspurt)) / (2·(T_ms + T_dt)) and T_s (≈ 0.294 and
 * 0.870 s with the defaults; P.59 lists 0.854 s for single talk). Activity is
 * talkspurt / (talkspurt + pause) ≈ 0.3875.
 */
export function p59Chain(p: P59Params = P59_DEFAULTS): P59Chain {
  const tdt = p.doubleTalkSeconds;
  const tms = p.mutualSilenceSeconds;
  const pDoubleTalk = (2 * tms - (p.pauseSeconds - p.talkspurtSeconds)) / (2 * (tms + tdt));
  const singleTalkSeconds = p.talkspurtSeconds - 2 * pDoubleTalk * tdt;
  if (!(pDoubleTalk >= 0 && pDoubleTalk <= 1 && singleTalkSeconds > 0 && tdt > 0 && tms > 0)) {
    throw new RangeError('P.59 means admit no four-state chain');
  }
  const cycle = p.talkspurtSeconds + p.pauseSeconds;
  const s = singleTalkSeconds / cycle;
  return {
    singleTalkSeconds,
    pDoubleTalk,
    fractions: [s, s, (2 * pDoubleTalk * tdt) / cycle, (2 * (1 - pDoubleTalk) * tms) / cycle],
  };
}

const aTalks = (s: number): boolean => s === P59State.SingleTalkA || s === P59State.DoubleTalk;
const bTalks = (s: number): boolean => s === P59State.SingleTalkB || s === P59State.DoubleTalk;

/**
 * ITU-T P.59 four-state conversation (single talk A, single talk B, double talk, mutual
 * silence): both directions from one chain, so they are correlated as in a real
 * conversation (channels.md §4; ≈ 39 % activity per direction). Starts in the stationary
 * distribution. `a` and `b` are the two directions' views.
 */
export class P59Conversation extends SegmentTimeline {
  readonly chain: P59Chain;
  /** Direction A (e.g. the mobile's uplink speech). */
  readonly a: SpeechActivity;
  /** Direction B. */
  readonly b: SpeechActivity;
  private readonly means: Float64Array;

  constructor(
    private readonly rng: RandomStream,
    params: Partial<P59Params> = {},
    start: Nanos = 0,
  ) {
    super();
    const p = { ...P59_DEFAULTS, ...params };
    this.chain = p59Chain(p);
    const ts = this.chain.singleTalkSeconds;
    this.means = Float64Array.of(ts, ts, p.doubleTalkSeconds, p.mutualSilenceSeconds);
    const activity = p.talkspurtSeconds / (p.talkspurtSeconds + p.pauseSeconds);
    this.a = {
      talking: (t) => aTalks(this.stateAt(t)),
      nextChangeAfter: (t) => this.runEndAfter(t, aTalks),
      activity,
    };
    this.b = {
      talking: (t) => bTalks(this.stateAt(t)),
      nextChangeAfter: (t) => this.runEndAfter(t, bTalks),
      activity,
    };
    const f = this.chain.fractions;
    const u = rng.next();
    const initial =
      u < f[0]
        ? P59State.SingleTalkA
        : u < f[0] + f[1]
          ? P59State.SingleTalkB
          : u < f[0] + f[1] + f[2]
            ? P59State.DoubleTalk
            : P59State.MutualSilence;
    this.begin(start, initial);
  }

  /** Conversation state at t. */
  state(t: Nanos): P59State {
    return this.stateAt(t) as P59State;
  }

  /** Whether side 0 (A) or 1 (B) is talking at t. */
  talking(side: 0 | 1, t: Nanos): boolean {
    return side === 0 ? this.a.talking(t) : this.b.talking(t);
  }

  protected nextState(prev: number): number {
    const u = this.rng.next();
    switch (prev) {
      case P59State.SingleTalkA:
      case P59State.SingleTalkB:
        return u < this.chain.pDoubleTalk ? P59State.DoubleTalk : P59State.MutualSilence;
      default:
        // Double talk: one talker stops; mutual silence: one talker starts — each side ½.
        return u < 0.5 ? P59State.SingleTalkA : P59State.SingleTalkB;
    }
  }

  protected duration(state: number): Nanos {
    return durationNs(this.rng, this.means[state]);
  }
}
