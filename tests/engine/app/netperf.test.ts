import { describe, expect, it } from 'vitest';
import {
  NETPERF_CLIENT_PORT,
  NETPERF_PORT,
  NetperfEvent,
  NetperfTest,
} from '../../../src/engine/app/netperf';
import { PacketIds, type Packet } from '../../../src/engine/core/packet';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { millis, seconds } from '../../../src/engine/core/time';
import { TraceRecorder } from '../../../src/engine/core/trace';
import { WireDriver } from '../../../src/engine/link/wire/wire-driver';
import { TcpNode } from '../../../src/engine/systems/common/tcp-node';
import { resolveProfile, TcpHost, type TcpProfile } from '../../../src/engine/tcp';

/** A netperf client and server joined by two 1 Mbit/s wires with 50 ms of delay each way. */
function bench(mode: 'rr' | 'crr', profiles: { client: TcpProfile; server: TcpProfile }) {
  const s = new Scheduler();
  const ids = new PacketIds();
  const recorder = new TraceRecorder();
  const serverHost = new TcpHost();
  const clientHost = new TcpHost();
  const test = new NetperfTest(serverHost, clientHost, {
    mode,
    request: 200,
    response: 2000,
    serverProfile: profiles.server,
    clientProfile: profiles.client,
    recorder,
  });
  const up: Packet[] = [];
  let clientNode: TcpNode | null = null;
  const toClient = new WireDriver(s, 1e6, millis(50), (p, now) => clientNode?.receive(p, now));
  const serverNode = new TcpNode(
    s,
    serverHost,
    1,
    2,
    ids,
    (p, now) => toClient.send(p, now),
    test.serverEvents,
  );
  const toServer = new WireDriver(s, 1e6, millis(50), (p, now) => serverNode.receive(p, now));
  clientNode = new TcpNode(
    s,
    clientHost,
    2,
    1,
    ids,
    (p, now) => {
      up.push(p);
      toServer.send(p, now);
    },
    test.clientEvents,
  );
  test.start(0);
  clientNode.flush(0);
  const events = (): { t: number; ev: number; n: number }[] => {
    const b = recorder.read('app.transaction');
    return Array.from(b.time, (t, i) => ({ t, ev: b.columns[0][i], n: b.columns[1][i] }));
  };
  return { s, test, up, events };
}

const windows = { client: resolveProfile('win98'), server: resolveProfile('winnt4') };
const noDelays = {
  client: resolveProfile('win98', { nagle: false, delAck: 0 }),
  server: resolveProfile('winnt4', { nagle: false, delAck: 0 }),
};

describe('NetperfTest TCP_RR', () => {
  it('one connection; each request is sent as soon as the whole response is in', () => {
    const { s, test, up, events } = bench('rr', noDelays);
    s.runUntil(seconds(10));
    expect(test.clientConns).toHaveLength(1);
    expect(up[0].tcp).toMatchObject({ srcPort: NETPERF_CLIENT_PORT, dstPort: NETPERF_PORT });
    expect(test.transactions).toBeGreaterThan(20);
    const ev = events();
    // connect, then request 1; every response is followed at once by the next request.
    expect(ev[0].ev).toBe(NetperfEvent.Connect);
    expect(ev[1].ev).toBe(NetperfEvent.Request);
    for (let i = 2; i + 1 < ev.length; i += 2) {
      expect(ev[i].ev).toBe(NetperfEvent.Response);
      expect(ev[i + 1]).toMatchObject({ ev: NetperfEvent.Request, t: ev[i].t, n: ev[i].n + 1 });
    }
    // Without Nagle and delayed ACKs a transaction is one round trip plus serialisation:
    // 100 ms + (240 + 1500 + 580) bytes at 1 Mbit/s ≈ 0.119 s (plus one ACK-paced segment).
    const st = test.stats(s.now);
    expect(st.meanTransactionTime).toBeGreaterThan(0.118);
    expect(st.meanTransactionTime).toBeLessThan(0.13);
    expect(st.transactionsPerSecond).toBeCloseTo(test.transactions / ((s.now - test.startedAt) / 1e9), 9);
  });

  it("Nagle on the server and the client's delayed ACK stretch every transaction by the 200 ms timer", () => {
    const plain = bench('rr', noDelays);
    const win = bench('rr', windows);
    plain.s.runUntil(seconds(20));
    win.s.runUntil(seconds(20));
    const a = plain.test.stats(plain.s.now).meanTransactionTime;
    const b = win.test.stats(win.s.now).meanTransactionTime;
    // The 540-byte tail waits (Nagle) for the ACK of the lone full segment, which the client
    // delays 200 ms: the tail leaves a delayed-ACK timer plus a round trip (100 ms) later.
    expect(b - a).toBeGreaterThan(0.28);
    expect(b - a).toBeLessThan(0.32);
  });
});

describe('NetperfTest TCP_CRR', () => {
  it('a new connection per transaction: connect, request, response, close; the client closes first', () => {
    const { s, test, events } = bench('crr', windows);
    s.runUntil(seconds(20));
    expect(test.transactions).toBeGreaterThan(10);
    expect(test.clientConns.length).toBe(test.transactions + 1);
    // Fresh client ports; the server's port stays.
    const ports = test.clientConns.map((c) => c.localPort);
    expect(new Set(ports).size).toBe(ports.length);
    expect(test.clientConns.every((c) => c.remotePort === NETPERF_PORT)).toBe(true);
    // The client closed first: finished connections end in TIME_WAIT at the client.
    expect(test.clientConns[0].state).toBe('TIME_WAIT');
    const ev = events();
    const first = ev.filter((e) => e.n === 1).map((e) => e.ev);
    expect(first).toEqual([
      NetperfEvent.Connect,
      NetperfEvent.Request,
      NetperfEvent.Response,
      NetperfEvent.Close,
    ]);
    // The next connection starts when the response is complete.
    const resp1 = ev.find((e) => e.n === 1 && e.ev === NetperfEvent.Response)!;
    const conn2 = ev.find((e) => e.n === 2 && e.ev === NetperfEvent.Connect)!;
    expect(conn2.t).toBe(resp1.t);
  });

  it('is slower than RR on the same path: every transaction pays the handshake', () => {
    const rr = bench('rr', windows);
    const crr = bench('crr', windows);
    rr.s.runUntil(seconds(30));
    crr.s.runUntil(seconds(30));
    const a = rr.test.stats(rr.s.now);
    const b = crr.test.stats(crr.s.now);
    expect(b.transactionsPerSecond).toBeLessThan(a.transactionsPerSecond);
    // At least one extra round trip (100 ms) per transaction.
    expect(b.meanTransactionTime - a.meanTransactionTime).toBeGreaterThan(0.1);
  });
});
