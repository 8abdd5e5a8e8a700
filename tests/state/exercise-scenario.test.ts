/**
 * Issue 20 item 4: an exercise whose scenario has a bad key names it (with what it allows) as soon
 * as the exercise is read — a link's `ex` item, before the student opens it — and runs the valid
 * rest, so its truth runs are scenarios the engine accepts.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/engine/scenarios';
import { encodeExerciseToken } from '../../src/state/exercise-link';
import { parseExercise, type Exercise } from '../../src/state/exercise-schema';
import { decodeViewChecked } from '../../src/state/url-codec';
import { truthRuns } from '../../src/ui/exercises/check';

const EX: Exercise = {
  id: 'is707-bad-key',
  system: 'is707',
  title: 'The top of the RTO',
  task: 'Play it.',
  scenario: 'system=is707&fer=0.3&idle=lots&fdt=0.01&duration=60',
  question: 'What is the largest RTO?',
  answer: { kind: 'number', truth: { kind: 'summary', path: 'tcp.maxRto' } },
};

describe('an exercise’s scenario is read like a link’s', () => {
  it('a bad key is named with what it allows and left out; the rest is kept', () => {
    const { exercise, problems } = parseExercise(EX);
    expect(problems).toEqual([
      {
        field: 'scenario',
        message:
          'idle=lots: must be an integer from 0 to 1000, or inf — idle frames RLP sends after its queue empties (inf = as long as it is idle); left out',
      },
    ]);
    expect(exercise!.scenario).toBe('system=is707&fer=0.3&fdt=0.01&duration=60');
    // Its truth runs are scenarios the engine runs (never a summary-less run: "no answer").
    for (const run of truthRuns(exercise!)) expect(parseScenario(run).errors).toEqual([]);
    // A valid exercise is kept as it is (its link token does not change).
    const ok = { ...EX, scenario: 'system=is707&fer=0.3&idle=0&fdt=0.01' };
    expect(parseExercise(ok)).toEqual({ exercise: ok, problems: [] });
  });

  it('a truth’s own scenario too; and the exercise is about the system its scenario runs', () => {
    const ex = {
      ...EX,
      scenario: 'system=gsm&duration=60',
      answer: {
        kind: 'number',
        truth: { kind: 'summary', path: 'tcp.maxRto', scenario: 'system=gsm&fer=7' },
      },
    };
    const { exercise, problems } = parseExercise(ex);
    expect(problems.map((p) => p.field)).toEqual(['system', 'answer.truth.scenario']);
    expect(problems[0].message).toBe('left out: the scenario runs gsm, so the exercise is about gsm');
    expect(problems[1].message).toMatch(/^fer=7: .*; left out$/);
    expect(exercise!.system).toBe('gsm');
    expect(truthRuns(exercise!)).toEqual(['system=gsm']);
  });

  it('a link names it in the banner’s ex item when the link is read, and keeps the exercise', () => {
    const { view, errors } = decodeViewChecked(`#ex=${encodeExerciseToken(EX)}`);
    expect(view.authored?.exercise?.scenario).toBe('system=is707&fer=0.3&fdt=0.01&duration=60');
    expect(errors).toHaveLength(1);
    expect(errors[0].key).toBe('ex');
    expect(errors[0].message).toMatch(
      /^field “scenario”: idle=lots: must be an integer from 0 to 1000, or inf/,
    );
    // Written back, the link holds the valid exercise: nothing more to report.
    expect(decodeViewChecked(`#ex=${encodeExerciseToken(view.authored!.exercise!)}`).errors).toEqual([]);
  });
});
