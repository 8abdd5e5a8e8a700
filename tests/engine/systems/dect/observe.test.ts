/**
 * What the lab observes of a DECT run (systems/dect/observe.ts, view.ts): the grids agree with the
 * terminal's bearers and the RFPs' reservations, the delay histogram with the summary's delay
 * figures, and reading the view every frame changes nothing of the run.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Simulation } from '../../../../src/engine';
import { DECT_CHANNELS } from '../../../../src/engine/systems/dect/air';
import { GridCode } from '../../../../src/engine/systems/dect/observe';
import type { SystemView } from '../../../../src/engine/systems/types';

function sim(text: string): Simulation {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  return createSimulation(scenario);
}

const cellsOf = (v: SystemView, r: number): string => v.stations[r].state?.cells as string;
const count = (s: string, code: number): number => [...s].filter((c) => c === String(code)).length;

describe('DECT view for the lab', () => {
  it('each grid is 120 codes agreeing with the terminal and the RFP grids; interfered only where the TCP user is served', () => {
    const s = sim('system=dect&duration=60&seed=3');
    for (let k = 0; k < 6; k++) {
      s.step(1000);
      const v = s.view();
      const figures = v.figures!;
      let tcp = 0;
      v.stations.forEach((st, r) => {
        const cells = cellsOf(v, r);
        expect(cells).toHaveLength(DECT_CHANNELS);
        expect(count(cells, GridCode.FREE) + count(cells, GridCode.INTERFERED)).toBe(
          (st.state?.free as number) + (st.state?.interfered as number),
        );
        tcp += count(cells, GridCode.TCP) + count(cells, GridCode.HANDOVER);
        if (st.state?.serving !== true) expect(count(cells, GridCode.INTERFERED)).toBe(0);
      });
      // Every bearer the TCP user holds is one cell on one grid.
      expect(tcp).toBe(figures.bearers);
      expect(v.stations.filter((st) => st.state?.serving === true)).toHaveLength(1);
      expect(v.cells?.serving).toBe(v.stations.find((st) => st.state?.serving === true)?.id);
      // The crowd is the background calls in progress, each served by one of the three RFPs.
      expect(v.crowd?.group.length).toBe(Number(v.captions?.['Background calls']));
      expect(v.crowd?.xy.length).toBe(2 * (v.crowd?.group.length ?? 0));
      expect(Array.from(v.crowd!.group).every((g) => g >= 0 && g < 3)).toBe(true);
    }
  });

  it('a connection handover shows the bearers not yet moved as in handover on the old RFP', () => {
    const s = sim('system=dect&duration=60&mobility=map&load=low&events=20@msX=40');
    s.step(2000); // to 20 s: the move is applied at the frame boundary
    s.step(1);
    const v = s.view();
    expect(v.cells?.serving).toBe('rfp3');
    const old = cellsOf(v, 1);
    // The move needs time (requests, refusals): right after it most bearers still wait on RFP 2.
    expect(count(old, GridCode.HANDOVER)).toBeGreaterThan(0);
    expect(count(old, GridCode.TCP)).toBe(0);
    s.step(400); // past the 3 s Connection_Handover timer
    const after = s.view();
    expect(count(cellsOf(after, 1), GridCode.HANDOVER) + count(cellsOf(after, 1), GridCode.TCP)).toBe(0);
    expect(count(cellsOf(after, 2), GridCode.TCP)).toBe(after.figures?.bearers);
  });

  it('the delay histogram holds every segment the summary counts, with the same mean and censored count', () => {
    const s = sim('system=dect&duration=120&lambda=30&seed=2');
    s.runToEnd();
    const v = s.view();
    const f = v.figures!;
    const sum = (a: unknown) => (a as number[]).reduce((x, y) => x + y, 0);
    const delay = s.summary().app.delay as Record<string, number>;
    expect(sum(f.delayDelivered) + sum(f.delayCensored)).toBe(f.delayCount);
    expect(sum(f.delayCensored)).toBe(delay.censored);
    expect(f.delayCensoredCount).toBe(delay.censored);
    expect(f.delayMean as number).toBeCloseTo(delay.mean, 3);
    // Asking again bins nothing twice.
    expect(s.view().figures?.delayCount).toBe(f.delayCount);
  });

  it('reading the view every frame changes nothing of the run (same summary and trace hash), nor of the view', () => {
    const text = 'system=dect&duration=30&seed=5&mobility=map&events=10@msX=-40;12@bearer2=0';
    const quiet = sim(text);
    quiet.runToEnd();
    const watched = sim(text);
    while (!watched.done) {
      watched.step(1);
      watched.view();
    }
    expect(watched.summary()).toEqual(quiet.summary());
    // The delay mean included, bit for bit (the session fuzz found it off in the last bit).
    expect(watched.view()).toEqual(quiet.view());
  });
});
