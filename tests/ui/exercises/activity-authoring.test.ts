import { describe, expect, it } from 'vitest';
import { activityJson, MAX_CAPTION, parseActivity } from '../../../src/state/activity-schema';
import { decodeViewChecked } from '../../../src/state/url-codec';
import {
  activityFile,
  activityLink,
  captionLength,
  captionProblem,
  deleteStep,
  draftToActivity,
  EMPTY_DRAFT,
  moveStep,
  resetStepFromLab,
  setStepCaption,
  stepFromExercise,
  stepWithoutQuestion,
  type ActivityDraft,
} from '../../../src/ui/exercises/activity-authoring';
import { EMPTY_FORM, formToExercise } from '../../../src/ui/exercises/authoring';

const FADES = 'system=is707&fer=0.3&fdt=0.01&duration=120';
const IDLE = 'system=is707&fer=0.3&fdt=0.01&idle=inf&duration=120';
const CLEAN = 'system=is707&fer=0.01&duration=60';

function question(title: string, scenario: string, hint = '') {
  const form = { ...EMPTY_FORM, title, question: `${title}?`, tolAbs: '1', unit: 's', hint };
  const { exercise, problems } = formToExercise(form, 'is707', scenario, ['seq', 'rto']);
  expect(problems).toEqual([]);
  return exercise!;
}

/** Three steps as a teacher adds them: instructions on a clean channel, then two questions. */
function threeSteps(): ActivityDraft {
  return {
    title: 'Idle frames and the RTO',
    intro: 'Two runs, one *fade*.',
    steps: [
      stepWithoutQuestion(' Look first ', 'Play the run.', CLEAN, ['seq']),
      stepFromExercise(question('Without idle frames', FADES, 'Read the top.'), {
        points: '3',
        hintCost: '1',
      }),
      stepFromExercise(question('With idle frames', IDLE)),
    ],
  };
}

describe('writing an activity in the lab', () => {
  it('a step takes the live lab’s scenario and charts, the form’s texts and question, and its points', () => {
    const [look, fades, idle] = threeSteps().steps;
    expect(look).toEqual({ title: 'Look first', text: 'Play the run.', scenario: CLEAN, charts: ['seq'] });
    expect(fades.scenario).toBe(FADES);
    expect(fades.charts).toEqual(['seq', 'rto']);
    expect(fades.text).toBe(EMPTY_FORM.task);
    expect(fades.checks).toHaveLength(1);
    expect(fades.checks![0]).toMatchObject({
      question: 'Without idle frames?',
      points: 3,
      hintCost: 1,
      hint: 'Read the top.',
      answer: { kind: 'number', truth: { kind: 'summary', path: 'tcp.maxRto' } },
    });
    // Defaults are left out (1 point, free hint), and no hint has no cost.
    expect(idle.checks![0].points).toBeUndefined();
    expect(idle.checks![0].hintCost).toBeUndefined();
  });

  it('steps move up and down within the list, are deleted, and are set again from the lab', () => {
    const d = threeSteps();
    const titles = (x: ActivityDraft) => x.steps.map((s) => s.title);
    expect(titles(moveStep(d, 2, -1))).toEqual(['Look first', 'With idle frames', 'Without idle frames']);
    expect(titles(moveStep(d, 0, 1))).toEqual(['Without idle frames', 'Look first', 'With idle frames']);
    expect(moveStep(d, 0, -1)).toBe(d);
    expect(moveStep(d, 2, 1)).toBe(d);
    expect(titles(deleteStep(d, 1))).toEqual(['Look first', 'With idle frames']);
    const again = resetStepFromLab(d, 1, IDLE, ['throughput']);
    expect(again.steps[1]).toEqual({ ...d.steps[1], scenario: IDLE, charts: ['throughput'] });
    expect(again.steps[0]).toBe(d.steps[0]);
  });

  it('makes an activity of the shipped format, which its link and its file carry whole', () => {
    const d = moveStep(threeSteps(), 2, -1);
    const { activity, problems } = draftToActivity(d, 'is707');
    expect(problems).toEqual([]);
    const a = activity!;
    expect(a.id).toBe('is707-idle-frames-and-the-rto');
    expect(a.intro).toBe('Two runs, one *fade*.');
    expect(a.steps.map((s) => s.scenario)).toEqual([CLEAN, IDLE, FADES]);
    // The file is what a system's activities/ folder holds: read back, the same activity.
    const file = parseActivity(JSON.parse(activityFile(a)));
    expect(file.problems).toEqual([]);
    expect(file.activity).toEqual(a);
    // The link opens the first step's scenario and charts with the activity open, carried in #ex=.
    const url = new URL(activityLink('https://lab.example', '/', a));
    expect(decodeURIComponent(url.search.slice(1))).toBe(CLEAN);
    const { view, errors } = decodeViewChecked(url.hash);
    expect(errors).toEqual([]);
    expect(view.exercise).toBe(a.id);
    expect(view.charts).toEqual(['seq']);
    expect(activityJson(view.authored!)).toEqual(activityJson(a));
  });

  it('no half-made activity: each problem is named, and an empty draft asks for a step', () => {
    expect(draftToActivity(EMPTY_DRAFT, 'is707').problems).toEqual([
      { field: 'steps', message: 'add a step first' },
    ]);
    const untitled = draftToActivity({ ...threeSteps(), title: ' ' }, 'is707');
    expect(untitled.activity).toBeNull();
    expect(untitled.problems.map((p) => p.field)).toEqual(['title']);
    // A step on another system's scenario is named, not silently dropped.
    const mixed = draftToActivity(
      {
        ...threeSteps(),
        steps: [...threeSteps().steps, stepWithoutQuestion('GSM', 'Now GSM.', 'system=gsm', [])],
      },
      'is707',
    );
    expect(mixed.activity).toBeNull();
    expect(mixed.problems.map((p) => p.field)).toContain('steps.3.scenario');
  });
});

describe('a step’s caption for presenter mode', () => {
  it('is set on its step as typed, goes into the activity trimmed, and an empty one is no field', () => {
    const d = setStepCaption(threeSteps(), 1, '  Watch the RTO chart.  ');
    expect(d.steps[1].caption).toBe('  Watch the RTO chart.  ');
    expect(d.steps[0].caption).toBeUndefined();
    const { activity, problems } = draftToActivity(d, 'is707');
    expect(problems).toEqual([]);
    expect(activity!.steps[1].caption).toBe('Watch the RTO chart.');
    expect(activityFile(activity!)).toContain('"caption": "Watch the RTO chart."');
    expect('caption' in setStepCaption(d, 1, '   ').steps[1]).toBe(false);
  });

  it('holds 400 characters; one more is named by its step with the count, and no activity is made', () => {
    const fits = 'é'.repeat(MAX_CAPTION);
    expect(captionProblem(0, fits)).toBeNull();
    expect(draftToActivity(setStepCaption(threeSteps(), 2, fits), 'is707').activity!.steps[2].caption).toBe(
      fits,
    );
    const long = setStepCaption(threeSteps(), 2, `${fits}!`);
    const r = draftToActivity(long, 'is707');
    expect(r.activity).toBeNull();
    expect(r.problems).toEqual([
      { field: 'steps.2.caption', message: '401 characters; a caption has at most 400' },
    ]);
    expect(captionLength(`  ${fits}!  `)).toBe(401);
  });
});
