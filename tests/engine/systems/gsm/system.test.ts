import { describe, expect, it } from 'vitest';
import {
  createSimulation,
  parseScenario,
  runScenarioText,
  serialiseScenario,
  type Summary,
} from '../../../../src/engine';
import { GSM_PARAMS } from '../../../../src/engine/systems/gsm/params';

function run(text: string, traces = false): { s: Summary; sim: ReturnType<typeof createSimulation> } {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario, { traces });
  sim.runToEnd();
  return { s: sim.summary(), sim };
}

const num = (x: unknown): number => x as number;
const budget = (s: Summary): Record<string, number> => s.link.budget as unknown as Record<string, number>;

describe('GSM scenario keys', () => {
  it('every key of gsm.md with its default; the canonical form omits defaults', () => {
    const keys = GSM_PARAMS.map((p) => p.key);
    for (const k of [
      'radio',
      'fer',
      'fdt',
      'dteRate',
      'rlpRecovery',
      'radioDelay',
      'mtu',
      'content',
      'vj',
      'accm',
      'netDelay',
      'rlpWindow',
      't1',
      'n2',
      'maxResets',
      'size',
      'app',
      'duration',
      'msX',
      'msY',
    ])
      expect(keys).toContain(k);
    const { scenario } = parseScenario('system=gsm');
    expect(scenario.values).toMatchObject({
      radio: 'good',
      dteRate: 9600,
      mtu: 808,
      content: 'binary',
      vj: true,
      accm: 'ffffffff',
      rlpWindow: 61,
      t1: 0.48,
      n2: 6,
      maxResets: 3,
      size: 500000,
      app: 'ftpGet',
      duration: 3600,
      tcp: 'study',
    });
    expect(serialiseScenario(scenario)).toBe('system=gsm');
    const live = GSM_PARAMS.filter((p) => p.live).map((p) => p.key);
    expect(live.sort()).toEqual(['fdt', 'fer', 'msX', 'msY', 'radio']);
    expect(parseScenario('system=gsm&mtu=200').errors[0]).toMatchObject({ key: 'mtu' });
  });
});

describe('GSM end to end', () => {
  it('MSS = MTU − 40 (win98 client, winnt4 server)', () => {
    for (const mtu of [808, 296]) {
      const { sim } = run(`system=gsm&app=ftpGet&size=20000&mtu=${mtu}`, true);
      const b = sim.traces.read('tcp.send');
      const lens = new Set(Array.from(b.columns[1]).filter((x) => x > 0));
      expect(Math.max(...lens)).toBe(mtu - 40);
    }
  });

  it('the serial line is the bottleneck: throughput = 960 bytes/s × payload share of the line octets', () => {
    const { s } = run('system=gsm&app=ftpGet&size=100000&content=text');
    expect(s.completed).toBe(true);
    expect(s.capacityBps).toBe(7680);
    const b = budget(s);
    const line = b.payload + b.headers + b.pppFraming + b.pppStuffing; // first transmissions on the PPP stream
    const rate = num(s.app.kbytesPerSecond) * 1024;
    // Bounded by the serial line's share of payload, and within 2 % of it (handshake, slow start, tail).
    expect(rate).toBeLessThan((960 * b.payload) / line);
    expect(rate).toBeGreaterThan(0.98 * ((960 * b.payload) / line));
    expect(s.normalizedGoodput).toBeCloseTo(s.tcp.goodputBps / 7680, 6);
    expect(num(s.app.kbytesPerSecond)).toBeCloseTo(num(s.app.throughputKbps) / 8.192, 5);
  });

  it('the byte budget accounts for the data direction’s 1200 bytes/s', () => {
    for (const app of ['ftpGet', 'ftpPut'] as const) {
      const { s } = run(`system=gsm&app=${app}&size=50000&radio=poor`);
      const b = budget(s);
      expect(s.link.budget).toMatchObject({ dir: app === 'ftpGet' ? 'down' : 'up' });
      const sum =
        b.payload + b.headers + b.pppFraming + b.pppStuffing + b.retransmissions + b.v42Overhead + b.spare;
      expect(sum).toBeCloseTo(1200, 1);
      expect(b.retransmissions).toBeGreaterThan(10); // RLP resends at Pe 0.05
      expect(b.v42Overhead).toBeGreaterThan(30); // 6 octets per ≤ 128-octet V.42 frame
    }
  });

  it('a faster DTE line moves the bottleneck to the radio (RLP, 1200 bytes/s)', () => {
    const slow = run('system=gsm&app=ftpGet&size=100000&content=ascii').s;
    const fast = run('system=gsm&app=ftpGet&size=100000&content=ascii&dteRate=19200').s;
    expect(num(fast.app.kbytesPerSecond)).toBeGreaterThan(num(slow.app.kbytesPerSecond) * 1.1);
    expect(num(fast.app.kbytesPerSecond) * 1024).toBeLessThan(1146); // below V.42's payload rate
  });

  it('a 5 s radio outage: N2 exhausted ⇒ RLP reset (buffers flushed), PPP frames lost, TCP recovers', () => {
    const { s } = run(
      'system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001',
    );
    expect(s.completed).toBe(true);
    expect(num(s.link.resetProcedures)).toBeGreaterThanOrEqual(1);
    expect(num(s.link.t1Expiries)).toBeGreaterThanOrEqual(7); // N2 = 6 polls, then the reset
    expect(num(s.link.rlpBytesFlushed)).toBeGreaterThan(0);
    expect(num(s.link.pppLostFrames)).toBeGreaterThan(0);
    expect(s.tcp.retransmits).toBeGreaterThan(0);
    expect(num(s.link.callDrops)).toBe(0);
    // The VJ decompressor tossed compressed packets until a retransmission (uncompressed) came.
    expect(num(s.link.vjTossed)).toBeGreaterThan(0);
  });

  it('a dead radio drops the call: the SABM/UA handshake fails N2 times; the transfer fails', () => {
    const { s } = run('system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95');
    expect(s.completed).toBe(false);
    expect(s.link).toMatchObject({ callDrops: 1, callDropReason: 'sabm' });
    expect(s.app.failed).toBe(true);
    expect(s.simTime).toBeLessThan(30); // the run ends with the call
  });

  it('repeated resets (maxResets within 60 s) drop the call', () => {
    // Four 5 s outages within a minute; at FER 0.95 not every outage exhausts N2, three do.
    const outages =
      'events=10@fer=0.95;15@fer=0.0001;22@fer=0.95;27@fer=0.0001;34@fer=0.95;39@fer=0.0001;46@fer=0.95;51@fer=0.0001';
    const { s } = run(`system=gsm&app=ftpGet&size=200000&radio=custom&fer=0.0001&${outages}`);
    expect(s.link).toMatchObject({ callDrops: 1, callDropReason: 'resets' });
    expect(num(s.link.n2Exhausted) + num(s.link.sabmReceived)).toBeGreaterThanOrEqual(3);
    const never = run(`system=gsm&app=ftpGet&size=200000&radio=custom&fer=0.0001&maxResets=inf&${outages}`).s;
    expect(never.completed).toBe(true);
    expect(num(never.link.callDrops)).toBe(0);
  });

  it('ping sizes: 56 bytes by default, `size` when given', () => {
    expect(run('system=gsm&app=ping&duration=10').s.app).toMatchObject({
      dataBytes: 56,
      sent: 5,
      received: 5,
    });
    expect(run('system=gsm&app=ping&duration=10&size=500').s.app).toMatchObject({ dataBytes: 500 });
  });

  it('same trace whatever the step size', () => {
    const text = 'system=gsm&app=rr&radio=poor&duration=30&events=10@radio=driving';
    const { scenario } = parseScenario(text);
    const a = createSimulation(scenario);
    a.runToEnd();
    const b = createSimulation(scenario);
    while (!b.done) b.step(1 + (b.frame % 7));
    expect(b.summary()).toEqual(a.summary());
    expect(runScenarioText(text, { traces: true }).summary!.traceHash).toBe(a.summary().traceHash);
  });
});
