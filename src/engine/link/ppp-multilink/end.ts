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
 *
 * Membership (RFC 1990 §5.1: links join and leave a bundle) goes through the end too: a member
 * {@link addMember | joins}, its radio can be {@link releaseMember | released} before the bundle
 * notices (phs.md "A radio release is not noticed at once": fragments still go to it and are lost),
 * and it {@link removeMember | leaves} once noticed. The fragments lost with a released member —
 * those queued for it at the release and those put on it after — are reported to the end's
 * `lost` observer as they are lost (PHS records them in `link.packet`, phs/links.ts).
 */
import type { Nanos } from '../../core/time';
import type { LinkService } from '../contract';
import type { Fragment, Sized } from './fragment';
import type { MultilinkReceiver } from './receiver';
import type { MultilinkSender } from './sender';

/** Told of each fragment lost with a released member, at the time it is lost. */
export type LostFragmentObserver<P extends Sized> = (f: Fragment<P>, now: Nanos) => void;

/** How an end meets its member links. */
export interface MultilinkEndOptions<P extends Sized> {
  /**
   * Bytes of the member link's own framing around each fragment, counted on the member's queue
   * (PHS: HDLC-like flag, address, control, FCS-16 and flag, 7 bytes; RFC 1662 §3). Default 0.
   */
  readonly memberFraming?: number;
  /** Told of each fragment lost with a released member; default none. */
  readonly lost?: LostFragmentObserver<P> | null;
}

export class MultilinkEnd<P extends Sized> implements LinkService<P> {
  private now: Nanos = 0;
  private readonly memberFraming: number;
  private readonly lost: LostFragmentObserver<P> | null;
  /** The fragments the last {@link push} made (those on a released member are lost already). */
  lastFragments: readonly Fragment<P>[] = [];

  constructor(
    readonly sender: MultilinkSender<P>,
    readonly receiver: MultilinkReceiver<P>,
    options: MultilinkEndOptions<P> = {},
  ) {
    this.memberFraming = options.memberFraming ?? 0;
    this.lost = options.lost ?? null;
  }

  /** The bundle's clock (ns, non-decreasing): the calls that follow act at `now`; due timers run. */
  advance(now: Nanos): void {
    this.at(now);
    this.runTimers();
  }

  /**
   * Set the clock alone (ns, non-decreasing): the calls that follow act at `now`, and the
   * reassembly timer waits for {@link runTimers}. For a driver that pushes datagrams as they come
   * but runs the timer once a round, after the round's fragments arrived (PHS: once a 10 ms slot).
   */
  at(now: Nanos): void {
    this.now = now;
  }

  /** Apply the reassembly timeouts (`mpTimeout`) due by the clock. */
  runTimers(): void {
    this.receiver.poll(this.now);
  }

  /**
   * Fragment `sdu` over the member links. `bytes` is the datagram's size: Multilink cuts it by
   * its own length (RFC 1990 §3), so any other figure is a caller's error.
   */
  push(sdu: P, bytes: number): void {
    if (bytes !== sdu.size)
      throw new RangeError(`Multilink push: ${bytes} bytes for a datagram of ${sdu.size}`);
    const frags = this.sender.fragment(sdu, this.now);
    this.lastFragments = frags;
    const lost = this.lost;
    if (lost !== null) for (const f of frags) if (this.sender.isDead(f.link)) lost(f, this.now);
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
    this.fill(id, member);
    this.collect(id, member);
  }

  /**
   * The first half of {@link exchange}: move fragments queued for member `id` onto its service
   * while the service holds fewer than `upTo` bytes (default: all of them). A bound keeps the
   * fragments in the bundle's queue until the member is about to run dry, so the least-loaded
   * choice and a release see the real backlog (PHS: less than one PIAFS frame pending).
   */
  fill(id: number, member: LinkService<Fragment<P>>, upTo = Infinity): void {
    const framing = this.memberFraming;
    while (member.queuedBytes < upTo) {
      const f = this.sender.pollLink(id);
      if (f === undefined) return;
      member.push(f, f.wireBytes + framing);
    }
  }

  /** The second half of {@link exchange}: what member `id` delivered goes to the receiver. */
  collect(id: number, member: LinkService<Fragment<P>>): void {
    for (let f = member.pollDelivered(); f !== null; f = member.pollDelivered())
      this.receiver.receive(id, f, this.now);
  }

  /** Is `id` a member (live, or released and not yet noticed)? */
  hasMember(id: number): boolean {
    return this.sender.linkIds.includes(id);
  }

  /** Member `id` (sending at `rateBps`) joins the bundle. */
  addMember(id: number, rateBps: number): void {
    this.sender.addLink(id, rateBps);
    this.receiver.addLink(id);
  }

  /**
   * The radio under member `id` is gone and the bundle has not noticed: the fragments queued for
   * it are lost (reported to the `lost` observer), and the fragments pushed until
   * {@link removeMember} that go to it are lost too.
   */
  releaseMember(id: number): void {
    const frags = this.sender.releaseLink(id, this.now);
    const lost = this.lost;
    if (lost !== null) for (const f of frags) lost(f, this.now);
  }

  /**
   * Member `id` leaves (its release noticed, or its port set up anew): fragments still queued for
   * it are dropped, and the receiver stops waiting for it (receiver.ts `removeLink`).
   */
  removeMember(id: number): void {
    this.sender.removeLink(id);
    this.receiver.removeLink(id, this.now);
  }
}
