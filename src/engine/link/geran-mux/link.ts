/**
 * The driver of the GERAN shared slot (geran.md "Slot", "Delay"): both directions of one
 * timeslot, each a MuxSender → radio block → MuxReceiver pair. It owns the block clock, asks the
 * direction's speech whether it owns a block (speech has absolute priority: a block is speech if a
 * talkspurt is in progress at its start), draws block errors (optional `bler`, no recovery), and
 * hands each packet on `delay` after its last byte left the air.
 *
 * Event-driven: a direction's block timer runs only while its FIFO holds data, and jumps over
 * talkspurts to the next silent block, so an idle or speaking slot costs nothing per block.
 */
import type { Scheduler, Timer } from '../../core/scheduler';
import type { RandomStream } from '../../core/rng';
import type { Nanos } from '../../core/time';
import type { TraceRecorder, TraceSource } from '../../core/trace';
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
  /** A packet arrives at the far end of direction `dir`. */
  readonly deliver: (dir: MuxDir, packet: P, now: Nanos) => void;
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
  readonly timer: Timer;
  readonly arrivalTimer: Timer;
  /** Block that carried the first byte of the packet whose end is still to come (`link.packet`). */
  firstBlock = -1;
  private readonly flightPackets: P[] = [];
  private readonly flightTimes: Nanos[] = [];
  private flightHead = 0;

  constructor(
    scheduler: Scheduler,
    readonly dir: MuxDir,
    private readonly link: GeranMuxLink<P>,
  ) {
    this.timer = scheduler.timer((now) => this.link.runBlock(this, now));
    this.arrivalTimer = scheduler.timer((now) => this.arrive(now));
  }

  /** A packet left the air at `at`: it arrives `delay` later (FIFO, a fixed delay keeps the order). */
  inFlight(packet: P, at: Nanos): void {
    this.flightPackets.push(packet);
    this.flightTimes.push(at);
    if (!this.arrivalTimer.armed) this.arrivalTimer.set(at);
  }

  private arrive(now: Nanos): void {
    while (this.flightHead < this.flightTimes.length && this.flightTimes[this.flightHead] <= now) {
      const p = this.flightPackets[this.flightHead];
      this.flightHead++;
      this.link.options.deliver(this.dir, p, now);
    }
    if (this.flightHead === this.flightTimes.length) {
      this.flightPackets.length = 0;
      this.flightTimes.length = 0;
      this.flightHead = 0;
    } else {
      this.arrivalTimer.set(this.flightTimes[this.flightHead]);
    }
  }
}

export class GeranMuxLink<P> {
  private readonly dirs: readonly [Direction<P>, Direction<P>];
  private readonly frames: TraceSource | null;
  private readonly packets: PacketTraceSource | null;

  constructor(
    scheduler: Scheduler,
    readonly options: GeranMuxOptions<P>,
  ) {
    this.dirs = [new Direction(scheduler, 0, this), new Direction(scheduler, 1, this)];
    const rec = detailRecorder(options.recorder);
    this.frames = rec ? frameTraceSource(rec, 'link.frame', MUX_DIR_LABELS, ['data']) : null;
    this.packets = rec && options.packetId ? packetTraceSource(rec, MUX_DIR_LABELS) : null;
  }

  /** Queue a packet of `bytes` bytes at the sender of `dir` at `now`. */
  send(dir: MuxDir, packet: P, bytes: number, now: Nanos): void {
    const d = this.dirs[dir];
    d.sender.enqueue(packet, bytes);
    if (!d.timer.armed) d.timer.set(blockStart(this.nextDataBlock(dir, blockAtOrAfter(now))));
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
    d.timer.set(blockStart(this.nextDataBlock(dir, blockAtOrAfter(now))));
  }

  /** The block starting at `now` in direction d. */
  runBlock(d: Direction<P>, now: Nanos): void {
    const k = Math.round(now / GERAN_BLOCK_NS);
    const speech = this.options.speech[d.dir];
    if (speech.owns(now)) {
      // Speech took the block after it was planned (switched on live): wait for the next silence.
      d.timer.set(blockStart(this.nextDataBlock(d.dir, k)));
      return;
    }
    if (!d.sender.pollTransmit(k, d.block)) return;
    const bler = this.options.bler;
    const erased = bler > 0 && this.options.rng.next() < bler;
    this.frames?.record(now, d.dir, 0, k, erased ? 1 : 0);
    if (this.packets !== null) this.tracePackets(now, d, k);
    d.receiver.handleFrame(k, d.block, erased);
    // The last byte of a packet leaves the air at the end of its block; its delay starts then.
    const out = now + GERAN_BLOCK_NS + this.options.delay[d.dir];
    for (let a = d.receiver.pollEvent(); a !== null; a = d.receiver.pollEvent()) {
      if (!a.lost) d.inFlight(a.packet, out);
    }
    d.block.clear();
    if (d.sender.queued > 0) d.timer.set(blockStart(this.nextDataBlock(d.dir, k + 1)));
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
