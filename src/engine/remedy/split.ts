/**
 * A split connection (I-TCP: Bakre and Badrinath, "I-TCP: indirect TCP for mobile hosts", ICDCS
 * 1995) at the base-station point, as remedies.md specifies it: the relay answers the fixed host's
 * SYN itself, terminating its connection, and opens its own to the mobile (and the other way round
 * when the mobile opens); bytes go through a buffer of `splitBuffer` bytes. Both halves use the
 * system's profiles: towards the mobile the relay runs the mobile's peer's profile, towards the
 * fixed host the mobile's.
 *
 * The buffer: bytes the relay has taken in on one half and the other half's peer has not yet
 * acknowledged. The receiving half advertises what is left of it (TcpConnection.setReceiveBuffer),
 * so a slow radio half closes the fixed host's window instead of the relay hoarding the file. Its
 * price, shown and not hidden: the fixed host has its data acknowledged before the mobile has it.
 *
 * Sans-IO like tcp/host.ts: two TcpHosts inside, handed time and datagrams, polled for datagrams
 * and the next deadline. The relay is transparent: it speaks with the mobile's address towards the
 * fixed host and the fixed host's towards the mobile, on the same ports.
 */
import { TcpFlag, type Packet, type PacketIds, type TcpSegment } from '../core/packet';
import type { Nanos } from '../core/time';
import { TcpHost, type TcpConnection, type TcpProfile } from '../tcp';
import { OutputQueue, Toward, type AgentOutput, type BaseStationAgent } from './base-station';

export interface SplitOptions {
  /** The relay's buffer, bytes (remedies.md `splitBuffer`). */
  readonly buffer: number;
  /** The profile the relay runs towards the fixed host: the mobile's. */
  readonly wiredProfile: TcpProfile;
  /** The profile the relay runs towards the mobile: the fixed host's. */
  readonly radioProfile: TcpProfile;
  /** Host numbers of the fixed host and the mobile (the addresses the relay speaks with). */
  readonly fixedAddress: number;
  readonly mobileAddress: number;
}

/** The two halves of one relayed connection. */
export interface SplitPair {
  /** The relay's end towards the fixed host. */
  readonly wired: TcpConnection;
  /** The relay's end towards the mobile. */
  readonly radio: TcpConnection;
}

interface Relay extends SplitPair {
  /** Bytes read from each half's receive buffer (released once the other half's peer acknowledged them). */
  readFromWired: number;
  readFromRadio: number;
}

/** Counters of the summary's `split` block. */
export interface SplitCounters {
  /** Bytes relayed from one half to the other. */
  buffered: number;
  /** Most bytes held in the relay at once. */
  peakBuffered: number;
}

/** A connection still in use: one a host would refuse to open again over the same port pair (TcpHost.add). */
function live(c: TcpConnection | undefined): boolean {
  return c !== undefined && c.state !== 'CLOSED' && c.state !== 'TIME_WAIT';
}

export class SplitRelay implements BaseStationAgent {
  readonly counters: SplitCounters = { buffered: 0, peakBuffered: 0 };
  private readonly wired = new TcpHost();
  private readonly radio = new TcpHost();
  private readonly relays: Relay[] = [];
  private readonly byConn = new Map<TcpConnection, Relay>();
  private readonly out = new OutputQueue();

  constructor(
    private readonly o: SplitOptions,
    private readonly ids: PacketIds,
  ) {}

  /** The relayed connections, oldest first. */
  get pairs(): readonly SplitPair[] {
    return this.relays;
  }

  handleFromFixed(now: Nanos, p: Packet): void {
    const seg = p.tcp;
    if (seg === undefined) return this.out.push(p, Toward.Mobile); // not TCP: routed on
    if (this.wired.find(seg.dstPort, seg.srcPort) === undefined) this.open(now, seg, true);
    this.wired.handleSegment(now, seg);
    this.pump(now);
  }

  handleFromMobile(now: Nanos, p: Packet): void {
    const seg = p.tcp;
    if (seg === undefined) return this.out.push(p, Toward.Fixed);
    if (this.radio.find(seg.dstPort, seg.srcPort) === undefined) this.open(now, seg, false);
    this.radio.handleSegment(now, seg);
    this.pump(now);
  }

  handleTimeout(now: Nanos): void {
    if (this.wired.pollTimeout() <= now) this.wired.handleTimeout(now);
    if (this.radio.pollTimeout() <= now) this.radio.handleTimeout(now);
    this.pump(now);
  }

  pollOutput(): AgentOutput | null {
    return this.out.shift();
  }

  pollTimeout(): Nanos {
    return Math.min(this.wired.pollTimeout(), this.radio.pollTimeout());
  }

  /**
   * The first segment of a connection the relay does not hold yet. A SYN is answered by this
   * side's host, and the relay opens its own connection on the other side (I-TCP); without a
   * handshake (IS-707's `handshake=0`) both halves start open, as both ends do.
   */
  private open(now: Nanos, seg: TcpSegment, fromFixed: boolean): void {
    const [near, far] = fromFixed ? [this.wired, this.radio] : [this.radio, this.wired];
    const [nearProfile, farProfile] = fromFixed
      ? [this.o.wiredProfile, this.o.radioProfile]
      : [this.o.radioProfile, this.o.wiredProfile];
    const local = seg.dstPort;
    const remote = seg.srcPort;
    // The other half still holds this pair: this half gave up on its own (its SYN or data retries
    // ran out, or its peer reset it) while the other stayed open, so the segment is a late one of
    // a connection this side no longer has, answered by this side's host with a RST (RFC 793 §3.4,
    // reset generation) as an end host answers it. A new pair over the live half would be a second
    // connection on the same ports (TcpHost refuses it: the run stopped).
    if (live(far.find(remote, local))) return;
    const bind = (nearConn: TcpConnection, farConn: TcpConnection): void => {
      const [wired, radio] = fromFixed ? [nearConn, farConn] : [farConn, nearConn];
      const relay: Relay = { wired, radio, readFromWired: 0, readFromRadio: 0 };
      wired.setReceiveBuffer(this.o.buffer);
      radio.setReceiveBuffer(this.o.buffer);
      this.relays.push(relay);
      this.byConn.set(wired, relay);
      this.byConn.set(radio, relay);
    };
    if ((seg.flags & (TcpFlag.SYN | TcpFlag.ACK)) === TcpFlag.SYN) {
      // The far side's connection has the same port pair, seen from the relay's other face.
      const farConn = far.connect(now, remote, local, farProfile);
      // The listener makes the near connection when this SYN is handled, right after.
      near.listen(local, nearProfile, (c) => {
        near.unlisten(local);
        bind(c, farConn);
      });
    } else if (!(seg.flags & TcpFlag.RST)) {
      bind(
        near.openEstablished(now, local, remote, nearProfile),
        far.openEstablished(now, remote, local, farProfile),
      );
    }
  }

  /** Move bytes and closes across the relay, release what was acknowledged, send what is due. */
  private pump(now: Nanos): void {
    for (let round = 0; round < 16; round++) {
      let busy = this.events(now, this.wired, true) || this.events(now, this.radio, false);
      for (const r of this.relays) this.release(r);
      busy = this.drain(now, this.wired, Toward.Fixed, this.o.mobileAddress, this.o.fixedAddress) || busy;
      busy = this.drain(now, this.radio, Toward.Mobile, this.o.fixedAddress, this.o.mobileAddress) || busy;
      if (!busy) return;
    }
  }

  /** One host's events: data is written on the other half, a FIN closes it. */
  private events(now: Nanos, host: TcpHost, wired: boolean): boolean {
    let any = false;
    for (let e = host.pollEvent(); e !== null; e = host.pollEvent()) {
      any = true;
      const r = this.byConn.get(e.conn);
      if (r === undefined) continue;
      const other = wired ? r.radio : r.wired;
      if (e.event.type === 'data') {
        other.write(e.event.bytes);
        this.counters.buffered += e.event.bytes;
        const held = this.held(r);
        if (held > this.counters.peakBuffered) this.counters.peakBuffered = held;
      } else if (e.event.type === 'peerFin') other.close(now);
    }
    return any;
  }

  /** Bytes in the relay: taken in on one half, not yet acknowledged by the other half's peer. */
  private held(r: Relay): number {
    return (
      r.wired.stats.bytesDelivered -
      r.radio.stats.bytesAcked +
      (r.radio.stats.bytesDelivered - r.wired.stats.bytesAcked)
    );
  }

  /** Bytes the other half's peer acknowledged leave the buffer: the receiving half's window opens. */
  private release(r: Relay): void {
    const down = r.radio.stats.bytesAcked;
    if (down > r.readFromWired) {
      r.wired.read(down - r.readFromWired);
      r.readFromWired = down;
    }
    const up = r.wired.stats.bytesAcked;
    if (up > r.readFromRadio) {
      r.radio.read(up - r.readFromRadio);
      r.readFromRadio = up;
    }
  }

  private drain(now: Nanos, host: TcpHost, toward: Toward, src: number, dst: number): boolean {
    let any = false;
    for (let seg = host.pollTransmit(now); seg !== null; seg = host.pollTransmit(now)) {
      any = true;
      this.out.push(this.ids.tcp(now, src, dst, seg, 0), toward);
    }
    return any;
  }
}
