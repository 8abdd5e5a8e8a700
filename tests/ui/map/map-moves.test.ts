/**
 * The map's positions reach the engine as edits of the drag keys, thinned (move-throttle.ts) and only
 * into the scenario they were made in: the last one waits up to MOVE_INTERVAL_MS, and another system
 * picked meanwhile must not get it (e2e/map.spec.ts once found DECT's phone, just picked, in RFP 3:
 * PHS's last arrow-key position had moved it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mapMoves } from '../../../src/ui/map/map-moves';
import { fakeClock } from '../../fake-clock';
// The harness runs tests/worker's fake system under IS-707's name, whose phone moves by msX and msY.
import { harness, loadIn, settle, tick, type Harness } from '../../state/harness';

let h: Harness;
afterEach(() => h?.close());

const msX = (h: Harness) => /(?:^|&)msX=(-?\d+)/.exec(h.store.getState().text)?.[1];

/** Let the edits sent reach the engine and come back (a round trip over its message port). */
async function answered(h: Harness): Promise<void> {
  for (let i = 0; i < 20; i++) await tick();
  await settle(h);
}

/** A drag in a loaded IS-707 scenario: 40 m sent at once, 55 m waiting for its interval. */
async function dragTo40Then55() {
  h = harness();
  await loadIn(h, 'system=is707');
  const clock = fakeClock();
  const moves = mapMoves(h.store, clock);
  moves.push(40, 0);
  moves.push(55, 0);
  await answered(h);
  return { clock, moves };
}

describe('positions from the map', () => {
  it('the last position of a drag arrives once its interval has passed', async () => {
    const { clock } = await dragTo40Then55();
    expect(msX(h)).toBe('40');
    clock.advance(250);
    await answered(h);
    expect(msX(h)).toBe('55');
  });

  it('a position waiting when another scenario is loaded (a system, preset or link) does not move its phone', async () => {
    const { clock, moves } = await dragTo40Then55();
    // Another scenario is loaded: the position still waiting comes due while it loads…
    const loading = h.store.getState().load('system=is707&fer=0.2');
    expect(h.store.getState().loading).toBe(true);
    clock.advance(250);
    await loading;
    await answered(h);
    expect(h.store.getState().text).toBe('system=is707&fer=0.2');
    // …or once it has loaded (committed: `loading` over, a new place counted).
    moves.push(70, 0);
    await loadIn(h, 'system=is707&fer=0.3');
    expect(h.store.getState().loading).toBe(false);
    clock.advance(250);
    await answered(h);
    expect(h.store.getState().text).toBe('system=is707&fer=0.3');
    // A drag in the new scenario moves its phone.
    moves.push(30, 0);
    clock.advance(250);
    await answered(h);
    expect(msX(h)).toBe('30');
  });
});
