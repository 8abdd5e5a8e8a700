import { describe, expect, it } from 'vitest';
import { createGsmRlpLink } from '../../../../src/engine/link/gsm-rlp';
import { DropChannel } from './harness';

describe('GSM RLP: SABM collision', () => {
  // Both directions carry data and both lose every frame in two outages: both ends exhaust N2 in
  // the same slot and their SABMs cross. Each crossing is one reset procedure per end.
  const twoOutages = (n: number): boolean => (n >= 20 && n < 40) || (n >= 100 && n < 120);

  const run = (): ReturnType<typeof createGsmRlpLink<number>> => {
    const b = createGsmRlpLink<number>(
      { t1Slots: 4, n2: 3 },
      new DropChannel(twoOutages),
      new DropChannel(twoOutages),
      { delaySlots: 1 },
    );
    for (let i = 0; i < 200; i++) {
      b.txMs.append(i, 100);
      b.txIwf.append(i, 100);
    }
    b.link.run(300);
    return b;
  };

  it('crossing SABMs count once per end toward maxResets: two outages do not drop the call (maxResets 3)', () => {
    const b = run();
    const ms = b.link.ms.counters;
    const iwf = b.link.iwf.counters;
    // Each end started its own reset in each outage, and saw the peer's SABM cross it.
    expect(ms.n2Exhausted).toBe(2);
    expect(iwf.n2Exhausted).toBe(2);
    expect(ms.sabmReceived).toBe(2);
    expect(ms.callDrops + iwf.callDrops).toBe(0);
    expect(b.link.isDown).toBe(false);
  });
});
