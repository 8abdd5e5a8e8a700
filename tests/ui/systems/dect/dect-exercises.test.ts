/**
 * The DECT exercises: valid, at least two, and checked against the run — the answer to "why no
 * timeout" is the bearer count the bearer chart shows (its time-average over the `dect.bearers`
 * trace is the summary's mean bearers), and "where TH stops following λ" is TH_teo.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';
import { checkNumber, computeTruth, truthRuns, validateExercise } from '../../../../src/ui/exercises/check';
import { DECT_LAB } from '../../../../src/ui/systems/dect';

const exercise = (id: string) => DECT_LAB.exercises.exercises.find((e) => e.id === id)!;

describe('DECT exercises', () => {
  it('are valid and at least two', () => {
    expect(DECT_LAB.exercises.problems).toEqual([]);
    expect(DECT_LAB.exercises.exercises.length).toBeGreaterThanOrEqual(2);
    for (const e of DECT_LAB.exercises.exercises) expect(typeof validateExercise(e)).not.toBe('string');
  });

  it('no timeout: the truth is the run’s mean bearer count, which the bearer chart’s line averages to', () => {
    const ex = exercise('dect-no-timeout');
    const [text] = truthRuns(ex);
    const sim = createSimulation(parseScenario(text).scenario);
    sim.runToEnd();
    const summary = sim.summary();
    expect(summary.tcp.timeouts).toBe(0);
    const answer = ex.answer.kind === 'number' ? ex.answer : null;
    const truth = computeTruth(answer!.truth, [summary]);
    expect(truth).toBe(summary.app.meanBearers);
    // The time-average of the bearer chart's step line (the `dect.bearers` trace) over the run.
    const src = sim.traces.get('dect.bearers')!;
    const b = src.read(0);
    const end = sim.now;
    let area = 0;
    for (let i = 0; i < b.time.length; i++) {
      const next = i + 1 < b.time.length ? b.time[i + 1] : end;
      area += b.columns[0][i] * (next - b.time[i]);
    }
    const read = area / end;
    expect(Math.abs(read - truth) / truth).toBeLessThan(0.02);
    expect(checkNumber(answer!, read.toFixed(1), truth).correct).toBe(true);
    // The saw-tooth's extremes are not the answer.
    expect(checkNumber(answer!, '10', truth).correct).toBe(false);
    expect(checkNumber(answer!, '3', truth).correct).toBe(false);
  });

  it('full cell: the truth is the length of the stretch without any bearer behind the first timeout, as the bearer chart’s red band shows it', () => {
    const ex = exercise('dect-full-cell');
    const sim = createSimulation(parseScenario(truthRuns(ex)[0]).scenario);
    sim.runToEnd();
    const s = sim.summary();
    expect(s.tcp.timeouts).toBeGreaterThan(0);
    const answer = ex.answer.kind === 'number' ? ex.answer : null;
    const truth = computeTruth(answer!.truth, [s]);
    expect(truth).toBeCloseTo(6.63, 2);
    // The band the chart draws: the `dect.bearers` record that set the count to 0 to the one that raised it.
    const b = sim.traces.read('dect.bearers');
    const zero = b.columns[0].indexOf(0);
    expect((b.time[zero + 1] - b.time[zero]) / 1e9).toBeCloseTo(truth, 6);
    expect(checkNumber(answer!, '6.6', truth).correct).toBe(true);
    // Not the RTO that fired first, one blocked set-up's 3 s, or the handover's 3 s.
    for (const wrong of ['1', '3', '9.5']) expect(checkNumber(answer!, wrong, truth).correct).toBe(false);
  });

  it('λ limit: the truth is TH_teo of the exercise’s run', () => {
    const ex = exercise('dect-lambda-limit');
    const sim = createSimulation(parseScenario(truthRuns(ex)[0]).scenario, { traces: false });
    sim.runToEnd();
    const s = sim.summary();
    const answer = ex.answer.kind === 'number' ? ex.answer : null;
    expect(computeTruth(answer!.truth, [s])).toBe(s.app.thTeo);
    // At λ = 10 TH follows λ (far below TH_teo).
    expect(s.app.th as number).toBeGreaterThan(9.5);
    expect(s.app.thTeo as number).toBeGreaterThan(15);
    // The run's TH_teo, rounded as a student reads it off, is accepted; the run's own λ (where TH
    // still follows it) and the target's 10 bearers × 5 are not.
    const truth = s.app.thTeo as number;
    expect(checkNumber(answer!, Math.round(truth).toString(), truth).correct).toBe(true);
    expect(checkNumber(answer!, '10', truth).correct).toBe(false);
    expect(checkNumber(answer!, '50', truth).correct).toBe(false);
  });
});
