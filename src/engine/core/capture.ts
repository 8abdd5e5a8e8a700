import type { Packet } from './packet';
import type { Nanos } from './time';

/** Fields kept per captured packet (headers only; payload bytes are virtual). */
const FIELDS = [
  'time',
  'src',
  'dst',
  'size',
  'proto',
  'sport',
  'dport',
  'seq',
  'ack',
  'flags',
  'wnd',
  'extra',
] as const;

/**
 * A bounded capture of IP packets at one point of the topology (the system
 * chooses where, e.g. the fixed host's interface), for pcap export. Columnar,
 * like traces; stops recording (and counts what it missed) when full.
 */
export class PacketCapture {
  private readonly cols: Float64Array[];
  count = 0;
  missed = 0;

  constructor(
    readonly enabled = true,
    readonly capacity = 1 << 16,
  ) {
    this.cols = FIELDS.map(() => new Float64Array(enabled ? capacity : 0));
  }

  record(t: Nanos, p: Packet): void {
    if (!this.enabled) return;
    if (this.count >= this.capacity) {
      this.missed++;
      return;
    }
    const i = this.count++;
    const c = this.cols;
    c[0][i] = t;
    c[1][i] = p.src;
    c[2][i] = p.dst;
    c[3][i] = p.size;
    if (p.tcp) {
      const s = p.tcp;
      c[4][i] = 6;
      c[5][i] = s.srcPort;
      c[6][i] = s.dstPort;
      c[7][i] = s.seq;
      c[8][i] = s.ack;
      c[9][i] = s.flags;
      c[10][i] = s.wnd;
      c[11][i] = s.len;
    } else if (p.icmp) {
      const e = p.icmp;
      c[4][i] = 1;
      c[5][i] = e.type === 'request' ? 8 : 0;
      c[6][i] = e.ident;
      c[7][i] = e.seqNo;
      c[11][i] = e.dataLen;
    }
  }

  /** Captured packet i as plain fields. */
  get(i: number): CapturedPacket {
    const c = this.cols;
    return {
      time: c[0][i],
      src: c[1][i],
      dst: c[2][i],
      size: c[3][i],
      proto: c[4][i],
      sport: c[5][i],
      dport: c[6][i],
      seq: c[7][i],
      ack: c[8][i],
      flags: c[9][i],
      wnd: c[10][i],
      extra: c[11][i],
    };
  }
}

/** One captured packet. For ICMP, sport = type, dport = ident, seq = sequence number; extra = payload length. */
export interface CapturedPacket {
  time: Nanos;
  src: number;
  dst: number;
  size: number;
  proto: number;
  sport: number;
  dport: number;
  seq: number;
  ack: number;
  flags: number;
  wnd: number;
  extra: number;
}
