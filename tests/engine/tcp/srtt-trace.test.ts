import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../../../src/engine/tcp/profiles';
import { Bench, dropSeq } from './harness';

/**
 * The RTT stream graph's sources (issue 25 item 5): `tcp.rtt` holds every valid sample the TCP
 * entity's estimator took, and `tcp.srtt` the smoothed RTT it left, record for record.
 */
describe('tcp.rtt and tcp.srtt', () => {
  it('hold every sample the estimator takes and the SRTT after it, on a queueing, lossy run', () => {
    const p = resolveProfile('ns2reno');
    // 1000 bytes/s each way: the queue grows with cwnd, so the samples differ; segment 2 is lost once.
    const b = new Bench({ delay: 0.2, rate: 1000, drop: dropSeq('ab', 537) });
    const tx = b.a.openEstablished(0, 1000, 80, p, {
      sources: b.traces,
      conn: 3,
      sender: true,
      receiver: false,
    });
    b.b.openEstablished(0, 80, 1000, p, null);
    const est = tx.rtoEstimator;
    const taken: [number, number][] = [];
    const sample = est.sample.bind(est);
    est.sample = (r: number) => {
      sample(r);
      taken.push([r / 1e9, est.srtt / 1e9]);
    };
    tx.write(Infinity);
    b.kick();
    b.run(200);
    const rtt = b.trace('tcp.rtt');
    const srtt = b.trace('tcp.srtt');
    expect(taken.length).toBeGreaterThan(20);
    expect(new Set(taken.map(([r]) => r.toFixed(3))).size).toBeGreaterThan(5);
    expect(tx.stats.rttCount).toBe(taken.length);
    expect(rtt.map((r) => r[1])).toEqual(taken.map(([r]) => r));
    expect(srtt.map((r) => r[1])).toEqual(taken.map(([, s]) => s));
    // The same moments, the connection's number.
    expect(srtt.map((r) => r[0])).toEqual(rtt.map((r) => r[0]));
    expect(new Set([...rtt, ...srtt].map((r) => r[2]))).toEqual(new Set([3]));
    // RFC 6298 §2.2–2.3 on the traced samples alone gives the traced SRTT.
    let s = NaN;
    for (const [i, r] of rtt.entries()) {
      s = i === 0 ? r[1] : 0.875 * s + 0.125 * r[1];
      expect(srtt[i][1]).toBeCloseTo(s, 9);
    }
  });
});
