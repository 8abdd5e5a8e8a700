/**
 * The GSM non-transparent data bearer end to end (gsm.md §Topology), as one byte stream per
 * direction carried by four link layers in series:
 *
 *   laptop PPP ─ 9600 bit/s async serial line ─ phone ─ RLP over the radio ─ IWF ─
 *   V.42 LAPM at 9600 bit/s synchronous (+ netDelay) ─ gateway modem / PPP peer ─ server
 *
 * Each PPP frame is appended to its direction's packet byte stream (the ledger, ppp/stream.ts)
 * with its length on the line; the layers then pass byte ranges along as they would pass
 * characters — cut-through, not packet by packet: the phone's RLP takes whatever characters
 * have arrived from the serial line when a 20 ms frame starts, the IWF hands RLP's in-order
 * octets to its modem, and so on. Bytes a layer loses (an RLP reset flushes its buffers) never
 * arrive, and the receiving PPP end discards every frame they belonged to (its FCS would).
 *
 * The frame loop calls {@link slot} once per 20 ms RLP frame; V.42 and the downlink serial line's
 * deliveries to the laptop (laptop-line.ts) run on the continuous driver (link/continuous-driver.ts).
 * No allocation per frame.
 */
import { doubleFields } from '../../core/field-shape';
import { IpDrop, type Packet } from '../../core/packet';
import type { Scheduler } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import type { TraceRecorder } from '../../core/trace';
import { AsyncSerialLine, ByteRangeQueue } from '../../link/dte-line';
import { GSM_RLP_DIR_LABELS, GsmRlpEntity, GsmRlpLink, type GsmRlpConfig } from '../../link/gsm-rlp';
import { detailRecorder } from '../../link/link-trace';
import { PacketFramer, packetTraceSource } from '../../link/packet-trace';
import { PacketByteStream, StreamReassembler, type ByteRangeSink } from '../../link/ppp/stream';
import { V42Driver, V42Entity, V42Link } from '../../link/v42';
import { ContinuousDriver } from '../../link/continuous-driver';
import { LaptopLine } from './laptop-line';
import { PppDecoder, type PppDatagram } from '../../link/ppp/datagram-codec';
import type { GsmRadioModel } from './radio';

/** Set-up of a bearer. */
export interface GsmBearerOptions {
  /** Laptop–phone serial line, bit/s (10 bits per byte). */
  readonly dteRate: number;
  /** RLP one-way radio delay, whole 20 ms frames (≥ 1). */
  readonly radioDelaySlots: number;
  readonly rlp: GsmRlpConfig;
  /** One-way delay of the modem leg (IWF, telephone network, modems), ns. */
  readonly netDelay: Nanos;
  readonly vj: boolean;
  readonly recorder?: TraceRecorder;
}

/** Where the bearer delivers packets. */
export interface GsmBearerHandlers {
  /** A packet reaches the server side (from the gateway's PPP end). */
  toServer(p: Packet, now: Nanos): void;
  /** A packet reaches the laptop's IP layer. */
  toLaptop(p: Packet, now: Nanos): void;
  /** The call dropped (RLP resets repeated, or a reset handshake failed). */
  callDropped?(now: Nanos): void;
  /** A PPP receiver's VJ decompressor rejected an intact frame's packet (`where`: an IpDrop code). */
  dropped?(p: Packet, now: Nanos, where: number): void;
}

/**
 * A PPP receiver fed with in-order byte ranges. Ranges are cut at packet ends so that the
 * losses and deliveries of the reassembler reach the VJ decompressor in stream order (a frame
 * lost before a compressed packet must make the decompressor toss it, RFC 1144 §4.2).
 */
class DatagramReceiver implements ByteRangeSink {
  private discarded = 0;
  private tossed = 0;

  constructor(
    private readonly ledger: PacketByteStream<PppDatagram>,
    readonly reasm: StreamReassembler<PppDatagram>,
    readonly decoder: PppDecoder,
    private readonly deliver: (p: Packet) => void,
    private readonly reject: (p: Packet, where: number) => void = () => {},
  ) {}

  receive(start: number, end: number, intact: boolean): void {
    const r = this.reasm;
    if (end <= r.cursor) {
      r.receive(start, end, intact); // an old range again: at most marks the packet in progress damaged
      this.collect();
      return;
    }
    if (start > r.cursor) {
      r.receive(start, start, intact); // the bytes skipped over are lost
      this.collect();
    }
    let s = start;
    while (r.cursor < end) {
      const i = this.ledger.firstIndex;
      const pe = i < this.ledger.endIndex ? this.ledger.endOf(i) : end;
      const e = pe < end ? pe : end;
      r.receive(s, e, intact);
      this.collect();
      s = e;
    }
  }

  private collect(): void {
    const r = this.reasm;
    if (r.discarded !== this.discarded) {
      this.decoder.lost(r.discarded - this.discarded);
      this.discarded = r.discarded;
    }
    for (let d = r.poll(); d !== undefined; d = r.poll()) {
      const p = this.decoder.receive(d);
      if (p) this.deliver(p);
      else
        this.reject(
          d.packet,
          this.decoder.counters.vjTossed !== this.tossed ? IpDrop.VjTossed : IpDrop.VjBadChecksum,
        );
      this.tossed = this.decoder.counters.vjTossed;
    }
  }
}

/** The phone's RLP output: octets go onto the serial line toward the laptop as they arrive. */
class PhoneSink implements ByteRangeSink {
  now: Nanos = 0;
  pushed = false;
  constructor(private readonly line: AsyncSerialLine) {
    doubleFields(this, ['now']); // times pass 2^31 ns after 2.1 s (core/field-shape.ts)
  }
  receive(start: number, end: number, intact: boolean): void {
    if (!intact) return;
    this.line.push(start, end, this.now);
    this.pushed = true;
  }
}

export class GsmBearer {
  readonly serialUp: AsyncSerialLine;
  readonly serialDown: AsyncSerialLine;
  readonly ledgerUp = new PacketByteStream<PppDatagram>();
  readonly ledgerDown = new PacketByteStream<PppDatagram>();
  /** The IWF's relay buffers: RLP → modem (up) and modem → RLP (down). */
  readonly iwfUp = new ByteRangeQueue();
  readonly iwfDown = new ByteRangeQueue();
  readonly rlp: GsmRlpLink;
  readonly v42: V42Link;
  /** V.42's line on the scheduler (link/continuous-driver.ts). */
  readonly v42Driver: V42Driver;
  /** PPP receivers: at the gateway (uplink) and at the laptop (downlink). */
  readonly gateway: DatagramReceiver;
  readonly laptop: DatagramReceiver;
  /** Slot of the call drop, or −1. */
  droppedAt = -1;
  private readonly phoneSink: PhoneSink;
  /** The downlink serial line's deliveries to the laptop, and their driver. */
  private readonly laptopLine: LaptopLine;
  private readonly laptopDriver: ContinuousDriver<LaptopLine, never>;
  private now: Nanos = 0;

  constructor(
    scheduler: Scheduler,
    radio: GsmRadioModel,
    private readonly o: GsmBearerOptions,
    private readonly h: GsmBearerHandlers,
  ) {
    this.serialUp = new AsyncSerialLine(o.dteRate);
    this.serialDown = new AsyncSerialLine(o.dteRate);
    this.phoneSink = new PhoneSink(this.serialDown);
    this.gateway = new DatagramReceiver(
      this.ledgerUp,
      new StreamReassembler(this.ledgerUp),
      new PppDecoder(o.vj),
      (p) => h.toServer(p, this.now),
      (p, where) => h.dropped?.(p, this.now, where),
    );
    this.laptop = new DatagramReceiver(
      this.ledgerDown,
      new StreamReassembler(this.ledgerDown),
      new PppDecoder(o.vj),
      (p) => h.toLaptop(p, this.laptopLine.now),
      (p, where) => h.dropped?.(p, this.laptopLine.now, where),
    );
    const rec = o.recorder;
    // The phone sends uplink (dir 0) and the IWF downlink (dir 1), as in link.frame.
    const ms = new GsmRlpEntity(o.rlp, this.serialUp, this.phoneSink, 1);
    const iwf = new GsmRlpEntity(o.rlp, this.iwfDown, this.iwfUp, 2);
    // GSM is the one-bearer case of a bearer set: the radio's verdicts judge RLP's frames.
    const frames = detailRecorder(rec);
    const packets = frames ? packetTraceSource(frames, GSM_RLP_DIR_LABELS) : null;
    const id = (d: PppDatagram): number => d.packet.id;
    this.rlp = new GsmRlpLink(ms, iwf, radio, {
      delaySlots: o.radioDelaySlots,
      recorder: rec,
      packets: packets
        ? [
            new PacketFramer(packets, 0, 0, this.ledgerUp, id),
            new PacketFramer(packets, 1, 0, this.ledgerDown, id),
          ]
        : undefined,
    });
    // V.42: the IWF's modem is A (sends uplink), the gateway's modem B.
    const modemIwf = new V42Entity({}, this.iwfUp, this.iwfDown);
    const modemGw = new V42Entity({}, this.ledgerDown, {
      receive: (s, e, ok) => {
        this.now = scheduler.now;
        this.gateway.receive(s, e, ok);
      },
    });
    this.v42 = new V42Link(modemIwf, modemGw, { delay: o.netDelay, recorder: rec });
    this.v42Driver = new V42Driver(scheduler, this.v42);
    this.laptopLine = new LaptopLine(this.serialDown, this.ledgerDown, this.laptop);
    this.laptopDriver = new ContinuousDriver(scheduler, this.laptopLine);
    doubleFields(this, ['now']); // times pass 2^31 ns after 2.1 s (core/field-shape.ts)
  }

  /** True once the call has dropped. */
  get down(): boolean {
    return this.droppedAt >= 0;
  }

  /** RLP reset procedures, SABM/UA exchanges (counted by the link, gsm-rlp/link.ts). */
  get resetProcedures(): number {
    return this.rlp.resetProcedures;
  }

  /** The laptop sends a PPP frame: onto the serial line toward the phone. */
  sendUp(d: PppDatagram, now: Nanos): void {
    if (this.down) return;
    this.ledgerUp.append(d, d.wire);
    const n = this.ledgerUp.take(Infinity);
    this.serialUp.push(this.ledgerUp.takenStart, this.ledgerUp.takenStart + n, now);
  }

  /** The gateway sends a PPP frame toward the laptop: into its modem. */
  sendDown(d: PppDatagram, now: Nanos): void {
    if (this.down) return;
    this.ledgerDown.append(d, d.wire);
    this.v42Driver.kick(this.v42.b, now);
  }

  /** One 20 ms RLP frame starting at `now`. */
  slot(now: Nanos): void {
    if (this.down) return;
    this.now = now;
    this.serialUp.now = now;
    this.phoneSink.now = now;
    this.phoneSink.pushed = false;
    const before = this.iwfUp.bytesIn;
    this.rlp.step();
    let dropped = false;
    for (let e = this.rlp.pollEvent(); e !== null; e = this.rlp.pollEvent())
      if (e.event.kind === 'call-drop') dropped = true;
    if (this.iwfUp.bytesIn !== before) this.v42Driver.kick(this.v42.a, now);
    if (this.phoneSink.pushed) {
      this.laptopLine.pushed(now);
      this.laptopDriver.settle(now);
    }
    if (dropped) {
      this.droppedAt = this.rlp.slot - 1;
      // The call is gone: its bearer is released (noticed at once: the drop is the notice), the
      // modems hang up and every buffer is lost.
      this.rlp.bearers.release(0, now, 0);
      this.iwfUp.clear();
      this.iwfDown.clear();
      this.laptopLine.stop();
      this.laptopDriver.settle(now);
      this.h.callDropped?.(now);
    }
  }
}
