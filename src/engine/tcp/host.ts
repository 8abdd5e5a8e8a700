import { TcpFlag, type TcpSegment } from '../core/packet';
import type { Nanos } from '../core/time';
import { resetFor, TcpConnection } from './connection';
import type { TcpProfile } from './profiles';
import type { TcpTrace } from './trace';
import type { TcpEvent } from './types';

/** Options of a host. */
export interface TcpHostOptions {
  /**
   * TIME_WAIT duration of its connections, seconds. Default 60 (2·MSL with
   * 4.4BSD's MSL of 30 s). A new SYN for a port pair in TIME_WAIT replaces the
   * old connection (as 4.4BSD allows), so systems may reuse port pairs.
   */
  timeWait?: number;
  /** First connection id handed out (default 1). */
  firstId?: number;
}

/** An event of one of the host's connections. */
export interface TcpHostEvent {
  conn: TcpConnection;
  event: TcpEvent;
}

interface Listener {
  profile: TcpProfile;
  onAccept?: (conn: TcpConnection) => void;
}

/** Demultiplexing key of a (local port, remote port) pair. */
function key(localPort: number, remotePort: number): number {
  return localPort * 65536 + remotePort;
}

/**
 * One end's TCP: its connections, demultiplexed by (local port, remote port),
 * its listening ports, and the RSTs it owes for segments that match no
 * connection. Sans-IO like its connections: handed time and segments, polled
 * for segments, events and its next deadline.
 *
 * Closed connections leave the demultiplexer at once (later segments for them
 * get a RST) and leave the host's list once their last segment and event have
 * been polled. The application keeps its own references for their stats.
 */
export class TcpHost {
  private readonly byKey = new Map<number, TcpConnection>();
  private list: TcpConnection[] = [];
  private readonly listeners = new Map<number, Listener>();
  private readonly rsts: TcpSegment[] = [];
  private nextId: number;
  private readonly timeWait: number;
  /** RSTs sent for segments that matched no connection. */
  rstsSent = 0;

  constructor(opts: TcpHostOptions = {}) {
    this.timeWait = opts.timeWait ?? 60;
    this.nextId = opts.firstId ?? 1;
  }

  /**
   * The TCP-trace number (`conn`) of the connection whose segment {@link pollTransmit} returned
   * last (0: a RST, or an untraced connection): the IP layer records it with the datagram.
   */
  lastTraceConn = 0;

  /** Live connections (including closed ones not yet drained). */
  get connections(): readonly TcpConnection[] {
    return this.list;
  }

  /** The connection for a port pair, if any. */
  find(localPort: number, remotePort: number): TcpConnection | undefined {
    return this.byKey.get(key(localPort, remotePort));
  }

  /** Active open from `localPort` to `remotePort`: the SYN goes out at the next `pollTransmit`. */
  connect(
    now: Nanos,
    localPort: number,
    remotePort: number,
    profile: TcpProfile,
    trace: TcpTrace | null = null,
  ): TcpConnection {
    const conn = this.add(localPort, remotePort, profile, trace);
    conn.connect(now);
    return conn;
  }

  /** A connection already open, with no handshake (ns-2's one-way agent; both ends call it). */
  openEstablished(
    now: Nanos,
    localPort: number,
    remotePort: number,
    profile: TcpProfile,
    trace: TcpTrace | null = null,
  ): TcpConnection {
    const conn = this.add(localPort, remotePort, profile, trace);
    conn.openEstablished(now);
    return conn;
  }

  /**
   * Accept connections on `port`: each SYN creates a connection with `profile`
   * and hands it to `onAccept` before the SYN is processed (attach a trace there).
   */
  listen(port: number, profile: TcpProfile, onAccept?: (conn: TcpConnection) => void): void {
    this.listeners.set(port, { profile, onAccept });
  }

  /** Stop accepting on `port` (existing connections continue). */
  unlisten(port: number): void {
    this.listeners.delete(port);
  }

  /** A segment addressed to this host arrives. */
  handleSegment(now: Nanos, seg: TcpSegment): void {
    const k = key(seg.dstPort, seg.srcPort);
    let conn = this.byKey.get(k);
    const syn = (seg.flags & (TcpFlag.SYN | TcpFlag.ACK | TcpFlag.RST)) === TcpFlag.SYN;
    if (conn && (conn.state === 'CLOSED' || (syn && conn.state === 'TIME_WAIT'))) {
      // Gone, or a new incarnation of a port pair in TIME_WAIT: forget the old connection here.
      this.byKey.delete(k);
      conn = undefined;
    }
    if (conn) {
      conn.handleSegment(now, seg);
      if (conn.state === 'CLOSED') this.byKey.delete(k);
      return;
    }
    const listener = this.listeners.get(seg.dstPort);
    if (listener && syn) {
      const fresh = this.add(seg.dstPort, seg.srcPort, listener.profile, null);
      fresh.listen();
      listener.onAccept?.(fresh);
      fresh.handleSegment(now, seg);
      return;
    }
    // No connection (any more), or a non-SYN to a listening port: RST (RFC 793 §3.4, Reset Generation,
    // cases 1 and 2), except in answer to a RST; a listener drops a segment with neither ACK nor SYN.
    if (seg.flags & TcpFlag.RST) return;
    if (listener && !(seg.flags & TcpFlag.ACK)) return;
    this.rsts.push(resetFor(seg));
  }

  /** The next segment to send (RSTs first, then connections in creation order), or null. */
  pollTransmit(now: Nanos): TcpSegment | null {
    if (this.rsts.length > 0) {
      this.rstsSent++;
      this.lastTraceConn = 0;
      return this.rsts.shift() as TcpSegment;
    }
    for (const conn of this.list) {
      const seg = conn.pollTransmit(now);
      if (seg) {
        this.lastTraceConn = conn.traceConn;
        if (conn.state === 'CLOSED') this.forget(conn);
        return seg;
      }
    }
    this.reap();
    return null;
  }

  /** Earliest deadline over all connections; Infinity if none. */
  pollTimeout(): Nanos {
    let t = Infinity;
    for (const conn of this.list) {
      const d = conn.pollTimeout();
      if (d < t) t = d;
    }
    return t;
  }

  /** Fire every connection timer due at `now`. */
  handleTimeout(now: Nanos): void {
    for (const conn of this.list) {
      if (conn.pollTimeout() <= now) {
        conn.handleTimeout(now);
        if (conn.state === 'CLOSED') this.forget(conn);
      }
    }
  }

  /** The next event of any connection, or null. */
  pollEvent(): TcpHostEvent | null {
    for (const conn of this.list) {
      const event = conn.pollEvent();
      if (event) return { conn, event };
    }
    return null;
  }

  private add(
    localPort: number,
    remotePort: number,
    profile: TcpProfile,
    trace: TcpTrace | null,
  ): TcpConnection {
    const k = key(localPort, remotePort);
    const old = this.byKey.get(k);
    if (old && old.state !== 'CLOSED' && old.state !== 'TIME_WAIT') {
      throw new Error(`TCP port pair ${localPort}→${remotePort} already in use`);
    }
    const conn = new TcpConnection({
      profile,
      localPort,
      remotePort,
      id: this.nextId++,
      trace,
      timeWait: this.timeWait,
    });
    this.byKey.set(k, conn);
    this.list.push(conn);
    return conn;
  }

  private forget(conn: TcpConnection): void {
    const k = key(conn.localPort, conn.remotePort);
    if (this.byKey.get(k) === conn) this.byKey.delete(k);
  }

  /** Drop finished connections from the list. */
  private reap(): void {
    let any = false;
    for (const c of this.list) if (c.finished) any = true;
    if (any) this.list = this.list.filter((c) => !c.finished);
  }
}
