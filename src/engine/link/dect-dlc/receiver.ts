/**
 * The receiving half of an LU2 end (dect.md "DLC, LU2 service"). Fragments of one connection are
 * spread over all its bearers, so they arrive out of order: the receiver keeps every fragment
 * inside the window (a textbook go-back-N receiver discarding them collapses throughput,
 * dect.md) and delivers DLC frames in order. Its two timers, in TDMA frames:
 * - timer 1 (10) starts when a gap appears (a fragment arrives past the in-order point) and
 *   restarts whenever the in-order point advances with a gap left; when it fires the receiver
 *   asks for retransmission (REJ with N(R) = the first missing fragment) and starts timer 2;
 * - timer 2 (20): when it fires the receiver gives the DLC frame holding the first missing
 *   fragment up, moves N(R) past it with the LOSS mark in its next acknowledgement (so the
 *   sender moves on), and takes the next frame. Any advance of the in-order point stops it.
 *
 * Where the given-up frame ends only the sender knows (a receiver missing a frame's last fragment
 * cannot tell it from the next frame's: M marks only the end it holds). So the receiver gives "the
 * frame holding N(R)" up by putting LOSS in its acknowledgements; the sender moves its window
 * past that frame and says where it now starts in an acknowledgement-only fragment, whose N(S)
 * is the sender's oldest unacknowledged fragment (entity.ts). The receiver then skips to it,
 * discarding what it held before it, and takes the next frame. A window edge past the in-order
 * point is taken in any state: it means the sender gave up everything before it.
 */
import { LinkEventQueue } from '../contract';
import {
  DLC_SEQ_MODULUS,
  DLC_TIMER1_FRAMES,
  DLC_TIMER2_FRAMES,
  DLC_WINDOW,
  type DectDlcFragment,
} from './fragment';

const MASK = DLC_SEQ_MODULUS - 1;
const HALF = DLC_SEQ_MODULUS / 2;

/** What the receiver reports (rare: timer expiries and frames given up). */
export type DectDlcEvent =
  | { readonly kind: 'timer1'; readonly frame: number; readonly missing: number }
  | { readonly kind: 'timer2'; readonly frame: number; readonly missing: number }
  | { readonly kind: 'frameLost'; readonly frame: number; readonly first: number; readonly last: number };

export interface DlcReceiverCounters {
  fragmentsReceived: number;
  outOfOrder: number;
  duplicates: number;
  outOfWindow: number;
  framesDelivered: number;
  timer1: number;
  timer2: number;
  framesGivenUp: number;
}

export class DlcReceiver {
  /** In-order point: the first fragment not yet received in order (N(R) as a count). */
  vr = 0;
  /** Fragments held past the in-order point. */
  heldCount = 0;
  /** Timer deadlines (TDMA frames), Infinity when stopped. */
  timer1 = Infinity;
  timer2 = Infinity;
  /** Timer 2 fired: every acknowledgement carries LOSS until the sender's window edge passes N(R). */
  givingUp = false;
  /** REJ for the next acknowledgement. */
  rejPending = false;
  /** The acknowledgement state changed since it was last sent. */
  ackDirty = false;
  readonly counters: DlcReceiverCounters = {
    fragmentsReceived: 0,
    outOfOrder: 0,
    duplicates: 0,
    outOfWindow: 0,
    framesDelivered: 0,
    timer1: 0,
    timer2: 0,
    framesGivenUp: 0,
  };

  private readonly held = new Uint8Array(DLC_SEQ_MODULUS);
  private readonly more = new Uint8Array(DLC_SEQ_MODULUS);
  private readonly packet = new Float64Array(DLC_SEQ_MODULUS);
  /**
   * Packets delivered and not yet taken: `delivered[deliveredHead … deliveredCount)`. Overwritten,
   * never emptied (emptying an array hands its storage back, to be allocated again next frame).
   */
  private readonly delivered: number[] = [];
  private deliveredHead = 0;
  private deliveredCount = 0;

  /** Events not yet polled (the entity's `pollEvent`). */
  readonly events = new LinkEventQueue<DectDlcEvent>();

  constructor(readonly window = DLC_WINDOW) {}

  /** Is fragment `n` (a count) held out of order? */
  holds(n: number): boolean {
    return n >= this.vr && n < this.vr + HALF && this.held[n & MASK] === 1;
  }

  /** The next packet whose DLC frame was delivered whole, in order, or −1. */
  takeDelivered(): number {
    if (this.deliveredHead >= this.deliveredCount) return -1;
    const p = this.delivered[this.deliveredHead++];
    if (this.deliveredHead === this.deliveredCount) {
      this.deliveredCount = 0;
      this.deliveredHead = 0;
    }
    return p;
  }

  /** A data fragment arrived in frame `now`. */
  receive(now: number, f: DectDlcFragment): void {
    const c = this.counters;
    c.fragmentsReceived++;
    const off = (f.ns - this.vr) & MASK;
    if (off >= HALF) {
      c.duplicates++; // behind the in-order point: delivered or given up already
      return;
    }
    if (off >= this.window) {
      c.outOfWindow++;
      return;
    }
    const i = f.ns;
    if (this.held[i] === 1) {
      c.duplicates++;
      return;
    }
    this.held[i] = 1;
    this.more[i] = f.more ? 1 : 0;
    this.packet[i] = f.packet;
    this.heldCount++;
    if (off > 0) {
      c.outOfOrder++;
      // A gap: timer 1 starts unless a timer already runs (dect.md "starts when the receiver sees a gap").
      if (this.timer1 === Infinity && this.timer2 === Infinity && !this.givingUp)
        this.timer1 = now + DLC_TIMER1_FRAMES;
      return;
    }
    this.advance(now);
  }

  /** Move the running timers' deadlines `frames` later (the entity was suspended that long). */
  delayTimers(frames: number): void {
    this.timer1 += frames;
    this.timer2 += frames;
  }

  /** Run the timers due at frame `now`. */
  runTimers(now: number): void {
    if (now >= this.timer1) {
      this.timer1 = Infinity;
      this.counters.timer1++;
      this.events.push({ kind: 'timer1', frame: now, missing: this.vr });
      // dect.md: "the receiver asks for retransmission ... and timer 2 = 20 frames starts".
      this.rejPending = true;
      this.ackDirty = true;
      this.timer2 = now + DLC_TIMER2_FRAMES;
    }
    if (now >= this.timer2) {
      this.timer2 = Infinity;
      this.counters.timer2++;
      this.events.push({ kind: 'timer2', frame: now, missing: this.vr });
      // dect.md: "gives the DLC frame up, marks it delivered-with-loss in its next acknowledgement".
      this.givingUp = true;
      this.ackDirty = true;
    }
  }

  /**
   * The sender's window edge `ns` (an acknowledgement-only fragment's N(S)) arrived: when it lies
   * past the in-order point the sender has given up everything before it — skip there.
   */
  windowEdge(now: number, ns: number): void {
    const off = (ns - this.vr) & MASK;
    if (off === 0 || off >= HALF) return;
    const first = this.vr;
    const to = first + off;
    for (let n = first; n < to; n++) {
      const i = n & MASK;
      if (this.held[i] === 1) {
        this.held[i] = 0;
        this.heldCount--;
      }
    }
    this.vr = to;
    this.givingUp = false;
    this.counters.framesGivenUp++;
    this.events.push({ kind: 'frameLost', frame: now, first, last: to - 1 });
    this.ackDirty = true;
    this.timer1 = Infinity;
    this.timer2 = Infinity;
    // "…and takes the next one": deliver what is held after it; a gap left starts timer 1.
    this.advance(now);
    if (this.heldCount > 0 && this.timer1 === Infinity) this.timer1 = now + DLC_TIMER1_FRAMES;
  }

  /** Deliver held fragments from the in-order point on; restart or stop the timers on progress. */
  private advance(now: number): void {
    const start = this.vr;
    for (let i = this.vr & MASK; this.held[i] === 1; i = this.vr & MASK) {
      this.held[i] = 0;
      this.heldCount--;
      this.vr++;
      if (this.more[i] === 0) {
        this.delivered[this.deliveredCount++] = this.packet[i];
        this.counters.framesDelivered++;
      }
    }
    if (this.vr === start) return;
    this.ackDirty = true;
    // dect.md: timer 1 "restarts whenever the in-order point advances"; the fragment timer 2
    // guarded has come (late, through the MAC), so the frame is not given up after all.
    this.timer2 = Infinity;
    this.givingUp = false;
    this.timer1 = this.heldCount > 0 ? now + DLC_TIMER1_FRAMES : Infinity;
  }
}
