/**
 * PIAFS frames (phs.md, "PIAFS (64 kbit/s)"; Kojima, Kamio and Fujise, "Analysis of TCP/IP
 * communication using 384kbit/s-PHS experimental system").
 *
 * One 80-byte frame (640 bits) per 10 ms slot on each direction of a 64 kbit/s PHS link:
 *
 * | field          | bytes | contents                                                        |
 * |----------------|-------|-----------------------------------------------------------------|
 * | frame type     | 1     | DATA (user bytes) or IDLE (no user bytes, carries REQ only)      |
 * | NUM            | 1     | own sequence number, modulo 128 (7 bits used)                    |
 * | REQ            | 1     | sequence number expected next from the peer, modulo 128          |
 * | user data      | 73    | bytes of the serial (PPP) byte stream, possibly straddling frames|
 * | CRC            | 4     | 32-bit CRC over the frame                                        |
 *
 * 1 + 1 + 1 + 73 + 4 = 80 bytes. The header layout is our reading of the study's figures
 * (frame type, NUM, REQ, 73 user bytes, 32-bit CRC in 80 bytes); the exact bit positions of the
 * PIAFS standard do not change any figure the simulator shows, so they are not modelled.
 *
 * Simplification: bytes are virtual (the stream offset and length are carried instead of
 * contents) and the CRC is not computed — the channel's verdict for the slot says whether the
 * frame passes its CRC check ("CRC ERR" in the study's monitor).
 */

import { doubleFields } from '../../core/field-shape';

/** Slot length: one PIAFS frame per 10 ms per direction, in nanoseconds. */
export const PIAFS_SLOT_NS = 10_000_000;
/** Bytes per frame on the air (640 bits per 10 ms = 64 kbit/s). */
export const PIAFS_FRAME_BYTES = 80;
/** User-data bytes per frame (73 × 8 bit / 10 ms = 58 400 bit/s). */
export const PIAFS_USER_BYTES = 73;
/** Frame type + NUM + REQ. */
export const PIAFS_HEADER_BYTES = 3;
/** 32-bit CRC. */
export const PIAFS_CRC_BYTES = 4;
/** Sequence numbers NUM and REQ are taken modulo 128. */
export const PIAFS_MODULUS = 128;
/** User rate of one link in bit/s (phs.md: capacityBps = 58 400 × links up). */
export const PIAFS_USER_BPS = (PIAFS_USER_BYTES * 8 * 1_000_000_000) / PIAFS_SLOT_NS;

/** Frame types. */
export const PiafsFrameType = {
  /** Carries 1–73 user bytes under sequence number NUM. */
  DATA: 0,
  /** No user bytes: sent when a link has nothing (new or unacknowledged) to send; carries REQ. */
  IDLE: 1,
} as const;
export type PiafsFrameType = (typeof PiafsFrameType)[keyof typeof PiafsFrameType];

/**
 * Why the sender put a DATA frame on the air (simulation bookkeeping for traces and tests;
 * not a field of the real frame).
 */
export const PiafsSendReason = {
  NEW: 0,
  /** Re-sent because the peer's REQ named it and its acknowledgement was overdue. */
  RESENT: 1,
  /** Repeated in turn while the sender had nothing new (or its window was full). */
  REPEAT: 2,
  IDLE: 3,
} as const;
export type PiafsSendReason = (typeof PiafsSendReason)[keyof typeof PiafsSendReason];

/** One PIAFS frame. Entities reuse one object per slot: copy fields out, never keep a reference. */
export interface PiafsFrame {
  type: PiafsFrameType;
  /** NUM, 0–127 (for IDLE frames the next new number; receivers ignore it). */
  num: number;
  /** REQ, 0–127: the oldest frame the sender of this frame still misses from its peer. */
  req: number;
  /** User bytes carried, 0–73 (0 for IDLE). */
  length: number;
  /** Serial-stream offset of the first user byte (bookkeeping in place of the bytes; 0 for IDLE). */
  offset: number;
  /** Why this frame was sent (bookkeeping, not on the wire). */
  reason: PiafsSendReason;
  /**
   * The frame's unbounded count behind NUM (bookkeeping, not on the wire; −1 for IDLE): what the
   * monitor trace and `link.packet` name a frame by, so that a CRC-failed frame, whose NUM the
   * receiver cannot read, is still known.
   */
  count: number;
}

/** A blank IDLE frame. */
export function createPiafsFrame(): PiafsFrame {
  const f: PiafsFrame = {
    type: PiafsFrameType.IDLE,
    num: 0,
    req: 0,
    length: 0,
    offset: 0,
    reason: PiafsSendReason.IDLE,
    count: -1,
  };
  // Offsets come from the entity's Float64Arrays, doubles to V8 (core/field-shape.ts).
  doubleFields(f, ['offset']);
  return f;
}
