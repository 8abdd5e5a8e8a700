import { describe, expect, it } from 'vitest';
import { isLongJob, jobCost, LONG_JOB_S } from '../../src/state/job-cost';

describe('the work a job starts (issue 20 item 10)', () => {
  it('counts runs × simulated seconds from each run’s duration, and estimates the wall time', () => {
    const texts = ['system=dect&duration=1000000', 'system=dect&duration=1000000&seed=2'];
    const c = jobCost(texts, 3, 3100);
    // Two runs on at most two engines: each engine runs one, the longest decides.
    expect(c).toMatchObject({ runs: 2, simSeconds: 2_000_000, longestRun: 1_000_000, engines: 2 });
    expect(c.estimate).toBeCloseTo(1_000_000 / 3100, 6);
    expect(isLongJob(c)).toBe(true);
  });

  it('shares many runs among the engines; a default duration counts as written in the schema', () => {
    const texts = Array.from({ length: 30 }, (_, i) => `system=is707&seed=${i + 1}`);
    const c = jobCost(texts, 3, 190_000);
    // IS-707's default duration is 1000 s.
    expect(c.simSeconds).toBe(30_000);
    expect(c.estimate).toBeCloseTo(10_000 / 190_000, 9);
    expect(isLongJob(c)).toBe(false);
  });

  it('without a reference speed, asks by simulated seconds alone', () => {
    const c = jobCost(['system=is707&duration=1000000'], 1, undefined);
    expect(c.estimate).toBeNull();
    expect(isLongJob(c)).toBe(true);
    expect(isLongJob(jobCost(['system=is707&duration=100'], 1, undefined))).toBe(false);
    // The bound is the estimate's.
    expect(isLongJob(jobCost(['system=is707&duration=1000'], 1, 1000 / (LONG_JOB_S + 1)))).toBe(true);
  });
});
