/**
 * DECT DLC LU2 fragments (dect.md "DLC, LU2 service"): each TCP/IP packet plus a 2-byte checksum
 * is one DLC frame, cut into fragments of 29 data bytes and a 3-byte header — length, send
 * sequence number N(S) and receive sequence number N(R), the latter acknowledging the other
 * direction — 32 bytes, one MAC packet (dect-mac/packet.ts).
 *
 * Header octets, in this model: N(S) and N(R) take one octet each, so sequence numbers run
 * modulo 256. The length octet holds the data length (0–29, five bits) and three flags: M (more
 * fragments of this DLC frame follow; 0 on a frame's last fragment), REJ (the receiver asks the
 * sender to go back to N(R)) and LOSS (the receiver gave a DLC frame up: "marks it
 * delivered-with-loss in its next acknowledgement", dect.md). Their bit positions change no
 * figure and are not modelled; bytes are virtual (the packet id travels instead of the data).
 *
 * Window and modulus (our choice; dect.md gives the window and one octet per number): numbers run
 * modulo 256. The window is 63 fragments and the receiver keeps out-of-order fragments, like a
 * selective-repeat receiver, so every number must be placed without doubt relative to its
 * in-order point (the selective-repeat bound: window ≤ modulus / 2 — 63 would fit modulo 128).
 * But fragments also overtake each other across bearers: a fragment (or an acknowledgement)
 * held up to 10 frames in MAC retransmissions arrives while up to 12 bearers × 10 frames = 120
 * newer fragments passed, plus a window's worth. Modulo 256 a number less than 128 past the
 * in-order point is "ahead" (at most 63 can be) and anything else "behind", so a late duplicate
 * up to 128 behind is never taken for new data; modulo 128 it would be once 64 behind. A late
 * acknowledgement is likewise read relative to the sender's oldest unacknowledged fragment and
 * ignored when it points past the highest fragment sent.
 */

import { doubleFields } from '../../core/field-shape';

/** Data bytes per fragment. */
export const DLC_FRAGMENT_DATA_BYTES = 29;
/** Header bytes per fragment: length, N(S), N(R). */
export const DLC_HEADER_BYTES = 3;
/** Checksum appended to each TCP/IP packet to make a DLC frame. */
export const DLC_CHECKSUM_BYTES = 2;
/** Sequence numbers are one octet. */
export const DLC_SEQ_MODULUS = 256;
/** Fragments the sender may have unacknowledged (dect.md). */
export const DLC_WINDOW = 63;
/** Timer 1, TDMA frames: a gap not filled this long makes the receiver ask for retransmission. */
export const DLC_TIMER1_FRAMES = 10;
/** Timer 2, TDMA frames after the request: then the DLC frame is given up. */
export const DLC_TIMER2_FRAMES = 20;

/**
 * Fragments (= MAC packets) of the DLC frame of an IP packet of `ipBytes`: ceil((ipBytes + 2) / 29).
 * A 512-byte segment (552-byte IP packet) needs ceil((512 + 42) / 29) = 20 (dect.md "Capacity").
 */
export function dlcFragmentsFor(ipBytes: number): number {
  if (!Number.isInteger(ipBytes) || ipBytes < 1)
    throw new RangeError(`IP packet size ${ipBytes} (must be ≥ 1 byte)`);
  return Math.ceil((ipBytes + DLC_CHECKSUM_BYTES) / DLC_FRAGMENT_DATA_BYTES);
}

/** One LU2 fragment (the payload of one MAC packet). Entities fill caller-owned objects. */
export interface DectDlcFragment {
  /** N(S), 0–255 (for an acknowledgement-only fragment, the next number; ignored). */
  ns: number;
  /** N(R), 0–255: the oldest fragment of the other direction not yet received in order. */
  nr: number;
  /** Data bytes, 0–29; 0 = an acknowledgement-only fragment. */
  length: number;
  /** More fragments of this DLC frame follow. */
  more: boolean;
  /** Retransmission request: go back to N(R). */
  rej: boolean;
  /** The receiver gave up the DLC frame before N(R) (delivered with loss). */
  loss: boolean;
  /** Bookkeeping in place of the bytes: id of the packet whose frame this belongs to (−1: none). */
  packet: number;
  /** Bookkeeping: sent before (for traces; receivers ignore it). */
  retransmission: boolean;
}

export function createDectDlcFragment(): DectDlcFragment {
  const f = {
    ns: 0,
    nr: 0,
    length: 0,
    more: false,
    rej: false,
    loss: false,
    packet: -1,
    retransmission: false,
  };
  // Lengths and packet ids are copied from the sender's Float64Arrays, doubles to V8: in their final
  // shape from the start, so a MAC end made later holds a payload of the same map (core/field-shape.ts).
  doubleFields(f, ['length', 'packet']);
  return f;
}

/** Field-by-field copy (the MAC's payload copy). */
export function copyDectDlcFragment(from: DectDlcFragment, to: DectDlcFragment): void {
  to.ns = from.ns;
  to.nr = from.nr;
  to.length = from.length;
  to.more = from.more;
  to.rej = from.rej;
  to.loss = from.loss;
  to.packet = from.packet;
  to.retransmission = from.retransmission;
}
