/**
 * The driver of the GERAN shared slot (geran.md "Slot", "Delay"): both directions of one
 * timeslot, each a MuxSender → radio block → MuxReceiver pair. It owns the block clock, asks the
 * direction's speech whether it owns a block (speech has absolute priority: a block is speech if a
 * talkspurt is in progress at its start), draws block errors (optional `bler`, no recovery), and
 * hands each packet on `delay` after its last byte left the air.
 *
 * Sans-IO (a {@link TimedProcess}, link/continuous-driver.ts; `driver.ts` runs it on the
 * scheduler): per direction one deadline for the next data block (2 × dir) and one for the next
 * arrival (2 × dir + 1), whose packets it hands out through {@link pollOutput}. A direction's next
 * block is planned only while its FIFO holds data, and jumps over talkspurts to the next silent
 * block, so an idle or speaking slot costs nothing per block.
 */
import { DeadlineMarks, type TimedProcess } from '../continuous-driver';
import { FlightQueue } from '../flight-queue';
import type { RandomStream } from '../../core/rng';
import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
import { doubleFields } from '../../core/field-shape';
import { detailRecorder, frameTraceSource } from '../link-trace';
import { packetTraceSource, type PacketTraceSource } from '../packet-trace';
import { blockAtOrAfter, blockStart, GERAN_BLOCK_NS, MuxBlock } from './block';
import { MuxReceiver } from './receiver';
import { MuxSender } from './sender';

/** 0 = uplink (mobile → network), 1 = downlink. */
export type MuxDir = 0 | 1;
export const MUX_DIR_LABELS = ['up', 'down'] as const;

/** Who owns a direction's blocks: speech when it is talking at the block's start. */
export interface SlotSpeech {
  /** True if this direction's speech owns the block starting at t. */
  owns(t: Nanos): boolean;
  /** The first time after t at which `owns` may change. */
  nextChangeAfter(t: Nanos): Nanos;
}

export interface GeranMuxOptions<P> {
  /** Radio access network delay per direction [up, down], ns, from the last byte on the air. */
  readonly delay: readonly [Nanos, Nanos];
  /** Block error rate (0 = the study's error-free channel). */
  bler: number;
  /** Stream of the block-error draws (drawn only for data blocks, and only while bler > 0). */
  readonly rng: RandomStream;
  readonly speech: readonly [SlotSpeech, SlotSpeech];
  readonly recorder?: TraceRecorder;
  /** The IP packet id of a packet: with a recorder, `link.packet` records the blocks that carried it. */
  readonly packetId?: (p: P) => number;
}

/** Per-direction counters. */
export interface MuxCounters {
  dataBlocks: number;
  erasedBlocks: number;
  packetsDelivered: number;
  packetsLost: number;
  maxBacklogBytes: number;
}

class Direction<P> {
  readonly sender = new MuxSender<P>();
  readonly receiver = new MuxReceiver<P>();
  readonly block = new MuxBlock<P>();
  /** Start of the next data block planned, or Infinity when none is (the FIFO is empty). */
  plannedAt: Nanos = Infinity;
  /** Packets on their way through the radio access network's delay. */
  readonly flight = new FlightQueue<P>();
  /** Block that carried the first byte of the packet whose end is still to come (`link.packet`). */
  firstBlock = -1;

  constructor(readonly dir: MuxDir) {
    doubleFields(this, ['plannedAt']); // ns pass 2^31 after 2.1 s (core/field-shape.ts)
  }
}

/** Deadline numbers (link/continuous-driver.ts): a direction's next block, and its next arrival. */
const blockDeadline = (dir: MuxDir): number => 2 * dir;
const arrivalDeadline = (dir: MuxDir): number => 2 * dir + 1;

export class GeranMuxLink<P> implements TimedProcess<P> {
  readonly deadlines = 4;
  private readonly dirs: readonly [Direction<P>, Direction<P>];
  private readonly frames: TraceSource | null;
  private readonly packets: PacketTraceSource | null;
  readonly deadlineMarks = new DeadlineMarks();

  constructor(readonly options: GeranMuxOptions<P>) {
    this.dirs = [new Direction(0), new Direction(1)];
    const rec = detailRecorder(options.recorder);
    this.frames = rec ? frameTraceSource(rec, 'link.frame', MUX_DIR_LABELS, ['data']) : null;
    this.packets = rec && options.packetId ? packetTraceSource(rec, MUX_DIR_LABELS) : null;
  }

  /** Queue a packet of `bytes` bytes at the sender of `dir` at `now`. */
  send(dir: MuxDir, packet: P, bytes: number, now: Nanos): void {
    const d = this.dirs[dir];
    d.sender.enqueue(packet, bytes);
    if (d.plannedAt === Infinity) this.plan(d, blockAtOrAfter(now), false);
  }

  /** Block error rate from now on. */
  setBler(bler: number): void {
    this.options.bler = bler;
  }

  /** Bytes waiting at the sender of `dir`. */
  backlog(dir: MuxDir): number {
    return this.dirs[dir].sender.backlog;
  }

  counters(dir: MuxDir): MuxCounters {
    const d = this.dirs[dir];
    return {
      dataBlocks: d.sender.blocks,
      erasedBlocks: d.receiver.erasedBlocks,
      packetsDelivered: d.receiver.delivered,
      packetsLost: d.receiver.lost,
      maxBacklogBytes: d.sender.maxBacklog,
    };
  }

  /** The first block at or after block k that speech leaves to data in `dir`. */
  nextDataBlock(dir: MuxDir, k: number): number {
    const speech = this.options.speech[dir];
    let b = k;
    while (speech.owns(blockStart(b)))
      b = Math.max(b + 1, blockAtOrAfter(speech.nextChangeAfter(blockStart(b))));
    return b;
  }

  /**
   * The speech ownership of `dir` changed (a live `speech` switch): a waiting direction
   * re-plans its next data block.
   */
  replan(dir: MuxDir, now: Nanos): void {
    const d = this.dirs[dir];
    if (d.sender.queued === 0) return;
    this.plan(d, blockAtOrAfter(now), true);
  }

  /** Plan `d`'s next data block at block k or after (`again`: a re-plan, see DeadlineMarks.replanned). */
  private plan(d: Direction<P>, k: number, again: boolean): void {
    d.plannedAt = blockStart(this.nextDataBlock(d.dir, k));
    if (again) this.deadlineMarks.replanned(blockDeadline(d.dir));
    else this.deadlineMarks.moved(blockDeadline(d.dir));
  }

  pollTimeout(k: number): Nanos {
    const d = this.dirs[k >> 1];
    return (k & 1) === 0 ? d.plannedAt : d.flight.next;
  }

  handleTimeout(k: number, now: Nanos): void {
    // An arrival's packets are taken by pollOutput.
    if ((k & 1) === 0) this.runBlock(this.dirs[k >> 1], now);
  }

  /**
   * The next packet of direction k >> 1 that has arrived by `now`, for its arrival deadline k; null
   * when none (the deadline moves on). A block deadline releases nothing: a packet due at the same
   * instant waits for its own arrival deadline, which keeps its own place in the order of events.
   */
  pollOutput(k: number, now: Nanos): P | null {
    if ((k & 1) === 0) return null;
    const p = this.dirs[k >> 1].flight.takeDue(now);
    if (p === null) this.deadlineMarks.moved(k);
    return p;
  }

  /** The block starting at `now` in direction d. */
  private runBlock(d: Direction<P>, now: Nanos): void {
    const k = Math.round(now / GERAN_BLOCK_NS);
    const speech = this.options.speech[d.dir];
    d.plannedAt = Infinity;
    if (speech.owns(now)) {
      // Speech took the block after it was planned (switched on live): wait for the next silence.
      this.plan(d, k, false);
      return;
    }
    if (!d.sender.pollTransmit(k, d.block)) {
      this.deadlineMarks.moved(blockDeadline(d.dir));
      return;
    }
    const bler = this.options.bler;
    const erased = bler > 0 && this.options.rng.next() < bler;
    this.frames?.record(now, d.dir, 0, k, erased ? 1 : 0);
    if (this.packets !== null) this.tracePackets(now, d, k);
    d.receiver.handleFrame(k, d.block, erased);
    // The last byte of a packet leaves the air at the end of its block; its delay starts then.
    const out = now + GERAN_BLOCK_NS + this.options.delay[d.dir];
    for (let a = d.receiver.pollEvent(); a !== null; a = d.receiver.pollEvent()) {
      if (a.lost) continue;
      // A packet onto an empty delay line is the direction's next arrival (FIFO: a fixed delay keeps the order).
      if (d.flight.empty) this.deadlineMarks.moved(arrivalDeadline(d.dir));
      d.flight.push(a.packet, out);
    }
    d.block.clear();
    if (d.sender.queued > 0) this.plan(d, k + 1, false);
    else this.deadlineMarks.moved(blockDeadline(d.dir));
  }

  /** `link.packet` for each packet whose last byte block k carries (its first block noted before). */
  private tracePackets(now: Nanos, d: Direction<P>, k: number): void {
    const b = d.block;
    const id = this.options.packetId!;
    for (let i = 0; i < b.count; i++) {
      if (b.first[i] === 1) d.firstBlock = k;
      if (b.last[i] === 1) this.packets!.record(now, d.dir, id(b.packets[i] as P), d.firstBlock, k);
    }
  }
}
