import { TcpFlag, type TcpOptions, type TcpSegment } from '../core/packet';
import type { Nanos } from '../core/time';
import type { TcpProfile } from './profiles';

/**
 * TCP options (remedies.md, "Options on the wire"): MSS, SACK-permitted and SACK (RFC 2018),
 * timestamps (RFC 7323), negotiated on SYN and SYN-ACK and laid out as Linux lays them out
 * (core/tcp-option-bytes.ts writes the octets for the pcap and the PPP codec).
 *
 * - A SYN or SYN-ACK carries MSS (4 bytes) and, as switched on, SACK-permitted and timestamps:
 *   both packed as kind 4 then kind 8 (12 bytes), timestamps alone as NOP NOP TS (12), SACK-permitted
 *   alone as NOP NOP kind 4 (4). An end with neither switched on sends no options at all, as every
 *   plain run did before (its segments are byte-identical).
 * - A synchronised segment carries NOP NOP TS (12) when timestamps were negotiated and, with SACK,
 *   NOP NOP SACK with n blocks (4 + 8n) while the receiver holds data out of order.
 * - RFC 6691: the MSS option says the largest payload without options (the profile's `mss`), and
 *   the sender takes the option bytes off each segment's payload, so a packet never exceeds
 *   MSS + 40 bytes: 12 bytes less per segment with timestamps. SACK blocks ride on a data segment
 *   only as far as they fit (a full segment with timestamps has no room for one; pure ACKs carry
 *   up to 3 blocks with timestamps, 4 without, RFC 2018 §3).
 */

/** RFC 7323 §4.1 clock: 1 ms ticks, the run's time + 1 so a TSval is never 0 (TSecr 0 means "none", §3.2). */
export function tsClock(now: Nanos): number {
  return Math.floor(now / 1e6) + 1;
}

/** Timestamps option with its two NOPs (RFC 7323 §3.2; RFC 7323 Appendix A layout). */
export const TS_BYTES = 12;

/** Option bytes of a SYN or SYN-ACK carrying MSS and, as switched on, SACK-permitted and timestamps. */
export function synOptionBytes(sackOk: boolean, ts: boolean): number {
  return 4 + (ts ? TS_BYTES : sackOk ? 4 : 0);
}

/** Option bytes of a synchronised segment: timestamps, and a SACK option of `blocks` blocks (none when 0). */
export function optionBytes(ts: boolean, blocks: number): number {
  return (ts ? TS_BYTES : 0) + (blocks > 0 ? 4 + 8 * blocks : 0);
}

/** RFC 2018 §3: at most 4 SACK blocks fit the 40 option bytes, 3 beside a timestamps option. */
export function maxSackBlocks(ts: boolean): number {
  return ts ? 3 : 4;
}

/**
 * One connection's options: what its profile offers, what was negotiated, and the timestamp
 * state of RFC 7323 §4.3 (TS.Recent, Last.ACK.sent).
 */
export class ConnOptions {
  /** What this end offers (its profile's `sack` / `timestamps`). */
  readonly wantSack: boolean;
  readonly wantTs: boolean;
  /** Negotiated: both ends offered it (or, without a handshake, this end switched it on). */
  sack = false;
  ts = false;
  /** The peer's MSS option (0: none received). */
  peerMss = 0;
  /** RFC 7323 §4.3: the TSval to echo, and the ACK number this end last sent. */
  tsRecent = 0;
  lastAckSent = 0;

  constructor(profile: TcpProfile) {
    this.wantSack = profile.sack;
    this.wantTs = profile.timestamps;
  }

  /** Options in use on synchronised segments (false in plain runs: no options object is built). */
  get active(): boolean {
    return this.sack || this.ts;
  }

  /** Whether this end sends any SYN option (only when it switched SACK or timestamps on). */
  get offers(): boolean {
    return this.wantSack || this.wantTs;
  }

  /**
   * Options of our SYN (`passive` false: what we offer) or SYN-ACK (`passive` true: what was
   * negotiated on the peer's SYN; RFC 7323 §3.2 and RFC 2018 §2 send them only in reply), or null.
   */
  synOptions(now: Nanos, mss: number, passive: boolean): TcpOptions | null {
    if (!this.offers) return null;
    const sackOk = passive ? this.sack : this.wantSack;
    const ts = passive ? this.ts : this.wantTs;
    return {
      len: synOptionBytes(sackOk, ts),
      mss,
      sackOk,
      ts,
      tsVal: ts ? tsClock(now) : 0,
      tsEcr: ts && passive ? this.tsRecent : 0,
      sack: null,
    };
  }

  /** The peer's SYN (passive open) or SYN-ACK (active open) arrived: negotiate on its options. */
  negotiate(peer: TcpOptions | null): void {
    this.sack = this.wantSack && peer !== null && peer.sackOk;
    this.ts = this.wantTs && peer !== null && peer.ts;
    this.peerMss = peer !== null ? peer.mss : 0;
    if (this.ts && peer !== null) this.tsRecent = peer.tsVal;
  }

  /** No handshake (IS-707's `handshake=0`): behave as if both ends had negotiated what this one offers. */
  assume(): void {
    this.sack = this.wantSack;
    this.ts = this.wantTs;
  }

  /**
   * Payload bytes of a full segment: the smaller of our MSS and the peer's MSS option, less the
   * timestamps option (RFC 6691) — the sender's segment size and the receiver's "full-sized segment".
   */
  payload(mss: number): number {
    const m = this.peerMss > 0 ? Math.min(mss, this.peerMss) : mss;
    return this.ts ? m - TS_BYTES : m;
  }

  /** Options of a synchronised segment with `sack` blocks (null: none) at `now`. */
  build(now: Nanos, sack: number[] | null): TcpOptions {
    const ts = this.ts;
    return {
      len: optionBytes(ts, sack === null ? 0 : sack.length / 2),
      mss: 0,
      sackOk: false,
      ts,
      tsVal: ts ? tsClock(now) : 0,
      tsEcr: ts ? this.tsRecent : 0,
      sack,
    };
  }

  /**
   * RFC 7323 §4.3 (2): a segment's TSval becomes TS.Recent when it is not older and the segment
   * starts at or below the last ACK sent — so a delayed ACK echoes the earliest unacknowledged
   * segment and an out-of-order one does not move it. (PAWS is not modelled: sequence numbers
   * never wrap and no old duplicate outlives a run's timers.)
   */
  received(seq: number, opt: TcpOptions | null): void {
    if (!this.ts || opt === null || !opt.ts) return;
    if (opt.tsVal >= this.tsRecent && seq <= this.lastAckSent) this.tsRecent = opt.tsVal;
  }
}

/** What the option builders read of the receive side (receiver.ts). */
interface SackSource {
  readonly rcvNxt: number;
  sackBlocks(max: number): number[] | null;
}

/**
 * Options of a segment built now: SYN options on a SYN or SYN-ACK; on a synchronised segment,
 * timestamps and as many SACK blocks as fit beside `len` payload bytes within MSS + 40 (RFC 6691);
 * none on a RST (RFC 7323 §3.2). Records Last.ACK.sent for a segment with ACK (RFC 7323 §4.3).
 */
export function segmentOptions(
  o: ConnOptions,
  rcv: SackSource,
  mss: number,
  now: Nanos,
  flags: number,
  len: number,
): TcpOptions | null {
  if (flags & TcpFlag.SYN) return o.synOptions(now, mss, (flags & TcpFlag.ACK) !== 0);
  if (!o.active || flags & TcpFlag.RST) return null;
  let sack: number[] | null = null;
  if (flags & TcpFlag.ACK) {
    o.lastAckSent = rcv.rcvNxt;
    if (o.sack)
      sack = rcv.sackBlocks(Math.min(maxSackBlocks(o.ts), Math.floor((o.payload(mss) - len - 4) / 8)));
  }
  return o.build(now, sack);
}

/**
 * A segment still queued below TCP leaves now with the current TSecr and SACK blocks (DECT's DLC
 * queue, dect.md; its ACK number is refreshed by the caller). Returns the change of option bytes.
 */
export function refreshOptions(o: ConnOptions, rcv: SackSource, mss: number, seg: TcpSegment): number {
  const opt = seg.opt;
  if (opt === null || !o.active) return 0;
  const before = opt.len;
  o.lastAckSent = rcv.rcvNxt;
  if (o.ts) opt.tsEcr = o.tsRecent;
  if (o.sack) {
    opt.sack = rcv.sackBlocks(Math.min(maxSackBlocks(o.ts), Math.floor((o.payload(mss) - seg.len - 4) / 8)));
    opt.len = optionBytes(o.ts, opt.sack === null ? 0 : opt.sack.length / 2);
  }
  return opt.len - before;
}
