import type { Packet, TcpOptions } from './packet';
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
 * Option columns, made at the first packet with TCP options (a plain run has none): option bytes,
 * MSS, SACK-permitted, timestamps present, TSval, TSecr, SACK block count, then 4 blocks' edges.
 */
const OPT_COLUMNS = 7 + 8;

/**
 * A bounded capture of IP packets at one point of the topology (the system
 * chooses where, e.g. the fixed host's interface), for pcap export. Columnar,
 * like traces; stops recording (and counts what it missed) when full.
 */
export class PacketCapture {
  private readonly cols: Float64Array[];
  private opts: Float64Array[] | null = null;
  count = 0;
  missed = 0;

  constructor(
    readonly enabled = true,
    readonly capacity = 1 << 16,
  ) {
    this.cols = FIELDS.map(() => new Float64Array(enabled ? capacity : 0));
  }

  private recordOptions(i: number, o: TcpOptions): void {
    if (this.opts === null) {
      this.opts = [];
      for (let k = 0; k < OPT_COLUMNS; k++) this.opts.push(new Float64Array(this.capacity));
    }
    const c = this.opts;
    const sack = o.sack ?? [];
    c[0][i] = o.len;
    c[1][i] = o.mss;
    c[2][i] = o.sackOk ? 1 : 0;
    c[3][i] = o.ts ? 1 : 0;
    c[4][i] = o.tsVal;
    c[5][i] = o.tsEcr;
    c[6][i] = sack.length / 2;
    for (let k = 0; k < sack.length && k < 8; k++) c[7 + k][i] = sack[k];
  }

  private options(i: number): TcpOptions | null {
    const c = this.opts;
    if (c === null || c[0][i] === 0) return null;
    const n = c[6][i];
    const sack: number[] = [];
    for (let k = 0; k < 2 * n; k++) sack.push(c[7 + k][i]);
    return {
      len: c[0][i],
      mss: c[1][i],
      sackOk: c[2][i] === 1,
      ts: c[3][i] === 1,
      tsVal: c[4][i],
      tsEcr: c[5][i],
      sack: n > 0 ? sack : null,
    };
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
      if (s.opt !== null) this.recordOptions(i, s.opt);
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
      opt: c[4][i] === 6 ? this.options(i) : null,
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
  /** TCP options (null: none). */
  opt: TcpOptions | null;
}
