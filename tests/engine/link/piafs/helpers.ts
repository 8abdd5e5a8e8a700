/** Scripted byte streams and drop-list channels for the PIAFS tests. */
import {
  PiafsLink,
  PiafsMonitorRing,
  type PiafsByteSink,
  type PiafsByteSource,
  type PiafsOptions,
} from '../../../../src/engine/link/piafs';

/** A byte source: `Infinity` bytes by default, or a fixed amount, or chunks of given lengths. */
export class TestSource implements PiafsByteSource {
  /** Lengths handed out, in order. */
  readonly taken: number[] = [];
  takenStart = 0;
  private offset = 0;
  private chunk = 0;

  constructor(
    public remaining = Infinity,
    /** If set, each `take` hands out at most the next length of this cycle. */
    private readonly cycle: readonly number[] | null = null,
  ) {}

  take(maxBytes: number): number {
    let n = Math.min(maxBytes, this.remaining);
    if (this.cycle) n = Math.min(n, this.cycle[this.chunk++ % this.cycle.length]);
    this.remaining -= n;
    this.takenStart = this.offset;
    this.offset += n;
    if (n > 0) this.taken.push(n);
    return n;
  }
}

/** A byte sink that records each range and checks they come intact and end to end. */
export class TestSink implements PiafsByteSink {
  readonly chunks: number[] = [];
  total = 0;
  receive(start: number, end: number, intact: boolean): void {
    if (start !== this.total || !intact || end <= start)
      throw new Error(`bad range [${start}, ${end}) ${intact}`);
    this.chunks.push(end - start);
    this.total = end;
  }
}

/** A link with test streams at both ends, a monitor ring, and drop lists per direction. */
export class ScriptedLink {
  readonly msSource: TestSource;
  readonly bsSource: TestSource;
  readonly msSink = new TestSink();
  readonly bsSink = new TestSink();
  readonly monitor = new PiafsMonitorRing(1 << 14);
  readonly link: PiafsLink;
  /** Slots whose up (MS→BS) / down (BS→MS) frame fails its CRC. */
  readonly dropUp = new Set<number>();
  readonly dropDown = new Set<number>();
  slot = 0;

  constructor(options: PiafsOptions = {}, msSource = new TestSource(0), bsSource = new TestSource(0)) {
    this.msSource = msSource;
    this.bsSource = bsSource;
    this.link = new PiafsLink(
      { up: { source: msSource, sink: this.bsSink }, down: { source: bsSource, sink: this.msSink } },
      options,
      this.monitor,
    );
  }

  /** Run `n` slots. */
  run(n: number): void {
    for (let i = 0; i < n; i++) {
      this.link.step(this.slot, this.dropUp.has(this.slot), this.dropDown.has(this.slot));
      this.slot++;
    }
  }
}

/** Add slots [from, from + n) to a drop list. */
export function dropRange(set: Set<number>, from: number, n: number): void {
  for (let s = from; s < from + n; s++) set.add(s);
}
