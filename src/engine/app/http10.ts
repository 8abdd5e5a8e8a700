/**
 * HTTP/1.0 page downloads (geran.md "Application"): one TCP connection per object — connect; the
 * client's ACK of the SYN-ACK carries the request (the GET with its headers, 300 bytes); the
 * server answers with the object's body bytes and closes; the client closes when the server's
 * FIN arrives, and that FIN is what lets the next object start (RFC 1945 §1.3: "the connection is
 * closed by the server after sending the response"). Up to `parallel` objects are fetched side by
 * side; a connection that fails (set-up given up, reset, data retries exhausted) is counted and
 * its object skipped. The page is downloaded `repeat` times, one download after the other.
 *
 * Sans-IO friendly like ftp.ts and netperf.ts: no clock, no timer. A system drives the two
 * TcpHosts with TcpNodes, passes {@link HttpPageLoader.serverEvents} / `clientEvents` as the
 * nodes' event handlers, calls {@link HttpPageLoader.start} and flushes the client's node.
 */
import type { Nanos } from '../core/time';
import type { TraceRecorder, TraceSource } from '../core/trace';
import type { TcpConnection, TcpHost, TcpProfile, TcpTraceSources } from '../tcp';

/** The web server's port. */
export const HTTP_PORT = 80;
/** First ephemeral port of the client (Windows 98 starts at 1025). */
export const HTTP_CLIENT_PORT = 1025;
/** The request with its headers, bytes (geran.md: the 300-byte GET). */
export const HTTP_REQUEST_BYTES = 300;

/** `app.http` event codes (the connection timeline: one row per object). */
export const HttpEvent = { Syn: 0, Request: 1, Response: 2, Fin: 3, Failure: 4 } as const;
export const HTTP_EVENT_LABELS: readonly string[] = ['SYN', 'request', 'response', 'FIN', 'failure'];

export interface HttpOptions {
  /** Body bytes of each object of the page. */
  readonly objects: readonly number[];
  /** Objects fetched side by side (1–4). */
  readonly parallel: number;
  /** Downloads of the page, one after the other. */
  readonly repeat: number;
  readonly serverProfile: TcpProfile;
  readonly clientProfile: TcpProfile;
  /** TCP traces: each connection's server end traces the sender side, its client end the receiver side. */
  readonly traces?: TcpTraceSources | null;
  /** Record `app.http` (event, object, conn, download) here. */
  readonly recorder?: TraceRecorder;
  /** Bytes of the request (default 300). */
  readonly request?: number;
}

/** One object fetch: its connection and its times (ns, −1 until they happen). */
export interface ObjectFetch {
  readonly download: number;
  /** Index of the object in the page (0-based). */
  readonly object: number;
  readonly size: number;
  /** Connection number (1, 2, … over the run): the trace's `conn`. */
  readonly conn: number;
  readonly client: TcpConnection;
  server: TcpConnection | null;
  /**
   * Server ends a later SYN of the same client replaced: a half-open end whose SYN-ACKs gave up
   * (RFC 793: the port pair then takes a new connection). Their segments were sent all the same.
   */
  readonly replacedServers: TcpConnection[];
  synAt: Nanos;
  requestAt: Nanos;
  firstByteAt: Nanos;
  lastByteAt: Nanos;
  finAt: Nanos;
  received: number;
  failed: boolean;
}

/** Every server end of a fetch, replaced ones first (its counters are theirs together). */
export function serverEnds(f: ObjectFetch): TcpConnection[] {
  return f.server ? [...f.replacedServers, f.server] : f.replacedServers;
}

/** One download of the page. */
export interface PageDownload {
  readonly index: number;
  /** First SYN, ns. */
  readonly startAt: Nanos;
  /** Last byte of the last object, ns (−1 while running or when no byte came). */
  lastByteAt: Nanos;
  /** All objects fetched or failed, ns (−1 while running). */
  doneAt: Nanos;
  bytes: number;
  fetched: number;
  failed: number;
  readonly fetches: ObjectFetch[];
  /** (time, cumulative bytes) at every in-order delivery of the download, for stretch rates. */
  readonly deliveries: number[];
}

interface ServerSide {
  fetch: ObjectFetch;
  received: number;
  answered: boolean;
}

/** HTTP/1.0 page downloads between a client host (the mobile) and a server host. */
export class HttpPageLoader {
  readonly downloads: PageDownload[] = [];
  /** Every object fetch of the run, in connection order. */
  readonly fetches: ObjectFetch[] = [];
  private readonly byClient = new Map<TcpConnection, ObjectFetch>();
  private readonly byPort = new Map<number, ObjectFetch>();
  private readonly server = new Map<TcpConnection, ServerSide>();
  private nextPort = HTTP_CLIENT_PORT;
  /** Next object of the current download not yet started. */
  private nextObject = 0;
  private inFlight = 0;
  private readonly request: number;
  private readonly trace: TraceSource | null;

  constructor(
    private readonly serverHost: TcpHost,
    private readonly clientHost: TcpHost,
    private readonly o: HttpOptions,
  ) {
    if (o.objects.length < 1 || o.objects.some((s) => !(s >= 1)))
      throw new RangeError('HTTP objects of ≥ 1 byte');
    if (!(o.parallel >= 1) || !(o.repeat >= 1)) throw new RangeError('HTTP parallel and repeat must be ≥ 1');
    this.request = o.request ?? HTTP_REQUEST_BYTES;
    const rec = o.recorder;
    this.trace =
      rec && rec.enabled
        ? rec.source('app.http', ['event', 'object', 'conn', 'download'], { event: HTTP_EVENT_LABELS })
        : null;
  }

  /** Every download finished. */
  get done(): boolean {
    return this.downloads.length === this.o.repeat && this.downloads[this.o.repeat - 1].doneAt >= 0;
  }

  /** The download running (or the last one). */
  get current(): PageDownload | null {
    return this.downloads.length > 0 ? this.downloads[this.downloads.length - 1] : null;
  }

  /** Listen at the server and start the first download; flush the client's node afterwards. */
  start(now: Nanos): void {
    this.serverHost.listen(HTTP_PORT, this.o.serverProfile, (c) => {
      const fetch = this.byPort.get(c.remotePort);
      if (!fetch) return;
      if (fetch.server) fetch.replacedServers.push(fetch.server);
      fetch.server = c;
      if (this.o.traces)
        c.setTrace({ sources: this.o.traces, conn: fetch.conn, sender: true, receiver: false });
      this.server.set(c, { fetch, received: 0, answered: false });
    });
    this.startDownload(now);
  }

  private startDownload(now: Nanos): void {
    this.downloads.push({
      index: this.downloads.length,
      startAt: now,
      lastByteAt: -1,
      doneAt: -1,
      bytes: 0,
      fetched: 0,
      failed: 0,
      fetches: [],
      deliveries: [],
    });
    this.nextObject = 0;
    this.fill(now);
  }

  /** Start objects until `parallel` are in flight or the page has none left. */
  private fill(now: Nanos): void {
    const d = this.current as PageDownload;
    while (this.inFlight < this.o.parallel && this.nextObject < this.o.objects.length) {
      this.open(now, d, this.nextObject++);
    }
  }

  private open(now: Nanos, d: PageDownload, object: number): void {
    const conn = this.fetches.length + 1;
    const port = this.nextPort++;
    const trace = this.o.traces ? { sources: this.o.traces, conn, sender: false, receiver: true } : null;
    const client = this.clientHost.connect(now, port, HTTP_PORT, this.o.clientProfile, trace);
    const fetch: ObjectFetch = {
      download: d.index,
      object,
      size: this.o.objects[object],
      conn,
      client,
      server: null,
      replacedServers: [],
      synAt: now,
      requestAt: -1,
      firstByteAt: -1,
      lastByteAt: -1,
      finAt: -1,
      received: 0,
      failed: false,
    };
    this.fetches.push(fetch);
    d.fetches.push(fetch);
    this.byClient.set(client, fetch);
    this.byPort.set(port, fetch);
    this.inFlight++;
    this.record(now, HttpEvent.Syn, fetch);
  }

  /** An object is over (its FIN arrived, or its connection failed): start the next, or end the download. */
  private finish(now: Nanos, f: ObjectFetch): void {
    this.inFlight--;
    this.byPort.delete(f.client.localPort);
    const d = this.downloads[f.download];
    if (f.failed) d.failed++;
    else d.fetched++;
    this.fill(now);
    if (this.inFlight === 0 && this.nextObject >= this.o.objects.length) {
      d.doneAt = now;
      if (this.downloads.length < this.o.repeat) this.startDownload(now);
    }
  }

  private record(now: Nanos, event: number, f: ObjectFetch): void {
    this.trace?.record(now, event, f.object, f.conn, f.download);
  }

  /** Event handler for the server's TcpNode: answer each complete request with the body, then close. */
  readonly serverEvents = (now: Nanos): boolean => {
    let any = false;
    for (let e = this.serverHost.pollEvent(); e !== null; e = this.serverHost.pollEvent()) {
      any = true;
      const side = this.server.get(e.conn);
      if (!side) continue;
      const ev = e.event;
      if (ev.type === 'data' && !side.answered) {
        side.received += ev.bytes;
        if (side.received >= this.request) {
          side.answered = true;
          e.conn.write(side.fetch.size);
          e.conn.close(now); // HTTP/1.0: the server closes after the response (RFC 1945 §1.3)
        }
      } else if (ev.type === 'closed' || ev.type === 'failed' || ev.type === 'reset') {
        this.server.delete(e.conn);
      }
    }
    return any;
  };

  /** Event handler for the client's TcpNode. */
  readonly clientEvents = (now: Nanos): boolean => {
    let any = false;
    for (let e = this.clientHost.pollEvent(); e !== null; e = this.clientHost.pollEvent()) {
      any = true;
      const f = this.byClient.get(e.conn);
      if (!f) continue;
      const ev = e.event;
      switch (ev.type) {
        case 'connected':
          // The GET rides on the ACK that completes the handshake (TcpNode lets the app write first).
          e.conn.write(this.request);
          f.requestAt = now;
          this.record(now, HttpEvent.Request, f);
          break;
        case 'data': {
          if (f.firstByteAt < 0) {
            f.firstByteAt = now;
            this.record(now, HttpEvent.Response, f);
          }
          f.received += ev.bytes;
          const d = this.downloads[f.download];
          d.bytes += ev.bytes;
          d.lastByteAt = now;
          d.deliveries.push(now, d.bytes);
          if (f.received >= f.size) f.lastByteAt = now;
          break;
        }
        case 'peerFin':
          f.finAt = now;
          this.record(now, HttpEvent.Fin, f);
          e.conn.close(now);
          this.byClient.delete(e.conn);
          this.finish(now, f);
          break;
        case 'failed':
        case 'reset':
          // A give-up after the whole body arrived (e.g. the server's FIN never acknowledged) still fetched it.
          f.failed = f.received < f.size;
          if (f.failed) this.record(now, HttpEvent.Failure, f);
          this.byClient.delete(e.conn);
          this.finish(now, f);
          break;
        default:
          break;
      }
    }
    return any;
  };
}
