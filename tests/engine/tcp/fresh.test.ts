import { describe, expect, it } from 'vitest';
import { Receiver } from '../../../src/engine/tcp/receiver';

describe('Receiver: fresh bytes (first arrival, in order or not)', () => {
  it('counts held out-of-order data when it arrives, not again when the hole fills', () => {
    const r = new Receiver(100, 0);
    r.init(0); // rcv_nxt = 1
    expect(r.accept(0, 1, 100, false)).toMatchObject({ delivered: 100, fresh: 100 });
    // Segment 101..200 lost; 201..300 and 301..400 arrive out of order.
    expect(r.accept(1, 201, 100, false)).toMatchObject({ delivered: 0, fresh: 100 });
    expect(r.accept(2, 301, 100, false)).toMatchObject({ delivered: 0, fresh: 100 });
    // A duplicate of held data is not fresh.
    expect(r.accept(3, 201, 100, false)).toMatchObject({ delivered: 0, fresh: 0 });
    // The retransmission fills the hole: 300 bytes delivered at once, only its own 100 fresh.
    expect(r.accept(4, 101, 100, false)).toMatchObject({ delivered: 300, fresh: 100 });
    // Old data again: nothing new.
    expect(r.accept(5, 1, 100, false)).toMatchObject({ delivered: 0, fresh: 0 });
  });
});
