/**
 * The receiving end of one direction of the GERAN shared slot: it reassembles the byte stream
 * into packets. With the optional block error rate there is no link-layer recovery (geran.md
 * "Channel"): a packet any of whose bytes rode in an erased block is lost.
 */
import { LinkEventQueue, type LinkEntity, type LinkTime } from '../contract';
import type { MuxBlock } from './block';

/** A packet whose last byte arrived in block `block` (`lost`: one of its blocks was erased). */
export interface MuxArrival<P> {
  readonly packet: P;
  readonly block: number;
  readonly lost: boolean;
}

export class MuxReceiver<P> implements LinkEntity<MuxBlock<P>, MuxArrival<P>> {
  private readonly events = new LinkEventQueue<MuxArrival<P>>();
  /** The packet being reassembled has lost a piece. */
  private corrupt = false;
  /** Packets delivered whole, and lost to erased blocks. */
  delivered = 0;
  lost = 0;
  /** Blocks received erased. */
  erasedBlocks = 0;

  handleFrame(now: LinkTime, block: MuxBlock<P>, erased: boolean): void {
    if (erased) this.erasedBlocks++;
    for (let i = 0; i < block.count; i++) {
      if (block.first[i] === 1) this.corrupt = false;
      if (erased) this.corrupt = true;
      if (block.last[i] === 1) {
        const packet = block.packets[i] as P;
        if (this.corrupt) this.lost++;
        else this.delivered++;
        this.events.push({ packet, block: now, lost: this.corrupt });
      }
    }
  }

  pollTransmit(): boolean {
    return false;
  }

  pollEvent(): MuxArrival<P> | null {
    return this.events.shift();
  }

  get eventsWaiting(): boolean {
    return this.events.waiting;
  }

  pollTimeout(): LinkTime {
    return Infinity;
  }
}
