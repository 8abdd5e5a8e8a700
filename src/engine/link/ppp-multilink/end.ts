/**
 * One end of a PPP Multilink bundle (RFC 1990) as a link service: its sender toward the peer and
 * its receiver from the peer behind the contract's upper face (contract.ts `LinkService`), so the
 * layer above pushes and polls datagrams as it does on any single link.
 *
 * The bundle is not a link entity: it has no frames or channel of its own. Its lower side is its
 * member links' own upper faces (each a `LinkService` of fragments, e.g. PIAFS's stream service):
 * {@link exchange} moves the fragments queued for a member onto it and hands what the member
 * delivered to the receiver. And it keeps time above its links, so it takes the time from its
 * driver ({@link advance}) where an entity takes it through its lower face: which member is least
 * loaded and how far a released member's backlog has drained (sender.ts) are read at the moment a
 * datagram is pushed, and the reassembly timer (`mpTimeout`, receiver.ts) runs on that clock.
 */
import type { Nanos } from '../../core/time';
import type { LinkService } from '../contract';
import type { Fragment, Sized } from './fragment';
import type { MultilinkReceiver } from './receiver';
import type { MultilinkSender } from './sender';

export class MultilinkEnd<P extends Sized> implements LinkService<P> {
  private now: Nanos = 0;
  /** The fragments the last {@link push} made (those on a released member are lost already). */
  lastFragments: readonly Fragment<P>[] = [];

  constructor(
    readonly sender: MultilinkSender<P>,
    readonly receiver: MultilinkReceiver<P>,
  ) {}

  /** The bundle's clock (ns, non-decreasing): the calls that follow act at `now`; due timers run. */
  advance(now: Nanos): void {
    this.now = now;
    this.receiver.poll(now);
  }

  /**
   * Fragment `sdu` over the member links. `bytes` is the datagram's size: Multilink cuts it by
   * its own length (RFC 1990 §3), so any other figure is a caller's error.
   */
  push(sdu: P, bytes: number): void {
    if (bytes !== sdu.size)
      throw new RangeError(`Multilink push: ${bytes} bytes for a datagram of ${sdu.size}`);
    this.lastFragments = this.sender.fragment(sdu, this.now);
  }

  /**
   * The same as {@link push}: fragments are numbered as they are made and the peer delivers in
   * that order (RFC 1990 §4.1), so the next datagram fragmented is the earliest one that can still
   * go ahead of others — nothing already numbered can be overtaken.
   */
  pushFront(sdu: P, bytes: number): void {
    this.push(sdu, bytes);
  }

  pollDelivered(): P | null {
    return this.receiver.pollPacket() ?? null;
  }

  /** Datagrams with a fragment still queued on some member. */
  get queuedUnits(): number {
    return this.sender.queuedPackets();
  }

  /** Multilink packets' bytes (fragment and header) queued on the members. */
  get queuedBytes(): number {
    let sum = 0;
    for (const id of this.sender.linkIds) sum += this.sender.queuedBytes(id);
    return sum;
  }

  /**
   * Member `id`'s turn (its driver calls this each round, before and after the member runs):
   * the fragments queued for it go onto its service, and what it delivered goes to the receiver.
   */
  exchange(id: number, member: LinkService<Fragment<P>>): void {
    for (let f = this.sender.pollLink(id); f !== undefined; f = this.sender.pollLink(id))
      member.push(f, f.wireBytes);
    for (let f = member.pollDelivered(); f !== null; f = member.pollDelivered())
      this.receiver.receive(id, f, this.now);
  }
}
