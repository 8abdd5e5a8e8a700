/**
 * The background terminals (dect.md "Mobile terminal types"): P08j (half slot), P32 (full slot),
 * P80 (double slot), single-bearer voice or narrowband data, and Data (multibearer). Calls of
 * each type arrive as a Poisson process; durations are exponential, except Data calls: 1, 2 or 3
 * minutes with probability 0.333 each and 30 minutes with probability 0.001. Each call is a
 * terminal with the whole MAC state machine (terminal.ts) on the grid of the RFP nearest to where
 * it appears; only the MAC is simulated (no traffic, no bit errors).
 *
 * Each bearer's handover need follows its own Gilbert–Elliott state (P(G→B) = 0.02,
 * P(B→G) = 0.2 per frame; need 10⁻⁴ Good, 10⁻³ Bad, × hoScale). With no bit errors to draw,
 * the state and the need are drawn as geometric times between events rather than per frame: the
 * same process, one draw per event instead of one per frame; a call in Active_Locked draws its
 * bearers' states ahead to their next need and sleeps until then (nextNeed).
 *
 * Our choices where dect.md gives no figure: voice calls last 120 s on average; a Data terminal
 * wants 4 full-slot bearers (minimum 1; see DATA_TERMINAL_BEARERS) and, like every background terminal, does not set lost
 * bearers up again (no Connection_Modification); calls appear uniformly over
 * x ∈ [−60, 60] m, y ∈ [−20, 20] m and do not move.
 */
import { GeometricDraws } from '../../core/geometric';
import type { RandomStream, RandomStreams } from '../../core/rng';
import { DECT_RFPS, servingRfp, type DectCluster, type SlotWidth } from './air';
import type { ChannelList } from './channel-list';
import type { RequestArbiter } from './arbiter';
import { DectTerminal, MacState, type TerminalOwner } from './terminal';
import { WakeQueue, type Sleeper } from './wake-queue';
import { GE_BAD_TO_GOOD, GE_GOOD_TO_BAD, HO_NEED_BAD, HO_NEED_GOOD } from './config';

export const BACKGROUND_TYPES = ['p08j', 'p32', 'p80', 'data'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

interface TypeSpec {
  readonly width: SlotWidth;
  readonly bearers: number;
}
/** Bearers a Data terminal wants (ours: dect.md says "multibearer"); why four: config.ts. */
export const DATA_TERMINAL_BEARERS = 4;
const TYPES: Record<BackgroundType, TypeSpec> = {
  p08j: { width: 1, bearers: 1 },
  p32: { width: 1, bearers: 1 },
  p80: { width: 2, bearers: 1 },
  data: { width: 1, bearers: 4 },
};
/** Mean voice call, s (our choice). */
export const VOICE_MEAN_S = 120;
const FRAMES_PER_S = 100;

/**
 * How far past a call's end its bearers' fading is run ahead at most, frames (2000 s). The look-ahead
 * to the next need is otherwise unbounded: about 1 / (hoScale × 1.8·10⁻⁴) frames, which at
 * hoScale = 10⁻⁹ is 10¹³ frames of sojourns, drawn one by one (a 4 s run took 5.7 s at 10⁻⁴ and
 * never ended at 10⁻⁹). A need past the call's end does nothing, so the bound only decides when the
 * draws stop: at hoScale ≥ 0.5 a look-ahead reaches this far past the call's end with a chance
 * below e⁻¹⁸ (need rate ≥ 0.9·10⁻⁴ per frame), so the runs the lab and the validation make draw
 * exactly what they drew without it (the baseline check: no field moved). Below, a call draws at
 * most its own length plus these 2000 s of sojourns per bearer, ≈ 15 000 draws.
 */
export const LOOK_AHEAD_PAST_END = 200_000;

/** Per-bearer fading as event times (see the file comment). */
interface BearerFading {
  bad: boolean;
  /** First frame of the next sojourn. */
  stateEnd: number;
  /** Frame of the next handover need in this sojourn; Infinity (or ≥ stateEnd): none in it. */
  needAt: number;
}

/**
 * One background call: its terminal, and the terminal's owner (it forwards what the terminal
 * reports to the population, with itself as the call — no look-up per callback).
 */
class BackgroundCall implements TerminalOwner, Sleeper {
  terminal!: DectTerminal;
  /**
   * Per bearer index, its fading while it is up (null before). One slot per bearer from the start:
   * an array that grew only as bearers came up was read past its end for a call whose second
   * bearer never came, and changed its kind as it filled — each a recompilation of the frame loop.
   */
  readonly fading: (BearerFading | null)[] = [];
  /** Asleep (in the wake queue) until this frame: its step is skipped until then. */
  sleepUntil = 0;

  constructor(
    private readonly pop: BackgroundPopulation,
    readonly id: number,
    readonly type: number,
    readonly endFrame: number,
    readonly x: number,
    readonly y: number,
    bearers: number,
  ) {
    for (let i = 0; i < bearers; i++) this.fading.push(null);
  }

  bearerUp(t: DectTerminal, i: number, frame: number): void {
    this.pop.bearerUp(this, i, frame);
  }

  bearerMoved(): void {}

  bearerDown(): void {}

  needsHandover(_t: DectTerminal, i: number, frame: number): boolean {
    return this.pop.needsHandover(this, i, frame);
  }

  idle(t: DectTerminal, _frame: number, after: MacState): void {
    this.pop.idle(this, after);
  }
}

/** Counts per type (index as BACKGROUND_TYPES). */
export interface BackgroundCounters {
  arrived: number[];
  carried: number[];
  blocked: number[];
  dropped: number[];
}

export class BackgroundPopulation {
  /**
   * Calls in progress and calls ended since the last {@link compact}, in arrival (id) order:
   * ended calls are taken out in batches, not in every frame where one ends (that was a pass
   * over all calls every few frames).
   */
  private readonly list: BackgroundCall[] = [];
  /** Calls in progress. */
  private live = 0;
  readonly counters: BackgroundCounters = {
    arrived: [0, 0, 0, 0],
    carried: [0, 0, 0, 0],
    blocked: [0, 0, 0, 0],
    dropped: [0, 0, 0, 0],
  };
  /** Bearer handovers of background terminals: started, done, failed. */
  readonly handovers = { started: 0, done: 0, failed: 0 };
  /** Σ over frames of the calls in progress (the bench's terminals simulated). */
  terminalFrames = 0;
  /** Fading sojourns drawn (the look-ahead's work; tests read it). */
  sojourns = 0;
  /** Look-aheads that stopped at LOOK_AHEAD_PAST_END without a need (tests read it). */
  bounded = 0;
  private readonly arrivalRng: RandomStream;
  private readonly callRng: RandomStream;
  private readonly fadingRng: RandomStream;
  private readonly listRng: RandomStream;
  private readonly nextArrival = [Infinity, Infinity, Infinity, Infinity];
  private readonly meanGapFrames: number[];
  private nextId = 1;
  /**
   * Calls stepped every frame (the first `awakeCount`, in id order); the others sleep in
   * {@link sleepers}. The arrays are overwritten, never emptied (that would reallocate them).
   */
  private awake: BackgroundCall[] = [];
  private awakeCount = 0;
  private spare: BackgroundCall[] = [];
  private readonly due: BackgroundCall[] = [];
  private readonly sleepers = new WakeQueue<BackgroundCall>();
  /**
   * Channel lists of calls that ended, for the next arrivals: a list is a typed array of 120
   * channels outside the JavaScript heap, costly to make and collect for thousands of calls an
   * hour, and every background list draws from the same stream and is refreshed at set-up.
   */
  private readonly spareLists: ChannelList[] = [];
  /** Fading transitions (Good → Bad, Bad → Good) and handover needs (Good, Bad). */
  private readonly toBad = new GeometricDraws(GE_GOOD_TO_BAD);
  private readonly toGood = new GeometricDraws(GE_BAD_TO_GOOD);
  private readonly needGood: GeometricDraws;
  private readonly needBad: GeometricDraws;

  /**
   * @param ratesPerHour calls per hour per type (p08j, p32, p80, data)
   * @param hoScale multiplies the handover need probabilities
   */
  constructor(
    rng: RandomStreams,
    ratesPerHour: readonly number[],
    private readonly cluster: DectCluster,
    private readonly arbiter: RequestArbiter,
    hoScale: number,
    private readonly hoTimerFrames: number,
  ) {
    this.arrivalRng = rng.get('dect.background.arrivals');
    this.callRng = rng.get('dect.background.calls');
    this.fadingRng = rng.get('dect.background.fading');
    this.listRng = rng.get('dect.background.lists');
    this.needGood = new GeometricDraws(HO_NEED_GOOD * hoScale);
    this.needBad = new GeometricDraws(HO_NEED_BAD * hoScale);
    this.meanGapFrames = ratesPerHour.map((r) => (r > 0 ? (3600 * FRAMES_PER_S) / r : Infinity));
    for (let k = 0; k < 4; k++) this.nextArrival[k] = this.arrivalRng.exponential(this.meanGapFrames[k]);
  }

  /** Calls in progress. */
  get active(): number {
    return this.live;
  }

  /** The calls in progress, in arrival (id) order. */
  get calls(): readonly BackgroundCall[] {
    this.compact();
    return this.list;
  }

  /**
   * One frame: arrivals, then call ends and MAC steps of the calls awake or due, in id order (the
   * order of every call's step, as if all were stepped: a sleeping call's step would do nothing).
   */
  step(frame: number): void {
    for (let k = 0; k < 4; k++) {
      while (this.nextArrival[k] <= frame) {
        this.arrive(k, frame);
        this.nextArrival[k] += this.arrivalRng.exponential(this.meanGapFrames[k]);
      }
    }
    const due = this.due;
    const dueCount = this.sleepers.popDue(frame, due);
    const awake = this.awake;
    const awakeCount = this.awakeCount;
    const next = this.spare;
    let nextCount = 0;
    let ended = 0;
    for (let i = 0, j = 0; i < awakeCount || j < dueCount;) {
      const c = j >= dueCount || (i < awakeCount && awake[i].id < due[j].id) ? awake[i++] : due[j++];
      const t = c.terminal;
      if (frame >= c.endFrame && t.state !== MacState.IDLE_LOCKED) t.end(frame);
      else t.step(frame);
      if (t.state === MacState.IDLE_LOCKED) {
        ended++;
        continue;
      }
      const until = Math.min(this.nextStep(c, frame), c.endFrame);
      if (until > frame + 1) {
        c.sleepUntil = until;
        this.sleepers.push(c);
      } else next[nextCount++] = c;
    }
    this.awake = next;
    this.awakeCount = nextCount;
    this.spare = awake;
    this.live -= ended;
    if (this.list.length - this.live > 64 + (this.live >> 2)) this.compact();
    this.terminalFrames += this.live;
  }

  /** Take the ended calls out of {@link list}. */
  private compact(): void {
    const list = this.list;
    if (list.length === this.live) return;
    let w = 0;
    for (let i = 0; i < list.length; i++)
      if (list[i].terminal.state !== MacState.IDLE_LOCKED) list[w++] = list[i];
    list.length = w;
  }

  /** After a step: the next frame at which the call's step can do anything. */
  private nextStep(c: BackgroundCall, frame: number): number {
    const t = c.terminal;
    // Active_Locked with no handover: only a handover need can act.
    if (t.state === MacState.ACTIVE_LOCKED && t.ho < 0) return this.nextNeed(c, frame + 1);
    return t.quietUntil(frame);
  }

  /**
   * The first frame from `from` on at which a bearer of `c` needs a handover. Each live bearer's
   * fading runs ahead to its next need: the sojourns up to `from` (a need that fell before `from`
   * is not kept, as in {@link needsHandover}), then sojourn after sojourn until one holds a need.
   * The draws are made now instead of at each state change — the same process, and a settled call
   * sleeps from need to need instead of waking at every change of its bearers' states.
   */
  private nextNeed(c: BackgroundCall, from: number): number {
    // hoScale = 0: no bearer ever needs a handover, and no sojourn would hold one.
    if (this.needGood.p <= 0 && this.needBad.p <= 0) return Infinity;
    let at = Infinity;
    const ch = c.terminal.ch;
    for (let i = 0; i < ch.length; i++) {
      const f = c.fading[i];
      if (ch[i] < 0 || !f) continue;
      this.runTo(f, from);
      if (f.needAt >= f.stateEnd) this.runSojourns(f, 0, true, c.endFrame + LOOK_AHEAD_PAST_END);
      if (f.needAt < at) at = f.needAt;
    }
    return at;
  }

  /** Bring a bearer's fading to `frame`: its sojourns ended by then, and no need before it. */
  private runTo(f: BearerFading, frame: number): void {
    if (frame >= f.stateEnd) this.runSojourns(f, frame, false);
    if (f.needAt < frame) f.needAt = frame + this.needWithin(f, frame);
  }

  /*
   * Sojourns, one after another: at `stateEnd` the state flips, and the new sojourn draws its
   * length and its first need (inside it, or none). A settled call runs dozens between two of its
   * steps, so each loop works on locals and writes the bearer's fading back once.
   */

  /**
   * Sojourns while the next one starts at or before `frame` (`toNeed` false), or until one holds a
   * need (`toNeed` true) or the next would start after `bound` (LOOK_AHEAD_PAST_END: no need then
   * in the call's life, and the fading stays there — a later look-ahead draws nothing more).
   */
  private runSojourns(f: BearerFading, frame: number, toNeed: boolean, bound = Infinity): void {
    const rng = this.fadingRng;
    let bad = f.bad;
    let end = f.stateEnd;
    let need = f.needAt;
    let n = 0;
    while (toNeed ? need >= end && end <= bound : frame >= end) {
      const start = end;
      bad = !bad;
      end = start + 1 + (bad ? this.toGood : this.toBad).draw(rng);
      need = start + (bad ? this.needBad : this.needGood).drawBelow(rng, end - start);
      n++;
    }
    f.bad = bad;
    f.stateEnd = end;
    f.needAt = need;
    this.sojourns += n;
    if (toNeed && need >= end) this.bounded++;
  }

  private arrive(k: number, frame: number): void {
    const type = BACKGROUND_TYPES[k];
    const spec = TYPES[type];
    const rng = this.callRng;
    const x = rng.uniform(-60, 60);
    const y = rng.uniform(-20, 20);
    const seconds = type === 'data' ? dataDuration(rng) : rng.exponential(VOICE_MEAN_S);
    const id = this.nextId++;
    const call = new BackgroundCall(
      this,
      id,
      k,
      frame + Math.max(1, Math.round(seconds * FRAMES_PER_S)),
      x,
      y,
      spec.bearers,
    );
    call.terminal = new DectTerminal(
      {
        id,
        width: spec.width,
        target: spec.bearers,
        minimum: 1,
        bth: 0,
        hoTimerFrames: this.hoTimerFrames,
        byBearers: false,
      },
      this.listRng,
      this.cluster,
      this.arbiter,
      call,
      servingRfp(x, y, -1),
      this.spareLists.pop(),
    );
    this.counters.arrived[k]++;
    this.list.push(call);
    this.live++;
    this.awake[this.awakeCount++] = call; // the newest id: the awake list stays in id order
    call.terminal.setUp(frame);
  }

  /** A bearer of `c` came up: its fading starts Good. */
  bearerUp(c: BackgroundCall, i: number, frame: number): void {
    // needAt starts as Infinity, a value of its final kind (a double: "no need in this sojourn"),
    // so that no fading object's shape changes when one first has none (see CONTRIBUTING).
    const f = { bad: false, stateEnd: frame + 1 + this.toBad.draw(this.fadingRng), needAt: Infinity };
    f.needAt = frame + this.needWithin(f, frame);
    c.fading[i] = f;
    const t = c.terminal;
    if (t.count === 1 && t.state === MacState.CALL_SETUP) this.counters.carried[c.type]++;
  }

  /** Does bearer `i` of `c` need a handover in `frame`? Runs its fading events up to `frame`. */
  needsHandover(c: BackgroundCall, i: number, frame: number): boolean {
    const f = c.fading[i];
    if (!f) return false;
    // A need that fell while another handover ran is not kept (one at a time, as for the TCP user).
    this.runTo(f, frame);
    if (f.needAt !== frame) return false;
    f.needAt = frame + 1 + this.needWithin(f, frame + 1);
    return true;
  }

  /**
   * Frames from `from` to the bearer's next handover need in its current sojourn (the state's
   * need probability, one draw), or Infinity when the need falls at or after `stateEnd`: such a
   * need is never used (a new sojourn draws its own), so only whether it falls inside matters —
   * which {@link GeometricDraws.drawBelow} mostly tells without a logarithm, the same draw.
   */
  private needWithin(f: BearerFading, from: number): number {
    return (f.bad ? this.needBad : this.needGood).drawBelow(this.fadingRng, f.stateEnd - from);
  }

  /** The terminal of `c` went back to Idle_Locked: the call is over. */
  idle(c: BackgroundCall, after: MacState): void {
    const t = c.terminal;
    this.handovers.started += t.counters.handoversStarted;
    this.handovers.done += t.counters.handoversDone;
    this.handovers.failed += t.counters.handoversFailed;
    if (after === MacState.BLOCKED) this.counters.blocked[c.type]++;
    else if (after === MacState.DROPPED) this.counters.dropped[c.type]++;
    // Idle for good: the terminal never looks at its list again.
    this.spareLists.push(t.list);
  }

  /** Positions of the calls in progress (for the map). */
  positions(): { x: number; y: number; type: number; rfp: number }[] {
    return this.calls.map((c) => ({ x: c.x, y: c.y, type: c.type, rfp: c.terminal.rfp }));
  }
}

/** Data call duration, s: 1, 2 or 3 minutes (0.333 each) or 30 minutes (0.001). */
export function dataDuration(rng: RandomStream): number {
  const u = rng.next();
  if (u < 0.333) return 60;
  if (u < 0.666) return 120;
  if (u < 0.999) return 180;
  return 1800;
}

export const RFP_COUNT = DECT_RFPS.length;
