import { BEARER_DOWN, BEARER_UP, BearerSet, ChannelPairRadio, erased, type BearerRadio } from '../bearer-set';
import type { FrameChannel } from '../contract';
import { LinkEventQueue } from '../contract';
import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { SlottedDuplexLink, type DuplexEnd } from '../slotted-duplex';
import { activeRecorder, ChannelStateTrace, detailRecorder, frameTraceSource } from '../link-trace';
import type { FramedSink } from '../packet-trace';
import { createStreamPair, type PacketByteStream, type StreamReassembler } from '../ppp/stream';
import { streamServices, type StreamService } from '../stream-service';
import { GsmRlpEntity, RlpMode, type GsmRlpEvent } from './entity';
import {
  GSM_RLP_FRAME_CLASS_LABELS,
  GsmRlpFrame,
  RLP_SLOT_NS,
  RlpKind,
  frameClass,
  type GsmRlpConfig,
  type GsmRlpCounters,
} from './frame';

/** Options of {@link GsmRlpLink}. */
export interface GsmRlpLinkOptions {
  /**
   * One-way radio delay in slots (gsm.md `radioDelay`, inside the RLP loop: interleaving and
   * processing): a frame sent in slot k arrives in slot k + delaySlots. Default 5 (0.1 s);
   * at least 1.
   */
  delaySlots?: number;
  /** Record `link.frame`, `link.event` and `channel.state` here (omit for no tracing). */
  recorder?: TraceRecorder;
  /** Time of slot 0. Default 0. */
  t0?: Nanos;
  /**
   * Told of each new I frame's stream bytes, per direction (up, down), to record which frames
   * carried each datagram (`link.packet`, link/packet-trace.ts); only with a recorder.
   */
  packets?: readonly [FramedSink | null, FramedSink | null];
}

/** Direction codes in traces: 0 = uplink (phone → IWF), 1 = downlink (IWF → phone). */
export const GSM_RLP_DIR_LABELS: readonly string[] = ['up', 'down'];

/** `link.event` kinds. */
export const GsmRlpEventKind = { T1Expiry: 0, Reset: 1, CallDrop: 2, SeqAlias: 3 } as const;
export const GSM_RLP_EVENT_LABELS: readonly string[] = ['t1-expiry', 'reset', 'call-drop', 'seq-alias'];

/** An entity's event, with the direction that entity sends in (0 = the phone, 1 = the IWF). */
export interface GsmRlpLinkEvent {
  readonly dir: 0 | 1;
  readonly event: GsmRlpEvent;
}

/** The two ends on the link's one bearer. */
export interface GsmRlpEnds {
  readonly ms: GsmRlpEntity;
  readonly iwf: GsmRlpEntity;
}

/**
 * The phone's and the IWF's RLP entities joined by the radio: one Markov fading channel per
 * direction (gsm.md §Channel: independent, stepped once per 20 ms frame whether or not the
 * link has anything to say) and a delay line of `delaySlots` frames per direction. The radio
 * is the one-bearer case of a bearer set (link/bearer-set.ts): the link holds a set of one and
 * reads each slot's verdicts from the radio.
 *
 * Each {@link step} runs one slot: the frames sent `delaySlots` slots ago arrive (erased or
 * not), both ends transmit, the radio judges the slot (each channel stepped once) and its
 * verdicts decide the fate of both frames. A released bearer (the call is gone) carries nothing:
 * the slot passes without stepping the entities or the radio.
 * The delay lines are fixed rings of reused frames: no allocation per slot.
 *
 * A call drop at either end releases the other: the call is gone.
 *
 * The link polls each entity's events right after handing it a frame or polling its frame (so
 * that it sees the other end's mode as it was then), counts reset procedures, and queues the
 * events for its own caller ({@link pollEvent}).
 *
 * Traces (only with a recorder):
 * - `link.frame` (dir, kind, seq, error): every frame sent; `seq` is the true N(S) of an I
 *   frame, the true N(R) otherwise;
 * - `link.event` (dir, kind, count): T1 expiries, N2 exhausted (kind 'reset': the end asks for a
 *   reset), call drop, sequence aliases, by the entity sending in `dir`;
 * - `channel.state` (dir, bad) when it changes;
 * - `link.reset` (dir, byPeer): every reset procedure an end began or joined.
 */
export class GsmRlpLink extends SlottedDuplexLink<GsmRlpFrame, GsmRlpEntity> {
  /**
   * Reset procedures: an end starting a reset while the other is not already resetting (two ends
   * whose N2 runs out together make one reset — a SABM collision — not two).
   */
  resetProcedures = 0;
  /** The link's one bearer; its owner releases it when the call is gone. */
  readonly bearers = new BearerSet<GsmRlpEnds>(1);
  private readonly t0: Nanos;
  private readonly tFrame: TraceSource | null;
  private readonly tEvent: TraceSource | null;
  private readonly tChannel: ChannelStateTrace | null;
  private readonly tReset: TraceSource | null;
  private readonly packets: readonly [FramedSink | null, FramedSink | null];
  private readonly last = new Float64Array(8);
  private readonly events = new LinkEventQueue<GsmRlpLinkEvent>();

  constructor(
    /** The phone's end (A: sends uplink) and the IWF's (B: sends downlink). */
    readonly ms: GsmRlpEntity,
    readonly iwf: GsmRlpEntity,
    /** Judges each slot: up = phone → IWF, down = IWF → phone. */
    readonly radio: BearerRadio,
    options: GsmRlpLinkOptions = {},
  ) {
    const d = options.delaySlots ?? 5;
    if (!Number.isInteger(d) || d < 1) throw new RangeError(`GSM RLP delay ${d} slots (must be ≥ 1)`);
    super(ms, iwf, d, () => new GsmRlpFrame());
    this.bearers.join(0, { ms, iwf });
    this.t0 = options.t0 ?? 0;
    const rec = activeRecorder(options.recorder);
    this.tReset = rec
      ? rec.source('link.reset', ['dir', 'byPeer'], {
          dir: GSM_RLP_DIR_LABELS,
          byPeer: ['started', 'by peer'],
        })
      : null;
    const frames = detailRecorder(rec);
    this.tFrame = frames
      ? frameTraceSource(frames, 'link.frame', GSM_RLP_DIR_LABELS, GSM_RLP_FRAME_CLASS_LABELS)
      : null;
    this.tEvent = rec
      ? rec.source('link.event', ['dir', 'kind', 'count'], {
          dir: GSM_RLP_DIR_LABELS,
          kind: GSM_RLP_EVENT_LABELS,
        })
      : null;
    this.tChannel = frames ? new ChannelStateTrace(frames, GSM_RLP_DIR_LABELS) : null;
    this.packets = (frames && options.packets) || [null, null];
  }

  /** Start time of slot `n`. */
  slotTime(n: number): Nanos {
    return this.t0 + n * RLP_SLOT_NS;
  }

  /** True once the call has dropped. */
  get isDown(): boolean {
    return this.ms.mode === RlpMode.Down && this.iwf.mode === RlpMode.Down;
  }

  /** Run one slot. */
  step(): void {
    const s = this.slot;
    if (!this.bearers.isLive(0)) {
      this.slot = s + 1;
      return;
    }
    const i = this.pos;
    this.exchange(s);
    this.radio.step(this.slotTime(s), this.bearers.active);
    const v = this.radio.verdict;
    this.endSlot(s, erased(v, 0, BEARER_UP), erased(v, 0, BEARER_DOWN));
    if (this.ms.down) this.iwf.release(s);
    this.drain(1);
    if (this.iwf.down) this.ms.release(s);
    this.drain(0);
    if (this.tFrame !== null) this.trace(s, i);
    else if (this.tEvent !== null) this.traceAllEvents(this.slotTime(s));
  }

  /** Run `n` slots. */
  run(n: number): void {
    for (let k = 0; k < n; k++) this.step();
  }

  /** The oldest entity event not yet polled (resets, call drops), or null. */
  pollEvent(): GsmRlpLinkEvent | null {
    return this.events.shift();
  }

  /** Take the events of the entity sending in `dir`: count and trace resets, queue them all. */
  protected drain(dir: DuplexEnd): void {
    const e = dir === 0 ? this.ms : this.iwf;
    // Six drains a slot and events are rare: look only when one waits.
    if (!e.eventsWaiting) return;
    for (let ev = e.pollEvent(); ev !== null; ev = e.pollEvent()) {
      if (ev.kind === 'reset') {
        const other = dir === 0 ? this.iwf : this.ms;
        if (!ev.byPeer && other.mode !== RlpMode.Resetting) this.resetProcedures++;
        this.tReset?.record(this.slotTime(ev.slot), dir, ev.byPeer ? 1 : 0);
      }
      this.events.push({ dir, event: ev });
    }
  }

  /** A counter summed over both ends (the link's figures in the summary and on the map). */
  total(key: keyof GsmRlpCounters): number {
    return this.ms.counters[key] + this.iwf.counters[key];
  }

  private trace(s: number, i: number): void {
    const t = this.slotTime(s);
    const up = this.ab[i].frame;
    const down = this.ba[i].frame;
    this.traceFrame(t, 0, up, this.ab[i].erased);
    this.traceFrame(t, 1, down, this.ba[i].erased);
    this.traceAllEvents(t);
    this.tChannel!.observe(t, 0, this.radio.channelBad(0, BEARER_UP));
    this.tChannel!.observe(t, 1, this.radio.channelBad(0, BEARER_DOWN));
  }

  /** `link.event` of both ends (a run whose recorder keeps no frame-level source records only these). */
  private traceAllEvents(t: Nanos): void {
    this.traceEvents(t, 0, this.ms);
    this.traceEvents(t, 1, this.iwf);
  }

  private traceFrame(t: Nanos, dir: number, f: GsmRlpFrame, err: boolean): void {
    if (f.kind === RlpKind.None) return;
    const is = f.kind === RlpKind.IS;
    this.tFrame!.record(t, dir, frameClass(f), is ? f.trueNs : f.trueNr, err ? 1 : 0);
    const packets = this.packets[dir];
    if (is && !f.retx && packets !== null) packets.framed(t, f.trueNs, f.start, f.end);
  }

  private traceEvents(t: Nanos, dir: number, e: GsmRlpEntity): void {
    const c = e.counters;
    this.traceCount(t, dir, GsmRlpEventKind.T1Expiry, c.t1Expiries);
    this.traceCount(t, dir, GsmRlpEventKind.Reset, c.n2Exhausted);
    this.traceCount(t, dir, GsmRlpEventKind.CallDrop, c.callDrops);
    this.traceCount(t, dir, GsmRlpEventKind.SeqAlias, c.seqAliases);
  }

  private traceCount(t: Nanos, dir: number, kind: number, value: number): void {
    const k = dir * 4 + kind;
    const d = value - this.last[k];
    if (d > 0) {
      this.tEvent!.record(t, dir, kind, d);
      this.last[k] = value;
    }
  }
}

/** A {@link GsmRlpLink} with its two packet streams and reassemblers. */
export interface GsmRlpLinkBundle<P> {
  readonly link: GsmRlpLink;
  /** Bytes the phone sends (the laptop's PPP frames after the serial line). */
  readonly txMs: PacketByteStream<P>;
  /** Bytes the IWF sends. */
  readonly txIwf: PacketByteStream<P>;
  /** Packets arriving at the IWF (uplink data). */
  readonly rxIwf: StreamReassembler<P>;
  /** Packets arriving at the phone (downlink data). */
  readonly rxMs: StreamReassembler<P>;
  /** The upper faces (link/contract.ts `LinkService`) of the phone's end and the IWF's. */
  readonly services: readonly [StreamService<P>, StreamService<P>];
}

/** Build both ends of a GSM RLP link with the same configuration over the given channels. */
export function createGsmRlpLink<P>(
  config: GsmRlpConfig,
  uplink: FrameChannel,
  downlink: FrameChannel,
  options: GsmRlpLinkOptions = {},
): GsmRlpLinkBundle<P> {
  // The phone is end A (it sends uplink), the IWF end B.
  const pair = createStreamPair<P>();
  const { txA: txMs, txB: txIwf, rxB: rxIwf, rxA: rxMs } = pair;
  const ms = new GsmRlpEntity(config, txMs, rxMs, 1);
  const iwf = new GsmRlpEntity(config, txIwf, rxIwf, 2);
  // The uplink channel has always been stepped first.
  const radio = new ChannelPairRadio(downlink, uplink, BEARER_UP);
  const link = new GsmRlpLink(ms, iwf, radio, options);
  return { link, txMs, txIwf, rxIwf, rxMs, services: streamServices(pair) };
}
