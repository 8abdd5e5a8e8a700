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
 * same process, one draw per event instead of one per frame.
 *
 * Our choices where dect.md gives no figure: voice calls last 120 s on average; a Data terminal
 * wants 2 full-slot bearers (minimum 1) and, like every background terminal, does not set lost
 * bearers up again (no Connection_Modification); calls appear uniformly over
 * x ∈ [−60, 60] m, y ∈ [−20, 20] m and do not move.
 */
import type { RandomStream, RandomStreams } from '../../core/rng';
import { DECT_RFPS, servingRfp, type DectCluster, type SlotWidth } from './air';
import type { RequestArbiter } from './arbiter';
import { DectTerminal, MacState, type TerminalOwner } from './terminal';
import { GE_BAD_TO_GOOD, GE_GOOD_TO_BAD, HO_NEED_BAD, HO_NEED_GOOD } from './config';

export const BACKGROUND_TYPES = ['p08j', 'p32', 'p80', 'data'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

interface TypeSpec {
  readonly width: SlotWidth;
  readonly bearers: number;
}
const TYPES: Record<BackgroundType, TypeSpec> = {
  p08j: { width: 1, bearers: 1 },
  p32: { width: 1, bearers: 1 },
  p80: { width: 2, bearers: 1 },
  data: { width: 1, bearers: 2 },
};
/** Mean voice call, s (our choice). */
export const VOICE_MEAN_S = 120;
const FRAMES_PER_S = 100;

/** Per-bearer fading as event times (see the file comment). */
interface BearerFading {
  bad: boolean;
  stateEnd: number;
  needAt: number;
}

interface BackgroundCall {
  readonly terminal: DectTerminal;
  readonly type: number;
  readonly endFrame: number;
  readonly x: number;
  readonly y: number;
  readonly fading: BearerFading[];
  /**
   * While the terminal sits in Active_Locked with no handover running, nothing happens to it
   * before this frame (its earliest fading change or handover need): its step is skipped until then.
   */
  wake: number;
}

/** Counts per type (index as BACKGROUND_TYPES). */
export interface BackgroundCounters {
  arrived: number[];
  carried: number[];
  blocked: number[];
  dropped: number[];
}

/** `geometric(p)`: failures before the first success, p ∈ (0, 1]. */
function geometric(rng: RandomStream, p: number): number {
  if (p >= 1) return 0;
  if (p <= 0) return Infinity;
  return Math.floor(Math.log(1 - rng.next()) / Math.log(1 - p));
}

export class BackgroundPopulation implements TerminalOwner {
  readonly calls: BackgroundCall[] = [];
  readonly counters: BackgroundCounters = {
    arrived: [0, 0, 0, 0],
    carried: [0, 0, 0, 0],
    blocked: [0, 0, 0, 0],
    dropped: [0, 0, 0, 0],
  };
  /** Bearer handovers of background terminals: started, done, failed. */
  readonly handovers = { started: 0, done: 0, failed: 0 };
  private readonly arrivalRng: RandomStream;
  private readonly callRng: RandomStream;
  private readonly fadingRng: RandomStream;
  private readonly listRng: RandomStream;
  private readonly nextArrival = [Infinity, Infinity, Infinity, Infinity];
  private readonly meanGapFrames: number[];
  private nextId = 1;
  private readonly byTerminal = new Map<DectTerminal, BackgroundCall>();

  /**
   * @param ratesPerHour calls per hour per type (p08j, p32, p80, data)
   * @param hoScale multiplies the handover need probabilities
   */
  constructor(
    rng: RandomStreams,
    ratesPerHour: readonly number[],
    private readonly cluster: DectCluster,
    private readonly arbiter: RequestArbiter,
    private readonly hoScale: number,
    private readonly hoTimerFrames: number,
  ) {
    this.arrivalRng = rng.get('dect.background.arrivals');
    this.callRng = rng.get('dect.background.calls');
    this.fadingRng = rng.get('dect.background.fading');
    this.listRng = rng.get('dect.background.lists');
    this.meanGapFrames = ratesPerHour.map((r) => (r > 0 ? (3600 * FRAMES_PER_S) / r : Infinity));
    for (let k = 0; k < 4; k++) this.nextArrival[k] = this.arrivalRng.exponential(this.meanGapFrames[k]);
  }

  /** Calls in progress. */
  get active(): number {
    return this.calls.length;
  }

  /** One frame: arrivals, call ends, every terminal's MAC step. */
  step(frame: number): void {
    for (let k = 0; k < 4; k++) {
      while (this.nextArrival[k] <= frame) {
        this.arrive(k, frame);
        this.nextArrival[k] += this.arrivalRng.exponential(this.meanGapFrames[k]);
      }
    }
    // Call ends and MAC steps; calls leave the list when their terminal goes idle.
    for (let i = 0; i < this.calls.length; i++) {
      const c = this.calls[i];
      const t = c.terminal;
      if (frame >= c.endFrame && t.state !== MacState.IDLE_LOCKED) t.end(frame);
      else if (frame >= c.wake || !settled(t)) {
        t.step(frame);
        if (settled(t)) c.wake = nextEvent(c);
      }
    }
    let w = 0;
    for (let i = 0; i < this.calls.length; i++)
      if (this.calls[i].terminal.state !== MacState.IDLE_LOCKED) this.calls[w++] = this.calls[i];
    this.calls.length = w;
  }

  private arrive(k: number, frame: number): void {
    const type = BACKGROUND_TYPES[k];
    const spec = TYPES[type];
    const rng = this.callRng;
    const x = rng.uniform(-60, 60);
    const y = rng.uniform(-20, 20);
    const seconds = type === 'data' ? dataDuration(rng) : rng.exponential(VOICE_MEAN_S);
    const t = new DectTerminal(
      {
        id: this.nextId++,
        width: spec.width,
        target: spec.bearers,
        minimum: 1,
        bth: 0,
        hoTimerFrames: this.hoTimerFrames,
      },
      this.listRng,
      this.cluster,
      this.arbiter,
      this,
      servingRfp(x, y, -1),
    );
    const call: BackgroundCall = {
      terminal: t,
      type: k,
      endFrame: frame + Math.max(1, Math.round(seconds * FRAMES_PER_S)),
      x,
      y,
      fading: [],
      wake: 0,
    };
    this.counters.arrived[k]++;
    this.calls.push(call);
    this.byTerminal.set(t, call);
    t.setUp(frame);
  }

  bearerUp(t: DectTerminal, i: number, frame: number): void {
    const call = this.byTerminal.get(t);
    if (!call) return;
    const f = { bad: false, stateEnd: frame + 1 + geometric(this.fadingRng, GE_GOOD_TO_BAD), needAt: 0 };
    f.needAt = frame + geometric(this.fadingRng, HO_NEED_GOOD * this.hoScale);
    call.fading[i] = f;
    if (t.count === 1 && t.state === MacState.CALL_SETUP) this.counters.carried[call.type]++;
  }

  bearerMoved(): void {}

  bearerDown(): void {}

  needsHandover(t: DectTerminal, i: number, frame: number): boolean {
    const f = this.byTerminal.get(t)?.fading[i];
    if (!f) return false;
    const rng = this.fadingRng;
    while (frame >= f.stateEnd) {
      const start = f.stateEnd;
      f.bad = !f.bad;
      f.stateEnd = start + 1 + geometric(rng, f.bad ? GE_BAD_TO_GOOD : GE_GOOD_TO_BAD);
      f.needAt = start + geometric(rng, (f.bad ? HO_NEED_BAD : HO_NEED_GOOD) * this.hoScale);
    }
    // A need that fell while another handover ran is not kept (one at a time, as for the TCP user).
    if (f.needAt < frame)
      f.needAt = frame + geometric(rng, (f.bad ? HO_NEED_BAD : HO_NEED_GOOD) * this.hoScale);
    if (f.needAt !== frame) return false;
    f.needAt = frame + 1 + geometric(rng, (f.bad ? HO_NEED_BAD : HO_NEED_GOOD) * this.hoScale);
    return true;
  }

  idle(t: DectTerminal, _frame: number, after: MacState): void {
    const call = this.byTerminal.get(t);
    if (!call) return;
    this.byTerminal.delete(t);
    this.handovers.started += t.counters.handoversStarted;
    this.handovers.done += t.counters.handoversDone;
    this.handovers.failed += t.counters.handoversFailed;
    if (after === MacState.BLOCKED) this.counters.blocked[call.type]++;
    else if (after === MacState.DROPPED) this.counters.dropped[call.type]++;
  }

  /** Positions of the calls in progress (for the map). */
  positions(): { x: number; y: number; type: number; rfp: number }[] {
    return this.calls.map((c) => ({ x: c.x, y: c.y, type: c.type, rfp: c.terminal.rfp }));
  }
}

/** Active_Locked with no handover: the state in which only a fading change or a need can act. */
function settled(t: DectTerminal): boolean {
  return t.state === MacState.ACTIVE_LOCKED && t.ho < 0;
}

/** The first frame at which a settled call's bearers change fading state or need a handover. */
function nextEvent(c: BackgroundCall): number {
  let at = Infinity;
  const ch = c.terminal.ch;
  for (let i = 0; i < ch.length; i++) {
    const f = c.fading[i];
    if (ch[i] < 0 || !f) continue;
    at = Math.min(at, f.stateEnd, f.needAt);
  }
  return at;
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
