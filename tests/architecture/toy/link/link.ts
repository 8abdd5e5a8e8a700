/**
 * The toy link's driver: the shared slotted duplex driver (src/engine/link/slotted-duplex.ts)
 * with the verdicts handed in, as PIAFS's is. A new link layer writes no driver loop of its own.
 */
import { SlottedDuplexLink } from '../../../../src/engine/link/slotted-duplex';
import type { ToyArqEntity } from './entity';
import { ToyFrame } from './frame';

export class ToyLink<S> extends SlottedDuplexLink<ToyFrame<S>, ToyArqEntity<S>> {
  constructor(a: ToyArqEntity<S>, b: ToyArqEntity<S>, delaySlots: number) {
    super(a, b, delaySlots, () => new ToyFrame<S>());
  }

  /** One slot; `lostAB` / `lostBA`: the radio erases the frame sent this slot A→B / B→A. */
  step(lostAB: boolean, lostBA: boolean): void {
    const s = this.slot;
    this.exchange(s);
    this.endSlot(s, lostAB, lostBA);
  }

  protected drain(end: 0 | 1): void {
    // The toy reports no events; draining is still the driver's duty (contract.ts).
    const e = end === 0 ? this.a : this.b;
    while (e.pollEvent() !== null);
  }
}
