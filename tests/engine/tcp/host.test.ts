import { describe, expect, it } from 'vitest';
import type { TcpConnection } from '../../../src/engine/tcp/connection';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { Bench } from './harness';

const win98 = resolveProfile('win98');
const winnt4 = resolveProfile('winnt4');

describe('TcpHost', () => {
  it('runs connection-per-transaction (CRR) on a reused port pair: a new SYN replaces TIME_WAIT', () => {
    const b = new Bench({ delay: 0.1, timeWait: 60 });
    const accepted: TcpConnection[] = [];
    b.b.listen(80, winnt4, (conn) => accepted.push(conn));
    const clients: TcpConnection[] = [];
    const start = (now: number) => clients.push(b.a.connect(now, 1025, 80, win98));
    b.onA((ev, now) => {
      if (ev.event.type === 'connected') ev.conn.write(200);
      if (ev.event.type === 'peerFin') ev.conn.close(now);
      if (ev.event.type === 'closed' && clients.length < 3) start(now);
    });
    b.onB((ev, now) => {
      if (ev.event.type === 'data') {
        ev.conn.write(2000);
        ev.conn.close(now);
      }
    });
    start(0);
    b.kick();
    b.run(10);
    expect(clients.map((c) => [c.state, c.stats.bytesDelivered])).toEqual([
      ['CLOSED', 2000],
      ['CLOSED', 2000],
      ['CLOSED', 2000],
    ]);
    expect(accepted.length).toBe(3);
    // The first two server connections were replaced in TIME_WAIT by the next SYN; the last one waits.
    expect(accepted.map((c) => c.state)).toEqual(['TIME_WAIT', 'TIME_WAIT', 'TIME_WAIT']);
    expect(b.b.find(80, 1025)).toBe(accepted[2]);
    expect(b.b.rstsSent).toBe(0);
    b.run(80);
    expect(b.b.connections.length).toBe(0);
    expect(b.a.connections.length).toBe(0);
  });

  it('demultiplexes parallel connections by port pair', () => {
    const b = new Bench({ delay: 0.05, rate: 20000 });
    b.b.listen(80, winnt4);
    const clients = [1025, 1026, 1027].map((port) => b.a.connect(0, port, 80, win98));
    const sizes = new Map([
      [1025, 5000],
      [1026, 20000],
      [1027, 1],
    ]);
    b.onB((ev, now) => {
      if (ev.event.type === 'connected') {
        ev.conn.write(sizes.get(ev.conn.remotePort) ?? 0);
        ev.conn.close(now);
      }
    });
    b.onA((ev, now) => {
      if (ev.event.type === 'peerFin') ev.conn.close(now);
    });
    b.kick();
    b.run(30);
    expect(clients.map((c) => c.stats.bytesDelivered)).toEqual([5000, 20000, 1]);
    expect(clients.map((c) => c.state)).toEqual(['CLOSED', 'CLOSED', 'CLOSED']);
  });
});
