import { describe, expect, it } from 'vitest';
import { freshArrivals, goodputWindows } from '../../../src/ui/charts/goodput';

describe('freshArrivals', () => {
  it('turns tcp.receive fresh bytes into a cumulative count, so a hole fill does not spike a window', () => {
    // Segments of 536 bytes arrive one per second; the one at 3 s is lost and retransmitted at 15 s.
    const t = Float64Array.from([1, 2, 4, 5, 6, 15]);
    const fresh = Float64Array.from([536, 536, 536, 536, 536, 536]);
    const receive = {
      length: 6,
      t,
      cols: { seq: new Float64Array(6), len: fresh, fresh, conn: new Float64Array(6) },
    };
    const cum = freshArrivals(receive);
    expect(Array.from(cum!.cols.bytes)).toEqual([536, 1072, 1608, 2144, 2680, 3216]);
    // Windows of 10 s: five segments in the first, one (the retransmission) in the second.
    expect(Array.from(goodputWindows(cum, 10, undefined, 20))).toEqual([(5 * 536 * 8) / 10, (536 * 8) / 10]);
    expect(freshArrivals(undefined)).toBeUndefined();
  });
});
