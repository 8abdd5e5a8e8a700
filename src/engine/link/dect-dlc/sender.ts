/**
 * The sending half of an LU2 end (dect.md "DLC, LU2 service"): DLC frames queued without limit
 * ("buffers are unlimited"), cut into fragments sent in order up to the window of 63; a
 * cumulative N(R) releases them; a REJ sends it back to N(R), the first missing fragment
 * (go-back-N: every fragment from there is sent again, the receiver drops those it holds); a LOSS
 * moves the window past the frame the peer gave up.
 * Fragment numbers are unbounded counts here and go on the air modulo 256 (fragment.ts).
 */
import {
  DLC_FRAGMENT_DATA_BYTES,
  DLC_SEQ_MODULUS,
  DLC_WINDOW,
  dlcFragmentsFor,
  type DectDlcFragment,
} from './fragment';

const MASK = DLC_SEQ_MODULUS - 1;

/** What the sender counts. */
export interface DlcSenderCounters {
  framesQueued: number;
  fragmentsSent: number;
  fragmentsResent: number;
  goBacks: number;
  /** Frames the peer gave up (acknowledgements with the LOSS mark acted on). */
  lossMarks: number;
}

export class DlcSender {
  /** Oldest unacknowledged fragment. */
  va = 0;
  /** Next fragment to send. */
  vs = 0;
  /** One past the highest fragment ever sent. */
  vhigh = 0;
  /** One past the last fragment queued. */
  vEnd = 0;
  /** The window edge moved by a give-up: the peer must be told (an acknowledgement-only fragment). */
  edgeDirty = false;
  readonly counters: DlcSenderCounters = {
    framesQueued: 0,
    fragmentsSent: 0,
    fragmentsResent: 0,
    goBacks: 0,
    lossMarks: 0,
  };

  /*
   * Queued frames not yet fully acknowledged — first fragment, fragment count, bytes, packet — as
   * a ring of typed columns: frame j (counted from 0 as queued) in slot j & mask, frames `head` to
   * `tail` − 1. Grown by doubling, never shrunk: no allocation per frame once warm.
   */
  private first = new Float64Array(64);
  private count = new Int32Array(64);
  private bytes = new Int32Array(64);
  private packet = new Float64Array(64);
  private mask = 63;
  private head = 0;
  private tail = 0;
  /** Frame (a count, as head and tail) of the last fragment looked up. */
  private cursor = 0;

  constructor(readonly window = DLC_WINDOW) {
    if (!Number.isInteger(window) || window < 1 || window >= DLC_SEQ_MODULUS / 2)
      throw new RangeError(`LU2 window must be 1–${DLC_SEQ_MODULUS / 2 - 1}, got ${window}`);
  }

  /** Queue the DLC frame of IP packet `packet` of `ipBytes` bytes (plus the 2-byte checksum). */
  enqueue(packet: number, ipBytes: number): void {
    const n = dlcFragmentsFor(ipBytes);
    if (this.tail - this.head > this.mask) this.grow();
    const k = this.tail++ & this.mask;
    this.first[k] = this.vEnd;
    this.count[k] = n;
    this.bytes[k] = ipBytes + 2;
    this.packet[k] = packet;
    this.vEnd += n;
    this.counters.framesQueued++;
  }

  /**
   * Queue a DLC frame at the head (link/contract.ts `LinkService.pushFront`): before every frame
   * none of whose fragments was ever sent, so a frame part-sent is never cut. The frames behind
   * it move back by its fragment count; none of their numbers has been on the air.
   */
  enqueueFront(packet: number, ipBytes: number): void {
    const n = dlcFragmentsFor(ipBytes);
    if (this.tail - this.head > this.mask) this.grow();
    const m = this.mask;
    let at = this.head;
    while (at < this.tail && this.first[at & m] < this.vhigh) at++;
    const start = at < this.tail ? this.first[at & m] : this.vEnd;
    for (let j = this.tail; j > at; j--) {
      const to = j & m;
      const from = (j - 1) & m;
      this.first[to] = this.first[from] + n;
      this.count[to] = this.count[from];
      this.bytes[to] = this.bytes[from];
      this.packet[to] = this.packet[from];
    }
    const k = at & m;
    this.first[k] = start;
    this.count[k] = n;
    this.bytes[k] = ipBytes + 2;
    this.packet[k] = packet;
    this.tail++;
    this.vEnd += n;
    this.cursor = this.head;
    this.counters.framesQueued++;
  }

  /** Frames not yet completely sent (a frame part-sent included): the upper face's flow control. */
  get unsentFrames(): number {
    const m = this.mask;
    let j = this.head;
    while (j < this.tail && this.first[j & m] + this.count[j & m] <= this.vs) j++;
    return this.tail - j;
  }

  /** Bytes (with the checksum) of fragments not yet sent. */
  get unsentBytes(): number {
    const m = this.mask;
    let b = 0;
    for (let j = this.head; j < this.tail; j++) {
      const f = this.first[j & m];
      const c = this.count[j & m];
      if (f + c <= this.vs) continue;
      const sent = this.vs > f ? this.vs - f : 0;
      b += this.bytes[j & m] - sent * DLC_FRAGMENT_DATA_BYTES;
    }
    return b;
  }

  /** Fragments queued and not yet acknowledged. */
  get backlog(): number {
    return this.vEnd - this.va;
  }

  /** A fragment may go out: one is waiting and the window is open. */
  get canSend(): boolean {
    return this.vs < this.vEnd && this.vs < this.va + this.window;
  }

  /** The window is full (fragments wait, none may go). */
  get stalled(): boolean {
    return this.vs < this.vEnd && this.vs >= this.va + this.window;
  }

  /** Fill `out`'s data fields with fragment `vs` and move on. Only when {@link canSend}. */
  fill(out: DectDlcFragment): void {
    const n = this.vs;
    const f = this.locate(n);
    const i = n - this.first[f];
    const last = i === this.count[f] - 1;
    out.ns = n & MASK;
    out.length = last ? this.bytes[f] - DLC_FRAGMENT_DATA_BYTES * i : DLC_FRAGMENT_DATA_BYTES;
    out.more = !last;
    out.packet = this.packet[f];
    out.retransmission = n < this.vhigh;
    this.counters.fragmentsSent++;
    if (out.retransmission) this.counters.fragmentsResent++;
    this.vs++;
    if (this.vs > this.vhigh) this.vhigh = this.vs;
  }

  /**
   * The peer's N(R) and flags. N(R) is read relative to `va` (fragment.ts); a value past the
   * highest fragment sent cannot be current (a stale acknowledgement overtaken on another
   * bearer) and is ignored.
   */
  handleAck(nr: number, rej: boolean, loss: boolean): void {
    const n = this.va + ((nr - this.va) & MASK);
    if (n > this.vhigh) return;
    if (n > this.va) {
      this.va = n;
      if (this.vs < n) this.vs = n;
      this.release();
    }
    if (loss) this.giveUp(n);
    if (rej && n < this.vs) {
      // dect.md: "the sender goes back to the first missing fragment".
      this.vs = n;
      this.counters.goBacks++;
    }
  }

  /**
   * The peer gave up the DLC frame holding fragment `n` (dect.md: "so the sender moves on"): the
   * window moves past the frame's last fragment, nothing of it is sent again, and the new edge
   * goes to the peer. A LOSS already acted on (n before the edge) only repeats the edge.
   */
  private giveUp(n: number): void {
    this.edgeDirty = true;
    if (n < this.va || n >= this.vEnd) return;
    const f = this.locate(n);
    this.va = this.first[f] + this.count[f];
    if (this.vs < this.va) this.vs = this.va;
    if (this.vhigh < this.va) this.vhigh = this.va;
    this.counters.lossMarks++;
    this.release();
  }

  /** Ring slot of the frame holding fragment `n` (n in [va, vEnd)). */
  private locate(n: number): number {
    const m = this.mask;
    let c = this.cursor;
    if (c < this.head || c >= this.tail || this.first[c & m] > n) c = this.head;
    while (this.first[c & m] + this.count[c & m] <= n) c++;
    this.cursor = c;
    return c & m;
  }

  /** Forget frames wholly before `va`. */
  private release(): void {
    const m = this.mask;
    while (this.head < this.tail && this.first[this.head & m] + this.count[this.head & m] <= this.va)
      this.head++;
  }

  /** Double the ring, keeping each frame at its count's slot. */
  private grow(): void {
    const size = 2 * (this.mask + 1);
    const first = new Float64Array(size);
    const count = new Int32Array(size);
    const bytes = new Int32Array(size);
    const packet = new Float64Array(size);
    for (let j = this.head; j < this.tail; j++) {
      const from = j & this.mask;
      const to = j & (size - 1);
      first[to] = this.first[from];
      count[to] = this.count[from];
      bytes[to] = this.bytes[from];
      packet[to] = this.packet[from];
    }
    this.first = first;
    this.count = count;
    this.bytes = bytes;
    this.packet = packet;
    this.mask = size - 1;
  }
}
