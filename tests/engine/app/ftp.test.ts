import { describe, expect, it } from 'vitest';
import { FtpTransfer, FTP_CLIENT_DATA_PORT, FTP_DATA_PORT } from '../../../src/engine/app/ftp';
import { PacketIds, type Packet } from '../../../src/engine/core/packet';
import { Scheduler } from '../../../src/engine/core/scheduler';
import { millis, seconds } from '../../../src/engine/core/time';
import { WireDriver } from '../../../src/engine/link/wire/wire-driver';
import { TcpNode } from '../../../src/engine/systems/common/tcp-node';
import { resolveProfile, TcpHost } from '../../../src/engine/tcp';

const win98 = resolveProfile('win98');
const winnt4 = resolveProfile('winnt4');

/** A server and a client joined by two 1 Mbit/s wires with 50 ms of delay (or no path at all). */
function bench(direction: 'get' | 'put', size: number, path = true) {
  const s = new Scheduler();
  const ids = new PacketIds();
  const serverHost = new TcpHost();
  const clientHost = new TcpHost();
  const ftp = new FtpTransfer(serverHost, clientHost, {
    direction,
    size,
    serverProfile: winnt4,
    clientProfile: win98,
  });
  const sent: Packet[] = [];
  let clientNode: TcpNode | null = null;
  const toClient = new WireDriver(s, 1e6, millis(50), (p, now) => clientNode?.receive(p, now));
  const serverNode = new TcpNode(
    s,
    serverHost,
    1,
    2,
    ids,
    (p, now) => {
      sent.push(p);
      if (path) toClient.send(p, now);
    },
    ftp.serverEvents,
  );
  const toServer = new WireDriver(s, 1e6, millis(50), (p, now) => serverNode.receive(p, now));
  clientNode = new TcpNode(s, clientHost, 2, 1, ids, (p, now) => toServer.send(p, now), ftp.clientEvents);
  ftp.start(0);
  serverNode.flush(0);
  return { s, ftp, sent };
}

describe('FtpTransfer', () => {
  it('Get: the server connects from port 20 (active mode), sends the file and closes', () => {
    const { s, ftp, sent } = bench('get', 100_000);
    s.runUntil(seconds(30));
    const syn = sent[0].tcp!;
    expect(syn.srcPort).toBe(FTP_DATA_PORT);
    expect(syn.dstPort).toBe(FTP_CLIENT_DATA_PORT);
    expect(ftp.done).toBe(true);
    expect(ftp.failed).toBe(false);
    expect(ftp.delivered).toBe(100_000);
    expect(ftp.sender).toBe(ftp.server);
    expect(ftp.receiver).toBe(ftp.client);
    expect(ftp.sender!.stats.bytesAcked).toBe(100_000);
    // Both ends closed in order (FIN after the data).
    expect(ftp.server!.state).toMatch(/TIME_WAIT|CLOSED/);
    // Handshake (100 ms RTT) plus 100 kB at ≤ 1 Mbit/s with an 8 kB window: about 1.5 s.
    expect(ftp.transferTime).toBeGreaterThan(0.9);
    expect(ftp.transferTime).toBeLessThan(2.5);
    expect(ftp.lastByteAt - ftp.firstSynAt).toBe(seconds(ftp.transferTime!));
  });

  it('Put: the client sends the file over the connection the server opened', () => {
    const { s, ftp } = bench('put', 50_000);
    s.runUntil(seconds(30));
    expect(ftp.done).toBe(true);
    expect(ftp.sender).toBe(ftp.client);
    expect(ftp.client!.stats.bytesAcked).toBe(50_000);
    expect(ftp.server!.stats.bytesDelivered).toBe(50_000);
  });

  it('reports no transfer time while running, and fails when no SYN gets through (win98/winnt4 give up at 21 s)', () => {
    const { s, ftp } = bench('get', 1000, false);
    s.runUntil(seconds(20.9));
    expect(ftp.transferTime).toBeNull();
    expect(ftp.failed).toBe(false);
    s.runUntil(seconds(21.1));
    expect(ftp.failed).toBe(true);
    expect(ftp.done).toBe(false);
  });

  it('rejects an empty file', () => {
    expect(
      () =>
        new FtpTransfer(new TcpHost(), new TcpHost(), {
          direction: 'get',
          size: 0,
          serverProfile: winnt4,
          clientProfile: win98,
        }),
    ).toThrow(RangeError);
  });
});
