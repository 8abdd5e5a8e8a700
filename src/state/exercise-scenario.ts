/**
 * An exercise's scenarios are read like a link's (issue 20 item 4): a bad key of `scenario` or of
 * `answer.truth.scenario` is named with what it allows, as the exercise is read — when its link
 * opens, before the student opens it — and left out, so the exercise runs (and its truth is
 * computed over) the valid rest, never over a text the engine refuses ("the simulation has no
 * answer for this"). Used by exercise-schema.ts `parseExercise`.
 */
import { parseScenario, serialiseScenario } from '../engine/scenarios';

/** One problem, by the exercise field it is in (the shape of exercise-schema's ExerciseProblem). */
interface Problem {
  readonly field: string;
  readonly message: string;
}

/**
 * A scenario text of an exercise's `field`: unchanged when valid, else its canonical text without
 * the bad keys; its system; and each bad key named.
 */
export function readExerciseScenario(
  text: string,
  field: string,
): { text: string; system: string; problems: Problem[] } {
  const { scenario, errors } = parseScenario(text);
  const problems = errors.map((e) => ({ field, message: `${e.message}; left out` }));
  return {
    text: errors.length === 0 ? text : serialiseScenario(scenario),
    system: scenario.system,
    problems,
  };
}

/**
 * An exercise's `scenario` and its truth's own scenario (if any), valid; its `system` is its
 * scenario's, the system it runs. `changed`: whether any of the three differs from what was given.
 */
export function validScenarios(
  system: string,
  scenario: string,
  truth: string | undefined,
): { system: string; scenario: string; truth: string | undefined; changed: boolean; problems: Problem[] } {
  const own = readExerciseScenario(scenario, 'scenario');
  const problems = [...own.problems];
  if (own.system !== system)
    problems.push({
      field: 'system',
      message: `left out: the scenario runs ${own.system}, so the exercise is about ${own.system}`,
    });
  const theirs = truth === undefined ? null : readExerciseScenario(truth, 'answer.truth.scenario');
  if (theirs) problems.push(...theirs.problems);
  const t = theirs?.text ?? truth;
  return {
    system: own.system,
    scenario: own.text,
    truth: t,
    changed: own.text !== scenario || own.system !== system || t !== truth,
    problems,
  };
}
