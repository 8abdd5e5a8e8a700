import { describe, expect, it } from 'vitest';
import { isLongJob, jobCost, LONG_JOB_S } from '../../src/state/job-cost';

describe('the work a job starts (issue 20 item 10)', () => {
  it('counts runs × simulated seconds from each run’s duration, and estimates the wall time', () => {
    const texts = ['system=dect&duration=1000000', 'system=dect&duration=1000000&seed=2'];
    const c = jobCost(texts, 3, () => 3100);
    // Two runs on at most two engines: each engine runs one, the longest decides.
    expect(c).toMatchObject({ runs: 2, simSeconds: 2_000_000, longestRun: 1_000_000, engines: 2 });
    expect(c.estimate).toBeCloseTo(1_000_000 / 3100, 6);
    expect(isLongJob(c)).toBe(true);
  });

  it('shares many runs among the engines; a default duration counts as written in the schema', () => {
    const texts = Array.from({ length: 30 }, (_, i) => `system=is707&seed=${i + 1}`);
    const c = jobCost(texts, 3, () => 190_000);
    // IS-707's default duration is 1000 s.
    expect(c.simSeconds).toBe(30_000);
    expect(c.estimate).toBeCloseTo(10_000 / 190_000, 9);
    expect(isLongJob(c)).toBe(false);
  });

  it('without a reference speed, asks by simulated seconds alone', () => {
    const c = jobCost(['system=is707&duration=1000000'], 1, () => undefined);
    expect(c.estimate).toBeNull();
    expect(isLongJob(c)).toBe(true);
    expect(isLongJob(jobCost(['system=is707&duration=100'], 1, () => undefined))).toBe(false);
    // The bound is the estimate's.
    expect(isLongJob(jobCost(['system=is707&duration=1000'], 1, () => 1000 / (LONG_JOB_S + 1)))).toBe(true);
  });

  it('prices the runs at their own system’s speed, whatever page asks, and says which speed', () => {
    // A DECT sweep opened while the page still showed IS-707 was priced at IS-707's 190 000 s/s:
    // "about 63 s" for about an hour (issue 21).
    const speeds: Record<string, number> = { is707: 190_000, dect: 3100 };
    const texts = Array.from({ length: 12 }, (_, i) => `system=dect&duration=1000000&seed=${i + 1}`);
    const c = jobCost(texts, 1, (system) => speeds[system]);
    expect(c.speed).toBe(3100);
    expect(c.estimate).toBeCloseTo(12_000_000 / 3100, 6);
  });
});
