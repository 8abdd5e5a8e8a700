import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/engine/scenarios';
import {
  checkNumber,
  checkState,
  computeBand,
  computeTruth,
  getPath,
  readAnswer,
  truthRuns,
  validateExercise,
} from '../../../src/ui/exercises/check';
import { answerPaths, isHidden } from '../../../src/ui/exercises/hidden';
import type { Exercise } from '../../../src/ui/exercises/types';
import { exerciseFiles, exerciseList } from '../../../src/ui/exercises/collect';
import { LAB_PLUGINS } from '../../../src/ui/systems';

const files = LAB_PLUGINS.flatMap((p) => p.exercises.exercises.map((e) => [p.id, e] as const));

describe('exercise files (each system’s src/ui/systems/<id>/exercises/)', () => {
  it('every file is valid and in the right folder; at least two per built system (ui.md)', () => {
    expect(LAB_PLUGINS.flatMap((p) => p.exercises.problems)).toEqual([]);
    for (const p of LAB_PLUGINS) expect(p.exercises.exercises.length, p.id).toBeGreaterThanOrEqual(2);
    expect(exerciseList(LAB_PLUGINS.map((p) => p.exercises)).problems).toEqual([]);
  });

  for (const [system, e] of files) {
    it(`${e.id} (${system}): its scenarios parse without errors and run its system`, () => {
      expect(e.system).toBe(system);
      expect(parseScenario(e.scenario).errors).toEqual([]);
      expect(parseScenario(e.scenario).scenario.system).toBe(system);
      for (const run of truthRuns(e)) expect(parseScenario(run).errors).toEqual([]);
    });
  }
});

describe('gathering a folder of exercise files', () => {
  const ex = (id: string, system = 'is707') => ({
    id,
    system,
    title: 't',
    task: 't',
    scenario: `system=${system}`,
    question: 'q',
    answer: { kind: 'state', conditions: [{ path: 'tcp.maxRto', op: '>=', value: 1 }] },
  });

  it('keeps valid files named after their ids, in file-name order, and reports the others', () => {
    const list = exerciseFiles('is707', {
      './exercises/b.json': ex('b'),
      './exercises/a.json': ex('a'),
      './exercises/c.json': ex('other'),
      './exercises/d.json': ex('d', 'gsm'),
      './exercises/e.json': { id: 'e' },
    });
    expect(list.exercises.map((e) => e.id)).toEqual(['a', 'b']);
    expect(list.problems).toEqual([
      'c.json: the file is named after its id: other.json',
      'd.json: system "gsm" in is707\'s exercises',
      'e.json: system: missing; expected a text (at most 2000 characters)',
      'e.json: title: missing; expected a text (at most 2000 characters)',
      'e.json: task: missing; expected a text (at most 2000 characters)',
      'e.json: scenario: missing; expected a text (at most 2000 characters)',
      'e.json: question: missing; expected a text (at most 2000 characters)',
      'e.json: answer: missing; expected {kind: "number" or "state", …}',
    ]);
  });

  it('an id used by two systems is reported once and kept once', () => {
    const a = exerciseFiles('is707', { './x.json': ex('x') });
    const b = exerciseFiles('gsm', { './x.json': ex('x', 'gsm') });
    const all = exerciseList([a, b]);
    expect(all.exercises.map((e) => e.system)).toEqual(['is707']);
    expect(all.problems).toEqual(['x.json: another exercise has the id x']);
  });
});

describe('exercise checking', () => {
  const base: Exercise = {
    id: 'x',
    system: 'is707',
    title: 't',
    task: 't',
    scenario: 'system=is707&fer=0.3',
    question: 'q',
    answer: { kind: 'number', truth: { kind: 'summary', path: 'tcp.maxRto' }, tolerance: { abs: 1 } },
  };

  it('reads summary paths and typed answers', () => {
    expect(getPath({ tcp: { maxRto: 64 } }, 'tcp.maxRto')).toBe(64);
    expect(getPath({ tcp: {} }, 'tcp.maxRto')).toBeNaN();
    expect(getPath({ a: '1' }, 'a')).toBeNaN();
    expect(getPath({}, '__proto__.x')).toBeNaN();
    expect(readAnswer(' 64 s')).toBe(64);
    expect(readAnswer('1,5')).toBe(1.5);
    expect(readAnswer('inf')).toBe(Infinity);
    expect(readAnswer('about sixty')).toBeNaN();
    expect(readAnswer('0.18/s')).toBe(0.18);
    expect(readAnswer('5 idle frames')).toBe(5);
    expect(readAnswer('1e-3')).toBe(0.001);
  });

  it('input that is not a plain number is NaN, not a prefix of it (issue 8, item 5)', () => {
    for (const t of ['11/60', 'abc', '1e', '', '  ', '2+3', '1.2.3', '6 * 2', '(4)']) {
      expect(readAnswer(t), t).toBeNaN();
    }
    const a = base.answer as Extract<Exercise['answer'], { kind: 'number' }>;
    expect(checkNumber(a, '11/60', 64).message).toBe(
      '“11/60” is not a plain number: type a decimal number such as 64 or 0.18 (no fractions or formulas).',
    );
    expect(checkNumber(a, '', 64).message).toBe('Type a number first, e.g. 64 or 0.18.');
  });

  it('an exercise hides the figure its answer is checked against, or what it lists in hides', () => {
    expect(answerPaths(base)).toEqual(['tcp.maxRto']);
    expect(answerPaths({ ...base, hides: ['app.transactionsPerSecond'] })).toEqual([
      'app.transactionsPerSecond',
    ]);
    expect(answerPaths({ ...base, hides: [] })).toEqual([]);
    expect(isHidden(['link.budget.pppStuffing'], 'link.budget')).toBe(true);
    expect(isHidden(['link.budget'], 'link.budget.spare')).toBe(true);
    expect(isHidden(['tcp.maxRto'], 'tcp.maxRtoX')).toBe(false);
    expect(validateExercise({ ...base, hides: 'tcp.maxRto' })).toMatch(
      /^hides: left out: expected a list of summary paths/,
    );
  });

  it('a summary truth: typed answers within the tolerance are right, others wrong', () => {
    expect(truthRuns(base)).toEqual(['system=is707&fer=0.3']);
    const truth = computeTruth(base.answer.kind === 'number' ? base.answer.truth : (null as never), [
      { tcp: { maxRto: 64 } },
    ]);
    expect(truth).toBe(64);
    const a = base.answer as Extract<Exercise['answer'], { kind: 'number' }>;
    expect(checkNumber(a, '64', truth).correct).toBe(true);
    expect(checkNumber(a, '63.2', truth).correct).toBe(true);
    expect(checkNumber(a, '3', truth)).toMatchObject({ correct: false });
    expect(checkNumber(a, '3', truth).message).toContain('too small');
    expect(checkNumber(a, 'x', truth).message).toContain('“x” is not a plain number');
  });

  it('a firstReaching truth: the first value whose mean reaches factor × the first mean', () => {
    const ex: Exercise = {
      ...base,
      answer: {
        kind: 'number',
        truth: { kind: 'firstReaching', key: 'idle', values: [0, 1, 2, 5], path: 'g', factor: 2, seeds: 2 },
      },
    };
    const runs = truthRuns(ex);
    expect(runs).toEqual([
      'system=is707&fer=0.3&idle=0&seed=1',
      'system=is707&fer=0.3&idle=0&seed=2',
      'system=is707&fer=0.3&idle=1&seed=1',
      'system=is707&fer=0.3&idle=1&seed=2',
      'system=is707&fer=0.3&idle=2&seed=1',
      'system=is707&fer=0.3&idle=2&seed=2',
      'system=is707&fer=0.3&idle=5&seed=1',
      'system=is707&fer=0.3&idle=5&seed=2',
    ]);
    const g = [0.1, 0.1, 0.15, 0.15, 0.19, 0.22, 0.3, 0.3].map((v) => ({ g: v }));
    const t = ex.answer.kind === 'number' ? ex.answer.truth : (null as never);
    expect(computeTruth(t, g)).toBe(2); // mean 0.205 ≥ 0.2
    expect(
      computeTruth(
        t,
        g.map(() => ({ g: 0.1 })),
      ),
    ).toBeNaN();
  });

  it('a firstReaching truth with a band accepts every answer between its two crossings', () => {
    const truth = {
      kind: 'firstReaching' as const,
      key: 'idle',
      values: [0, 1, 2, 3, 5, 'inf'],
      path: 'g',
      factor: 1.5,
      band: [1.4, 1.6] as const,
    };
    // Means 0.10, 0.12, 0.145, 0.151, 0.17, 0.18: 1.4× at 2, 1.5× at 3, 1.6× at 5.
    const g = [0.1, 0.12, 0.145, 0.151, 0.17, 0.18].map((v) => ({ g: v }));
    expect(computeTruth(truth, g)).toBe(3);
    expect(computeBand(truth, g)).toEqual([2, 5]);
    const a = { kind: 'number' as const, truth };
    for (const typed of ['2', '3', '5 idle frames'])
      expect(checkNumber(a, typed, 3, [2, 5]).correct).toBe(true);
    expect(checkNumber(a, '1', 3, [2, 5]).message).toContain('too small');
    expect(checkNumber(a, '6', 3, [2, 5]).message).toContain('too large');
    // The upper factor never reached: any larger number is accepted.
    expect(computeBand({ ...truth, band: [1.4, 2] }, g)).toEqual([2, Infinity]);
    // Not even the lower one: no band (and no truth).
    expect(computeBand({ ...truth, band: [1.9, 2] }, g)).toBeNull();
    expect(computeBand({ ...truth, band: undefined }, g)).toBeNull();
    expect(
      validateExercise({ ...base, answer: { kind: 'number', truth: { ...truth, band: [1.6, 1.7] } } }),
    ).toContain('band');
  });

  it('a state answer checks the live summary', () => {
    const a = {
      kind: 'state' as const,
      conditions: [{ path: 'tcp.maxRto', op: 'approx' as const, value: 64, tol: 1 }],
      requireDone: true,
    };
    expect(checkState(a, { tcp: { maxRto: 64 } }, false).correct).toBe(false);
    expect(checkState(a, { tcp: { maxRto: 64 } }, true).correct).toBe(true);
    expect(checkState(a, { tcp: { maxRto: 12 } }, true).correct).toBe(false);
  });

  it('a state check that fails says which figure, in words, and what it must reach', () => {
    const a = {
      kind: 'state' as const,
      conditions: [
        { path: 'app.transferTime', op: '>=' as const, value: 50, label: 'the transfer time', unit: 's' },
        {
          path: 'link.fieldDbuv.0',
          op: '>=' as const,
          value: 40,
          label: 'unit 1’s field strength',
          unit: 'dBµV',
        },
      ],
    };
    const msg = checkState(
      a,
      { app: { transferTime: 72.97112 }, link: { fieldDbuv: [29.6317] } },
      true,
    ).message;
    // One decimal more than the target writes (issue 20 item 3): 29.6, not 29.63 or 29.6317.
    expect(msg).toBe('Not yet: unit 1’s field strength is 29.6 dBµV; it must be at least 40 dBµV.');
    expect(msg).not.toContain('link.fieldDbuv');
    // Without a label the path is named, still with the target.
    const bare = {
      kind: 'state' as const,
      conditions: [{ path: 'tcp.maxRto', op: '<' as const, value: 10 }],
    };
    expect(checkState(bare, { tcp: { maxRto: 64 } }, true).message).toBe(
      'Not yet: tcp.maxRto is 64; it must be below 10.',
    );
    expect(
      validateExercise({
        ...base,
        answer: { kind: 'state', conditions: [{ path: 'a', op: '>=', value: 1, label: 3 }] },
      }),
    ).toContain('label');
  });

  it('every state condition of the shipped exercises is labelled for the student', () => {
    const shipped = files.filter(([, ex]) => ex.answer.kind === 'state');
    expect(shipped.length).toBeGreaterThan(0);
    for (const [system, ex] of shipped) {
      if (ex.answer.kind !== 'state') continue;
      for (const c of ex.answer.conditions) expect(c.label, `${system} ${ex.id} ${c.path}`).toBeTruthy();
    }
  });

  it('rejects malformed exercise files with a message', () => {
    expect(validateExercise(null)).toBe('not a JSON object');
    expect(validateExercise({ ...base, id: 'Bad Id' })).toContain('id');
    expect(
      validateExercise({ ...base, answer: { kind: 'number', truth: { kind: 'x', path: 'a' } } }),
    ).toContain('truth.kind');
    expect(
      validateExercise({
        ...base,
        answer: { kind: 'state', conditions: [{ path: 'a', op: '~', value: 1 }] },
      }),
    ).toContain('op');
  });
});
