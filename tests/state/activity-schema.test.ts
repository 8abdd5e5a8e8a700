/**
 * The activity format (issue 23 item 1): one reader for activities and exercises — an exercise is
 * a one-step activity —, each bad field named with what it allows and left out, the valid rest kept.
 */
import { describe, expect, it } from 'vitest';
import {
  activityJson,
  exerciseActivity,
  parseActivity,
  stepScenario,
  type Activity,
} from '../../src/state/activity-schema';
import { decodeActivityToken, encodeActivityToken, encodeExerciseToken } from '../../src/state/exercise-link';
import { parseExercise, type Exercise } from '../../src/state/exercise-schema';

const EX: Exercise = {
  id: 'is707-rto',
  system: 'is707',
  title: 'The top of the RTO',
  task: 'Play it.',
  scenario: 'system=is707&fer=0.3&fdt=0.01&duration=120',
  charts: ['seq', 'rto'],
  question: 'How large?',
  hides: ['tcp.maxRto'],
  answer: {
    kind: 'number',
    unit: 's',
    truth: { kind: 'summary', path: 'tcp.maxRto' },
    tolerance: { abs: 1 },
  },
  hint: 'Look up.',
};

const LESSON = {
  id: 'is707-lesson',
  system: 'is707',
  title: 'A lesson',
  intro: 'Three *steps*.',
  steps: [
    {
      title: 'Set up',
      text: 'Play **it**.',
      scenario: 'system=is707&fer=0.3&fdt=0.01&duration=120',
      charts: ['seq', 'rto'],
      locks: [{ key: 'fer', reason: 'the lesson is about Pe = 0.3' }],
      checks: [
        {
          question: 'How large?',
          answer: { kind: 'number', unit: 's', truth: { kind: 'summary', path: 'tcp.maxRto' } },
          points: 2,
          hint: 'Up.',
          hintCost: 1,
        },
      ],
    },
    { title: 'Go on', text: 'Keep watching.' },
    {
      title: 'Idle',
      text: 'Now with idle frames.',
      scenario: 'system=is707&fer=0.3&fdt=0.01&idle=inf&duration=120',
      checks: [
        {
          question: 'Your run?',
          answer: { kind: 'state', conditions: [{ path: 'tcp.timeouts', op: '<=', value: 40 }] },
        },
      ],
    },
  ],
};

describe('the activity format', () => {
  it('reads an activity: steps, a step that goes on from the one before, locks, checks with points', () => {
    const { activity, problems } = parseActivity(LESSON);
    expect(problems).toEqual([]);
    const a = activity!;
    expect(a.steps).toHaveLength(3);
    expect(a.steps[1].scenario).toBeUndefined();
    expect(stepScenario(a, 1)).toBe(LESSON.steps[0].scenario);
    expect(stepScenario(a, 2)).toBe(LESSON.steps[2].scenario);
    expect(a.steps[0].locks).toEqual([{ key: 'fer', reason: 'the lesson is about Pe = 0.3' }]);
    expect(a.steps[0].checks![0].points).toBe(2);
    expect(a.steps[0].checks![0].hintCost).toBe(1);
    // Written back, it is the same JSON, and its link token reads back to the same activity.
    expect(activityJson(a)).toEqual(LESSON);
    expect(decodeActivityToken(encodeActivityToken(a))).toEqual({ activity: a, problems: [] });
  });

  it('an exercise is a one-step activity, and writes back as the exercise (its old token)', () => {
    const { activity, problems } = parseActivity(EX);
    expect(problems).toEqual([]);
    const a = activity!;
    expect(a.exercise).toEqual(EX);
    expect(a.steps).toHaveLength(1);
    expect(a.steps[0]).toMatchObject({
      title: EX.title,
      text: EX.task,
      scenario: EX.scenario,
      charts: EX.charts,
    });
    expect(a.steps[0].checks).toEqual([
      { question: EX.question, hides: EX.hides, answer: EX.answer, hint: EX.hint },
    ]);
    expect(encodeActivityToken(a)).toBe(encodeExerciseToken(a.exercise!));
    expect(activityJson(a)).toEqual(EX);
    // The same exercise object gives the same activity object (the page compares by identity).
    const ex = parseExercise(EX).exercise!;
    expect(exerciseActivity(ex)).toBe(exerciseActivity(ex));
  });

  it('names each bad field with what it allows and keeps the valid rest', () => {
    const bad = structuredClone(LESSON) as Record<string, unknown> & typeof LESSON;
    const steps = bad.steps as unknown as Record<string, unknown>[];
    steps[0].locks = [
      { key: 'fer', reason: 'ok' },
      { key: 'nonsense', reason: 'x' },
      { key: 'fer', reason: 'twice' },
    ];
    (steps[0].checks as Record<string, unknown>[])[0].hintCost = 5;
    (steps[0].checks as Record<string, unknown>[]).push({ question: 'No answer' });
    steps[1].charts = ['pie'];
    steps[2].scenario = 'system=is707&fer=9&duration=120';
    steps.push({ title: 'No text' });
    steps.push({ title: 'GSM', text: 'x', scenario: 'system=gsm' });
    bad.colour = 'red';
    const { activity, problems } = parseActivity(bad);
    const by = Object.fromEntries(problems.map((p) => [p.field, p.message]));
    expect(by['steps.0.locks.1']).toMatch(/scenario key of is707/);
    expect(by['steps.0.locks.2']).toMatch(/fer is locked once already/);
    expect(by['steps.0.checks.0.hintCost']).toMatch(/from 0 to the check's points \(2\)/);
    expect(by['steps.0.checks.1.answer']).toMatch(/^missing; expected \{kind/);
    expect(by['steps.0.checks.1']).toMatch(/^left out/);
    expect(by['steps.1.charts']).toMatch(/^left out: expected a list of seq/);
    expect(by['steps.2.scenario']).toMatch(/^fer=9: .*; left out$/);
    expect(by['steps.3.text']).toMatch(/^missing; expected a text/);
    expect(by['steps.4.scenario']).toMatch(/it runs gsm, and the activity is about is707/);
    expect(by.colour).toMatch(/not a field of an activity/);
    const a = activity!;
    expect(a.steps).toHaveLength(4); // the step without text is left out
    expect(a.steps[0].locks).toEqual([{ key: 'fer', reason: 'ok' }]);
    expect(a.steps[0].checks).toHaveLength(1);
    expect(a.steps[0].checks![0].hintCost).toBeUndefined();
    expect(a.steps[2].scenario).toBe('system=is707&duration=120');
    expect(a.steps[3].scenario).toBeUndefined(); // another system's scenario: it goes on from step 3
  });

  it('the first step must set a scenario; an activity without one, or with no step, is dropped', () => {
    const none = parseActivity({ ...LESSON, steps: [{ title: 'A', text: 'a' }] });
    expect(none.activity).toBeNull();
    expect(none.problems.map((p) => p.field)).toContain('steps.0.scenario');
    expect(parseActivity({ ...LESSON, steps: [] }).problems[0]).toEqual({
      field: 'steps',
      message: 'expected a list of 1 to 30 steps {title, text, scenario, …}',
    });
    expect(parseActivity({ ...LESSON, id: 'Bad Id' }).activity).toBeNull();
    expect(parseActivity('nope').problems[0].message).toBe('not a JSON object');
  });

  it('its system is its first step’s', () => {
    const { activity, problems } = parseActivity({ ...LESSON, system: 'gsm' });
    expect(activity!.system).toBe('is707');
    expect(problems).toEqual([
      { field: 'system', message: 'left out: the first step runs is707, so the activity is about is707' },
    ]);
  });

  it('a long activity fits a link: 12 steps of 600 characters each', () => {
    const steps = Array.from({ length: 12 }, (_, i) => ({
      ...LESSON.steps[0],
      title: `Step ${i}`,
      text: `${'Watch the sequence graph stall while the RTO doubles. '.repeat(11)} ${i}`,
    }));
    const a = parseActivity({ ...LESSON, steps }).activity as Activity;
    const token = encodeActivityToken(a);
    expect(token.length).toBeLessThan(4000);
    expect(decodeActivityToken(token).activity).toEqual(a);
  });
});

describe('a step caption for presenter mode (issue 24)', () => {
  const withCaption = (caption: unknown) =>
    parseActivity({
      id: 'cap',
      system: 'is707',
      title: 'Captions',
      steps: [{ title: 'One', text: 'Look.', scenario: 'system=is707&duration=5', caption }],
    });
  it('keeps a caption of up to 400 characters, written back in file order', () => {
    const text = 'é'.repeat(400);
    const { activity, problems } = withCaption(text);
    expect(problems).toEqual([]);
    expect(activity!.steps[0].caption).toBe(text);
    expect(Object.keys(activityJson(activity!).steps as object[])).toHaveLength(1);
    expect(Object.keys((activityJson(activity!).steps as Record<string, unknown>[])[0])).toEqual([
      'title',
      'text',
      'caption',
      'scenario',
    ]);
  });
  it('names a longer or empty caption and leaves it out, keeping the step', () => {
    for (const bad of ['x'.repeat(401), '  ', 7]) {
      const { activity, problems } = withCaption(bad);
      expect(problems.map((p) => [p.field, p.message])).toEqual([
        ['steps.0.caption', expect.stringContaining('a text of at most 400 characters')],
      ]);
      expect(activity!.steps[0].caption).toBeUndefined();
    }
  });
});
