/**
 * Explicit Loss Notification (Balakrishnan and Katz, "Explicit loss notification and wireless web
 * performance", Globecom 1998) at the base-station point, for data **from** the mobile
 * (remedies.md): the agent notes the gaps in the sequence it forwards towards the fixed host — its
 * wired side loses nothing, so a gap is a segment lost on the radio hop — and marks each duplicate
 * ACK for a segment in such a gap with a bit of the TCP header's reserved field (TcpFlag.ELN; the
 * paper proposed a header bit). The mobile's TCP then resends without reducing its window
 * (tcp/sender.ts `elnDupAck`).
 *
 * A marked ACK is a changed datagram (same id, its header rewritten): the agent never mutates the
 * fixed host's segment, which a capture may still hold.
 */
import { TcpFlag, type Packet } from '../core/packet';
import type { Nanos } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';
import { OutputQueue, Toward, type AgentOutput, type BaseStationAgent } from './base-station';

/** One connection's ELN state (data from the mobile). */
class ElnFlow {
  /** One past the highest sequence number forwarded towards the fixed host (−1: none yet). */
  next = -1;
  /** Gaps below `next` never seen here, as sorted disjoint [start, end) pairs. */
  readonly gaps: number[] = [];
  /** Highest ACK seen from the fixed host (−1: none yet). */
  lastAck = -1;

  /** A segment [seq, end) from the mobile passes: a jump leaves a gap, a resend fills one. */
  seen(seq: number, end: number): void {
    if (this.next >= 0 && seq > this.next) this.gaps.push(this.next, seq);
    if (end > this.next) this.next = end;
    const g = this.gaps;
    for (let i = 0; i < g.length;) {
      const [a, b] = [g[i], g[i + 1]];
      if (end <= a || seq >= b) {
        i += 2;
        continue;
      }
      // The segment covers part of the gap: keep what is left on either side.
      const rest: number[] = [];
      if (a < seq) rest.push(a, seq);
      if (end < b) rest.push(end, b);
      g.splice(i, 2, ...rest);
      i += rest.length;
    }
  }

  /** Whether sequence number `s` lies in a gap (its segment was lost on the radio hop). */
  lost(s: number): boolean {
    const g = this.gaps;
    for (let i = 0; i < g.length; i += 2) if (g[i] <= s && s < g[i + 1]) return true;
    return false;
  }

  /** Gaps wholly below the cumulative ACK `ack` are history. */
  acked(ack: number): void {
    const g = this.gaps;
    let n = 0;
    while (n < g.length && g[n + 1] <= ack) n += 2;
    if (n > 0) g.splice(0, n);
  }
}

function flowKey(mobilePort: number, fixedPort: number): number {
  return mobilePort * 65536 + fixedPort;
}

export class ElnMarker implements BaseStationAgent {
  /** Duplicate ACKs marked. */
  marked = 0;
  private readonly flows = new Map<number, ElnFlow>();
  private readonly out = new OutputQueue();
  private readonly trace: TraceSource | null;

  constructor(recorder?: TraceRecorder) {
    this.trace =
      recorder !== undefined && recorder.enabled ? recorder.source('eln.mark', ['ack', 'id']) : null;
  }

  handleFromMobile(_now: Nanos, p: Packet): void {
    const seg = p.tcp;
    this.out.push(p, Toward.Fixed);
    if (seg === undefined || seg.flags & TcpFlag.RST) return;
    const key = flowKey(seg.srcPort, seg.dstPort);
    let flow = this.flows.get(key);
    if (flow === undefined || seg.flags & TcpFlag.SYN) {
      flow = new ElnFlow();
      this.flows.set(key, flow);
    }
    const end = seg.seq + seg.len + (seg.flags & (TcpFlag.SYN | TcpFlag.FIN) ? 1 : 0);
    if (end > seg.seq) flow.seen(seg.seq, end);
  }

  handleFromFixed(now: Nanos, p: Packet): void {
    const seg = p.tcp;
    const flow = seg === undefined ? undefined : this.flows.get(flowKey(seg.dstPort, seg.srcPort));
    if (seg === undefined || flow === undefined || !(seg.flags & TcpFlag.ACK)) {
      this.out.push(p, Toward.Mobile);
      return;
    }
    const dup = seg.ack === flow.lastAck && seg.len === 0 && !(seg.flags & (TcpFlag.SYN | TcpFlag.FIN));
    if (seg.ack > flow.lastAck) {
      flow.lastAck = seg.ack;
      flow.acked(seg.ack);
    }
    if (!dup || !flow.lost(seg.ack)) {
      this.out.push(p, Toward.Mobile);
      return;
    }
    this.marked++;
    this.trace?.record(now, seg.ack, p.id);
    const marked: Packet = { ...p, tcp: { ...seg, flags: seg.flags | TcpFlag.ELN } };
    this.out.push(marked, Toward.Mobile, false, true);
  }

  handleTimeout(): void {}

  pollOutput(): AgentOutput | null {
    return this.out.shift();
  }

  pollTimeout(): Nanos {
    return Infinity;
  }
}
