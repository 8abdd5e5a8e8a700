/**
 * A headless run in the worker gives the event loop a turn every few milliseconds (issue 20 item
 * 10): a browser stops a terminated worker only between its tasks, so a long run in one call went
 * on after Cancel. Chunked, it is the same run as the session's one-call run.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, serialiseScenario } from '../../src/engine/scenarios';
import { getSystem } from '../../src/engine/systems';
import { HEADLESS_SLICE_MS, runHeadlessYielding } from '../../src/worker/headless';
import { SimSession } from '../../src/worker/session';

const deps = { parseScenario, serialiseScenario, getSystem };

describe('a headless run that yields', () => {
  it('yields at least every slice of work, and ends with the one-call run’s summary', async () => {
    // A clock that advances 5 ms per look (512 frames): a yield is due every few looks.
    let t = 0;
    const now = () => (t += 5);
    const yields: number[] = [];
    const text = 'system=gsm&duration=120&radio=poor&seed=4';
    const r = await runHeadlessYielding(deps, text, now, async () => {
      yields.push(t);
    });
    const oneCall = new SimSession(deps).runHeadless(text);
    expect(r).toEqual(oneCall);
    expect(r.summary?.simTime).toBeGreaterThan(0);
    // 120 s of GSM: a dozen looks, and a yield every slice of them.
    expect(yields.length).toBeGreaterThan(2);
    for (let i = 1; i < yields.length; i++)
      expect(yields[i] - yields[i - 1]).toBeLessThanOrEqual(HEADLESS_SLICE_MS + 10);
  });

  it('names what cannot run, as the session does', async () => {
    const r = await runHeadlessYielding(deps, 'system=is707&fer=9', () => 0);
    expect(r.summary).toBeNull();
    expect(r.errors.map((e) => e.key)).toEqual(['fer']);
  });
});
