/**
 * IS-707 RLP frames, configuration and counters (is707.md §Stack).
 *
 * One frame per 20 ms slot per direction. A full-rate data frame carries 19
 * payload bytes of the continuous byte stream (7600 bit/s of 9600); idle and
 * NAK frames are short control frames (eighth rate) that still occupy the
 * slot and see the same channel.
 */

import { mutableFields } from '../../core/field-shape';

/** Frame kinds; numeric codes are what traces record. */
export const RlpFrameKind = {
  /** Nothing sent in this slot. */
  None: 0,
  /** New data. */
  Data: 1,
  /** Retransmitted data (answer to a NAK). */
  Retx: 2,
  /** Idle frame: no payload, SEQ = the sender's V(S). */
  Idle: 3,
  /** NAK: lists missing frames; carries the NAK sender's own V(S). */
  Nak: 4,
} as const;

/** {@link RlpFrameKind.None} as a module constant: the per-slot reset reads no property for it. */
const K_NONE = RlpFrameKind.None;

export type RlpFrameKindCode = (typeof RlpFrameKind)[keyof typeof RlpFrameKind];

/** Labels for trace fields, indexed by {@link RlpFrameKind} code. */
export const RLP_FRAME_KIND_LABELS: readonly string[] = ['none', 'data', 'retx', 'idle', 'nak'];

/**
 * One frame as sent in one slot. The link driver owns one instance per end and
 * the endpoint fills it each slot (`pollTransmit`, no allocation per frame).
 *
 * `seq` is what the 8-bit SEQ field carries; `fn` is the engine's true,
 * unbounded number for the same thing, kept alongside to detect misreadings
 * (is707.md: "the engine keeps the true frame number alongside").
 */
export class RlpFrame {
  /** Slot in which the frame is sent. */
  slot = 0;
  kind: RlpFrameKindCode = RlpFrameKind.None;
  /** Data/retx: the frame's SEQ (mod 256). Idle/NAK: the sender's V(S) mod 256. */
  seq = 0;
  /** True number behind `seq` (simulation bookkeeping, not on the air). */
  fn = 0;
  /** Data/retx: stream offsets [start, end) of the payload (end − start ≤ 19). */
  start = 0;
  end = 0;
  /** NAK: 1-based round of the gap this NAK belongs to. */
  nakRound = 0;
  /** NAK: number of frames listed. */
  nakCount = 0;
  /** NAK: frames listed, in the receiver's numbering (the air carries `n & 255`). */
  nakFrames: Float64Array = new Float64Array(256);

  /**
   * Clear to "nothing sent" for `slot`. Only the slot and the kind: every kind's filler writes
   * all the fields that kind carries (data and retx: seq, fn, start, end; idle: seq, fn and an
   * empty range; NAK: seq, fn, an empty range, nakRound, nakCount), and nothing reads a field a
   * frame's kind does not carry — this runs twice per 20 ms slot.
   */
  reset(slot: number): void {
    this.slot = slot;
    this.kind = K_NONE;
  }

  /** Make room for `n` NAK entries (grows only for gaps longer than the buffer: rare). */
  ensureNakCapacity(n: number): void {
    if (n <= this.nakFrames.length) return;
    let cap = this.nakFrames.length;
    while (cap < n) cap *= 2;
    this.nakFrames = new Float64Array(cap);
  }

  /** Payload bytes carried (data and retx frames). */
  get bytes(): number {
    return this.end - this.start;
  }
}

/** RLP parameters (is707.md §Scenario keys); timers in frames (20 ms slots). */
export interface Is707RlpConfig {
  /** Payload bytes per full-rate frame. Default 19. */
  payloadBytes?: number;
  /** NAKs sent in each round, e.g. [1, 2, 3] (1–5 rounds of 1–5). */
  nakRounds?: readonly number[];
  /** Retransmission timer, frames. Default 10. */
  nakTimer?: number;
  /** Abort timer, frames. Default 25. */
  abortTimer?: number;
  /** Idle frames sent after the queue empties (0 none, Infinity forever). Default 0. */
  idle?: number;
}

/** A validated configuration with every default filled in. */
export interface ResolvedRlpConfig {
  readonly payloadBytes: number;
  readonly nakRounds: readonly number[];
  readonly nakTimer: number;
  readonly abortTimer: number;
  readonly idle: number;
}

/** Defaults from is707.md §Stack. */
export const IS707_RLP_DEFAULTS: ResolvedRlpConfig = {
  payloadBytes: 19,
  nakRounds: [1, 2, 3],
  nakTimer: 10,
  abortTimer: 25,
  idle: 0,
};

const isCount = (x: number, min: number): boolean => Number.isInteger(x) && x >= min;

/** Fill defaults and validate. */
export function resolveRlpConfig(c: Is707RlpConfig = {}): ResolvedRlpConfig {
  const r: ResolvedRlpConfig = {
    payloadBytes: c.payloadBytes ?? IS707_RLP_DEFAULTS.payloadBytes,
    nakRounds: [...(c.nakRounds ?? IS707_RLP_DEFAULTS.nakRounds)],
    nakTimer: c.nakTimer ?? IS707_RLP_DEFAULTS.nakTimer,
    abortTimer: c.abortTimer ?? IS707_RLP_DEFAULTS.abortTimer,
    idle: c.idle ?? IS707_RLP_DEFAULTS.idle,
  };
  if (!isCount(r.payloadBytes, 1)) throw new Error(`RLP payloadBytes must be a positive integer`);
  if (r.nakRounds.length < 1 || !r.nakRounds.every((n) => isCount(n, 1))) {
    throw new Error('RLP nakRounds must list at least one round of at least one NAK');
  }
  if (!isCount(r.nakTimer, 1) || !isCount(r.abortTimer, 1)) throw new Error('RLP timers must be ≥ 1 frame');
  if (!(r.idle === Infinity || isCount(r.idle, 0)))
    throw new Error('RLP idle must be a count ≥ 0 or Infinity');
  return r;
}

/** Per-endpoint counters (sender and receiver halves). */
export class Is707RlpCounters {
  /** Slots in which this end sent nothing. */
  silentSlots = 0;
  /** New data frames sent. */
  dataFrames = 0;
  /** Retransmitted frames sent (one per frame named per NAK received). */
  retransmittedFrames = 0;
  /** Idle frames sent. */
  idleFramesSent = 0;
  /** NAK frames sent. */
  naksSent = 0;
  /** New payload bytes sent. */
  bytesSent = 0;
  /** NAK frames received from the peer. */
  naksReceived = 0;
  /** Peer frames received in error (erased). */
  frameErrors = 0;
  /** Peer frames received correctly. */
  framesReceived = 0;
  /** Data frames received that were already held or given up. */
  duplicates = 0;
  /** Gaps detected (each starts a NAK procedure). */
  gapsDetected = 0;
  /** NAK rounds begun after the first (retransmission timer expiries). */
  nakTimeouts = 0;
  /** Gaps given up on abort-timer expiry. */
  aborts = 0;
  /** Frames given up (sum over aborts). */
  framesAbandoned = 0;
  /** 8-bit readings (SEQ of data frames, V(S) of idle/NAK frames) that disagree with the true number. */
  seqAmbiguities = 0;
  /** Frames passed on in order to the byte stream (including misread ones, passed as lost). */
  framesDelivered = 0;

  constructor() {
    // Aborts, NAK timeouts, misreadings come rarely, some first after hours (core/field-shape.ts).
    mutableFields(this);
  }

  /**
   * Frames sent, indexed by {@link RlpFrameKind} code (index 0: silent slots). Made from the
   * per-kind counters when asked, not kept as a second count of each frame every slot.
   */
  get framesSent(): number[] {
    return [this.silentSlots, this.dataFrames, this.retransmittedFrames, this.idleFramesSent, this.naksSent];
  }
}
