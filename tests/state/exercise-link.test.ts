import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodeActivityToken,
  decodeExerciseToken,
  encodeActivityToken,
  encodeExerciseToken,
  MAX_TOKEN,
} from '../../src/state/exercise-link';
import { decodeViewChecked, encodeView } from '../../src/state/url-codec';
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
    expect(r.problems[0].message).toContain('seq, rto, cwnd, throughput, link, histogram, rtt, tput');
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
      // DEFLATE + base64url: shorter than the JSON itself, and a quarter of the limit at most, so a
      // teacher's own longer text still fits (the longest shipped one, DECT's, is ≈ 1,700).
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

/**
 * A link a teacher made before activities existed (issue 23: "every existing `#ex=` link keeps
 * working"): this token was written by main's encoder at d9c1955, before the activity format.
 */
const OLD_TOKEN =
  '1TVHBagJBDP2VMAdbQWVtKYIgPfTSW0WEHkoPcTbrDu7OrJMsKuJH9Rf6Zc3sKvU0TPLyXt7L2bjczI3jWTYbS2jGoRhLSeMowYwMn1iovvW1IE4q0v86NBAKUCSs1h-pgbzT-rLCU1eNrQcJ4ISBfA6P3BDlc0CGAlnS2wRmt6loCKiAKoQdoHSztsQoPEn6ljxGF5S5X2XRLTIoKC6yyfOgyEXfbDrI24jigl9MnzKd6xnM_Msw7fWf3HyPzL4lTiil-yxVzHGnV2HcaiM5gfXbEjDWlL92NGR3zm8V_x4OaiZNdMXkpR_dgA110wr1XNzWNcYTFG7bRgKxzaTG40qjuMZFR4rWMT0w3NzBY4opHDywhjQcdYGgtdRoGT0fKDIcnJTOw-8PZJOXlE3pcuos_mskjz3ezM9GN0-n9W290YKeKLZS3jWuq2qnwdS4J7ooPFQU0Vs999ngRqVU-HK5_AE';

describe('a link made before activities', () => {
  it('opens as the exercise it was, a one-step activity, and is written back as the very same token', () => {
    const old = decodeExerciseToken(OLD_TOKEN);
    expect(old.problems).toEqual([]);
    expect(old.exercise).toMatchObject({
      id: 'is707-top-of-the-rto',
      scenario: 'system=is707&fer=0.3&fdt=0.01&duration=120',
      answer: { kind: 'number', truth: { kind: 'summary', path: 'tcp.maxRto' }, tolerance: { abs: 0.5 } },
    });
    const { activity, problems } = decodeActivityToken(OLD_TOKEN);
    expect(problems).toEqual([]);
    expect(activity!.exercise).toEqual(old.exercise);
    expect(activity!.steps).toHaveLength(1);
    const { view, errors } = decodeViewChecked(`#exercise=is707-top-of-the-rto&ex=${OLD_TOKEN}`, {
      exercises: ['is707-max-rto'],
    });
    expect(errors).toEqual([]);
    expect(view.exercise).toBe('is707-top-of-the-rto');
    expect(encodeView(view)).toBe(`exercise=is707-top-of-the-rto&ex=${OLD_TOKEN}`);
  });

  it('every shipped exercise’s own token reads back through the activity reader to the same exercise', () => {
    for (const ex of shipped) {
      const r = decodeActivityToken(encodeExerciseToken(ex));
      expect(r.problems).toEqual([]);
      expect(r.activity!.exercise).toEqual(ex);
      expect(encodeActivityToken(r.activity!)).toBe(encodeExerciseToken(ex));
    }
  });
});
