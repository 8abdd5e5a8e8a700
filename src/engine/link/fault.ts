/**
 * Fault injection as wrappers around a layer's medium, not inside the layer (after smoltcp's
 * `FaultInjector<Device>`): a protocol entity and its link driver stay error-free by default,
 * and a test or a scenario wraps the medium to lose frames — by script (after ns-3's
 * TcpSeqErrorModel) or by a bit error rate.
 *
 * Three things are wrapped:
 * - a slotted radio's {@link FrameChannel} (IS-707, GSM RLP): {@link FaultyChannel};
 * - a continuous line's per-frame verdict (V.42, v42/link.ts): a {@link LineFault};
 * - any entity's lower face (contract.ts `LinkEntity`): {@link Faulty}, which loses, repeats and
 *   reorders the frames handed to it — what the conformance suite runs every entity under.
 */
import type { RandomStream } from '../core/rng';
import type { FrameChannel, LinkEntity, LinkTime } from './contract';

/** The fate of each frame put on a line, by direction and 0-based frame count per direction. */
export interface LineFault {
  /** True when frame `n` sent in `dir`, `octets` long, is received with a bad FCS. */
  lost(dir: 0 | 1, n: number, octets: number): boolean;
}

/** Loses exactly the frames the script names. */
export class ScriptedLineFault implements LineFault {
  constructor(private readonly drop: (dir: 0 | 1, n: number) => boolean) {}

  lost(dir: 0 | 1, n: number): boolean {
    return this.drop(dir, n);
  }
}

/**
 * Independent bit errors at rate `ber` on both directions: a frame of n octets is lost with
 * probability 1 − (1 − ber)^(8n), precomputed per length up to `maxOctets`; one draw per frame.
 */
export class BitErrorLineFault implements LineFault {
  private readonly fer: Float64Array;

  constructor(
    ber: number,
    private readonly rng: RandomStream,
    maxOctets: number,
  ) {
    if (!(ber >= 0 && ber <= 1)) throw new RangeError(`bit error rate ${ber} (must be in [0, 1])`);
    this.fer = new Float64Array(maxOctets + 1);
    for (let n = 1; n <= maxOctets; n++) this.fer[n] = 1 - Math.pow(1 - ber, 8 * n);
  }

  lost(_dir: 0 | 1, _n: number, octets: number): boolean {
    return this.rng.next() < this.fer[Math.min(octets, this.fer.length - 1)];
  }
}

/** Several faults in turn: a frame is lost when the first one that loses it does (later ones draw nothing). */
export class CombinedLineFault implements LineFault {
  constructor(private readonly faults: readonly LineFault[]) {}

  lost(dir: 0 | 1, n: number, octets: number): boolean {
    for (const f of this.faults) if (f.lost(dir, n, octets)) return true;
    return false;
  }
}

/**
 * A radio channel with scripted extra losses: the inner channel is stepped every slot as always
 * (fading runs in time, so its draws do not change), and the frames the script names are lost
 * on top. Frames are numbered from 0 by the calls to {@link step}. `bad` is the inner state.
 */
export class FaultyChannel implements FrameChannel {
  private frame = 0;

  constructor(
    readonly inner: FrameChannel,
    private readonly drop: (n: number) => boolean,
  ) {}

  get bad(): boolean {
    return this.inner.bad;
  }

  step(): boolean {
    const lost = this.inner.step();
    return this.drop(this.frame++) || lost;
  }
}

/** The fate of the frames handed to a {@link Faulty} entity, by their 0-based count. */
export interface FrameFaults {
  /**
   * Frame `n`, arriving at `now`, arrives erased: it fails its check (FCS / CRC), as a real
   * receiver sees a loss. A blackout is a stretch of time, whatever the entity sends in it.
   */
  drop?(n: number, now: LinkTime): boolean;
  /** Frame `n` arrives twice in a row. */
  duplicate?(n: number): boolean;
  /** Frame `n` is held back and arrives right after frame n + k (k > 0: reordering); 0 = in turn. */
  hold?(n: number): number;
}

/**
 * Any entity with faults on its input (after smoltcp's `FaultInjector<Device>`): the frames its
 * peer sends are lost, repeated or reordered by script before the entity sees them; its output,
 * events and deadlines pass through untouched. A held frame is copied (`copy`), since a driver
 * reuses its frame objects; only a script that holds frames needs `copy`.
 */
export class Faulty<F, E> implements LinkEntity<F, E> {
  /** Frames handed in so far. */
  count = 0;
  private readonly held: { f: F; erased: boolean; due: number }[] = [];

  constructor(
    readonly inner: LinkEntity<F, E>,
    private readonly faults: FrameFaults,
    private readonly copy?: (f: Readonly<F>) => F,
  ) {}

  handleFrame(now: LinkTime, frame: F, erased: boolean): void {
    const n = this.count++;
    const lost = erased || (this.faults.drop?.(n, now) ?? false);
    const hold = this.faults.hold?.(n) ?? 0;
    if (hold > 0) {
      if (!this.copy) throw new Error('Faulty: holding a frame back needs a copy function');
      this.held.push({ f: this.copy(frame), erased: lost, due: n + hold });
    } else {
      this.inner.handleFrame(now, frame, lost);
      if (this.faults.duplicate?.(n)) this.inner.handleFrame(now, frame, lost);
    }
    for (let i = 0; i < this.held.length;) {
      const h = this.held[i];
      if (h.due > n) {
        i++;
        continue;
      }
      this.held.splice(i, 1);
      this.inner.handleFrame(now, h.f, h.erased);
    }
  }

  pollTransmit(now: LinkTime, out: F): boolean {
    return this.inner.pollTransmit(now, out);
  }

  pollEvent(): E | null {
    return this.inner.pollEvent();
  }

  pollTimeout(): LinkTime {
    return this.inner.pollTimeout();
  }

  get eventsWaiting(): boolean {
    return this.inner.eventsWaiting;
  }
}
