/**
 * What a system tells the packet view (issue 25 item 4) about its path: the places' names, the
 * radio hop's lanes (PHS's six PIAFS links, DECT's bearers, GERAN's slot shared with speech, one
 * lane for a one-bearer RLP link) and how its own link trace maps onto them. Everything else —
 * datagrams, ACKs, queues, fates — the view reads from the traces every system records alike
 * (`ip.packet`, `ip.receive`, `ip.drop`, `link.packet`, `tcp.send`). Each lab plug-in gives one
 * (`ui/systems/<id>/packet-path.ts`); the shell never names a system.
 */

/** Where a band row of the link decoder (its good/bad or speech state) is drawn. */
export interface BandPlace {
  readonly lane: number;
  /** 0: the half toward the phone; 1: the half toward the base; null: the whole lane. */
  readonly dir: 0 | 1 | null;
}

/** How a frame of the link decoder's source names the IP datagram it carried. */
export type FramePacket =
  /**
   * By frame number: `link.packet` (dir, id, first, last[, link]) lists the frames that carried
   * each datagram; the frame's `seqField` falls in [first, last] of the record with the same
   * direction (the frame's `dir.field` value) and, with `linkField`, the same member link.
   */
  | { readonly kind: 'range'; readonly seqField: string; readonly linkField?: string }
  /** By identity: the frame record carries the datagram's id (−1: none). */
  | { readonly kind: 'id'; readonly field: string };

export interface PacketPathSpec {
  /** The four places as the system's spec calls them. */
  readonly places: {
    readonly fixed: string;
    readonly base: string;
    readonly hop: string;
    readonly phone: string;
  };
  /** The radio hop's lanes, top to bottom: their labels ("link 1"…"link 6", "bearer 1"…). */
  readonly lanes: readonly string[];
  /** The field of the decoder's source giving a frame's direction, and its value toward the phone. */
  readonly dir: { readonly field: string; readonly down: number };
  /** The lane of a decoded frame row (the link decoder's `row`), null: not a frame lane. */
  lane(row: number): number | null;
  /** Where a band row of the link decoder is drawn, null: not at all. */
  bandPlace(row: number): BandPlace | null;
  /** How a frame names its datagram, so that a click on it opens the datagram's chain. */
  readonly packet: FramePacket;
  /** A frame the link gave up (DECT's MAC packet given up): a field of the source and its value. */
  readonly givenUp?: { readonly field: string; readonly value: number };
  /** What the lanes' shading means, and anything particular about the path, in a sentence. */
  readonly note: string;
}

/** The host numbers every system gives its two TCP hosts (engine/systems/<id>/model.ts). */
export const FIXED_HOST = 1;
export const PHONE_HOST = 2;
