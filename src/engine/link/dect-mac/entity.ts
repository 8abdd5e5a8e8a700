/**
 * One end of one DECT duplex traffic bearer in protected Ip mode (dect.md "MAC, protected Ip
 * mode"): it sends MAC packets in one direction and receives the packets of the other.
 *
 * Rules (dect.md): a packet with any bad subfield is resent in the next frame; the receiver keeps
 * the subfields that passed their CRC and fills the missing ones from later attempts (subfield
 * combining), so a packet is complete once each of its four subfields has been received good at
 * least once; a packet is sent at most 10 times and then given up (an event).
 *
 * Timing, in the link contract (contract.ts; the clock is the TDMA frame number): in frame n the
 * RFP's slot (down) comes first and the portable's (up) half a frame later. The driver
 * (bearer.ts) runs, per frame: RFP `pollTransmit` → portable `handleFrame` → portable
 * `pollTransmit` → RFP `handleFrame`. So the acknowledgement of each packet comes back in the
 * next slot of the other direction, before the sender's next slot: one attempt per frame.
 *
 * The acknowledgement is the receiver's next expected sequence number (modulo 4, packet.ts). A
 * slot lost as a whole (`erased`) carries neither data nor acknowledgement: the sender counts the
 * attempt as failed and resends.
 *
 * Upper face: {@link SingleUnitCarrier} (contract.ts), not a LinkService — one packet in flight, no
 * queue; the DLC above chooses per bearer per frame what goes (contract.ts says why).
 */
import { LinkEventQueue, type LinkEntity, type SingleUnitCarrier } from '../contract';
import {
  DECT_ALL_SUBFIELDS,
  DECT_MAC_SEQ_MODULUS,
  DECT_MAX_ATTEMPTS,
  subfieldCount,
  type DectMacPacket,
} from './packet';

const SEQ_MASK = DECT_MAC_SEQ_MODULUS - 1;

/** A packet given up after its last attempt (dect.md: "at most 10 transmission attempts"). */
export interface DectMacGiveUp {
  readonly kind: 'giveUp';
  /** Frame of the last attempt's acknowledgement. */
  readonly frame: number;
  readonly seq: number;
  readonly attempts: number;
}

export type DectMacEvent = DectMacGiveUp;

/** Copies a payload into a caller-owned object (packets never share payload objects). */
export type PayloadCopy<P> = (from: P, to: P) => void;

/** Counters of one end (its sender toward the peer, its receiver from the peer). */
export interface DectMacCounters {
  /** New packets submitted. */
  packets: number;
  /** Slots that carried a packet (first attempts and retransmissions). */
  transmissions: number;
  /** Slots that carried a packet again. */
  retransmissions: number;
  /** Packets acknowledged complete. */
  acknowledged: number;
  /** Packets given up after the last attempt. */
  givenUp: number;
  /** Subfields received with a failed CRC (on packets received, erased slots excluded). */
  subfieldErrors: number;
  /** Packets received complete. */
  received: number;
  /** Packets completed only by combining subfields of several attempts. */
  combined: number;
  /** Packets received again after completion (their acknowledgement was lost). */
  duplicates: number;
  /** Partly received packets dropped because the sender moved on (it gave them up). */
  partialsDropped: number;
  /** Slots lost as a whole. */
  erasedSlots: number;
}

export function zeroDectMacCounters(): DectMacCounters {
  return {
    packets: 0,
    transmissions: 0,
    retransmissions: 0,
    acknowledged: 0,
    givenUp: 0,
    subfieldErrors: 0,
    received: 0,
    combined: 0,
    duplicates: 0,
    partialsDropped: 0,
    erasedSlots: 0,
  };
}

/** One end of a DECT traffic bearer, MAC Ip mode. `P` is the payload (e.g. a DLC fragment). */
export class DectMacEntity<P> implements LinkEntity<DectMacPacket<P>, DectMacEvent>, SingleUnitCarrier<P> {
  readonly counters: DectMacCounters = zeroDectMacCounters();
  private readonly events = new LinkEventQueue<DectMacEvent>();
  /** Events not yet polled: a driver asks {@link eventWaiting} every slot, and one is rare. */
  private unpolled = 0;

  // Sender.
  private txBusy = false;
  private txSeq = 0;
  private txAttempts = 0;
  /** A packet went out in the last slot and its acknowledgement has not been read yet. */
  private awaitingAck = false;
  private readonly txPayload: P;

  // Receiver.
  private rxExpected = 0;
  /** Subfields of the expected packet received good so far (one bit each). */
  private rxGood = 0;
  private rxComplete = false;
  private readonly rxPayload: P;

  private lastFrame = -1;

  /**
   * @param makePayload creates the entity's own payload objects (one to send, one received)
   * @param copy copies a payload field by field
   * @param maxAttempts transmission attempts before a packet is given up (default 10)
   */
  constructor(
    makePayload: () => P,
    private readonly copy: PayloadCopy<P>,
    readonly maxAttempts: number = DECT_MAX_ATTEMPTS,
  ) {
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
      throw new RangeError(`maxAttempts must be an integer ≥ 1, got ${maxAttempts}`);
    this.txPayload = makePayload();
    this.rxPayload = makePayload();
  }

  /** True when no packet is in flight: the upper layer may {@link submit} one for the next slot. */
  get ready(): boolean {
    return !this.txBusy;
  }

  /** Attempts made so far for the packet in flight (0 when none). */
  get attempts(): number {
    return this.txBusy ? this.txAttempts : 0;
  }

  /** Subfields of the packet being received that are held good (bit mask). */
  get heldSubfields(): number {
    return this.rxGood;
  }

  /** Hand in the next packet to send; only when {@link ready}. */
  submit(payload: P): void {
    if (this.txBusy) throw new Error('DECT MAC: a packet is already in flight on this bearer');
    this.copy(payload, this.txPayload);
    this.txBusy = true;
    this.txAttempts = 0;
    this.counters.packets++;
  }

  /**
   * The end's own payload object for the next packet, to be written in place and then sent with
   * {@link submitDraft} — {@link submit} without its copy. Only while {@link ready}: otherwise it
   * holds the packet in flight.
   */
  get draft(): P {
    return this.txPayload;
  }

  /** Send what was written into {@link draft} as the next packet; only when {@link ready}. */
  submitDraft(): void {
    if (this.txBusy) throw new Error('DECT MAC: a packet is already in flight on this bearer');
    this.txBusy = true;
    this.txAttempts = 0;
    this.counters.packets++;
  }

  /**
   * Write this end's slot of frame `frame` into `out`. Always true: a traffic bearer sends every
   * frame (the A-field carries the acknowledgement even when the B-field has no packet).
   */
  pollTransmit(frame: number, out: DectMacPacket<P>): boolean {
    this.lastFrame = frame;
    out.ack = this.rxExpected;
    out.errors = 0;
    if (!this.txBusy) {
      out.data = false;
      out.attempt = 0;
      return true;
    }
    this.txAttempts++;
    this.counters.transmissions++;
    if (this.txAttempts > 1) this.counters.retransmissions++;
    out.data = true;
    out.seq = this.txSeq;
    out.attempt = this.txAttempts;
    this.copy(this.txPayload, out.payload);
    this.awaitingAck = true;
    return true;
  }

  /** The peer's slot arrives: read its acknowledgement, then its packet, if any. */
  handleFrame(frame: number, pkt: DectMacPacket<P>, erased: boolean): void {
    this.rxComplete = false;
    if (erased) this.counters.erasedSlots++;
    if (this.awaitingAck) {
      this.awaitingAck = false;
      if (!erased && pkt.ack === ((this.txSeq + 1) & SEQ_MASK)) {
        this.counters.acknowledged++;
        this.nextPacket();
      } else if (this.txAttempts >= this.maxAttempts) {
        // dect.md: "at most 10 transmission attempts, then the packet is given up".
        this.counters.givenUp++;
        this.events.push({ kind: 'giveUp', frame, seq: this.txSeq, attempts: this.txAttempts });
        this.unpolled++;
        this.nextPacket();
      }
      // Otherwise: resent in the next frame (dect.md "resent in the next frame").
    }
    if (erased || !pkt.data) return;
    this.receive(pkt);
  }

  /** The packet completed by the last {@link handleFrame}, or null (valid until the next one). */
  takeReceived(): P | null {
    if (!this.rxComplete) return null;
    this.rxComplete = false;
    return this.rxPayload;
  }

  /** Whether {@link pollEvent} has an event to give. */
  get eventsWaiting(): boolean {
    return this.eventWaiting;
  }

  get eventWaiting(): boolean {
    return this.unpolled > 0;
  }

  pollEvent(): DectMacEvent | null {
    const e = this.events.shift();
    if (e !== null) this.unpolled--;
    return e;
  }

  /** The next frame: a traffic bearer sends in every frame. */
  pollTimeout(): number {
    return this.lastFrame + 1;
  }

  private nextPacket(): void {
    this.txBusy = false;
    this.txAttempts = 0;
    this.txSeq = (this.txSeq + 1) & SEQ_MASK;
  }

  private receive(pkt: DectMacPacket<P>): void {
    const c = this.counters;
    const bad = pkt.errors & DECT_ALL_SUBFIELDS;
    c.subfieldErrors += subfieldCount(bad);
    if (pkt.seq === ((this.rxExpected - 1) & SEQ_MASK)) {
      // Completed already; our acknowledgement was lost, and the next one will carry it again.
      c.duplicates++;
      return;
    }
    if (pkt.seq !== this.rxExpected) {
      // The sender gave the expected packet up and moved on: what we held of it is useless.
      if (this.rxGood !== 0) c.partialsDropped++;
      this.rxGood = 0;
      this.rxExpected = pkt.seq;
    }
    const good = ~bad & DECT_ALL_SUBFIELDS;
    // Subfield combining (dect.md): keep the good subfields of every attempt.
    this.rxGood |= good;
    if (this.rxGood !== DECT_ALL_SUBFIELDS) return;
    if (good !== DECT_ALL_SUBFIELDS) c.combined++; // this attempt alone was not enough
    this.copy(pkt.payload, this.rxPayload);
    this.rxComplete = true;
    this.rxGood = 0;
    this.rxExpected = (this.rxExpected + 1) & SEQ_MASK;
    c.received++;
  }
}
