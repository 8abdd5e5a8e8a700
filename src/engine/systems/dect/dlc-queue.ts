/**
 * What waits above one LU2 sender (dect.md "Workload"): buffers are unlimited, and a pure TCP
 * ACK goes ahead of queued data, "with its acknowledgement number taken when it is sent" — so
 * pure ACKs waiting together collapse into the newest (ACKs are cumulative). Data and other
 * segments (SYN, FIN) wait in order. Packets are handed to the LU2 sender only as it needs them
 * (a few fragments ahead of what it sends), so that an ACK can still overtake the queue.
 */
import { TcpFlag, type Packet } from '../../core/packet';
import type { DectDlcEntity } from '../../link/dect-dlc';

export class DlcQueue {
  private readonly data: Packet[] = [];
  private head = 0;
  private ack: Packet | null = null;
  /** Packets in the LU2 sender, by id, until delivered at the far end. */
  readonly inFlight = new Map<number, Packet>();
  /** Pure ACKs replaced by a newer one before they went. */
  acksMerged = 0;
  /**
   * The sending TCP's receive point now (its `rcvNxt`; < 0 before it is connected). dect.md: ACKs
   * ride on reverse data "with its acknowledgement number taken when it is sent" — when the
   * segment leaves this queue for the LU2 sender, not when TCP queued it here: a data segment
   * waiting behind a long queue would otherwise carry an acknowledgement minutes old.
   */
  ackSource: (() => number) | null = null;
  /** Segments whose acknowledgement number moved on while they waited here. */
  acksRefreshed = 0;

  constructor(private readonly dlc: DectDlcEntity) {}

  push(p: Packet): void {
    const s = p.tcp;
    if (s && s.len === 0 && (s.flags & (TcpFlag.SYN | TcpFlag.FIN | TcpFlag.RST)) === 0) {
      if (this.ack) this.acksMerged++;
      this.ack = p;
      return;
    }
    this.data.push(p);
  }

  /** Packets waiting above the DLC. */
  get waiting(): number {
    return this.data.length - this.head + (this.ack ? 1 : 0);
  }

  /** Hand packets to the LU2 sender while it has fewer than `ahead` fragments not yet sent. */
  feed(ahead: number): void {
    const s = this.dlc.sender;
    while (s.vEnd - s.vs < ahead) {
      let p: Packet;
      if (this.ack) {
        p = this.ack;
        this.ack = null;
      } else if (this.head < this.data.length) {
        p = this.data[this.head++];
        if (this.head > 1024 && this.head * 2 > this.data.length) {
          this.data.splice(0, this.head);
          this.head = 0;
        }
      } else return;
      this.refreshAck(p);
      this.inFlight.set(p.id, p);
      this.dlc.send(p.id, p.size);
    }
  }

  private refreshAck(p: Packet): void {
    const s = p.tcp;
    if (!s || (s.flags & TcpFlag.ACK) === 0 || this.ackSource === null) return;
    const now = this.ackSource();
    if (now > s.ack) {
      s.ack = now;
      this.acksRefreshed++;
    }
  }

  /** The far end delivered packet `id` (or −1 when it was given up): take it out. */
  take(id: number): Packet | undefined {
    const p = this.inFlight.get(id);
    if (p) this.inFlight.delete(id);
    return p;
  }
}
