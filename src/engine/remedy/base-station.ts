/**
 * The base-station point (remedies.md, "Where the base-station point sits"): the IP node between a
 * system's wired side and its radio link, where a Snoop agent, an ELN marker or a split-connection
 * relay sits. It sees whole datagrams only — the link's upper face — and never reaches into a
 * link's internals.
 *
 * This is the small face a remedy needs from a system, implemented by a tiny adapter in each model
 * (datagram in and out both ways, and "put next in queue" on the queue feeding the radio link);
 * issue 22's link contract (link/contract.ts, an upper face with push SDU / poll delivered and a
 * push to the head of the queue) can be mapped onto it later without touching the agents.
 */
import type { Packet } from '../core/packet';
import type { Nanos } from '../core/time';

/** What a system offers at its base-station point. */
export interface BaseStationPort {
  /** Forward a datagram towards the mobile: at the tail of the queue feeding the radio link. */
  toMobile(p: Packet, now: Nanos): void;
  /**
   * Put a datagram next in the queue feeding the radio link: after the one the link is sending,
   * never cutting one already part-sent (remedies.md, Snoop's local retransmission).
   */
  toMobileNext(p: Packet, now: Nanos): void;
  /** Forward a datagram towards the fixed host (onto the wired side). */
  toFixed(p: Packet, now: Nanos): void;
}

/** Where an agent sends a datagram it polls out. */
export const Toward = {
  /** Tail of the queue towards the mobile. */
  Mobile: 0,
  /** Next in the queue towards the mobile (a local retransmission). */
  MobileNext: 1,
  /** Towards the fixed host. */
  Fixed: 2,
} as const;
export type Toward = (typeof Toward)[keyof typeof Toward];

/** One datagram an agent sends. */
export interface AgentOutput {
  readonly packet: Packet;
  readonly toward: Toward;
  /** A copy the agent resends itself (a new datagram on the wire: the driver gives it a fresh id). */
  readonly resend: boolean;
  /** A datagram whose header the agent changed (an ELN mark). */
  readonly changed: boolean;
}

/**
 * A remedy at the base-station point, sans-IO like tcp/host.ts: handed time and the datagrams
 * crossing the point, polled for the datagrams it sends and for its next deadline.
 */
export interface BaseStationAgent {
  /** A datagram from the fixed host's side, bound for the mobile. */
  handleFromFixed(now: Nanos, p: Packet): void;
  /** A datagram from the mobile, bound for the fixed host. */
  handleFromMobile(now: Nanos, p: Packet): void;
  /** The deadline returned by {@link pollTimeout} has come. */
  handleTimeout(now: Nanos): void;
  /** The next datagram to send, or null. */
  pollOutput(): AgentOutput | null;
  /** When the agent next needs {@link handleTimeout}, or Infinity. */
  pollTimeout(): Nanos;
}

/** A FIFO of outputs, shared by the agents. */
export class OutputQueue {
  private items: AgentOutput[] = [];
  private head = 0;

  push(packet: Packet, toward: Toward, resend = false, changed = false): void {
    this.items.push({ packet, toward, resend, changed });
  }

  shift(): AgentOutput | null {
    if (this.head >= this.items.length) return null;
    const o = this.items[this.head++];
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    }
    return o;
  }
}
