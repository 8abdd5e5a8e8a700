import { doubleFields, mutableFields } from '../../core/field-shape';
import { seconds, type Nanos } from '../../core/time';

/**
 * V.42 LAPM frames, configuration and counters: the error-corrected modem leg of the GSM
 * system (gsm.md §Stack), IWF modem ↔ gateway modem over a V.32 connection at 9600 bit/s
 * synchronous.
 *
 * Frame structure (V.42 §8.1.1): flag, address (1 octet), control (2 octets, modulo-128
 * numbering, §8.2.2), information (I frames, up to N401 = 128 octets by default), FCS
 * (2 octets, CRC-16). Between back-to-back frames one flag both closes a frame and opens
 * the next (§8.1.5), so each frame costs its information field plus 6 octets: at 1200
 * octets/s a full frame carries 128 of 134 octets, 1146.3 octets/s of payload.
 *
 * Simplification: HDLC zero-bit insertion (§8.1.1 transparency, ≈ 1/62 extra bits on
 * random data) is not modelled — gsm.md states the overhead as 6 octets per frame.
 */

/** Modulo of N(S)/N(R) with the 2-octet control field (V.42 §8.2.2, §8.2.3). */
export const V42_MODULUS = 128;
/** Octets of overhead per frame: shared flag, address, 2 control, 2 FCS. */
export const V42_OVERHEAD = 6;

export const V42Kind = { None: 0, I: 1, RR: 2, REJ: 3 } as const;
export type V42Kind = (typeof V42Kind)[keyof typeof V42Kind];

/** One frame on the line; links keep a pool of them (reused). */
export class V42Frame {
  kind: V42Kind = V42Kind.None;
  ns = 0;
  nr = 0;
  /** True numbers behind `ns` / `nr` (bookkeeping only). */
  trueNs = 0;
  trueNr = 0;
  /** I frames: stream offsets [start, end) of the information field. */
  start = 0;
  end = 0;
  retx = false;
  /** Octets on the line (information + overhead). */
  octets = 0;
  /** When the last bit leaves the sender. */
  endTime: Nanos = 0;

  constructor() {
    // Offsets come from Float64Arrays and times pass 2^31 ns: doubles to V8 (core/field-shape.ts).
    doubleFields(this, ['start', 'end', 'octets', 'endTime']);
  }

  clear(): void {
    this.kind = V42Kind.None;
    this.ns = 0;
    this.nr = 0;
    this.trueNs = 0;
    this.trueNr = 0;
    this.start = 0;
    this.end = 0;
    this.retx = false;
    this.octets = 0;
    this.endTime = 0;
  }

  copyFrom(f: V42Frame): void {
    this.kind = f.kind;
    this.ns = f.ns;
    this.nr = f.nr;
    this.trueNs = f.trueNs;
    this.trueNr = f.trueNr;
    this.start = f.start;
    this.end = f.end;
    this.retx = f.retx;
    this.octets = f.octets;
    this.endTime = f.endTime;
  }
}

/** Parameters of one LAPM entity (V.42 §9.2). */
export interface V42Config {
  /** Line rate, bit/s (V.32: 9600). */
  bitRate?: number;
  /** k: maximum outstanding I frames (default 15). */
  window?: number;
  /** N401: maximum information field, octets (default 128). */
  maxInfo?: number;
  /**
   * T401, the acknowledgement timer (default 4 s, a common modem default). On expiry the
   * entity goes back and resends every unacknowledged frame (see the entity's notes).
   */
  t401?: Nanos;
}

export type ResolvedV42Config = Required<V42Config>;

export const V42_DEFAULTS: ResolvedV42Config = {
  bitRate: 9600,
  window: 15,
  maxInfo: 128,
  t401: seconds(4),
};

export function resolveV42Config(c: V42Config = {}): ResolvedV42Config {
  const r = { ...V42_DEFAULTS, ...c };
  if (!(r.bitRate > 0)) throw new RangeError(`V.42 bit rate ${r.bitRate}`);
  if (!Number.isInteger(r.window) || r.window < 1 || r.window > 127)
    throw new RangeError(`V.42 window ${r.window}`);
  if (!Number.isInteger(r.maxInfo) || r.maxInfo < 1) throw new RangeError(`V.42 N401 ${r.maxInfo}`);
  if (!(r.t401 > 0)) throw new RangeError(`V.42 T401 ${r.t401}`);
  return r;
}

/** Payload octets per second of a saturated line: N401 / (N401 + 6) of the octet rate. */
export function v42PayloadRate(c: V42Config = {}): number {
  const r = resolveV42Config(c);
  return ((r.bitRate / 8) * r.maxInfo) / (r.maxInfo + V42_OVERHEAD);
}

/** Counters of one LAPM entity (what it put on the line, and what it saw arriving). */
export class V42Counters {
  iFramesSent = 0;
  iFramesRetransmitted = 0;
  /** Information octets sent for the first time / again. */
  bytesSent = 0;
  bytesRetransmitted = 0;
  /** RR and REJ frames sent. */
  supervisoryFrames = 0;
  rejSent = 0;
  t401Expiries = 0;
  /** Octets put on the line, overhead included. */
  lineOctets = 0;
  /** Frames received with a bad FCS. */
  frameErrors = 0;
  /** Octets delivered in order to the layer above. */
  bytesDelivered = 0;

  constructor() {
    // Octet sums of Float64Array offsets are doubles to V8; expiries and REJs are rare (core/field-shape.ts).
    doubleFields(this, ['bytesSent', 'bytesRetransmitted', 'lineOctets', 'bytesDelivered']);
    mutableFields(this);
  }

  /** Line octets that carried no information: each frame's flag, address, control and FCS (§8.1.1). */
  get overheadOctets(): number {
    return this.lineOctets - this.bytesSent - this.bytesRetransmitted;
  }
}
