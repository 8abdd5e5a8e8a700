/** Test helpers for IS-707 RLP: scripted drop channels and a slot-by-slot frame log. */
import type { FrameChannel } from '../../../../src/engine/link/contract';
import type { ByteRangeSink } from '../../../../src/engine/link/ppp/stream';
import {
  createIs707RlpLink,
  RLP_FRAME_KIND_LABELS,
  RlpFrame,
  RlpFrameKind,
  type Is707RlpConfig,
  type Is707RlpLinkBundle,
  type Is707RlpLinkOptions,
} from '../../../../src/engine/link/is707-rlp';

/** Loses the frames of the listed slots (the link steps its channel once per slot, from slot 0). */
export class DropChannel implements FrameChannel {
  bad = false;
  private n = 0;
  private readonly drops: Set<number>;
  constructor(drops: Iterable<number> = []) {
    this.drops = new Set(drops);
  }
  step(): boolean {
    this.bad = this.drops.has(this.n++);
    return this.bad;
  }
}

/** Slots a..b-1. */
export const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);

/** Short text for a frame: 'data 3', 'retx 1', 'idle 5', 'nak r2 [1,2]', '-' (none). */
export function describe(f: RlpFrame | null): string {
  if (f === null || f.kind === RlpFrameKind.None) return '-';
  const k = RLP_FRAME_KIND_LABELS[f.kind];
  if (f.kind === RlpFrameKind.Nak)
    return `nak r${f.nakRound} [${Array.from(f.nakFrames.subarray(0, f.nakCount)).join(',')}]`;
  return `${k} ${f.fn}`;
}

export interface SlotLog {
  ab: string;
  ba: string;
  errAB: boolean;
  errBA: boolean;
  /** Packets delivered at B / A by the end of this slot (cumulative). */
  deliveredB: number;
  deliveredA: number;
}

/** A link with scripted drops and a per-slot log. */
export class Harness {
  readonly bundle: Is707RlpLinkBundle<string>;
  readonly log: SlotLog[] = [];
  /** Packets delivered at B with the slot they were delivered in. */
  readonly atB: [string, number][] = [];
  readonly atA: [string, number][] = [];

  constructor(
    config: Is707RlpConfig,
    dropsAB: Iterable<number> = [],
    dropsBA: Iterable<number> = [],
    options: Is707RlpLinkOptions = {},
  ) {
    this.bundle = createIs707RlpLink<string>(
      config,
      new DropChannel(dropsAB),
      new DropChannel(dropsBA),
      options,
    );
  }

  get link() {
    return this.bundle.link;
  }
  get a() {
    return this.bundle.link.a;
  }
  get b() {
    return this.bundle.link.b;
  }

  /** Run `n` slots, logging frames and deliveries. */
  run(n: number): this {
    const { link, rxA, rxB } = this.bundle;
    for (let k = 0; k < n; k++) {
      const s = link.slot;
      link.step();
      for (let p = rxB.poll(); p !== undefined; p = rxB.poll()) this.atB.push([p, s]);
      for (let p = rxA.poll(); p !== undefined; p = rxA.poll()) this.atA.push([p, s]);
      this.log[s] = {
        ab: describe(link.frameAB),
        ba: describe(link.frameBA),
        errAB: link.errorAB,
        errBA: link.errorBA,
        deliveredB: rxB.delivered,
        deliveredA: rxA.delivered,
      };
    }
    return this;
  }

  /** Run until slot `s` has been run. */
  runTo(s: number): this {
    return this.run(s + 1 - this.link.slot);
  }

  /** The A→B frames of slots [from, to). */
  ab(from: number, to: number): string[] {
    return this.log.slice(from, to).map((l) => l.ab);
  }

  ba(from: number, to: number): string[] {
    return this.log.slice(from, to).map((l) => l.ba);
  }
}

/** A sink that records the byte ranges handed to it. */
export class RecordingSink implements ByteRangeSink {
  readonly ranges: [number, number, boolean][] = [];
  receive(start: number, end: number, intact: boolean): void {
    this.ranges.push([start, end, intact]);
  }
}

/** A frame built by hand, as the peer would send it. */
export function peerFrame(
  kind: number,
  fn: number,
  opts: { start?: number; end?: number; nak?: number[]; round?: number } = {},
): RlpFrame {
  const f = new RlpFrame();
  f.kind = kind as RlpFrame['kind'];
  f.fn = fn;
  f.seq = fn & 255;
  f.start = opts.start ?? fn * 19;
  f.end = opts.end ?? fn * 19 + 19;
  if (opts.nak) {
    f.ensureNakCapacity(opts.nak.length);
    opts.nak.forEach((n, i) => (f.nakFrames[i] = n));
    f.nakCount = opts.nak.length;
    f.nakRound = opts.round ?? 1;
  }
  return f;
}
