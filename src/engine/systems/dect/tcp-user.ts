/**
 * The TCP user's link (dect.md "TCP user"): terminal 0 with the MAC state machine, target
 * `bearers` full-slot bearers on the shared bearer set (link/bearer-set.ts), each a
 * {@link DectMacBearer} (MAC Ip) on its own Gilbert–Elliott channel, which the set's radio
 * (`DectBearerRadio`) holds, steps and judges, and one DLC LU2 connection (an end at the RFP side, one at
 * the phone) over all of them. When the connection drops the terminal sets up a new one at once
 * and the DLC goes on over it with nothing flushed: the DLC ends outlive every bearer, and their
 * timers stand still while there is none.
 *
 * Per TDMA frame: the DLC timers, then the down slots of every live bearer (RFP → phone), then
 * the up slots; before its slot each MAC end that can take a packet asks the DLC for a fragment
 * ("one per bearer per frame and direction").
 */
import type { Packet } from '../../core/packet';
import type { RandomStream, RandomStreams } from '../../core/rng';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { BearerSet } from '../../link/bearer-set';
import {
  DectDlcEntity,
  DectDlcTrace,
  copyDectDlcFragment,
  createDectDlcFragment,
  type DectDlcFragment,
} from '../../link/dect-dlc';
import {
  DECT_DOWN,
  DECT_FRAME_NS,
  DECT_UP,
  DectBearerChannel,
  DectBearerRadio,
  DectMacBearer,
  type DectDirection,
} from '../../link/dect-mac';
import { carrierOf, slotOf, type DectCluster } from './air';
import type { RequestArbiter } from './arbiter';
import { HO_NEED_BAD, HO_NEED_GOOD, type DectConfig } from './config';
import { DlcQueue } from './dlc-queue';
import { DectTerminal, MacState, type TerminalOwner } from './terminal';
import { TimeoutLog } from './timeout-log';

/** Terminal number of the TCP user in traces. */
export const TCP_USER = 0;

/** `dect.handover` kinds. */
export const HandoverKind = {
  START: 0,
  DONE: 1,
  FAILED: 2,
  CONNECTION: 3,
  DROP: 4,
  BLOCKED: 5,
  UP: 6,
  DOWN: 7,
} as const;
export const HANDOVER_LABELS = ['start', 'done', 'failed', 'connection', 'drop', 'blocked', 'up', 'down'];

export type Fragment = DectDlcFragment;

export class TcpUserLink implements TerminalOwner {
  readonly terminal: DectTerminal;
  readonly set: BearerSet<DectMacBearer<Fragment>>;
  /** The bearers' radio: one Gilbert–Elliott subfield channel per bearer index, judged through the set. */
  readonly radio: DectBearerRadio<DectBearerChannel>;
  /** DLC ends: [0] at the RFP side (sends down), [1] at the phone (sends up). */
  readonly dlc: [DectDlcEntity, DectDlcEntity] = [new DectDlcEntity(), new DectDlcEntity()];
  readonly queues: [DlcQueue, DlcQueue];
  /** MAC counters of bearers already released (live ones are added on reading). */
  readonly macGone = { packets: 0, retransmissions: 0, subfieldErrors: 0, givenUp: 0 };
  /** Sum over frames of the bearers held (for the mean). */
  bearerFrames = 0;
  /** Frames spent holding each count of bearers (0–12). */
  readonly framesByCount = new Array<number>(13).fill(0);
  frames = 0;
  /** Set-ups made after a drop or a block (the immediate re-set-up). */
  resetups = 0;
  /** Stretches without any bearer and what led to them, for the TCP timeouts (timeout-log.ts). */
  readonly timeoutLog = new TimeoutLog();
  private readonly hoRng: RandomStream;
  private readonly dlcTrace: DectDlcTrace | null;
  private readonly countTrace: TraceSource | null;
  private readonly hoTrace: TraceSource | null;
  private readonly stateTrace: TraceSource | null;
  private episode = 1;

  constructor(
    private readonly rng: RandomStreams,
    private readonly cfg: DectConfig,
    private readonly cluster: DectCluster,
    arbiter: RequestArbiter,
    rfp: number,
    private readonly traces: TraceRecorder,
    /** Where delivered packets go: dir 0 = down (to the phone's host), 1 = up. */
    private readonly deliver: (dir: 0 | 1, p: Packet, frame: number) => void,
  ) {
    this.hoRng = rng.get('dect.tcp.handover');
    this.set = new BearerSet(cfg.bearers);
    this.radio = new DectBearerRadio(cfg.bearers);
    this.queues = [new DlcQueue(this.dlc[0]), new DlcQueue(this.dlc[1])];
    this.terminal = new DectTerminal(
      {
        id: TCP_USER,
        width: 1,
        target: cfg.bearers,
        minimum: 1,
        bth: cfg.bth,
        hoTimerFrames: Math.max(1, Math.round(cfg.hoTimer * 100)),
      },
      rng.get('dect.tcp.list'),
      cluster,
      arbiter,
      this,
      rfp,
    );
    const on = traces.enabled;
    this.dlcTrace = on ? new DectDlcTrace(traces) : null;
    this.countTrace = on ? traces.source('dect.bearers', ['count']) : null;
    // rfp, held: the serving RFP (after a Connection_Handover starts: the one it moves into) and
    // the channels reserved on it at that moment, of 120 — how full the cell was.
    this.hoTrace = on
      ? traces.source('dect.handover', ['terminal', 'bearer', 'kind', 'rfp', 'held'], {
          kind: HANDOVER_LABELS,
        })
      : null;
    this.stateTrace = on ? traces.source('dect.macState', ['terminal', 'state']) : null;
  }

  /** IP packet from the RFP side's host (dir 0) or the phone's (dir 1) into the DLC queue. */
  send(dir: 0 | 1, p: Packet): void {
    this.queues[dir].push(p);
  }

  /** The MAC step of the TCP user's terminal (requests; answers come from the arbiter). */
  macStep(frame: number): void {
    this.terminal.step(frame);
  }

  /** The TCP user's traffic in frame `frame` (after the MAC step). */
  trafficStep(frame: number): void {
    this.frames++;
    this.bearerFrames += this.terminal.count;
    this.framesByCount[this.terminal.count]++;
    const ep = this.cfg.berEpisode;
    if (ep) {
      const f = frame >= ep.start && frame < ep.end ? ep.factor : 1;
      if (f !== this.episode) {
        this.episode = f;
        this.radio.forEach((c) => c.setEpisodeFactor(f));
      }
    }
    const ahead = 2 * Math.max(1, this.terminal.count);
    // dect.md Dropped: the DLC "resumes on [the new connection] with nothing flushed" — while the
    // TCP user holds no bearer (dropped, blocked, setting up again) its LU2 timers stand still.
    if (this.terminal.count > 0) {
      this.dlc[0].resume(frame);
      this.dlc[1].resume(frame);
    } else {
      this.dlc[0].suspend(frame);
      this.dlc[1].suspend(frame);
    }
    // Every live bearer's channel steps once, before the down slots (dect-mac/radio.ts).
    this.radio.step(frame, this.set.active);
    const live = this.set.live;
    for (let d = 0; d < 2; d++) {
      const dir: DectDirection = d === 0 ? DECT_DOWN : DECT_UP;
      const from = this.dlc[dir];
      const to = this.dlc[1 - dir];
      this.queues[dir].feed(ahead);
      from.tick(frame);
      for (let k = 0; k < live.length; k++) {
        // The DLC writes its fragment straight into the MAC end's own payload (no copy on the way).
        const end = live[k].sender(dir);
        if (end.ready && from.pollTransmit(frame, end.draft)) end.submitDraft();
      }
      for (let k = 0; k < live.length; k++) {
        const b = live[k];
        if (dir === DECT_DOWN) b.downSlot(frame);
        else b.upSlot(frame);
        const got = b.receiver(dir).takeReceived();
        if (got) to.handleFrame(frame, got, false);
        for (let e = b.pollEvent(); e !== null; e = b.pollEvent()) this.dlc[e.dir].ackLost();
      }
      for (let id = to.takeDelivered(); id >= 0; id = to.takeDelivered()) {
        const p = this.queues[dir].take(id);
        if (p) this.deliver(dir, p, frame);
      }
      // The time in ns only for an event (rare): the product is no small integer.
      for (let e = to.pollEvent(); e !== null; e = to.pollEvent())
        this.dlcTrace?.record(frame * DECT_FRAME_NS, TCP_USER, dir, e);
    }
  }

  bearerUp(term: DectTerminal, i: number, frame: number): void {
    const berScale = this.cfg.fixedBearers ? 1e-12 : this.cfg.berScale;
    const ch = new DectBearerChannel(
      this.rng.get(`dect.tcp.bearer${i}.state`),
      this.rng.get(`dect.tcp.bearer${i}.errors`),
      berScale,
    );
    if (this.episode !== 1) ch.setEpisodeFactor(this.episode);
    this.radio.attach(i, ch);
    const b = new DectMacBearer<Fragment>({
      terminal: TCP_USER,
      bearer: i,
      channel: ch,
      makePayload: createDectDlcFragment,
      copy: copyDectDlcFragment,
      trace: this.traces,
      packetOf: (f) => f.packet,
    });
    b.carrier = carrierOf(term.ch[i]);
    b.slot = slotOf(term.ch[i]);
    this.set.join(i, b);
    this.handoverRecord(frame, i, HandoverKind.UP);
    this.countTrace?.record(frame * DECT_FRAME_NS, term.count);
    if (term.count === 1) this.timeoutLog.bearerBack(frame * DECT_FRAME_NS);
  }

  bearerMoved(term: DectTerminal, i: number, frame: number): void {
    const b = this.set.get(i);
    if (b) {
      b.carrier = carrierOf(term.ch[i]);
      b.slot = slotOf(term.ch[i]);
    }
    if (term.state !== MacState.CONNECTION_HANDOVER) this.handoverRecord(frame, i, HandoverKind.DONE);
  }

  bearerDown(term: DectTerminal, i: number, frame: number, failedHandover: boolean): void {
    const b = this.set.release(i, frame * DECT_FRAME_NS, 0);
    this.radio.detach(i);
    if (b) {
      for (const end of [b.rfp, b.portable]) {
        const c = end.counters;
        this.macGone.packets += c.packets;
        this.macGone.retransmissions += c.retransmissions;
        this.macGone.subfieldErrors += c.subfieldErrors;
        this.macGone.givenUp += c.givenUp;
      }
      // A packet in flight on the bearer is gone with it: let each DLC end resend its acknowledgement.
      if (!b.rfp.ready) this.dlc[0].ackLost();
      if (!b.portable.ready) this.dlc[1].ackLost();
    }
    const kind = failedHandover ? HandoverKind.FAILED : HandoverKind.DOWN;
    this.handoverRecord(frame, i, kind);
    this.countTrace?.record(frame * DECT_FRAME_NS, term.count);
    if (term.count === 0)
      this.timeoutLog.noBearer(frame * DECT_FRAME_NS, term.state === MacState.CONNECTION_HANDOVER);
  }

  needsHandover(_t: DectTerminal, i: number, frame: number): boolean {
    if (this.cfg.fixedBearers) return false;
    const p = (this.radio.channelBad(i) ? HO_NEED_BAD : HO_NEED_GOOD) * this.cfg.hoScale;
    if (this.hoRng.next() >= p) return false;
    this.handoverRecord(frame, i, HandoverKind.START);
    return true;
  }

  idle(term: DectTerminal, frame: number, after: MacState): void {
    const kind = after === MacState.DROPPED ? HandoverKind.DROP : HandoverKind.BLOCKED;
    this.handoverRecord(frame, -1, kind);
    if (after === MacState.DROPPED) this.timeoutLog.drop(frame * DECT_FRAME_NS);
    else this.timeoutLog.blocked(frame * DECT_FRAME_NS);
    // dect.md Dropped: "the TCP user immediately sets up a new MAC connection".
    this.resetups++;
    term.setUp(frame);
  }

  stateChanged(term: DectTerminal, frame: number): void {
    this.stateTrace?.record(frame * DECT_FRAME_NS, TCP_USER, term.state);
    if (term.state === MacState.CONNECTION_HANDOVER) {
      this.handoverRecord(frame, -1, HandoverKind.CONNECTION);
      this.timeoutLog.connectionHandover(
        frame * DECT_FRAME_NS,
        term.count,
        this.cluster.grids[term.rfp].used,
      );
    }
  }

  /** One `dect.handover` record of the TCP user (bearer −1: the connection as a whole). */
  private handoverRecord(frame: number, bearer: number, kind: number): void {
    const rfp = this.terminal.rfp;
    this.hoTrace?.record(frame * DECT_FRAME_NS, TCP_USER, bearer, kind, rfp, this.cluster.grids[rfp].used);
  }

  /** Mean bearers held so far. */
  get meanBearers(): number {
    return this.frames > 0 ? this.bearerFrames / this.frames : 0;
  }
}
