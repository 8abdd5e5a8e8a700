import type { FrameChannel } from '../../../../src/engine/channel/types';
import {
  createGsmRlpLink,
  frameClass,
  GsmRlpFrameClass,
  type GsmRlpConfig,
  type GsmRlpLinkBundle,
  type GsmRlpLinkOptions,
} from '../../../../src/engine/link/gsm-rlp';

/** A tiny drop-list channel: frame n (= slot n, since a link steps it once per slot) is lost when `lost(n)`. */
export class DropChannel implements FrameChannel {
  private n = 0;
  bad = false;
  constructor(private readonly lost: (frame: number) => boolean = () => false) {}
  step(): boolean {
    this.bad = this.lost(this.n++);
    return this.bad;
  }
}

export const dropList = (...frames: number[]): DropChannel => new DropChannel((n) => frames.includes(n));
export const outage = (from: number, to: number): DropChannel => new DropChannel((n) => n >= from && n < to);

/** One frame as observed on the air. */
export interface Seen {
  slot: number;
  dir: 0 | 1;
  cls: number;
  /** True N(S) for I frames, true N(R) otherwise. */
  seq: number;
  lost: boolean;
}

export interface Run {
  b: GsmRlpLinkBundle<number>;
  seen: Seen[];
  delivered: number[];
  step(n?: number): void;
  /** Frames seen in direction `dir` of class `cls`. */
  of(dir: 0 | 1, cls: number): Seen[];
  at(slot: number, dir: 0 | 1): Seen | undefined;
}

/**
 * A GSM RLP link with the phone sending `packets` packets of `size` bytes (and the IWF nothing
 * unless `downPackets` is given), recording every frame sent.
 */
export function makeRun(
  uplink: FrameChannel,
  downlink: FrameChannel,
  opts: {
    config?: GsmRlpConfig;
    link?: GsmRlpLinkOptions;
    packets?: number;
    size?: number;
    downPackets?: number;
  } = {},
): Run {
  const b = createGsmRlpLink<number>(opts.config ?? {}, uplink, downlink, opts.link ?? {});
  const size = opts.size ?? 100;
  for (let i = 0; i < (opts.packets ?? 10); i++) b.txMs.append(i, size);
  for (let i = 0; i < (opts.downPackets ?? 0); i++) b.txIwf.append(1000 + i, size);
  const seen: Seen[] = [];
  const delivered: number[] = [];
  const run: Run = {
    b,
    seen,
    delivered,
    step(n = 1) {
      for (let k = 0; k < n; k++) {
        const s = b.link.slot;
        b.link.step();
        for (const dir of [0, 1] as const) {
          const f = b.link.lastFrame(dir);
          const cls = frameClass(f);
          if (cls === GsmRlpFrameClass.None) continue;
          const isI = cls === GsmRlpFrameClass.I || cls === GsmRlpFrameClass.IRetx;
          seen.push({ slot: s, dir, cls, seq: isI ? f.trueNs : f.trueNr, lost: b.link.lastError(dir) });
        }
        for (let p = b.rxIwf.poll(); p !== undefined; p = b.rxIwf.poll()) delivered.push(p);
      }
    },
    of(dir, cls) {
      return seen.filter((x) => x.dir === dir && x.cls === cls);
    },
    at(slot, dir) {
      return seen.find((x) => x.slot === slot && x.dir === dir);
    },
  };
  return run;
}

export const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);
