import type { FrameChannel } from '../../channel';

/**
 * A channel whose errors can be switched off (e.g. IS-707's `reverse=0`).
 * The inner channel is stepped either way, so its random stream — and every
 * later draw — stays the same whether errors are on or off.
 */
export class SwitchableChannel implements FrameChannel {
  constructor(
    readonly inner: FrameChannel & { setParams(pe: number, fdt: number): void },
    public enabled: boolean,
  ) {}

  step(): boolean {
    const lost = this.inner.step();
    return this.enabled && lost;
  }

  get bad(): boolean {
    return this.enabled && this.inner.bad;
  }
}
