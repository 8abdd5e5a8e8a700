/**
 * What waits above one LU2 sender (dect.md "Workload"): buffers are unlimited, and a pure TCP
 * ACK goes ahead of queued data, "with its acknowledgement number taken when it is sent" — so
 * pure ACKs waiting together collapse into the newest (ACKs are cumulative). Data and other
 * segments (SYN, FIN) wait in order. Packets are handed to the LU2 sender only as it needs them
 * (a few fragments ahead of what it sends), so that an ACK can still overtake the queue.
 */
import { TcpFlag, type Packet, type TcpSegment } from '../../core/packet';
import { Fifo } from '../../core/fifo';
import type { DectDlcEntity } from '../../link/dect-dlc';

export class DlcQueue {
  private readonly data = new Fifo<Packet>();
  private ack: Packet | null = null;
  /**
   * Packets in the LU2 sender until delivered at the far end, in the order they entered it — the
   * order the far end delivers them in (LU2 delivers DLC frames in sequence), from `sentHead`.
   */
  private readonly sent = new Fifo<Packet>();
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
  /**
   * With TCP options (remedies.md, DECT's row): the sending TCP brings a leaving segment's TSecr
   * and SACK blocks up to date (its `refreshAck`) and says how its option bytes changed.
   */
  optionSource: ((seg: TcpSegment) => number) | null = null;

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
    return this.data.length + (this.ack ? 1 : 0);
  }

  /** Hand packets to the LU2 sender while it has fewer than `ahead` fragments not yet sent. */
  feed(ahead: number): void {
    const s = this.dlc.sender;
    while (s.vEnd - s.vs < ahead) {
      let p: Packet;
      if (this.ack) {
        p = this.ack;
        this.ack = null;
      } else if (this.data.length > 0) {
        p = this.data.shift() as Packet;
      } else return;
      p = this.refreshAck(p);
      this.sent.push(p);
      this.dlc.send(p.id, p.size);
    }
  }

  /** The packet as it leaves: its ACK number (and options) taken now; a new size makes a new packet. */
  private refreshAck(p: Packet): Packet {
    const s = p.tcp;
    if (!s || (s.flags & TcpFlag.ACK) === 0 || this.ackSource === null) return p;
    const now = this.ackSource();
    if (now > s.ack) {
      s.ack = now;
      this.acksRefreshed++;
    }
    if (s.opt === null || this.optionSource === null) return p;
    const grown = this.optionSource(s);
    return grown === 0 ? p : { ...p, size: p.size + grown };
  }

  /** Packets handed to the LU2 sender and not yet delivered (nor passed over as given up). */
  get inFlight(): number {
    return this.sent.length;
  }

  /**
   * The far end delivered packet `id`: take it out. Packets before it that are still here were
   * given up by the LU2 receiver (timer 2): they will never be delivered, and go too.
   */
  take(id: number): Packet | undefined {
    const sent = this.sent;
    for (let k = 0; k < sent.length; k++) {
      const p = sent.at(k);
      if (p.id !== id) continue;
      sent.drop(k + 1);
      return p;
    }
    return undefined;
  }
}
