/**
 * Fault injection as wrappers around a layer's medium, not inside the layer (after smoltcp's
 * `FaultInjector<Device>`): a protocol entity and its link driver stay error-free by default,
 * and a test or a scenario wraps the medium to lose frames — by script (after ns-3's
 * TcpSeqErrorModel) or by a bit error rate.
 *
 * Two media are wrapped:
 * - a slotted radio's {@link FrameChannel} (IS-707, GSM RLP): {@link FaultyChannel};
 * - a continuous line's per-frame verdict (V.42, v42/link.ts): a {@link LineFault}.
 */
import type { RandomStream } from '../core/rng';
import type { FrameChannel } from './contract';

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
