/**
 * One DECT duplex traffic bearer in Ip mode: the RFP's and the portable's MAC ends, the bearer's
 * subfield channel (stepped by the bearers' radio, radio.ts) and the frame order between them
 * (entity.ts: down slot, then up slot), with
 * the `dect.mac` and `dect.bearerState` trace sources. A system's frame loop runs each bearer's
 * {@link DectMacBearer.downSlot} and then its {@link DectMacBearer.upSlot} once per TDMA frame;
 * before each half the layer above (DLC) submits a packet to the sending end if it is ready, and
 * after it takes what the receiving end completed.
 */
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { detailRecorder } from '../link-trace';
import { DectMacEntity, type DectMacEvent, type PayloadCopy } from './entity';
import type { SubfieldChannel } from './channel';
import {
  DECT_DOWN,
  DECT_FRAME_NS,
  DECT_MAX_ATTEMPTS,
  DECT_UP,
  createDectMacPacket,
  subfieldCount,
  type DectDirection,
  type DectMacPacket,
} from './packet';

/** Kinds of `dect.mac` records. */
export const DectMacTraceKind = { NEW: 0, RETRANSMISSION: 1, GIVE_UP: 2 } as const;

const MAC_FIELDS = [
  'terminal',
  'bearer',
  'carrier',
  'slot',
  'dir',
  'kind',
  'seq',
  'attempt',
  'errors',
  'packet',
] as const;

/**
 * `dect.mac`: one record per packet put on a bearer (kind new / retransmission, `errors` = its
 * subfields that failed) and one per packet given up; `packet` is the IP packet id its payload
 * belongs to (−1: none or unknown), so a TCP segment's MAC packets are found by identity. Ten
 * fields: recorded through a reused row. Frame-level (≈ 3.4 million records in the reference hour):
 * outside `traceHash`, recorded only for a reader that keeps it (core/trace.ts).
 */
export function dectMacTraceSource(rec: TraceRecorder): TraceSource<typeof MAC_FIELDS> {
  return rec.source(
    'dect.mac',
    MAC_FIELDS,
    { dir: ['down', 'up'], kind: ['new', 'retransmission', 'giveUp'] },
    { detail: true },
  );
}

/** What a bearer reports: an end's event, with the direction of the packet it concerns. */
export interface DectBearerEvent {
  readonly dir: DectDirection;
  readonly event: DectMacEvent;
}

export interface DectMacBearerOptions<P> {
  /** Terminal number for traces (the TCP user, a background terminal). */
  readonly terminal: number;
  /** Bearer index within the terminal's connection. */
  readonly bearer: number;
  readonly channel: SubfieldChannel;
  readonly makePayload: () => P;
  readonly copy: PayloadCopy<P>;
  readonly maxAttempts?: number;
  readonly trace?: TraceRecorder;
  /** The IP packet id a payload belongs to (−1: none), recorded in `dect.mac`. */
  readonly packetOf?: (p: P) => number;
}

/** One duplex bearer: both MAC ends and their channel. */
export class DectMacBearer<P> {
  /** The RFP's end: sends down, receives up. */
  readonly rfp: DectMacEntity<P>;
  /** The portable's end: sends up, receives down. */
  readonly portable: DectMacEntity<P>;
  readonly terminal: number;
  readonly bearer: number;
  /** Physical channel in use (set by the MAC state machine; for traces). */
  carrier = 0;
  slot = 0;
  private readonly down: DectMacPacket<P>;
  private readonly up: DectMacPacket<P>;
  private readonly channel: SubfieldChannel;
  private readonly events: DectBearerEvent[] = [];
  private readonly macTrace: TraceSource | null;
  private readonly stateTrace: TraceSource | null;
  private readonly row = new Float64Array(MAC_FIELDS.length);
  private lastBad = -1;
  private readonly packetOf: ((p: P) => number) | null;

  constructor(o: DectMacBearerOptions<P>) {
    this.packetOf = o.packetOf ?? null;
    const attempts = o.maxAttempts ?? DECT_MAX_ATTEMPTS;
    this.rfp = new DectMacEntity(o.makePayload, o.copy, attempts);
    this.portable = new DectMacEntity(o.makePayload, o.copy, attempts);
    this.down = createDectMacPacket(o.makePayload());
    this.up = createDectMacPacket(o.makePayload());
    this.channel = o.channel;
    this.terminal = o.terminal;
    this.bearer = o.bearer;
    // Both frame-level: a bearer's packets and its channel's state changes (outside traceHash).
    const rec = detailRecorder(o.trace);
    this.macTrace = rec && dectMacTraceSource(rec);
    this.stateTrace =
      rec &&
      rec.source(
        'dect.bearerState',
        ['terminal', 'bearer', 'bad'],
        { bad: ['good', 'bad'] },
        { detail: true },
      );
  }

  /** The end that sends in `dir`. */
  sender(dir: DectDirection): DectMacEntity<P> {
    return dir === DECT_DOWN ? this.rfp : this.portable;
  }

  /** The end that receives in `dir`. */
  receiver(dir: DectDirection): DectMacEntity<P> {
    return dir === DECT_DOWN ? this.portable : this.rfp;
  }

  /** Is the bearer's channel Bad in the last frame stepped? */
  get bad(): boolean {
    return this.channel.bad;
  }

  /**
   * The first half of TDMA frame `frame`: the down slot goes RFP → portable, on the channel as its
   * radio stepped it for this frame (radio.ts: every active bearer's channel once per frame, before
   * the down slots; a test stepping one bearer alone steps its channel itself). Afterwards `portable.takeReceived()` gives the down packet completed, and the
   * portable has read the acknowledgement of its last up packet, so the layer above can submit
   * the next up packet before {@link upSlot}.
   */
  downSlot(frame: number): void {
    const bad = this.channel.bad ? 1 : 0;
    if (bad !== this.lastBad && this.stateTrace)
      this.stateTrace.record(frame * DECT_FRAME_NS, this.terminal, this.bearer, bad);
    this.lastBad = bad;
    this.slotOf(frame, DECT_DOWN, this.rfp, this.portable, this.down);
  }

  /**
   * The second half of frame `frame`: the up slot goes portable → RFP. Afterwards
   * `rfp.takeReceived()` gives the up packet completed, and the RFP has read the acknowledgement
   * of its down packet (it may submit the next one for the next frame).
   */
  upSlot(frame: number): void {
    this.slotOf(frame, DECT_UP, this.portable, this.rfp, this.up);
  }

  /** The oldest event not yet polled, or null. */
  pollEvent(): DectBearerEvent | null {
    return this.events.length > 0 ? (this.events.shift() ?? null) : null;
  }

  /**
   * One slot. Only the frame number is handed on, never its time in ns: that is no small integer,
   * and a call the compiler does not inline would box it on the heap every slot.
   */
  private slotOf(
    frame: number,
    dir: DectDirection,
    from: DectMacEntity<P>,
    to: DectMacEntity<P>,
    pkt: DectMacPacket<P>,
  ): void {
    from.pollTransmit(frame, pkt);
    if (pkt.data) pkt.errors = this.channel.errors(dir);
    if (pkt.data && this.macTrace) {
      const kind = pkt.attempt > 1 ? DectMacTraceKind.RETRANSMISSION : DectMacTraceKind.NEW;
      this.traceRow(frame, dir, kind, pkt.seq, pkt.attempt, subfieldCount(pkt.errors), pkt.payload);
    }
    to.handleFrame(frame, pkt, false);
    // The acknowledgement just read may have made `to`'s own packet (other direction) give up.
    if (to.eventWaiting)
      for (let e = to.pollEvent(); e !== null; e = to.pollEvent()) {
        const d: DectDirection = dir === DECT_DOWN ? DECT_UP : DECT_DOWN;
        this.events.push({ dir: d, event: e });
        // The packet given up is the one `to` sent last in direction d, still in that slot's packet.
        const last = d === DECT_DOWN ? this.down : this.up;
        if (this.macTrace)
          this.traceRow(frame, d, DectMacTraceKind.GIVE_UP, e.seq, e.attempts, 0, last.payload);
      }
  }

  private traceRow(
    frame: number,
    dir: number,
    kind: number,
    seq: number,
    attempt: number,
    errors: number,
    payload: P,
  ): void {
    const r = this.row;
    r[0] = this.terminal;
    r[1] = this.bearer;
    r[2] = this.carrier;
    r[3] = this.slot;
    r[4] = dir;
    r[5] = kind;
    r[6] = seq;
    r[7] = attempt;
    r[8] = errors;
    r[9] = this.packetOf ? this.packetOf(payload) : -1;
    this.macTrace?.recordRow(frame * DECT_FRAME_NS, r);
  }
}
