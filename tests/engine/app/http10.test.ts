import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, runScenarioText } from '../../../src/engine';
import { series } from '../../../src/engine/analysis';
import { HttpEvent } from '../../../src/engine/app/http10';
import { equalObjects } from '../../../src/engine/systems/geran/params';

/** The `app.http` records of a GERAN run: [t (s), event, object, conn, download]. */
function httpEvents(text: string) {
  const { simulation, summary } = runScenarioText(text, { traces: true });
  if (!simulation || !summary) throw new Error('bad scenario');
  const t = series(simulation.traces, 'app.http', 'event');
  const obj = series(simulation.traces, 'app.http', 'object');
  const conn = series(simulation.traces, 'app.http', 'conn');
  const rows = Array.from({ length: t.time.length }, (_, i) => ({
    t: t.time[i] / 1e9,
    event: t.value[i],
    object: obj.value[i],
    conn: conn.value[i],
  }));
  return { rows, summary };
}

describe('HTTP/1.0 over GERAN: one connection per object', () => {
  it('runs SYN, request, response, FIN per object; the next object starts when the FIN arrives', () => {
    const { rows, summary } = httpEvents('system=geran&speech=off&page=custom&objects=3&size=3000');
    const per = (c: number) => rows.filter((r) => r.conn === c).map((r) => r.event);
    for (const c of [1, 2, 3])
      expect(per(c)).toEqual([HttpEvent.Syn, HttpEvent.Request, HttpEvent.Response, HttpEvent.Fin]);
    // Object 2's SYN is at the same instant as object 1's FIN.
    const at = (c: number, e: number) => rows.find((r) => r.conn === c && r.event === e)?.t;
    expect(at(2, HttpEvent.Syn)).toBe(at(1, HttpEvent.Fin));
    expect(at(3, HttpEvent.Syn)).toBe(at(2, HttpEvent.Fin));
    expect(summary.app.objectsFetched).toBe(3);
    expect(summary.app.bytes).toBe(3000);
    expect(summary.tcp.connections).toBe(3);
    // The request went with the handshake's ACK: SYN → request takes one round trip, no extra segment.
    expect(at(1, HttpEvent.Request)).toBeGreaterThan(0.5);
  });

  it('parallel=4 keeps four connections open at once', () => {
    const { rows } = httpEvents('system=geran&speech=off&page=images19x107k&parallel=4');
    const syns = rows.filter((r) => r.event === HttpEvent.Syn);
    expect(syns.length).toBe(19);
    expect(syns.slice(0, 4).map((r) => r.t)).toEqual([0, 0, 0, 0]);
    let open = 0;
    let most = 0;
    for (const r of rows) {
      if (r.event === HttpEvent.Syn) open++;
      if (r.event === HttpEvent.Fin || r.event === HttpEvent.Failure) open--;
      most = Math.max(most, open);
    }
    expect(most).toBe(4);
  });

  it('counts a failed connection and skips its object (set-up beyond the 21 s give-up)', () => {
    const { rows, summary } = httpEvents('system=geran&speech=off&page=custom&objects=2&size=2000&delay=11');
    expect(rows.filter((r) => r.event === HttpEvent.Failure).map((r) => [r.t, r.object])).toEqual([
      [21, 0],
      [42, 1],
    ]);
    expect(summary.app.objectsFailed).toBe(2);
    expect(summary.app.objectsFetched).toBe(0);
    expect(summary.tcp.connectFailures).toBe(2);
    expect(summary.completed).toBe(true);
    expect(summary.failure?.what).toMatch(/could not connect/);
  });

  it('a server end whose SYN-ACKs gave up, replaced by the next SYN, still counts: no counter goes down', () => {
    // rtoMax ≈ 0.42 s: the server's half-open end gives up before the client, whose next SYN opens a
    // new one (RFC 793). The session fuzz found synRetransmits going from 3 to 1 as the run went on.
    const sim = createSimulation(
      parseScenario('system=geran&duration=4&seed=1594117207&rtoMax=0.42002548879050583').scenario,
    );
    const seen: [number, number][] = [];
    while (!sim.done) {
      sim.step(22);
      const { tcp } = sim.summary();
      seen.push([tcp.synRetransmits, tcp.segmentsSent]);
    }
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
      expect(seen[i][1]).toBeGreaterThanOrEqual(seen[i - 1][1]);
    }
    // The client's one resent SYN and the first server end's two resent SYN-ACKs.
    expect(seen[seen.length - 1][0]).toBe(3);
  });

  it('repeats the page: per-download figures', () => {
    const { summary } = httpEvents('system=geran&repeat=3&page=custom&objects=2&size=20000');
    expect(summary.app.downloads).toBe(3);
    const per = summary.app.perDownload as Array<{ bytes: number }>;
    expect(per.map((d) => d.bytes)).toEqual([20000, 20000, 20000]);
  });

  it('splits a custom page into equal objects summing to its size', () => {
    expect(equalObjects(19, 109568)).toHaveLength(19);
    expect(equalObjects(19, 109568).reduce((a, b) => a + b, 0)).toBe(109568);
    expect(equalObjects(3, 10)).toEqual([4, 3, 3]);
  });
});
