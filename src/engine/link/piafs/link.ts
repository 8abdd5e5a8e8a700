/**
 * A PIAFS link: the two ends (MS and BS) and the air between them, both directions
 * (phs.md "PIAFS (64 kbit/s)").
 *
 * Each slot, each end sends exactly one frame; a frame reaches the peer `piafsDelay` slots after
 * it is sent. The channel's verdict for a frame (CRC passes or fails) is given when the frame is
 * sent, from the channel state of the slot in which it is on the air; it travels with the frame.
 * Frames in flight sit in a fixed ring of pre-allocated frame objects: stepping allocates nothing.
 */
import { createPiafsFrame, type PiafsFrame } from './frame';
import {
  addPiafsCounters,
  PiafsEntity,
  piafsParams,
  zeroPiafsCounters,
  type PiafsByteSink,
  type PiafsByteSource,
  type PiafsCounters,
  type PiafsOptions,
} from './entity';
import { PiafsSide, type PiafsMonitorSink } from './monitor';
import type { FramedSink } from '../packet-trace';

/** One direction's byte stream: where its sender takes bytes, where its receiver puts them. */
export interface PiafsDirection {
  /** The sending end's stream (e.g. a `PacketByteStream`). */
  source: PiafsByteSource;
  /** The receiving end's reassembler of that same stream (e.g. its `StreamReassembler`). */
  sink: PiafsByteSink;
}

/** The byte streams of a link, by direction. */
export interface PiafsLinkStreams {
  /** MS → BS (e.g. the mobile's PPP stream toward the network). */
  up: PiafsDirection;
  /** BS → MS. */
  down: PiafsDirection;
}

/** Frames in flight in one direction: a ring of `piafsDelay` pre-allocated frames. */
class DelayLine {
  private readonly frames: PiafsFrame[];
  private readonly sentSlot: Float64Array;
  private readonly crcError: Uint8Array;

  constructor(private readonly delay: number) {
    this.frames = [];
    for (let i = 0; i < delay; i++) this.frames.push(createPiafsFrame());
    this.sentSlot = new Float64Array(delay).fill(-Infinity);
    this.crcError = new Uint8Array(delay);
  }

  /** Hand the frame sent at `slot − delay` (if any) to `to`. */
  deliver(slot: number, to: PiafsEntity): void {
    const i = slot % this.delay;
    if (this.sentSlot[i] !== slot - this.delay) return;
    this.sentSlot[i] = -Infinity;
    to.handleFrame(slot, this.frames[i], this.crcError[i] === 1);
  }

  /** Put the frame `from` sends at `slot` on the air (call after `deliver` for the same slot). */
  send(slot: number, from: PiafsEntity, crcError: boolean): void {
    const i = slot % this.delay;
    from.pollTransmit(slot, this.frames[i]);
    this.sentSlot[i] = slot;
    this.crcError[i] = crcError ? 1 : 0;
  }
}

/** Both ends of one PIAFS link and the frames in flight between them. */
export class PiafsLink {
  readonly ms: PiafsEntity;
  readonly bs: PiafsEntity;
  private readonly up: DelayLine;
  private readonly down: DelayLine;

  constructor(
    streams: PiafsLinkStreams,
    options: PiafsOptions = {},
    monitor: PiafsMonitorSink | null = null,
    /** Per direction, told of each new frame's stream bytes (`link.packet`, link/packet-trace.ts). */
    packets: { readonly up: FramedSink | null; readonly down: FramedSink | null } | null = null,
  ) {
    const params = piafsParams(options);
    const ms = PiafsSide.MS;
    const bs = PiafsSide.BS;
    this.ms = new PiafsEntity(ms, streams.up.source, streams.down.sink, params, monitor, packets?.up);
    this.bs = new PiafsEntity(bs, streams.down.source, streams.up.sink, params, monitor, packets?.down);
    this.up = new DelayLine(params.piafsDelay);
    this.down = new DelayLine(params.piafsDelay);
  }

  /**
   * Run one slot: frames sent `piafsDelay` slots ago arrive, then each end sends its frame.
   * `crcErrorUp` / `crcErrorDown`: the channel's verdict for the frame the MS / BS sends now.
   * Call with consecutive slot numbers.
   */
  step(slot: number, crcErrorUp: boolean, crcErrorDown: boolean): void {
    this.up.deliver(slot, this.bs);
    this.down.deliver(slot, this.ms);
    this.up.send(slot, this.ms, crcErrorUp);
    this.down.send(slot, this.bs, crcErrorDown);
  }

  /** Sum of both ends' counters (the link's figures in the view). */
  totals(): PiafsCounters {
    const t = zeroPiafsCounters();
    addPiafsCounters(t, this.ms.counters);
    addPiafsCounters(t, this.bs.counters);
    return t;
  }
}
