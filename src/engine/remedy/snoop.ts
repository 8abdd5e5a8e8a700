/**
 * A Snoop agent (Balakrishnan, Seshan, Amir, Katz, "Improving TCP/IP performance over wireless
 * networks", MobiCom 1995) at the base-station point, as remedies.md specifies it:
 *
 * - it caches up to 64 TCP segments it forwards towards the mobile, and measures a smoothed local
 *   RTT (gain ⅛, as TCP's SRTT) from forwarding a segment to its ACK reaching the agent;
 * - it resends a cached segment locally on the first duplicate ACK for it, or when its one local
 *   timer expires: the timer covers the oldest unacknowledged cached segment, runs for
 *   max(2 × SRTT, 200 ms), doubling per local retry of that segment, is armed from the first
 *   local RTT sample on and restarted by each new ACK and each local retransmission;
 * - at most 3 local retransmissions per segment; the next expiry hands the segment back to TCP;
 * - a local retransmission goes next in the queue towards the mobile (BaseStationPort.toMobileNext);
 * - from a segment's first duplicate ACK until a new ACK, its duplicate ACKs are suppressed towards
 *   the fixed host (forwarded again once it is handed back), so the fixed host's congestion control
 *   never sees the radio loss;
 * - the fixed host's own retransmissions are forwarded, give no RTT sample and keep the segment's
 *   local retry count. Data towards the mobile only.
 *
 * State is kept per connection (port pair), as the paper's agent keeps it per TCP connection.
 */
import { TcpFlag, type Packet, type TcpSegment } from '../core/packet';
import { millis, type Nanos } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';
import { OutputQueue, Toward, type AgentOutput, type BaseStationAgent } from './base-station';

/** remedies.md: the agent caches up to 64 segments. */
export const SNOOP_CACHE = 64;
/** remedies.md: the local timer is at least 200 ms. */
export const SNOOP_MIN_TIMER: Nanos = millis(200);
/** remedies.md: at most 3 local retransmissions per segment. */
export const SNOOP_MAX_LOCAL = 3;

/** Why a segment was resent locally (`snoop.resend`'s `why`). */
export const SNOOP_WHY = ['a duplicate ACK', 'its local timer'] as const;

/** Counters of the summary's `snoop` block. */
export interface SnoopCounters {
  localRetransmits: number;
  suppressedDupAcks: number;
  /** Segments handed back to TCP after 3 local retransmissions. */
  handedBack: number;
}

interface Cached {
  packet: Packet;
  readonly seq: number;
  readonly end: number;
  /** When the agent forwarded it (for the local RTT sample). */
  sentAt: Nanos;
  /** Sent once only, so its ACK gives a valid RTT sample (Karn). */
  sample: boolean;
  /** Local retransmissions so far. */
  retries: number;
  handedBack: boolean;
}

/** One connection's Snoop state. */
class SnoopFlow {
  /** Cached segments towards the mobile, in sequence order. */
  readonly cache: Cached[] = [];
  /** Highest ACK seen from the mobile (−1: none yet). */
  lastAck = -1;
  /** Duplicate ACKs for the oldest segment are being suppressed (since its first one). */
  suppressing = false;
  /** Smoothed local RTT, ns (0: no sample yet, the timer is not armed). */
  srtt = 0;
  /** Local timer deadline (Infinity: not armed). */
  timerAt: Nanos = Infinity;

  /** The cached segment holding sequence number `s`, or undefined. */
  find(s: number): Cached | undefined {
    for (const c of this.cache) if (c.seq <= s && s < c.end) return c;
    return undefined;
  }

  /** The local timer's value for the oldest segment: max(2·SRTT, 200 ms), doubled per retry. */
  timeout(retries: number): Nanos {
    return Math.max(2 * this.srtt, SNOOP_MIN_TIMER) * 2 ** retries;
  }

  /** Restart the local timer on the oldest cached segment not handed back (disarm if none). */
  restart(now: Nanos): void {
    const oldest = this.cache[0];
    this.timerAt =
      this.srtt > 0 && oldest !== undefined && !oldest.handedBack
        ? now + this.timeout(oldest.retries)
        : Infinity;
  }
}

interface SnoopTraces {
  resend: TraceSource;
  suppress: TraceSource;
  handback: TraceSource;
}

/** Segments carrying data or FIN (sequence space), as opposed to pure ACKs. */
function dataEnd(seg: TcpSegment): number {
  return seg.seq + seg.len + (seg.flags & TcpFlag.FIN ? 1 : 0);
}

function flowKey(fixedPort: number, mobilePort: number): number {
  return fixedPort * 65536 + mobilePort;
}

export class SnoopAgent implements BaseStationAgent {
  readonly counters: SnoopCounters = { localRetransmits: 0, suppressedDupAcks: 0, handedBack: 0 };
  private readonly flows = new Map<number, SnoopFlow>();
  private readonly out = new OutputQueue();
  private readonly traces: SnoopTraces | null;

  constructor(recorder?: TraceRecorder) {
    this.traces =
      recorder !== undefined && recorder.enabled
        ? {
            resend: recorder.source('snoop.resend', ['seq', 'try', 'why'], { why: SNOOP_WHY }),
            suppress: recorder.source('snoop.suppress', ['ack']),
            handback: recorder.source('snoop.handback', ['seq']),
          }
        : null;
  }

  handleFromFixed(now: Nanos, p: Packet): void {
    const seg = p.tcp;
    this.out.push(p, Toward.Mobile);
    if (seg === undefined || seg.flags & TcpFlag.RST) return;
    const key = flowKey(seg.srcPort, seg.dstPort);
    let flow = this.flows.get(key);
    if (flow === undefined || seg.flags & TcpFlag.SYN) {
      // A new connection (or a new incarnation of the port pair): fresh state.
      flow = new SnoopFlow();
      this.flows.set(key, flow);
    }
    const end = dataEnd(seg);
    if (end === seg.seq || seg.flags & TcpFlag.SYN) return; // no data: nothing to cache
    if (flow.lastAck >= end) return; // already acknowledged: forwarded, not cached
    const cached = flow.find(seg.seq);
    if (cached !== undefined) {
      // The fixed host's own retransmission: forwarded, no RTT sample, local retry count kept.
      cached.packet = p;
      cached.sample = false;
      return;
    }
    if (flow.cache.length >= SNOOP_CACHE) return; // cache full: forwarded uncached
    const last = flow.cache[flow.cache.length - 1];
    if (last !== undefined && seg.seq < last.end) return; // overlaps the cache oddly: leave it to TCP
    flow.cache.push({
      packet: p,
      seq: seg.seq,
      end,
      sentAt: now,
      sample: true,
      retries: 0,
      handedBack: false,
    });
    if (flow.timerAt === Infinity) flow.restart(now);
  }

  handleFromMobile(now: Nanos, p: Packet): void {
    const seg = p.tcp;
    const flow = seg === undefined ? undefined : this.flows.get(flowKey(seg.dstPort, seg.srcPort));
    if (seg === undefined || flow === undefined || !(seg.flags & TcpFlag.ACK) || seg.flags & TcpFlag.RST) {
      this.out.push(p, Toward.Fixed);
      return;
    }
    const ack = seg.ack;
    if (ack > flow.lastAck) {
      this.newAck(now, flow, ack);
      this.out.push(p, Toward.Fixed);
      return;
    }
    const pure = seg.len === 0 && (seg.flags & (TcpFlag.SYN | TcpFlag.FIN)) === 0;
    const missing = ack === flow.lastAck && pure ? flow.find(ack) : undefined;
    if (missing === undefined || missing.handedBack || missing !== flow.cache[0]) {
      // Not a duplicate ACK for a cached segment (or one handed back to TCP): forwarded.
      this.out.push(p, Toward.Fixed);
      return;
    }
    if (!flow.suppressing) {
      // The first duplicate ACK for it: resend locally (within the retry limit).
      flow.suppressing = true;
      if (missing.retries < SNOOP_MAX_LOCAL) this.resend(now, flow, missing, 0);
    }
    this.counters.suppressedDupAcks++;
    this.traces?.suppress.record(now, ack);
  }

  handleTimeout(now: Nanos): void {
    for (const flow of this.flows.values()) {
      if (flow.timerAt > now) continue;
      const oldest = flow.cache[0];
      if (oldest === undefined || oldest.handedBack) {
        flow.timerAt = Infinity;
        continue;
      }
      if (oldest.retries < SNOOP_MAX_LOCAL) {
        this.resend(now, flow, oldest, 1);
        continue;
      }
      // Three local tries failed: TCP's own recovery takes over; its duplicate ACKs go through.
      oldest.handedBack = true;
      flow.suppressing = false;
      flow.timerAt = Infinity;
      this.counters.handedBack++;
      this.traces?.handback.record(now, oldest.seq);
    }
  }

  pollOutput(): AgentOutput | null {
    return this.out.shift();
  }

  pollTimeout(): Nanos {
    let t = Infinity;
    for (const flow of this.flows.values()) if (flow.timerAt < t) t = flow.timerAt;
    return t;
  }

  /** Smoothed local RTT of the connection from `fixedPort` to `mobilePort`, ns (0: no sample). */
  srtt(fixedPort: number, mobilePort: number): Nanos {
    return this.flows.get(flowKey(fixedPort, mobilePort))?.srtt ?? 0;
  }

  /** A new ACK: drop what it covers, take an RTT sample, end suppression, restart the timer. */
  private newAck(now: Nanos, flow: SnoopFlow, ack: number): void {
    flow.lastAck = ack;
    flow.suppressing = false;
    let sample: Cached | undefined;
    let n = 0;
    while (n < flow.cache.length && flow.cache[n].end <= ack) {
      if (flow.cache[n].sample) sample = flow.cache[n];
      n++;
    }
    if (n > 0) flow.cache.splice(0, n);
    if (sample !== undefined) {
      const rtt = now - sample.sentAt;
      flow.srtt = flow.srtt === 0 ? rtt : flow.srtt + (rtt - flow.srtt) / 8;
    }
    flow.restart(now);
  }

  private resend(now: Nanos, flow: SnoopFlow, c: Cached, why: number): void {
    c.retries++;
    c.sample = false;
    this.counters.localRetransmits++;
    this.traces?.resend.record(now, c.seq, c.retries, why);
    this.out.push(c.packet, Toward.MobileNext, true);
    if (flow.srtt > 0) flow.timerAt = now + flow.timeout(c.retries);
  }
}
