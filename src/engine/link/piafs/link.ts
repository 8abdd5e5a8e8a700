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
import { SlottedDuplexLink } from '../slotted-duplex';

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

/**
 * Both ends of one PIAFS link and the frames in flight between them, on the slotted duplex driver
 * (link/slotted-duplex.ts): the MS is end A (sends up), the BS end B.
 */
export class PiafsLink extends SlottedDuplexLink<PiafsFrame, PiafsEntity> {
  readonly ms: PiafsEntity;
  readonly bs: PiafsEntity;

  constructor(
    streams: PiafsLinkStreams,
    options: PiafsOptions = {},
    monitor: PiafsMonitorSink | null = null,
    /** Per direction, told of each new frame's stream bytes (`link.packet`, link/packet-trace.ts). */
    packets: { readonly up: FramedSink | null; readonly down: FramedSink | null } | null = null,
  ) {
    const params = piafsParams(options);
    const ms = new PiafsEntity(
      PiafsSide.MS,
      streams.up.source,
      streams.down.sink,
      params,
      monitor,
      packets?.up,
    );
    const bs = new PiafsEntity(
      PiafsSide.BS,
      streams.down.source,
      streams.up.sink,
      params,
      monitor,
      packets?.down,
    );
    super(ms, bs, params.piafsDelay, createPiafsFrame);
    this.ms = ms;
    this.bs = bs;
  }

  /**
   * Run one slot: frames sent `piafsDelay` slots ago arrive, then each end sends its frame.
   * `crcErrorUp` / `crcErrorDown`: the channel's verdict for the frame the MS / BS sends now.
   * Call with consecutive slot numbers (the first may be any: a link set up mid-run).
   */
  step(slot: number, crcErrorUp: boolean, crcErrorDown: boolean): void {
    this.exchange(slot);
    this.endSlot(slot, crcErrorUp, crcErrorDown);
  }

  /** PIAFS reports through its monitor sink, not events: nothing to drain. */
  protected drain(): void {}

  /** Sum of both ends' counters (the link's figures in the view). */
  totals(): PiafsCounters {
    const t = zeroPiafsCounters();
    addPiafsCounters(t, this.ms.counters);
    addPiafsCounters(t, this.bs.counters);
    return t;
  }
}
