/**
 * GSM RLP (GSM 04.22 version 0/1) frames, configuration and counters (gsm.md §Stack).
 *
 * One 240-bit frame per 20 ms TCH/F9.6 slot per direction (04.22 §4.1): a 16-bit header,
 * a 200-bit information field and a 24-bit FCS. The information field holds up to 24 user
 * octets and the L2R status octet (GSM 07.02), hence 9600 bit/s (1200 bytes/s) of user
 * data. The header (04.22 §4.2, §5.2.1) carries C/R, P/F, N(S) (6 bits: 0–61 number I+S
 * frames, 62 marks an S frame, 63 a U frame), N(R) (6 bits) and the two S bits, or the five
 * M bits of a U frame.
 */

import { doubleFields, mutableFields } from '../../core/field-shape';

/** Sequence numbers N(S)/N(R) are counted modulo 62 (04.22 §5.2.3.1). */
export const RLP_MODULUS = 62;
/** User octets per I+S frame (25 octets of information field minus the L2R status octet). */
export const RLP_USER_OCTETS = 24;
/** Bits on the air per frame (04.22 §4.1). */
export const RLP_FRAME_BITS = 240;
/** Duration of one TCH/F9.6 RLP frame: 20 ms. */
export const RLP_SLOT_NS = 20_000_000;

/** What a frame is (04.22 §5.2): nothing sent, a U frame, an S frame, or I+S. */
export const RlpKind = { None: 0, U: 1, S: 2, IS: 3 } as const;
export type RlpKind = (typeof RlpKind)[keyof typeof RlpKind];

/** U-frame functions used here (04.22 §5.2.2.1, .2, .8). */
export const RlpU = { NULL: 0, SABM: 1, UA: 2 } as const;
export type RlpU = (typeof RlpU)[keyof typeof RlpU];

/** Supervisory functions, coded by the S bits (04.22 §5.2.3.5–8). */
export const RlpS = { RR: 0, REJ: 1, RNR: 2, SREJ: 3 } as const;
export type RlpS = (typeof RlpS)[keyof typeof RlpS];

/**
 * One frame as sent in one slot. Entities write into a frame handed to them and links
 * reuse a fixed ring of them, so the per-slot path allocates nothing.
 *
 * `ns`/`nr` are the 6-bit header fields; `trueNs`/`trueNr` are the engine's unbounded
 * numbers for the same things, kept alongside to detect modulo-62 misreadings
 * (gsm.md: "the engine keeps the true frame numbers alongside"). They are never read by
 * the protocol itself, only compared with what it read.
 */
export class GsmRlpFrame {
  kind: RlpKind = RlpKind.None;
  /** U function (kind U). */
  u: RlpU = RlpU.NULL;
  /** S function (kind S and IS). */
  s: RlpS = RlpS.RR;
  /** Command (true) or response (04.22 §5.2.1.1). */
  cr = false;
  /** Poll (in a command) or Final (in a response) bit (04.22 §5.2.1.2). */
  pf = false;
  ns = 0;
  nr = 0;
  trueNs = 0;
  trueNr = 0;
  /** SABM: identity of the reset procedure (bookkeeping: a repeated SABM is not a new reset). */
  resetId = 0;
  /** I+S: stream offsets [start, end) of the user octets carried (end − start ≤ 24). */
  start = 0;
  end = 0;
  /** I+S: a retransmission (for traces; receivers ignore it). */
  retx = false;

  constructor() {
    // Offsets come from Float64Arrays: doubles to V8 (core/field-shape.ts).
    doubleFields(this, ['start', 'end']);
  }

  clear(): void {
    this.kind = RlpKind.None;
    this.u = RlpU.NULL;
    this.s = RlpS.RR;
    this.cr = false;
    this.pf = false;
    this.ns = 0;
    this.nr = 0;
    this.trueNs = 0;
    this.trueNr = 0;
    this.resetId = 0;
    this.start = 0;
    this.end = 0;
    this.retx = false;
  }
}

/** Frame classes recorded by traces (`link.frame` kind field). */
export const GsmRlpFrameClass = {
  None: 0,
  I: 1,
  IRetx: 2,
  RR: 3,
  SREJ: 4,
  REJ: 5,
  Poll: 6,
  PollAnswer: 7,
  SABM: 8,
  UA: 9,
  NULL: 10,
} as const;

export const GSM_RLP_FRAME_CLASS_LABELS: readonly string[] = [
  'none',
  'I',
  'I-retx',
  'RR',
  'SREJ',
  'REJ',
  'poll',
  'poll-answer',
  'SABM',
  'UA',
  'NULL',
];

/** The class of a frame for traces: the I part if any, else its supervisory / unnumbered function. */
export function frameClass(f: GsmRlpFrame): number {
  switch (f.kind) {
    case RlpKind.None:
      return GsmRlpFrameClass.None;
    case RlpKind.U:
      return f.u === RlpU.SABM
        ? GsmRlpFrameClass.SABM
        : f.u === RlpU.UA
          ? GsmRlpFrameClass.UA
          : GsmRlpFrameClass.NULL;
    case RlpKind.IS:
      return f.retx ? GsmRlpFrameClass.IRetx : GsmRlpFrameClass.I;
    default:
      if (f.pf) return f.cr ? GsmRlpFrameClass.Poll : GsmRlpFrameClass.PollAnswer;
      return f.s === RlpS.SREJ
        ? GsmRlpFrameClass.SREJ
        : f.s === RlpS.REJ
          ? GsmRlpFrameClass.REJ
          : GsmRlpFrameClass.RR;
  }
}

/** Recovery procedure: selective reject (default) or go-back-N with REJ (gsm.md `rlpRecovery`). */
export type RlpRecovery = 'srej' | 'rej';

/** Parameters of one RLP entity; timers in 20 ms slots (04.22 §5.5, gsm.md scenario keys). */
export interface GsmRlpConfig {
  /** k: maximum number of outstanding I frames (`rlpWindow`, default 61, at most 61). */
  window?: number;
  /** T1, the acknowledgement timer, in slots (`t1` 0.48 s ⇒ 24). */
  t1Slots?: number;
  /** N2, the maximum number of retransmission attempts (`n2`, default 6). */
  n2?: number;
  /** Resets within `resetWindowSlots` that drop the call (`maxResets`, default 3). */
  maxResets?: number;
  /** The sliding window over which resets are counted: 60 s ⇒ 3000 slots. */
  resetWindowSlots?: number;
  recovery?: RlpRecovery;
}

export type ResolvedGsmRlpConfig = Required<GsmRlpConfig>;

export const GSM_RLP_DEFAULTS: ResolvedGsmRlpConfig = {
  window: 61,
  t1Slots: 24,
  n2: 6,
  maxResets: 3,
  resetWindowSlots: 3000,
  recovery: 'srej',
};

/** Seconds to whole 20 ms slots (at least 1). */
export function rlpSlots(seconds: number): number {
  return Math.max(1, Math.round(seconds / 0.02));
}

export function resolveGsmRlpConfig(c: GsmRlpConfig = {}): ResolvedGsmRlpConfig {
  const r = { ...GSM_RLP_DEFAULTS, ...c };
  if (!Number.isInteger(r.window) || r.window < 1 || r.window > RLP_MODULUS - 1)
    throw new RangeError(`RLP window ${r.window} outside 1–61`);
  if (!Number.isInteger(r.t1Slots) || r.t1Slots < 1) throw new RangeError(`RLP T1 ${r.t1Slots} slots`);
  if (!Number.isInteger(r.n2) || r.n2 < 1) throw new RangeError(`RLP N2 ${r.n2}`);
  if (!(r.maxResets >= 1)) throw new RangeError(`RLP maxResets ${r.maxResets}`);
  return r;
}

/** Counters of one RLP entity (what it sent, and what it saw arriving). */
export class GsmRlpCounters {
  /** I frames sent, first transmissions and retransmissions together. */
  iFramesSent = 0;
  /** Of which retransmissions. */
  iFramesRetransmitted = 0;
  /** User octets sent for the first time / again. */
  bytesSent = 0;
  bytesRetransmitted = 0;
  /** User octets dropped from the send buffer by resets (sent, never acknowledged). */
  bytesFlushed = 0;
  /** Slots with no I part (S or U frames only): capacity not used for data. */
  framesWithoutData = 0;
  srejSent = 0;
  rejSent = 0;
  t1Expiries = 0;
  polls = 0;
  /**
   * Times this entity's N2 polls ran out (GSM 04.22 §5.2.2): each asks for a reset, which this
   * end starts with a SABM — or, when it is one reset too many within the window, the call drops.
   */
  n2Exhausted = 0;
  /** Resets the peer started, seen here as a SABM with a new reset id (its repetitions not counted). */
  sabmReceived = 0;
  callDrops = 0;
  /** Sequence numbers read wrongly modulo 62 (N(S) of I frames, N(R) of acks and SREJs). */
  seqAliases = 0;
  /** Frames that arrived with a bad FCS (lost on the channel). */
  frameErrors = 0;
  /** User octets delivered in order to the layer above. */
  bytesDelivered = 0;

  constructor() {
    // Octet sums of Float64Array offsets are doubles to V8; resets, drops, aliases are rare
    // (core/field-shape.ts).
    doubleFields(this, ['bytesSent', 'bytesRetransmitted', 'bytesFlushed', 'bytesDelivered']);
    mutableFields(this);
  }
}
