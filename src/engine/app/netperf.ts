/**
 * netperf's TCP request/response tests (gsm.md §Workloads):
 * - `rr` (TCP_RR): one connection stays open; the client sends a `request`-byte request, the
 *   server answers with `response` bytes, and the client sends the next request as soon as the
 *   whole response has arrived, for the duration of the test;
 * - `crr` (TCP_CRR): a new connection per transaction — connect, request, response, close. As in
 *   netperf, the client closes first once it has the response (so its ports pile up in
 *   TIME_WAIT) and opens the next connection at once; the server closes when the client's FIN
 *   arrives.
 *
 * Both report transactions per second: completed transactions over the time since the first
 * request (rr: the connection is set up before timing starts, as netperf does) or since the
 * first SYN (crr: connecting is part of each transaction).
 *
 * Sans-IO friendly like ftp.ts: no clock, no timer. A system drives the two TcpHosts with
 * TcpNodes and passes {@link NetperfTest.serverEvents} / {@link NetperfTest.clientEvents} as the
 * nodes' event handlers, calls {@link NetperfTest.start} and flushes the client's node.
 */
import type { Nanos } from '../core/time';
import { toSeconds } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';
import type { TcpConnection, TcpHost, TcpProfile, TcpTraceSources } from '../tcp';

export type NetperfMode = 'rr' | 'crr';

/** The port the server's data socket listens on (netperf's control port is 12865). */
export const NETPERF_PORT = 12866;
/** First ephemeral port of the client. */
export const NETPERF_CLIENT_PORT = 1025;

/** `app.transaction` event codes. */
export const NetperfEvent = { Connect: 0, Request: 1, Response: 2, Close: 3 } as const;
export const NETPERF_EVENT_LABELS: readonly string[] = ['connect', 'request', 'response', 'close'];

export interface NetperfOptions {
  readonly mode: NetperfMode;
  /** Request and response sizes, bytes (gsm.md: 200 and 2000). */
  readonly request: number;
  readonly response: number;
  readonly serverProfile: TcpProfile;
  readonly clientProfile: TcpProfile;
  /** TCP traces: each connection's server end traces the sender side, its client end the receiver side. */
  readonly traces?: TcpTraceSources | null;
  /** Record `app.transaction` (event, n, conn) here. */
  readonly recorder?: TraceRecorder;
}

/** Figures of a request/response test. */
export interface NetperfStats {
  transactions: number;
  transactionsPerSecond: number;
  /** Mean time from a transaction's start (request, or SYN for crr) to its last response byte, s. */
  meanTransactionTime: number;
  connections: number;
  failed: boolean;
}

interface ServerSide {
  received: number;
}

/** One netperf TCP_RR or TCP_CRR test between a client host and a server host. */
export class NetperfTest {
  /** Every connection the client opened (for the summary's TCP figures). */
  readonly clientConns: TcpConnection[] = [];
  readonly serverConns: TcpConnection[] = [];
  transactions = 0;
  failed = false;
  /** When timing started (first request for rr, first SYN for crr), ns; −1 before. */
  startedAt: Nanos = -1;
  /** When the last transaction completed, ns; −1 before the first. */
  lastDoneAt: Nanos = -1;
  private current: TcpConnection | null = null;
  private received = 0;
  private txStart: Nanos = 0;
  private txTimeSum = 0;
  private nextPort = NETPERF_CLIENT_PORT;
  private readonly server = new Map<TcpConnection, ServerSide>();
  /** Connection number (1, 2, …) of each client connection: its transaction and trace number. */
  private readonly clientNo = new Map<TcpConnection, number>();
  private readonly trace: TraceSource | null;

  constructor(
    private readonly serverHost: TcpHost,
    private readonly clientHost: TcpHost,
    private readonly o: NetperfOptions,
  ) {
    if (!(o.request >= 1) || !(o.response >= 1)) throw new RangeError('netperf sizes must be ≥ 1 byte');
    const rec = o.recorder;
    this.trace =
      rec && rec.enabled
        ? rec.source('app.transaction', ['event', 'n', 'conn'], { event: NETPERF_EVENT_LABELS })
        : null;
  }

  /** Listen at the server and open the (first) connection; flush the client's node afterwards. */
  start(now: Nanos): void {
    this.serverHost.listen(NETPERF_PORT, this.o.serverProfile, (c) => {
      const conn = this.serverConns.length + 1;
      if (this.o.traces) c.setTrace({ sources: this.o.traces, conn, sender: true, receiver: false });
      this.serverConns.push(c);
      this.server.set(c, { received: 0 });
    });
    this.connect(now);
  }

  private connect(now: Nanos): void {
    const conn = this.clientConns.length + 1;
    const trace = this.o.traces ? { sources: this.o.traces, conn, sender: false, receiver: true } : null;
    const c = this.clientHost.connect(now, this.nextPort++, NETPERF_PORT, this.o.clientProfile, trace);
    this.clientConns.push(c);
    this.clientNo.set(c, conn);
    this.current = c;
    this.received = 0;
    if (this.o.mode === 'crr') {
      if (this.startedAt < 0) this.startedAt = now;
      this.txStart = now;
    }
    this.trace?.record(now, NetperfEvent.Connect, this.transactions + 1, conn);
  }

  private request(now: Nanos, c: TcpConnection): void {
    if (this.o.mode === 'rr') {
      if (this.startedAt < 0) this.startedAt = now;
      this.txStart = now;
    }
    c.write(this.o.request);
    this.trace?.record(now, NetperfEvent.Request, this.transactions + 1, this.clientConns.length);
  }

  /** Event handler for the server's TcpNode: returns true if it handled any event. */
  readonly serverEvents = (now: Nanos): boolean => {
    let any = false;
    for (let e = this.serverHost.pollEvent(); e !== null; e = this.serverHost.pollEvent()) {
      any = true;
      const side = this.server.get(e.conn);
      if (!side) continue;
      const ev = e.event;
      if (ev.type === 'data') {
        side.received += ev.bytes;
        // One response per complete request.
        while (side.received >= this.o.request) {
          side.received -= this.o.request;
          e.conn.write(this.o.response);
        }
      } else if (ev.type === 'peerFin') e.conn.close(now);
    }
    return any;
  };

  /** Event handler for the client's TcpNode. */
  readonly clientEvents = (now: Nanos): boolean => {
    let any = false;
    for (let e = this.clientHost.pollEvent(); e !== null; e = this.clientHost.pollEvent()) {
      any = true;
      const ev = e.event;
      const c = e.conn;
      if (ev.type === 'closed') {
        const n = this.clientNo.get(c) ?? 0;
        this.trace?.record(now, NetperfEvent.Close, n, n);
        continue;
      }
      if (c !== this.current || this.failed) continue;
      switch (ev.type) {
        case 'connected':
          this.request(now, c);
          break;
        case 'data':
          this.received += ev.bytes;
          if (this.received >= this.o.response) this.completed(now, c);
          break;
        case 'failed':
        case 'reset':
          this.failed = true;
          this.current = null;
          break;
        default:
          break;
      }
    }
    return any;
  };

  private completed(now: Nanos, c: TcpConnection): void {
    this.received -= this.o.response;
    this.transactions++;
    this.lastDoneAt = now;
    this.txTimeSum += now - this.txStart;
    this.trace?.record(now, NetperfEvent.Response, this.transactions, this.clientConns.length);
    if (this.o.mode === 'rr') this.request(now, c);
    else {
      c.close(now);
      this.connect(now);
    }
  }

  /** Figures at `now`. */
  stats(now: Nanos): NetperfStats {
    const elapsed = this.startedAt >= 0 ? toSeconds(now - this.startedAt) : 0;
    return {
      transactions: this.transactions,
      transactionsPerSecond: elapsed > 0 ? this.transactions / elapsed : 0,
      meanTransactionTime: this.transactions > 0 ? toSeconds(this.txTimeSum) / this.transactions : 0,
      connections: this.clientConns.length,
      failed: this.failed,
    };
  }
}
