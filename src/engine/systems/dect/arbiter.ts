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
  /**
   * The frame's requests as columns, `n` of them; kept between frames and overwritten (clearing
   * the arrays would hand their storage back and allocate it again every frame).
   */
  private readonly who: Requester[] = [];
  private rfp = new Int8Array(64);
  private ch = new Int16Array(64);
  private bearer = new Int8Array(64);
  private kind = new Uint8Array(64);
  private n = 0;
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
    const i = this.n++;
    if (i === this.rfp.length) this.grow();
    this.who[i] = who;
    this.rfp[i] = rfp;
    this.ch[i] = ch;
    this.bearer[i] = bearer;
    this.kind[i] = kind;
    for (let k = 0; k < who.width; k++) this.asked[rfp * DECT_CHANNELS + ch + k]++;
  }

  /** Grant or refuse the frame's requests, in the order they were made. */
  resolve(frame: number): void {
    const n = this.n;
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
        who.granted(frame, this.bearer[i], this.kind[i] as RequestKind, r, ch);
      } else {
        this.refusals[why]++;
        who.refused(frame, this.bearer[i], this.kind[i] as RequestKind, r, ch, why);
      }
    }
    for (let i = 0; i < n; i++)
      for (let k = 0; k < this.who[i].width; k++)
        this.asked[this.rfp[i] * DECT_CHANNELS + this.ch[i] + k] = 0;
    this.n = 0;
  }

  private grow(): void {
    const m = 2 * this.rfp.length;
    const widen = <A extends Int8Array | Int16Array | Uint8Array>(a: A, make: (n: number) => A): A => {
      const b = make(m);
      b.set(a);
      return b;
    };
    this.rfp = widen(this.rfp, (k) => new Int8Array(k));
    this.ch = widen(this.ch, (k) => new Int16Array(k));
    this.bearer = widen(this.bearer, (k) => new Int8Array(k));
    this.kind = widen(this.kind, (k) => new Uint8Array(k));
  }
}
