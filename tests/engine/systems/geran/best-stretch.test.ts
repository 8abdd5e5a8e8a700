/**
 * The best 5 s stretch (geran.md "Metrics", must-reproduce 1) never reads above the slot's
 * 31.15 kbit/s ceiling, although deliveries land on 20 ms block edges.
 */
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../../../src/engine';
import { GERAN_BLOCK_NS } from '../../../../src/engine/link/geran-mux';
import { bestStretchBps, GERAN_CAPACITY_BPS } from '../../../../src/engine/systems/geran/summary';

const BLOCK_BYTES = 80;
const WIRE = 1500;
const PAYLOAD = 1460;

/** Back-to-back full packets on a speech-free slot: packet k ends in block ⌈k·1500/80⌉ − 1. */
function pacedDeliveries(packets: number, delayNs: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= packets; k++) {
    const lastBlock = Math.ceil((k * WIRE) / BLOCK_BYTES) - 1;
    out.push((lastBlock + 1) * GERAN_BLOCK_NS + delayNs, k * PAYLOAD);
  }
  return out;
}

describe('bestStretchBps', () => {
  it('a saturated slot reads at most the ceiling and within 0.5 % of it', () => {
    const best = bestStretchBps(pacedDeliveries(200, 250e6), 5, GERAN_BLOCK_NS)!;
    expect(best).toBeLessThanOrEqual(GERAN_CAPACITY_BPS);
    expect(best).toBeGreaterThan(GERAN_CAPACITY_BPS * 0.995);
  });

  it('a stretch shorter than the span gives null', () => {
    expect(bestStretchBps(pacedDeliveries(10, 0), 5, GERAN_BLOCK_NS)).toBeNull();
  });

  it('the best stretch, not the mean: a fast stretch after a gap', () => {
    // 2 s with nothing, then a saturated slot for 20 s.
    const d = pacedDeliveries(60, 2e9);
    expect(bestStretchBps([0, 0, ...d], 5, GERAN_BLOCK_NS)! / 1000).toBeCloseTo(31.1, 1);
  });

  it('speech off: the whole engine run of a long download reads at most the ceiling', () => {
    const { summary } = runScenarioText('system=geran&speech=off&page=image107k');
    const best = summary!.app.bestStretchKbps as number;
    expect(best).toBeLessThanOrEqual(GERAN_CAPACITY_BPS / 1000);
    expect(best).toBeGreaterThan(30.9);
  });
});
