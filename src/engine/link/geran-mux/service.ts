/**
 * The upper face (link/contract.ts `LinkService`) of one end of the GERAN shared slot: it sends
 * through its direction's {@link MuxSender} and is delivered what the other direction's
 * {@link MuxReceiver} reassembled whole. The mux has no recovery, so a packet with a byte in an
 * erased block is never delivered (geran.md "Channel"); the receiver's arrivals are its events,
 * and this service reads them — a driver that hands packets on itself (link.ts, after the radio
 * access network's delay) reads them instead.
 */
import type { LinkService } from '../contract';
import type { MuxReceiver } from './receiver';
import type { MuxSender } from './sender';

export class MuxService<P> implements LinkService<P> {
  constructor(
    readonly sender: MuxSender<P>,
    readonly receiver: MuxReceiver<P>,
  ) {}

  push(sdu: P, bytes: number): void {
    this.sender.enqueue(sdu, bytes);
  }

  pushFront(sdu: P, bytes: number): void {
    this.sender.enqueueFront(sdu, bytes);
  }

  pollDelivered(): P | null {
    for (let a = this.receiver.pollEvent(); a !== null; a = this.receiver.pollEvent())
      if (!a.lost) return a.packet;
    return null;
  }

  get queuedUnits(): number {
    return this.sender.queued;
  }

  get queuedBytes(): number {
    return this.sender.backlog;
  }
}
