/**
 * The packet view's band states are kept as records arrive (read every animation frame): the kept
 * answer at each instant equals one found afresh, on DECT's bearer states and releases.
 */
import { describe, expect, it } from 'vitest';
import { LatestPerRow } from '../../../src/ui/packets/latest-row';
import { pageRun } from './run';

describe('LatestPerRow', () => {
  const { data } = pageRun('system=dect', 30);
  const s = data['dect.bearerState'];
  const bearer = s.cols.bearer;
  const ho = data['dect.handover'];

  it('extending to later instants gives what a fresh read gives', () => {
    expect(s.length).toBeGreaterThan(50);
    const kept = new LatestPerRow();
    for (let t = 0.5; t <= 30; t += 0.73) {
      const a = kept.at('bands', s, (i) => bearer[i], t);
      const b = new LatestPerRow().at('bands', s, (i) => bearer[i], t);
      expect(a).toEqual(b);
      for (const [row, i] of a) {
        expect(s.t[i]).toBeLessThanOrEqual(t);
        expect(bearer[i]).toBe(row);
      }
    }
  });

  it('keeps only the records a row function accepts, and goes back in time by reading afresh', () => {
    const kinds = [2, 6, 7];
    const rowOf = (i: number) => (kinds.includes(ho.cols.kind[i]) ? ho.cols.bearer[i] : null);
    const kept = new LatestPerRow();
    const late = kept.at('resets', ho, rowOf, 29);
    expect(late.size).toBeGreaterThan(0);
    const early = kept.at('resets', ho, rowOf, 10);
    expect(early).toEqual(new LatestPerRow().at('resets', ho, rowOf, 10));
    for (const i of [...late.values(), ...early.values()]) expect(kinds).toContain(ho.cols.kind[i]);
  });
});
