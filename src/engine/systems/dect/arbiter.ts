/**
 * The RFPs' side of bearer requests (dect.md "Call_Setup … pick channels from the list and
 * request them from the RFP; a pick of an already reserved channel, or two terminals picking the
 * same channel in the same frame, fails"). Terminals put their requests of a frame here; at the
 * end of the frame's MAC step {@link RequestArbiter.resolve} grants every request whose cells are
 * idle and asked for by no other request, and refuses the rest.
 */
import { DECT_CHANNELS, type DectCluster, type SlotWidth } from './air';

/** Why a request failed. */
export const Refusal = { RESERVED: 0, COLLISION: 1 } as const;
export type Refusal = (typeof Refusal)[keyof typeof Refusal];

/** What a request is for. */
export const RequestKind = { SETUP: 0, HANDOVER: 1, CONNECTION_HANDOVER: 2 } as const;
export type RequestKind = (typeof RequestKind)[keyof typeof RequestKind];

/** The terminal's side of a request's answer. */
export interface Requester {
  readonly id: number;
  readonly width: SlotWidth;
  granted(frame: number, bearer: number, kind: RequestKind, rfp: number, ch: number): void;
  refused(frame: number, bearer: number, kind: RequestKind, rfp: number, ch: number, why: Refusal): void;
}

export class RequestArbiter {
  private readonly who: Requester[] = [];
  private readonly rfp: number[] = [];
  private readonly ch: number[] = [];
  private readonly bearer: number[] = [];
  private readonly kind: RequestKind[] = [];
  /** Requests per cell this frame (index rfp × 120 + channel). */
  private readonly asked = new Uint16Array(3 * DECT_CHANNELS);
  /** Refusals so far. */
  readonly refusals = [0, 0];
  grants = 0;

  constructor(
    private readonly cluster: DectCluster,
    private readonly frameNs: number,
  ) {}

  request(who: Requester, rfp: number, ch: number, bearer: number, kind: RequestKind): void {
    this.who.push(who);
    this.rfp.push(rfp);
    this.ch.push(ch);
    this.bearer.push(bearer);
    this.kind.push(kind);
    for (let k = 0; k < who.width; k++) this.asked[rfp * DECT_CHANNELS + ch + k]++;
  }

  /** Grant or refuse the frame's requests, in the order they were made. */
  resolve(frame: number): void {
    const n = this.who.length;
    const t = frame * this.frameNs;
    for (let i = 0; i < n; i++) {
      const who = this.who[i];
      const r = this.rfp[i];
      const ch = this.ch[i];
      let why: Refusal | -1 = -1;
      for (let k = 0; k < who.width; k++) {
        const cell = r * DECT_CHANNELS + ch + k;
        if (this.asked[cell] > 1) why = Refusal.COLLISION;
        else if (why === -1 && this.cluster.grids[r].reserved(ch + k)) why = Refusal.RESERVED;
      }
      if (why === -1) {
        this.cluster.reserve(r, ch, who.width, who.id, t);
        this.grants++;
        who.granted(frame, this.bearer[i], this.kind[i], r, ch);
      } else {
        this.refusals[why]++;
        who.refused(frame, this.bearer[i], this.kind[i], r, ch, why);
      }
    }
    for (let i = 0; i < n; i++)
      for (let k = 0; k < this.who[i].width; k++)
        this.asked[this.rfp[i] * DECT_CHANNELS + this.ch[i] + k] = 0;
    this.who.length = 0;
    this.rfp.length = 0;
    this.ch.length = 0;
    this.bearer.length = 0;
    this.kind.length = 0;
  }
}
