/**
 * One terminal's MAC state machine (dect.md "MAC state machine per terminal"):
 * Idle_Locked → Call_Setup (3 s timer) → Active_Locked (at the target, or at the timer with at
 * least the minimum bearers) or Blocked (1 frame, bearers released) → Idle_Locked. From
 * Active_Locked: Bearer_Handover (one bearer at a time, seamless, `hoTimer`), Connection_Handover
 * (all bearers to another RFP within 3 s; those not moved are lost), Connection_Modification
 * (below `bth`: set bearers up again one at a time until back at the target), Dropped (fewer than
 * the minimum of 1 bearer; released next frame) and back to Idle_Locked at call end.
 *
 * The terminal makes requests; the {@link RequestArbiter} answers them at the end of the frame.
 * Its owner (the TCP user's driver, or the background population) learns of bearers coming up,
 * moving and going down, and says when a bearer needs a handover (from its channel state).
 */
import { mutableFields } from '../../core/field-shape';
import { DECT_SLOTS, slotMaskOf, type DectCluster, type SlotWidth } from './air';
import { ChannelList } from './channel-list';
import { MAC_STATE_LABELS, MacState } from './mac-state';
import { zeroTerminalCounters, type TerminalCounters } from './terminal-counters';

export type { TerminalCounters } from './terminal-counters';
import { Refusal, RequestKind, type RequestArbiter, type Requester } from './arbiter';
import type { RandomStream } from '../../core/rng';
import { DECT_FRAME_NS } from '../../link/dect-mac/packet';

export { MAC_STATE_LABELS, MacState } from './mac-state';

/** Frames of the Call_Setup and Connection_Handover timers (3 s). */
export const SETUP_TIMER_FRAMES = 300;
export const CONNECTION_HANDOVER_FRAMES = 300;
/**
 * Lists are refreshed on entering Call_Setup or a handover, then every 30 frames while it lasts
 * (dect.md "Channel list"); a Connection_Modification set-up is a set-up, refreshed the same way.
 */
export const LIST_REFRESH_FRAMES = 30;

/** What the terminal tells its owner, and asks it. */
export interface TerminalOwner {
  bearerUp(t: DectTerminal, i: number, frame: number): void;
  bearerMoved(t: DectTerminal, i: number, frame: number): void;
  /** Bearer `i` went down; `failedHandover`: its handover found no channel before `hoTimer`. */
  bearerDown(t: DectTerminal, i: number, frame: number, failedHandover: boolean): void;
  /** Does bearer `i` need a handover in `frame` (dect.md: 10⁻⁴ Good, 10⁻³ Bad, × hoScale)? */
  needsHandover(t: DectTerminal, i: number, frame: number): boolean;
  /** The terminal went back to Idle_Locked (after Blocked, Dropped or the call's end). */
  idle(t: DectTerminal, frame: number, after: MacState): void;
  /** A state change, for traces. */
  stateChanged?(t: DectTerminal, frame: number): void;
}

export interface TerminalOptions {
  readonly id: number;
  readonly width: SlotWidth;
  /** Bearers wanted (1 for single-bearer terminals). */
  readonly target: number;
  /** Minimum acceptable bearers (1 for every terminal, dect.md). */
  readonly minimum: number;
  /** Connection_Modification threshold: below it bearers are set up again (Infinity: never, ∞ > any count… 0: never). */
  readonly bth: number;
  /** Bearer handover timer, frames. */
  readonly hoTimerFrames: number;
  /** Keep `counters.byCount` (default true; the background calls do not). */
  readonly byBearers?: boolean;
}

export class DectTerminal implements Requester {
  readonly id: number;
  readonly width: SlotWidth;
  /** The options' figures as own fields: read through `o`, whose shape differs between the TCP
   * user and background calls (`byBearers`), every step's reads were polymorphic. */
  private readonly target: number;
  private readonly minimum: number;
  private readonly bth: number;
  private readonly hoTimerFrames: number;
  state: MacState = MacState.IDLE_LOCKED;
  /** Serving RFP. */
  rfp: number;
  /** Per bearer: channel (−1 = none) and the RFP it is on. */
  readonly ch: Int16Array;
  readonly bearerRfp: Int8Array;
  /** Bearers held. */
  count = 0;
  /** Bearer in handover (−1: none). */
  ho = -1;
  readonly list: ChannelList;
  readonly counters: TerminalCounters;

  private deadline = 0;
  private hoDeadline = 0;
  private nextRefresh = 0;
  /** Bearers not yet moved in a Connection_Handover (bit mask). */
  private unmoved = 0;
  private pendingSlots = 0;
  /** Requests made in the last step. */
  private requests = 0;
  /**
   * Connection_Modification is under way: set bearers up again until back at the target. A
   * Connection_Handover that interrupts it does not end it (settle() resumes it).
   */
  restoring = false;
  /** End of the current Connection_Modification set-up (its 3 s timer). */
  private setupDeadline = 0;
  /** Bearers held when the running bearer handover and Connection_Handover started. */
  private hoCount = 0;
  private chCount = 0;

  constructor(
    readonly o: TerminalOptions,
    rng: RandomStream,
    private readonly cluster: DectCluster,
    private readonly arbiter: RequestArbiter,
    private readonly owner: TerminalOwner,
    rfp: number,
    /** A list to reuse instead of a new one on `rng` (set-up refreshes it before any look). */
    list?: ChannelList,
  ) {
    this.id = o.id;
    this.width = o.width;
    this.target = o.target;
    this.minimum = o.minimum;
    this.bth = o.bth;
    this.hoTimerFrames = o.hoTimerFrames;
    this.rfp = rfp;
    this.list = list ?? new ChannelList(rng);
    this.counters = zeroTerminalCounters(o.byBearers ?? true);
    this.ch = new Int16Array(o.target).fill(-1);
    this.bearerRfp = new Int8Array(o.target).fill(-1);
    mutableFields(this, ['rfp']); // changed by handovers only (core/field-shape.ts)
  }

  /** Radio slots in use (bit mask over the 12). */
  get busySlots(): number {
    let m = 0;
    for (let i = 0; i < this.ch.length; i++) if (this.ch[i] >= 0) m |= slotMaskOf(this.ch[i], this.width);
    return m;
  }

  /** Idle_Locked → Call_Setup (3 s timer), with a fresh channel list. */
  setUp(frame: number): void {
    if (this.state !== MacState.IDLE_LOCKED)
      throw new Error(`DECT terminal ${this.id}: set-up while ${MAC_STATE_LABELS[this.state]}`);
    this.counters.setups++;
    this.deadline = frame + SETUP_TIMER_FRAMES;
    this.nextRefresh = frame + LIST_REFRESH_FRAMES;
    this.list.refresh(this.cluster.grids[this.rfp]);
    this.enter(MacState.CALL_SETUP, frame);
  }

  /** The call ends (background terminals): release everything, back to Idle_Locked. */
  end(frame: number): void {
    this.releaseAll(frame);
    const was = this.state;
    this.enter(MacState.IDLE_LOCKED, frame);
    this.owner.idle(this, frame, was);
  }

  /** Move the connection to RFP `to` (dect.md Connection_Handover: 3 s to move every bearer). */
  connectionHandover(to: number, frame: number): void {
    if (to === this.rfp) return;
    this.rfp = to;
    if (this.state === MacState.CALL_SETUP) {
      // Not connected yet: the set-up goes on at the new RFP with the bearers it has.
      this.nextRefresh = frame + LIST_REFRESH_FRAMES;
      this.list.refresh(this.cluster.grids[to]);
      return;
    }
    if (this.count === 0 || this.state === MacState.BLOCKED || this.state === MacState.DROPPED) return;
    this.counters.connectionHandovers++;
    this.chCount = this.count;
    if (this.counters.byCount) this.counters.byCount.connectionHandovers[this.count]++;
    if (this.ho >= 0) this.ho = -1; // the bearer handover is overtaken by the move
    this.unmoved = 0;
    for (let i = 0; i < this.ch.length; i++)
      if (this.ch[i] >= 0 && this.bearerRfp[i] !== to) this.unmoved |= 1 << i;
    this.deadline = frame + CONNECTION_HANDOVER_FRAMES;
    this.nextRefresh = frame + LIST_REFRESH_FRAMES;
    this.list.refresh(this.cluster.grids[to]);
    this.enter(MacState.CONNECTION_HANDOVER, frame);
  }

  /**
   * Release bearer `i` (a user's toggle, a failed handover). A bearer the terminal does not hold, or
   * one beyond its target (`bearer11=0` with `bearers=10`), leaves nothing to release.
   */
  releaseBearer(i: number, frame: number, failedHandover = false): void {
    if (!(i >= 0 && i < this.ch.length) || this.ch[i] < 0) return;
    this.cluster.release(this.bearerRfp[i], this.ch[i], this.width, this.id, frame * DECT_FRAME_NS);
    this.ch[i] = -1;
    this.bearerRfp[i] = -1;
    this.count--;
    this.unmoved &= ~(1 << i);
    if (this.ho === i) this.ho = -1;
    this.owner.bearerDown(this, i, frame, failedHandover);
  }

  /** One TDMA frame of this terminal's MAC: timers, handover needs, requests. */
  step(frame: number): void {
    this.pendingSlots = 0;
    this.requests = 0;
    switch (this.state) {
      case MacState.IDLE_LOCKED:
        return;
      case MacState.BLOCKED:
      case MacState.DROPPED: {
        const was = this.state;
        this.releaseAll(frame);
        this.enter(MacState.IDLE_LOCKED, frame);
        this.owner.idle(this, frame, was);
        return;
      }
      case MacState.CALL_SETUP:
        if (this.count >= this.target || frame >= this.deadline) {
          if (this.count >= this.minimum) this.enter(MacState.ACTIVE_LOCKED, frame);
          else {
            this.counters.blocked++;
            this.enter(MacState.BLOCKED, frame);
          }
          return;
        }
        this.refreshIfDue(frame);
        for (let i = 0; i < this.ch.length; i++) if (this.ch[i] < 0) this.ask(i, RequestKind.SETUP, this.rfp);
        return;
      case MacState.CONNECTION_HANDOVER:
        if (frame >= this.deadline || this.unmoved === 0) {
          for (let i = 0; i < this.ch.length; i++)
            if ((this.unmoved >> i) & 1) {
              this.counters.bearersLostInConnectionHandover++;
              if (this.counters.byCount) this.counters.byCount.lost[this.chCount]++;
              this.releaseBearer(i, frame);
            }
          this.unmoved = 0;
          this.settle(frame);
          return;
        }
        this.refreshIfDue(frame);
        // dect.md: "move all bearers to another RFP within a 3 s timer" — unlike Bearer_Handover
        // and Connection_Modification ("one at a time"), every bearer not yet moved asks each frame.
        for (let i = 0; i < this.ch.length; i++)
          if ((this.unmoved >> i) & 1) this.ask(i, RequestKind.CONNECTION_HANDOVER, this.rfp);
        return;
      default:
        this.activeStep(frame);
    }
  }

  /** Active_Locked, Bearer_Handover and Connection_Modification. */
  private activeStep(frame: number): void {
    // Bearer handover: a running one times out or asks again; otherwise a need may arise.
    if (this.ho >= 0 && frame >= this.hoDeadline) {
      this.counters.handoversFailed++;
      if (this.counters.byCount) this.counters.byCount.failed[this.hoCount]++;
      this.releaseBearer(this.ho, frame, true); // dect.md: not reserved before hoTimer → released
    }
    if (this.count < this.minimum) {
      this.counters.drops++;
      this.enter(MacState.DROPPED, frame);
      return;
    }
    if (this.ho < 0) {
      for (let i = 0; i < this.ch.length; i++) {
        if (this.ch[i] < 0 || !this.owner.needsHandover(this, i, frame)) continue;
        this.ho = i;
        this.counters.handoversStarted++;
        this.hoCount = this.count;
        if (this.counters.byCount) this.counters.byCount.handovers[this.count]++;
        this.hoDeadline = frame + this.hoTimerFrames;
        this.nextRefresh = frame + LIST_REFRESH_FRAMES;
        this.list.refresh(this.cluster.grids[this.rfp]);
        break;
      }
    }
    if (this.ho >= 0) {
      this.refreshIfDue(frame);
      this.ask(this.ho, RequestKind.HANDOVER, this.rfp);
    }
    if (this.state !== MacState.CONNECTION_MODIFICATION && this.count < this.bth) {
      this.counters.modifications++;
      this.restoring = true;
      this.startModificationSetup(frame);
      this.state = MacState.CONNECTION_MODIFICATION;
      this.owner.stateChanged?.(this, frame);
    }
    if (this.state === MacState.CONNECTION_MODIFICATION) {
      if (this.count >= this.target) {
        this.restoring = false;
        this.settle(frame);
        return;
      }
      // dect.md: "each set-up may fail under load": a set-up that has no bearer by its timer
      // failed, and the next one starts at once, from a fresh list (lists are refreshed at set-up).
      if (frame >= this.setupDeadline) {
        this.counters.modificationSetupsFailed++;
        this.startModificationSetup(frame);
      } else this.refreshIfDue(frame);
      for (let i = 0; i < this.ch.length; i++)
        if (this.ch[i] < 0) {
          this.ask(i, RequestKind.SETUP, this.rfp); // one bearer at a time
          break;
        }
      return;
    }
    const s = this.ho >= 0 ? MacState.BEARER_HANDOVER : MacState.ACTIVE_LOCKED;
    if (s !== this.state) this.enter(s, frame);
  }

  granted(frame: number, i: number, kind: RequestKind, rfp: number, ch: number): void {
    if (kind === RequestKind.SETUP) {
      this.ch[i] = ch;
      this.bearerRfp[i] = rfp;
      this.count++;
      this.owner.bearerUp(this, i, frame);
      // The next bearer's set-up starts (from the next frame) with a fresh list.
      if (this.state === MacState.CONNECTION_MODIFICATION) this.startModificationSetup(frame);
      return;
    }
    // Seamless: the old channel is released only now that the new one is reserved.
    this.cluster.release(this.bearerRfp[i], this.ch[i], this.width, this.id, frame * DECT_FRAME_NS);
    this.ch[i] = ch;
    this.bearerRfp[i] = rfp;
    if (kind === RequestKind.HANDOVER) {
      this.ho = -1;
      this.counters.handoversDone++;
      if (this.state === MacState.BEARER_HANDOVER) this.enter(MacState.ACTIVE_LOCKED, frame);
    } else this.unmoved &= ~(1 << i);
    this.owner.bearerMoved(this, i, frame);
  }

  refused(_frame: number, _i: number, _kind: RequestKind, _rfp: number, ch: number, why: Refusal): void {
    if (why === Refusal.RESERVED) this.counters.refusedReserved++;
    else this.counters.refusedCollision++;
    this.list.markBusy(ch);
  }

  private ask(i: number, kind: RequestKind, rfp: number): void {
    const ch = this.list.pick(this.busySlots | this.pendingSlots, this.width);
    if (ch < 0) return;
    this.pendingSlots |= slotMaskOf(ch, this.width);
    this.requests++;
    this.arbiter.request(this, rfp, ch, i, kind);
  }

  /**
   * After {@link step} of `frame`: the first frame at which stepping again can change anything,
   * when nothing else acts on the terminal meanwhile. A step that made no request found its list
   * empty for every bearer it wants, and the list changes only at a refresh or on a refused
   * request: so Call_Setup has nothing to do before its timer or its next list refresh, and a
   * running bearer handover nothing before its timer or its next list refresh. Otherwise the next
   * frame.
   */
  quietUntil(frame: number): number {
    if (this.requests > 0) return frame + 1;
    if (this.state === MacState.CALL_SETUP)
      return Math.max(frame + 1, Math.min(this.deadline, this.nextRefresh));
    if ((this.state === MacState.ACTIVE_LOCKED || this.state === MacState.BEARER_HANDOVER) && this.ho >= 0)
      return Math.max(frame + 1, Math.min(this.hoDeadline, this.nextRefresh));
    return frame + 1;
  }

  private refreshIfDue(frame: number): void {
    if (frame < this.nextRefresh) return;
    this.nextRefresh = frame + LIST_REFRESH_FRAMES;
    this.list.refresh(this.cluster.grids[this.rfp]);
  }

  /** One Connection_Modification set-up starts: a fresh list and the 3 s set-up timer. */
  private startModificationSetup(frame: number): void {
    this.setupDeadline = frame + SETUP_TIMER_FRAMES;
    this.nextRefresh = frame + LIST_REFRESH_FRAMES;
    this.list.refresh(this.cluster.grids[this.rfp]);
  }

  /**
   * After a Connection_Handover or Connection_Modification: Active_Locked, or Dropped; a
   * Connection_Modification that the handover interrupted goes on (at the new RFP).
   */
  private settle(frame: number): void {
    if (this.count < this.minimum) {
      this.counters.drops++;
      this.enter(MacState.DROPPED, frame);
    } else if (this.restoring && this.count < this.target) {
      this.startModificationSetup(frame);
      this.enter(MacState.CONNECTION_MODIFICATION, frame);
    } else {
      this.restoring = false;
      this.enter(this.ho >= 0 ? MacState.BEARER_HANDOVER : MacState.ACTIVE_LOCKED, frame);
    }
  }

  private releaseAll(frame: number): void {
    for (let i = 0; i < this.ch.length; i++) this.releaseBearer(i, frame);
    this.restoring = false;
    this.ho = -1;
    this.unmoved = 0;
  }

  private enter(s: MacState, frame: number): void {
    if (s === this.state) return;
    this.state = s;
    this.owner.stateChanged?.(this, frame);
  }
}

/** Slots of one radio: a terminal can never hold more bearers than this. */
export const MAX_BEARERS = DECT_SLOTS;
