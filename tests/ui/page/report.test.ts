import { describe, expect, it, vi } from 'vitest';
import { parseActivity } from '../../../src/state/activity-schema';
import {
  finish,
  newProgress,
  recordAnswer,
  recordHint,
  type Progress,
} from '../../../src/ui/exercises/progress';
import { REPORT_SOURCE, REPORT_VERSION, reportTarget, reportsBetween } from '../../../src/ui/page/report';

const state = { kind: 'state', conditions: [{ path: 'simTime', op: '>=', value: 1 }] };
const { activity } = parseActivity({
  id: 'two-steps',
  system: 'is707',
  title: 'Two steps',
  steps: [
    {
      title: 'First',
      text: 'a',
      scenario: 'system=is707&duration=5',
      checks: [
        { question: 'q1', answer: state, points: 2, hint: 'h', hintCost: 1 },
        { question: 'q2', answer: state },
      ],
    },
    { title: 'Second', text: 'b', checks: [{ question: 'q3', answer: state, points: 3 }] },
  ],
});
const a = activity!;
const head = {
  source: REPORT_SOURCE,
  version: REPORT_VERSION,
  activity: { id: 'two-steps', title: 'Two steps', steps: 2 },
};

describe('reports to the course page (issue 24)', () => {
  it('a step report for each check answered, with the step’s result so far; nothing typed is sent', () => {
    const p0 = newProgress(a, 0);
    const p1 = recordAnswer(p0, '1.1', 'my answer', false);
    expect(reportsBetween(a, p0, p1, 10)).toEqual([
      {
        ...head,
        type: 'step',
        step: { number: 1, title: 'First', answered: 0, checks: 2, points: 0, max: 3 },
        check: { number: 1, correct: false, tries: 1, hint: false, revealed: false, points: 0, max: 2 },
      },
    ]);
    expect(JSON.stringify(reportsBetween(a, p0, p1, 10))).not.toContain('my answer');
    const p2 = recordAnswer(recordHint(p1, '1.1'), '1.1', '7', true);
    const [r] = reportsBetween(a, p1, p2, 20);
    expect(r).toMatchObject({
      type: 'step',
      step: { number: 1, answered: 1, checks: 2, points: 1, max: 3 },
      check: { number: 1, correct: true, tries: 2, hint: true, points: 1, max: 2 },
    });
  });

  it('nothing for a change no report holds (the clock, the step open)', () => {
    const p0 = newProgress(a, 0);
    const p1: Progress = { ...p0, step: 1, stepMs: [5000, 0] };
    expect(reportsBetween(a, p0, p1, 10)).toEqual([]);
  });

  it('the score once, when the student finishes', () => {
    let p = newProgress(a, 0);
    p = recordAnswer(p, '1.1', '1', true);
    p = recordAnswer(p, '2.1', '1', true);
    const done = finish(p, 90_000);
    const reports = reportsBetween(a, p, done, 90_000);
    expect(reports).toEqual([
      {
        ...head,
        type: 'score',
        score: { points: 5, max: 6, percent: 83, answered: 2, checks: 3 },
        seconds: 90,
      },
    ]);
    expect(reportsBetween(a, done, { ...done }, 95_000)).toEqual([]);
  });

  it('posts only when framed and an origin is named, to that origin', () => {
    const post = vi.fn();
    const parent = { postMessage: post };
    const framed = { parent, self: {} } as unknown as Window;
    expect(reportTarget(framed, null)).toBeNull();
    const alone = { parent: null as unknown, self: null as unknown } as Window;
    (alone as { parent: unknown }).parent = alone;
    (alone as { self: unknown }).self = alone;
    expect(reportTarget(alone, 'https://course.example.edu')).toBeNull();
    const t = reportTarget(framed, 'https://course.example.edu')!;
    const r = reportsBetween(a, newProgress(a, 0), recordAnswer(newProgress(a, 0), '2.1', '1', true), 0)[0];
    t.post(r);
    expect(post).toHaveBeenCalledWith(r, 'https://course.example.edu');
  });
});
