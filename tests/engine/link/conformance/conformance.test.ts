/**
 * One conformance suite for every link entity (issue 22): each subject (subjects.ts) runs the
 * suite (suite.ts); and the harness is shown able to fail.
 */
import { describe, expect, it } from 'vitest';
import { run } from './harness';
import { ALL_A, describeConformance, scenario, set } from './suite';
import { SUBJECTS } from './subjects';

for (const s of SUBJECTS) describeConformance(s);

describe('the conformance harness can fail', () => {
  it('sees SDUs lost by an entity without recovery, and sees the losses placed by the script', () => {
    const mux = SUBJECTS.find((s) => !s.recovers)!;
    const clean = run(mux, scenario(mux, [{}, {}]));
    const lossy = run(mux, scenario(mux, [{ drop: set(0) }, {}]));
    expect(clean.delivered[0]).toEqual(ALL_A);
    // The first 80-byte block carries SDU 0's first bytes: SDU 0 alone is lost.
    expect(lossy.delivered[0]).toEqual(ALL_A.slice(1));
  });
});
