import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeExerciseToken, encodeExerciseToken, MAX_TOKEN } from '../../src/state/exercise-link';
import { parseExercise, type Exercise } from '../../src/state/exercise-schema';
import { LAB_PLUGINS } from '../../src/ui/systems';

const shipped = LAB_PLUGINS.flatMap((p) => p.exercises.exercises);

const base: Exercise = {
  id: 'is707-rto-link',
  system: 'is707',
  title: 'How far does the RTO back off?',
  task: 'Play to the end.',
  scenario: 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=300',
  question: 'What is the largest RTO?',
  answer: {
    kind: 'number',
    unit: 's',
    truth: { kind: 'summary', path: 'tcp.maxRto' },
    tolerance: { abs: 1 },
  },
};

describe('the one exercise reader (files and links)', () => {
  it('keeps a valid exercise as it is, with no problem', () => {
    expect(parseExercise(base)).toEqual({ exercise: base, problems: [] });
    for (const ex of shipped) expect(parseExercise(JSON.parse(JSON.stringify(ex))).exercise).toEqual(ex);
  });

  it('a bad optional field is named and left out; the exercise stays', () => {
    const r = parseExercise({
      ...base,
      hint: 42,
      charts: ['seq', 'pie'],
      hides: 'tcp.maxRto',
      colour: 'red',
    });
    expect(r.exercise).toEqual(base);
    expect(r.problems.map((p) => p.field)).toEqual(['charts', 'hides', 'hint', 'colour']);
    expect(r.problems[0].message).toContain('seq, rto, cwnd, throughput, link, histogram');
    expect(r.problems[3].message).toContain('not a field of an exercise');
  });

  it('a bad required field drops the exercise and names the field and what it allows', () => {
    const cases: [unknown, string, RegExp][] = [
      [{ ...base, question: '' }, 'question', /expected a text/],
      [{ ...base, id: 'Bad Id' }, 'id', /lower-case letters/],
      [{ ...base, answer: { kind: 'guess' } }, 'answer.kind', /"number" or "state"/],
      [
        { ...base, answer: { kind: 'number', truth: { kind: 'summary' } } },
        'answer.truth.path',
        /summary path/,
      ],
      [
        { ...base, answer: { kind: 'number', truth: { kind: 'summary', path: 'a', seeds: 99 } } },
        'answer.truth.seeds',
        /1 to 20/,
      ],
      [
        {
          ...base,
          answer: {
            kind: 'number',
            truth: { kind: 'measure', source: 'tcp.rtoActive', measure: 'median', field: 'rto' },
          },
        },
        'answer.truth.measure',
        /max, min, mean, last, sum, count/,
      ],
      [
        {
          ...base,
          answer: {
            kind: 'number',
            truth: { kind: 'measure', source: 'tcp.timeout', measure: 'count', from: 5, to: 2 },
          },
        },
        'answer.truth.to',
        /after from/,
      ],
      [
        { ...base, answer: { kind: 'state', conditions: [{ path: 'x', op: '~', value: 1 }] } },
        'answer.conditions.0.op',
        /approx/,
      ],
      [{ ...base, title: 'x'.repeat(2001) }, 'title', /at most 2000/],
    ];
    for (const [json, field, message] of cases) {
      const r = parseExercise(json);
      expect(r.exercise, field).toBeNull();
      const p = r.problems.find((q) => q.field === field);
      expect(p, `${field} in ${JSON.stringify(r.problems)}`).toBeDefined();
      expect(p!.message).toMatch(message);
    }
    expect(parseExercise('text').problems).toEqual([{ field: '', message: 'not a JSON object' }]);
  });

  it('reads a measure truth over a trace', () => {
    const m = {
      ...base,
      answer: {
        kind: 'number',
        truth: {
          kind: 'measure',
          source: 'tcp.send',
          measure: 'count',
          from: 0,
          to: 60,
          where: { field: 'rtx', equals: 1 },
          seeds: 3,
        },
      },
    };
    expect(parseExercise(m)).toEqual({ exercise: m, problems: [] });
  });
});

describe('exercise link tokens', () => {
  it('every shipped exercise round-trips through a token of a sane length', () => {
    for (const ex of shipped) {
      const token = encodeExerciseToken(ex);
      expect(token).toMatch(/^1[A-Za-z0-9_-]+$/);
      const json = JSON.stringify(ex).length;
      // DEFLATE + base64url: shorter than the JSON itself, and far under the limit (the longest
      // shipped, dect-no-timeout with its seed-9 × 900 s scenario, is 1,675 characters).
      expect(token.length, ex.id).toBeLessThan(json);
      expect(token.length, ex.id).toBeLessThan(MAX_TOKEN / 4);
      expect(decodeExerciseToken(token)).toEqual({ exercise: ex, problems: [] });
    }
  });

  it('the expected figures are not readable in the link', () => {
    const token = encodeExerciseToken(base);
    expect(token).not.toContain('maxRto');
  });

  it('a cut, changed, foreign or huge token is one problem; nothing throws', () => {
    const token = encodeExerciseToken(base);
    for (const bad of [
      '',
      token.slice(0, 20),
      `2${token.slice(1)}`,
      `${token}%`,
      '1' + 'A'.repeat(MAX_TOKEN),
    ]) {
      const r = decodeExerciseToken(bad);
      expect(r.exercise).toBeNull();
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0].field).toBe('');
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const r = decodeExerciseToken(s);
        expect(r.exercise === null || r.problems.length >= 0).toBe(true);
      }),
      { numRuns: 2000, seed: 12 },
    );
  });
});
