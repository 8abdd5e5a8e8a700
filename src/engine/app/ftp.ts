/**
 * FTP file transfer (phs.md and gsm.md `app=ftpGet` / `ftpPut`): one data connection that
 * carries `size` bytes in one direction and is then closed.
 *
 * The data connection is opened the way 1990s FTP clients ran it by default, in active mode
 * (RFC 959 §3.2 and §5.2): the server's data-transfer process connects from port 20 to the data
 * port the user's client listens on. For a Get (RETR) the server then writes the file and closes;
 * for a Put (STOR) the client writes and closes. The control connection is not modelled: the
 * studies timed the transfer itself, and so does `transferTime` — from the first SYN of the data
 * connection to the last byte delivered to the receiving application (scenario.md, `app`).
 *
 * Sans-IO friendly: the helper owns no clock and no timer. A system drives the two TcpHosts with
 * TcpNodes and passes {@link FtpTransfer.serverEvents} / {@link FtpTransfer.clientEvents} as the
 * nodes' event handlers; the helper reacts to connection events by writing and closing.
 */
import type { Nanos } from '../core/time';
import { toSeconds } from '../core/time';
import type { TcpConnection, TcpHost, TcpProfile, TcpTraceSources } from '../tcp';

/** Direction of the transfer: Get = server → client (RETR), Put = client → server (STOR). */
export type FtpDirection = 'get' | 'put';

/** FTP's data port on the server (RFC 959 §3.2: L−1 = 20). */
export const FTP_DATA_PORT = 20;
/** The data port the client listens on (sent in its PORT command; an ephemeral port). */
export const FTP_CLIENT_DATA_PORT = 1025;

export interface FtpOptions {
  readonly direction: FtpDirection;
  /** Bytes of the file. */
  readonly size: number;
  readonly serverProfile: TcpProfile;
  readonly clientProfile: TcpProfile;
  /** Trace sources; the data sender traces the sender side, the receiver the receiver side. */
  readonly traces?: TcpTraceSources | null;
  /** Connection number in the traces (default 1). */
  readonly conn?: number;
}

/** One FTP data transfer between a server host and a client host. */
export class FtpTransfer {
  readonly direction: FtpDirection;
  readonly size: number;
  /** The server's end of the data connection (exists from `start`). */
  server: TcpConnection | null = null;
  /** The client's end (exists once the server's SYN has arrived). */
  client: TcpConnection | null = null;
  /** When the first SYN went out, ns (−1 before `start`). */
  firstSynAt: Nanos = -1;
  /** When the last byte reached the receiving application, ns (−1 until then). */
  lastByteAt: Nanos = -1;
  /** Bytes delivered in order to the receiving application. */
  delivered = 0;
  /** The connection failed (SYN retries exhausted, data retries exhausted or reset). */
  failed = false;
  private readonly options: FtpOptions;

  constructor(
    private readonly serverHost: TcpHost,
    private readonly clientHost: TcpHost,
    options: FtpOptions,
  ) {
    if (!(options.size >= 1)) throw new RangeError('FTP size must be ≥ 1 byte');
    this.options = options;
    this.direction = options.direction;
    this.size = options.size;
  }

  /** The end that writes the file. */
  get sender(): TcpConnection | null {
    return this.direction === 'get' ? this.server : this.client;
  }

  /** The end that receives the file. */
  get receiver(): TcpConnection | null {
    return this.direction === 'get' ? this.client : this.server;
  }

  /** The whole file reached the receiving application. */
  get done(): boolean {
    return this.lastByteAt >= 0;
  }

  /** Seconds from the first SYN to the last byte delivered, or null while running. */
  get transferTime(): number | null {
    return this.done ? toSeconds(this.lastByteAt - this.firstSynAt) : null;
  }

  /**
   * Open the data connection: the client listens on its data port, the server connects from
   * port 20 (RFC 959 active mode). Flush the server's node afterwards to send the SYN.
   */
  start(now: Nanos): void {
    const o = this.options;
    const conn = o.conn ?? 1;
    const get = this.direction === 'get';
    const sendTrace = o.traces ? { sources: o.traces, conn, sender: true, receiver: false } : null;
    const recvTrace = o.traces ? { sources: o.traces, conn, sender: false, receiver: true } : null;
    this.clientHost.listen(FTP_CLIENT_DATA_PORT, o.clientProfile, (c) => {
      c.setTrace(get ? recvTrace : sendTrace);
      this.client = c;
    });
    this.firstSynAt = now;
    this.server = this.serverHost.connect(
      now,
      FTP_DATA_PORT,
      FTP_CLIENT_DATA_PORT,
      o.serverProfile,
      get ? sendTrace : recvTrace,
    );
  }

  /** Event handler for the server's TcpNode: returns true if it handled any event. */
  readonly serverEvents = (now: Nanos): boolean => this.drain(this.serverHost, now, this.direction === 'get');

  /** Event handler for the client's TcpNode. */
  readonly clientEvents = (now: Nanos): boolean => this.drain(this.clientHost, now, this.direction === 'put');

  private drain(host: TcpHost, now: Nanos, sending: boolean): boolean {
    let any = false;
    for (let e = host.pollEvent(); e !== null; e = host.pollEvent()) {
      any = true;
      const ev = e.event;
      switch (ev.type) {
        case 'connected':
          if (sending) {
            // RETR / STOR: the whole file, then close (the FIN marks the end of file, RFC 959 §3.4).
            e.conn.write(this.size);
            e.conn.close(now);
          }
          break;
        case 'data':
          if (!sending) {
            this.delivered += ev.bytes;
            if (this.delivered >= this.size && this.lastByteAt < 0) this.lastByteAt = now;
          }
          break;
        case 'peerFin':
          if (!sending) e.conn.close(now);
          break;
        case 'failed':
        case 'reset':
          if (!this.done) this.failed = true;
          break;
        case 'closed':
          break;
      }
    }
    return any;
  }
}
