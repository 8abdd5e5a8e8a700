/**
 * Issue 20 items 2, 3 and 29: what a check says. A change of the exercise's scenario is named; a
 * truth that does not read the live run never waits for it; feedback reads as English ("between 2
 * and 6", not "between 2 to 6"); a state answer rounds the student's figure sensibly and never
 * prints a figure the exercise hides.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, Condition, Exercise } from '../../../src/state/exercise-schema';
import {
  bandWords,
  checkingText,
  checkNumber,
  checkState,
  roundForCondition,
} from '../../../src/ui/exercises/check';
import {
  changesText,
  keysTheTruthVaries,
  scenarioChanges,
  truthIsTheLiveRun,
} from '../../../src/ui/exercises/scenario-change';
import { LAB_PLUGINS } from '../../../src/ui/systems';

const shipped = (id: string): Exercise =>
  LAB_PLUGINS.flatMap((p) => p.exercises.exercises).find((e) => e.id === id)!;

const number = (a: Answer) => a as Extract<Answer, { kind: 'number' }>;
const state = (conditions: Condition[]): Extract<Answer, { kind: 'state' }> => ({
  kind: 'state',
  conditions,
});

/** A feedback sentence: capital first, a full stop last, no "between … to …". */
function readsWell(message: string): void {
  expect(message).toMatch(/^[A-Z“]/);
  expect(message).toMatch(/[.)]$/);
  expect(message).not.toMatch(/between [^ ]+ to /);
  expect(message).not.toMatch(/\s{2}|\s[.,;]/);
}

describe('a change of the exercise’s scenario (item 2)', () => {
  const ex = shipped('is707-max-rto');

  it('is named, key by key, against the canonical live text', () => {
    expect(scenarioChanges(ex.scenario, 'system=is707&fer=0.3&fdt=0.01&duration=600')).toEqual([]);
    const changes = scenarioChanges(ex.scenario, 'system=is707&fer=0.05&fdt=0.01&duration=600&seed=7');
    expect(changes.map((c) => c.key)).toEqual(['seed', 'fer']);
    expect(changesText(changes)).toBe('seed 1 → 7, FER 0.3 → 0.05');
    // Another system is one change; a timed change is named as such.
    expect(changesText(scenarioChanges(ex.scenario, 'system=gsm'))).toBe('system is707 → gsm');
    expect(
      changesText(
        scenarioChanges(ex.scenario, 'system=is707&fer=0.3&fdt=0.01&duration=600&events=12@fer=0.05'),
      ),
    ).toBe('timed changes (none → 1)');
    // The lab has no scenario yet: nothing to compare.
    expect(scenarioChanges(ex.scenario, '')).toEqual([]);
  });

  it('leaves out what the truth varies itself: the swept key and, over seeds, the seed', () => {
    const idle = shipped('is707-idle-double');
    expect(keysTheTruthVaries(idle)).toEqual(['seed', 'idle']);
    expect(
      scenarioChanges(idle.scenario, 'system=is707&fer=0.3&idle=4&seed=3', keysTheTruthVaries(idle)),
    ).toEqual([]);
    expect(
      changesText(scenarioChanges(idle.scenario, 'system=is707&fer=0.2&idle=4', keysTheTruthVaries(idle))),
    ).toBe('FER 0.3 → 0.2');
  });

  it('an editor-made exercise never claims the figure is "of this run" (links made before say so)', () => {
    const old = {
      ...ex,
      checking: 'How it is checked: the lab computes the summary figure tcp.maxRto of this run.',
    };
    expect(checkingText(old)).toBe(
      "How it is checked: the lab computes the summary figure tcp.maxRto of the exercise's scenario (its own seed).",
    );
    expect(checkingText({ ...ex, checking: undefined })).toBeUndefined();
  });
});

describe('waiting for the live run (item 29)', () => {
  it('only a truth that is the live run’s own figure waits for its end', () => {
    expect(truthIsTheLiveRun(shipped('is707-max-rto'))).toBe(true);
    // 110 runs of their own: the live run is not read, so the check does not wait for it.
    expect(truthIsTheLiveRun(shipped('is707-idle-double'))).toBe(false);
    expect(truthIsTheLiveRun(shipped('phs-slow-unit'))).toBe(false); // the student's own run, checked as it is
    const ex = shipped('is707-max-rto');
    const truth = number(ex.answer).truth;
    expect(
      truthIsTheLiveRun({ ...ex, answer: { ...number(ex.answer), truth: { ...truth, seeds: 5 } } }),
    ).toBe(false);
  });
});

describe('feedback grammar (item 29)', () => {
  const band = number(shipped('is707-idle-double').answer);

  it('a band is "between 2 and 6", "2 or more", or one answer', () => {
    expect(bandWords(2, 6)).toBe('lies between 2 and 6');
    expect(bandWords(2, Infinity)).toBe('is 2 or more');
    expect(bandWords(3, 3)).toBe('is 3');
    const right = checkNumber(band, '4', 4, [2, 6]).message;
    expect(right).toBe(
      "Correct: the simulation's answer lies between 2 and 6 (the runs are noisy, so every answer in that range is accepted).",
    );
    expect(checkNumber(band, '3', 3, [3, 3]).message).toContain(
      'is 3 (the runs are noisy, so that answer is accepted)',
    );
  });

  it('every message a number check gives reads as a sentence', () => {
    const summary = number(shipped('is707-max-rto').answer);
    const messages = [
      checkNumber(band, '4', 4, [2, 6]).message,
      checkNumber(band, '9', 4, [2, Infinity]).message,
      checkNumber(band, '1', 4, [2, 6]).message,
      checkNumber(band, '8', 4, [2, 6]).message,
      checkNumber(summary, '64', 64).message,
      checkNumber(summary, '44', 64).message,
      checkNumber(summary, '70', 64).message,
      checkNumber(summary, '64', NaN).message,
      checkNumber(summary, '', 64).message,
      checkNumber(summary, '11/60', 64).message,
    ];
    for (const m of messages) readsWell(m);
  });
});

describe('a state answer’s words (item 3)', () => {
  const goodput: Condition = { path: 'normalizedGoodput', op: '>=', value: 0.5, label: 'normalised goodput' };

  it('rounds the student’s figure to one decimal more than the target, never to the target itself', () => {
    expect(checkState(state([goodput]), { normalizedGoodput: 0.4777 }, true).message).toBe(
      'Not yet: normalised goodput is 0.48; it must be at least 0.5.',
    );
    expect(roundForCondition(29.6317, { path: 'x', op: '>=', value: 40 })).toBe(29.6);
    expect(roundForCondition(39.96, { path: 'x', op: '>=', value: 40 })).toBe(39.96);
    expect(roundForCondition(0.0042, goodput)).toBe(0.0042);
    expect(roundForCondition(63.4, { path: 'x', op: 'approx', value: 64, tol: 0.25 })).toBe(63.4);
    expect(roundForCondition(12345.678, { path: 'x', op: '<', value: 100 })).toBe(12345.7);
  });

  it('never prints the value of a figure the exercise hides: it says on which side it is', () => {
    const rto = (op: Condition['op'], value: number): Condition => ({
      path: 'tcp.maxRto',
      op,
      value,
      label: 'the largest RTO',
      unit: 's',
    });
    const band = state([rto('>=', 16), rto('<=', 64)]);
    const hidden = ['tcp.maxRto'];
    const below = checkState(band, { tcp: { maxRto: 12.8 } }, true, hidden).message;
    expect(below).toBe('Not yet: the largest RTO is below the band (16 s to 64 s).');
    expect(below).not.toContain('12.8');
    const single = checkState(state([rto('>=', 16)]), { tcp: { maxRto: 12.8 } }, true, hidden).message;
    expect(single).toBe('Not yet: the largest RTO is too small; it must be at least 16 s.');
    const about = checkState(
      state([{ ...rto('approx', 64), tol: 1 }]),
      { tcp: { maxRto: 70 } },
      true,
      hidden,
    );
    expect(about.message).toBe('Not yet: the largest RTO is too large; it must be about 64 s (within 1 s).');
    // Shown once not hidden, rounded.
    expect(checkState(band, { tcp: { maxRto: 12.8 } }, true).message).toBe(
      'Not yet: the largest RTO is 12.8 s; it must be at least 16 s.',
    );
    for (const m of [below, single, about.message]) readsWell(m);
  });
});
