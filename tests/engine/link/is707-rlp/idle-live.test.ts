import { describe, expect, it } from 'vitest';
import { createIs707RlpLink, RlpFrameKind } from '../../../../src/engine/link/is707-rlp';

const clean = { step: () => false, bad: false };

describe('IS-707 RLP idle budget changed during a run', () => {
  it('setIdle takes effect for the next quiet period', () => {
    const { link, txA } = createIs707RlpLink<number>({ idle: 0 }, clean, clean);
    txA.append(1, 19);
    link.run(5);
    expect(link.a.counters.idleFramesSent).toBe(0);
    link.a.setIdle(3);
    txA.append(2, 19);
    link.run(10);
    // After the second data frame the queue empties again: exactly three idle frames follow.
    expect(link.a.counters.idleFramesSent).toBe(3);
    expect(link.a.counters.framesSent[RlpFrameKind.Idle]).toBe(3);
  });
});
