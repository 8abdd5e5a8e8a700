import { mutableFields } from '../../core/field-shape';
import { millis, type Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { BEARER_DOWN, BEARER_UP, BearerSet, ChannelPairRadio } from '../bearer-set';
import type { FrameChannel } from '../contract';
import { activeRecorder, ChannelStateTrace, detailRecorder, frameTraceSource } from '../link-trace';
import { PacketFramer, packetTraceSource, type FramedSink } from '../packet-trace';
import { createStreamPair, type StreamPair } from '../ppp/stream';
import { streamServices, type StreamService } from '../stream-service';
import { Is707RlpEndpoint } from './endpoint';
import { SlottedDuplexLink, type DuplexEnd } from '../slotted-duplex';
import { RLP_FRAME_KIND_LABELS, RlpFrame, RlpFrameKind, type Is707RlpConfig } from './frame';

// Frame kinds as module constants: keeps the per-slot path free of cross-module property loads.
const K_NONE = RlpFrameKind.None;
const K_NAK = RlpFrameKind.Nak;
const K_DATA = RlpFrameKind.Data;

/** Options of {@link Is707RlpLink}. */
export interface Is707RlpLinkOptions {
  /** Record `link.frame`, `link.nak`, `link.abort` and `channel.state` here (omit for no tracing). */
  recorder?: TraceRecorder;
  /** Slot duration. Default 20 ms. */
  slotNs?: Nanos;
  /** Time of slot 0. Default 0. */
  t0?: Nanos;
  /**
   * Told of each new data frame's stream bytes, per direction (A→B, B→A), to record which frames
   * carried each datagram (`link.packet`, link/packet-trace.ts); only with a recorder.
   */
  packets?: readonly [FramedSink | null, FramedSink | null];
}

/** Direction codes used in traces: 0 = A→B (e.g. access point → mobile), 1 = B→A. */
export const RLP_DIR_LABELS: readonly string[] = ['ab', 'ba'];

/** The two ends on the link's one bearer. */
export interface Is707RlpEnds {
  readonly a: Is707RlpEndpoint;
  readonly b: Is707RlpEndpoint;
}

/**
 * Two RLP endpoints joined by one channel per direction (is707.md §Stack): the one-bearer case of
 * a bearer set (link/bearer-set.ts) — A→B is the bearer's down direction (access point → mobile),
 * B→A its up direction, on the slotted duplex driver (link/slotted-duplex.ts) with a delay of one
 * slot. Each call to {@link step} runs one 20 ms slot:
 * 1. the frames both ends sent in the previous slot arrive (erased or not);
 * 2. both ends are polled for the frame they send in this slot (into the ring's two frames) and
 *    for the frames they gave up;
 * 3. the radio judges the slot — each direction's channel is stepped once, every slot whether or
 *    not a frame is sent, since fading runs in time — and its verdicts decide the frames' fate.
 *
 * Optional trace sources (cheap: nothing is recorded without a recorder; the frame-level ones —
 * `link.frame`, `channel.state` and `link.packet` — only when the recorder keeps them):
 * - `link.frame` (dir, kind, seq, error): every frame sent; `seq` is the frame's true number (the
 *   8-bit SEQ on the air is `seq & 255`): a data or retransmitted frame's own number, V(S) for an
 *   idle or NAK frame, so that a datagram's frames (`link.packet`) are found by number;
 * - `link.nak` (dir, round, count, first): every NAK sent; dir is the NAK's direction;
 * - `link.abort` (dir, frames, first): frames given up; dir is the direction of the lost data;
 * - `channel.state` (dir, bad): the channel state, recorded when it changes.
 */
export class Is707RlpLink extends SlottedDuplexLink<RlpFrame, Is707RlpEndpoint> {
  /** The link's one bearer, joined for good (IS-707 has no release below the call). */
  readonly bearers = new BearerSet<Is707RlpEnds>(1);
  /** Frames given up in the last slot run, at end A and B, and the first of the last gap. */
  private abortA = 0;
  private abortFirstA = 0;
  private abortB = 0;
  private abortFirstB = 0;
  private readonly slotNs: Nanos;
  private readonly t0: Nanos;
  private readonly tFrame: TraceSource | null;
  private readonly tNak: TraceSource | null;
  private readonly tAbort: TraceSource | null;
  private readonly tChannel: ChannelStateTrace | null;
  private readonly packetsAB: FramedSink | null;
  private readonly packetsBA: FramedSink | null;

  constructor(
    a: Is707RlpEndpoint,
    b: Is707RlpEndpoint,
    /** Judges each slot: down = A→B, up = B→A. */
    readonly radio: ChannelPairRadio,
    options: Is707RlpLinkOptions = {},
  ) {
    // A frame sent in slot k arrives at the start of slot k + 1 (is707.md §Slot rules).
    super(a, b, 1, () => new RlpFrame());
    this.bearers.join(0, { a, b });
    this.slotNs = options.slotNs ?? millis(20);
    this.t0 = options.t0 ?? 0;
    const rec = activeRecorder(options.recorder);
    const frames = detailRecorder(rec);
    const dir = { dir: RLP_DIR_LABELS };
    this.tFrame = frames
      ? frameTraceSource(frames, 'link.frame', RLP_DIR_LABELS, RLP_FRAME_KIND_LABELS)
      : null;
    this.tNak = rec ? rec.source('link.nak', ['dir', 'round', 'count', 'first'], dir) : null;
    this.tAbort = rec ? rec.source('link.abort', ['dir', 'frames', 'first'], dir) : null;
    this.tChannel = frames ? new ChannelStateTrace(frames, RLP_DIR_LABELS) : null;
    this.packetsAB = (frames && options.packets?.[0]) ?? null;
    this.packetsBA = (frames && options.packets?.[1]) ?? null;
    // Set by aborts only, some first after hours (core/field-shape.ts).
    mutableFields(this, ['abortA', 'abortFirstA', 'abortB', 'abortFirstB']);
  }

  /** Start time of slot `n`. */
  slotTime(n: number): Nanos {
    return this.t0 + n * this.slotNs;
  }

  /**
   * Run one slot. A caller that already holds the slot's start time passes it as `now` (it must be
   * `slotTime(slot)`): handed on as it came, the time is not made anew as a number each slot (V8
   * gives every new time in nanoseconds — past 2^31 — a heap box when it crosses a call).
   */
  step(now: Nanos = this.slotTime(this.slot)): void {
    const s = this.slot;
    // Events are only aborts, and rare: drain() skips the polls while an end has none waiting.
    this.abortA = 0;
    this.abortB = 0;
    this.exchange(s);
    const lost = this.radio.judge(this.bearers.active[0] !== 0);
    this.endSlot(s, (lost & 1) !== 0, (lost & 2) !== 0);
    if (this.tFrame !== null) this.trace(now, this.ab[0].frame, this.ba[0].frame);
    else if (this.tNak !== null) this.traceEvents(now, this.ab[0].frame, this.ba[0].frame);
  }

  protected drain(end: DuplexEnd): void {
    const e = end === 0 ? this.a : this.b;
    if (!e.eventsWaiting) return;
    for (let ev = e.pollEvent(); ev !== null; ev = e.pollEvent()) {
      if (end === 0) {
        this.abortA += ev.frames;
        this.abortFirstA = ev.first;
      } else {
        this.abortB += ev.frames;
        this.abortFirstB = ev.first;
      }
    }
  }

  /** Frame A sent in the last slot run (null if silent); valid until the next step. */
  get frameAB(): RlpFrame | null {
    return this.ab[0].sent ? this.ab[0].frame : null;
  }

  /** Frame B sent in the last slot run (null if silent); valid until the next step. */
  get frameBA(): RlpFrame | null {
    return this.ba[0].sent ? this.ba[0].frame : null;
  }

  /** Whether the channel lost the A→B frame of the last slot run. */
  get errorAB(): boolean {
    return this.ab[0].erased;
  }

  /** Whether the channel lost the B→A frame of the last slot run. */
  get errorBA(): boolean {
    return this.ba[0].erased;
  }

  /** Run `n` slots. */
  run(n: number): void {
    for (let k = 0; k < n; k++) this.step();
  }

  /** Every source, frame-level ones included, in the order their records have always been made. */
  private trace(t: Nanos, fa: RlpFrame, fb: RlpFrame): void {
    this.traceFrame(t, 0, fa, this.ab[0].erased);
    this.traceFrame(t, 1, fb, this.ba[0].erased);
    if (fa.kind === K_DATA && this.packetsAB !== null) this.packetsAB.framed(t, fa.fn, fa.start, fa.end);
    if (fb.kind === K_DATA && this.packetsBA !== null) this.packetsBA.framed(t, fb.fn, fb.start, fb.end);
    this.traceAborts(t);
    this.tChannel!.observe(t, 0, this.radio.channelBad(0, BEARER_DOWN));
    this.tChannel!.observe(t, 1, this.radio.channelBad(0, BEARER_UP));
  }

  /** The event sources alone (NAKs and aborts): a run whose recorder keeps no frame-level source. */
  private traceEvents(t: Nanos, fa: RlpFrame, fb: RlpFrame): void {
    if (fa.kind === K_NAK) this.traceNak(t, 0, fa);
    if (fb.kind === K_NAK) this.traceNak(t, 1, fb);
    this.traceAborts(t);
  }

  private traceFrame(t: Nanos, dir: number, f: RlpFrame, err: boolean): void {
    if (f.kind === K_NONE) return;
    this.tFrame!.record(t, dir, f.kind, f.fn, err ? 1 : 0);
    if (f.kind === K_NAK) this.traceNak(t, dir, f);
  }

  private traceNak(t: Nanos, dir: number, f: RlpFrame): void {
    this.tNak!.record(t, dir, f.nakRound, f.nakCount, f.nakFrames[0]);
  }

  /** An abort at end A gives up frames of the B→A data, and vice versa. */
  private traceAborts(t: Nanos): void {
    if (this.abortA > 0) this.tAbort!.record(t, 1, this.abortA, this.abortFirstA);
    if (this.abortB > 0) this.tAbort!.record(t, 0, this.abortB, this.abortFirstB);
  }
}

/** An {@link Is707RlpLink} with its two packet streams and reassemblers. */
export interface Is707RlpLinkBundle<P> extends StreamPair<P> {
  readonly link: Is707RlpLink;
  /** The upper faces (link/contract.ts `LinkService`) of end A (access point) and end B (mobile). */
  readonly services: readonly [StreamService<P>, StreamService<P>];
}

/**
 * Build both ends of an IS-707 RLP link with the same configuration (is707.md:
 * "both ends use the same `idle` setting") over the given channels.
 */
export function createIs707RlpLink<P>(
  config: Is707RlpConfig,
  channelAB: FrameChannel,
  channelBA: FrameChannel,
  options: Is707RlpLinkOptions & {
    /** The IP packet id of a datagram: with a recorder, `link.packet` records which frames carried it. */
    packetId?: (p: P) => number;
  } = {},
): Is707RlpLinkBundle<P> {
  const streams = createStreamPair<P>();
  const rec = detailRecorder(options.recorder);
  const id = options.packetId;
  if (rec && id && !options.packets) {
    const src = packetTraceSource(rec, RLP_DIR_LABELS);
    options = {
      ...options,
      packets: [new PacketFramer(src, 0, 0, streams.txA, id), new PacketFramer(src, 1, 0, streams.txB, id)],
    };
  }
  const a = new Is707RlpEndpoint(config, streams.txA, streams.rxA);
  const b = new Is707RlpEndpoint(config, streams.txB, streams.rxB);
  // The forward channel (A→B) has always been stepped first.
  const radio = new ChannelPairRadio(channelAB, channelBA, BEARER_DOWN);
  return { link: new Is707RlpLink(a, b, radio, options), ...streams, services: streamServices(streams) };
}
