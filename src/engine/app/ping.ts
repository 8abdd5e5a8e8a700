/**
 * Ping (gsm.md `app=ping`): an ICMP echo request (RFC 792) of `dataLen` payload bytes every
 * `interval`, and the round-trip time of each echo reply — "the quickest way to see why the
 * link feels slow".
 *
 * Sans-IO: the pinger owns no clock and no timer. The system asks {@link PingApp.nextTime},
 * calls {@link PingApp.poll} then and sends the packet it returns, and hands replies to
 * {@link PingApp.receive}; the far end answers with {@link echoReply}.
 */
import { ICMP_HEADER, IP_HEADER, type Packet, type PacketIds } from '../core/packet';
import { seconds, toSeconds, type Nanos } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';

export interface PingOptions {
  /** Echo data bytes after the ICMP header (Unix default 56). */
  readonly dataLen: number;
  /** Seconds between requests (default 2, gsm.md). */
  readonly interval?: number;
  /** Sending and answering host numbers. */
  readonly src: number;
  readonly dst: number;
  /** ICMP identifier (default 1). */
  readonly ident?: number;
  /** First request at this time (default 0). */
  readonly start?: Nanos;
  /** Record `app.ping` (seq, rtt s; rtt −1 for a request sent) here. */
  readonly recorder?: TraceRecorder;
}

/** Round-trip statistics of a ping run, seconds. */
export interface PingStats {
  sent: number;
  /** Replies received (a late reply counts; a duplicate does not). */
  received: number;
  rttMin: number;
  rttMax: number;
  rttMean: number;
}

/** The host that pings. */
export class PingApp {
  readonly dataLen: number;
  private readonly intervalNs: Nanos;
  private next: Nanos;
  private seq = 0;
  /** Send time of each request by sequence number (requests are few: one per interval). */
  private readonly sentAt: number[] = [];
  private readonly answered: boolean[] = [];
  private received = 0;
  private rttSum = 0;
  private rttMin = Infinity;
  private rttMax = 0;
  private readonly trace: TraceSource | null;

  constructor(
    private readonly ids: PacketIds,
    private readonly o: PingOptions,
  ) {
    if (!(o.dataLen >= 0) || !Number.isInteger(o.dataLen)) throw new RangeError(`ping size ${o.dataLen}`);
    this.dataLen = o.dataLen;
    this.intervalNs = seconds(o.interval ?? 2);
    this.next = o.start ?? 0;
    const rec = o.recorder;
    this.trace = rec && rec.enabled ? rec.source('app.ping', ['seq', 'rtt']) : null;
  }

  /** When the next request is due. */
  nextTime(): Nanos {
    return this.next;
  }

  /** The request due at `now`, if any. */
  poll(now: Nanos): Packet | null {
    if (now < this.next) return null;
    const seqNo = this.seq++;
    this.sentAt.push(now);
    this.answered.push(false);
    this.next += this.intervalNs;
    this.trace?.record(now, seqNo, -1);
    return {
      id: this.ids.take(),
      src: this.o.src,
      dst: this.o.dst,
      size: IP_HEADER + ICMP_HEADER + this.dataLen,
      icmp: { type: 'request', ident: this.o.ident ?? 1, seqNo, dataLen: this.dataLen },
    };
  }

  /** A packet for the pinging host arrives; returns true if it was one of our replies. */
  receive(p: Packet, now: Nanos): boolean {
    const e = p.icmp;
    if (!e || e.type !== 'reply' || e.ident !== (this.o.ident ?? 1)) return false;
    if (e.seqNo < 0 || e.seqNo >= this.sentAt.length || this.answered[e.seqNo]) return true; // duplicate
    this.answered[e.seqNo] = true;
    const rtt = toSeconds(now - this.sentAt[e.seqNo]);
    this.received++;
    this.rttSum += rtt;
    if (rtt < this.rttMin) this.rttMin = rtt;
    if (rtt > this.rttMax) this.rttMax = rtt;
    this.trace?.record(now, e.seqNo, rtt);
    return true;
  }

  get stats(): PingStats {
    return {
      sent: this.seq,
      received: this.received,
      rttMin: this.received > 0 ? this.rttMin : 0,
      rttMax: this.rttMax,
      rttMean: this.received > 0 ? this.rttSum / this.received : 0,
    };
  }
}

/** The echo reply a host sends for request `p` (RFC 792: same identifier, sequence and data). */
export function echoReply(p: Packet, ids: PacketIds): Packet | null {
  const e = p.icmp;
  if (!e || e.type !== 'request') return null;
  return { id: ids.take(), src: p.dst, dst: p.src, size: p.size, icmp: { ...e, type: 'reply' } };
}
