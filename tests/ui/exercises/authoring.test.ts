import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import { parseScenario } from '../../../src/engine/scenarios';
import { decodeViewChecked } from '../../../src/state/url-codec';
import { TraceBuffers } from '../../../src/state/trace-buffers';
import {
  EMPTY_FORM,
  exerciseFile,
  exerciseId,
  formToExercise,
  studentLink,
  summaryPaths,
} from '../../../src/ui/exercises/authoring';
import { computeTruth, truthNeedsTraces, truthRuns, validateExercise } from '../../../src/ui/exercises/check';
import { describeMeasure, measureTrace } from '../../../src/ui/exercises/measure';

const SCENARIO = 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=120';

describe('writing an exercise in the lab', () => {
  const form = {
    ...EMPTY_FORM,
    title: 'The RTO’s top!',
    question: 'How large does the RTO get?',
    tolAbs: '1',
    unit: 's',
  };

  it('makes an exercise of the shipped format, hiding the figure it checks', () => {
    const { exercise, problems } = formToExercise(form, 'is707', SCENARIO, ['seq', 'rto']);
    expect(problems).toEqual([]);
    expect(exercise).toEqual({
      id: 'is707-the-rto-s-top',
      system: 'is707',
      title: 'The RTO’s top!',
      task: EMPTY_FORM.task,
      scenario: SCENARIO,
      charts: ['seq', 'rto'],
      question: 'How large does the RTO get?',
      checking:
        "How it is checked: the lab computes the summary figure tcp.maxRto of the exercise's scenario (its own seed), and accepts answers within ± 1.",
      hides: ['tcp.maxRto'],
      answer: {
        kind: 'number',
        unit: 's',
        truth: { kind: 'summary', path: 'tcp.maxRto' },
        tolerance: { abs: 1 },
      },
    });
    // The file it saves is a valid exercise file.
    expect(validateExercise(JSON.parse(exerciseFile(exercise!)))).toEqual(exercise);
  });

  it('the student link opens it: scenario in the query, the exercise open in the fragment', () => {
    const ex = formToExercise(form, 'is707', SCENARIO, ['seq', 'rto']).exercise!;
    const url = new URL(studentLink('http://127.0.0.1:4173', '/', ex));
    expect(url.search.slice(1)).toBe(SCENARIO);
    const { view, errors } = decodeViewChecked(url.hash, { exercises: ['is707-max-rto'] });
    expect(errors).toEqual([]);
    expect(view.exercise).toBe(ex.id);
    expect(view.authored?.exercise).toEqual(ex);
    expect(view.charts).toEqual(['seq', 'rto']);
    expect(url.href.length).toBeLessThan(700);
  });

  it('a form with a problem makes no exercise and names the field', () => {
    const r = formToExercise({ ...form, question: ' ', seeds: '50' }, 'is707', SCENARIO, []);
    expect(r.exercise).toBeNull();
    expect(r.problems.map((p) => p.field)).toEqual(['question', 'answer.truth.seeds']);
  });

  it('a trace measure over seeds, and a state answer with a band', () => {
    const m = formToExercise(
      {
        ...form,
        quantity: 'measure',
        source: 'tcp.timeout',
        field: '',
        measure: 'count',
        from: '0',
        to: '60',
        seeds: '3',
      },
      'is707',
      SCENARIO,
      ['rto'],
    ).exercise!;
    expect(m.answer).toMatchObject({
      truth: { kind: 'measure', source: 'tcp.timeout', measure: 'count', from: 0, to: 60, seeds: 3 },
    });
    expect(truthNeedsTraces(m)).toBe(true);
    expect(truthRuns(m)).toEqual([1, 2, 3].map((s) => `${SCENARIO}&seed=${s}`));
    const s = formToExercise(
      {
        ...form,
        answerKind: 'state',
        conditions: [
          { path: 'tcp.maxRto', op: '>=', value: '16', tol: '', label: 'the largest RTO', unit: 's' },
          { path: 'tcp.maxRto', op: '<=', value: '64', tol: '', label: '', unit: '' },
        ],
      },
      'is707',
      SCENARIO,
      [],
    ).exercise!;
    expect(s.answer).toEqual({
      kind: 'state',
      requireDone: true,
      conditions: [
        // Named and with its unit as the teacher wrote them (the student reads "the largest RTO").
        { path: 'tcp.maxRto', op: '>=', value: 16, label: 'the largest RTO', unit: 's' },
        { path: 'tcp.maxRto', op: '<=', value: 64 },
      ],
    });
    expect(s.hides).toEqual(['tcp.maxRto']);
  });

  it('a measure over a trace hides the summary figures the teacher names (it has no summary figure of its own)', () => {
    const timeouts = {
      ...form,
      quantity: 'measure' as const,
      source: 'tcp.timeout',
      measure: 'count' as const,
      field: '',
      hideFigure: true,
      hideCharts: ['rto' as const],
    };
    // Without more figures named, the summary's own count (tcp.timeouts) would answer it.
    expect(formToExercise(timeouts, 'is707', SCENARIO, []).exercise!.hides).toEqual(['chart:rto']);
    const ex = formToExercise(
      { ...timeouts, hideMore: ' tcp.timeouts,link.budget  tcp.timeouts' },
      'is707',
      SCENARIO,
      [],
    ).exercise!;
    expect(ex.hides).toEqual(['tcp.timeouts', 'link.budget', 'chart:rto']);
    // A path the reader refuses names the field.
    const bad = formToExercise({ ...timeouts, hideMore: 'tcp.timeouts, <b>' }, 'is707', SCENARIO, []);
    expect(bad.exercise).toBeNull();
    expect(bad.problems.map((p) => p.field)).toContain('hides');
  });

  it('ids and summary paths', () => {
    expect(exerciseId('gsm', '  ')).toBe('gsm-exercise');
    expect(exerciseId('phs', 'Éé x'.repeat(20)).length).toBeLessThanOrEqual(44);
    expect(summaryPaths({ a: 1, b: { c: 2, d: 'x', e: [1] } })).toEqual(['a', 'b.c']);
  });
});

describe('a measure over a trace of a run', () => {
  const text = 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=300';
  const sim = createSimulation(parseScenario(text).scenario);
  sim.runToEnd();
  const summary = sim.summary() as unknown as { tcp: { maxRto: number; timeouts: number } };
  const buffers = new TraceBuffers();
  const sources = sim.traces.sources();
  buffers.declare(sources);
  buffers.append(sources.map((s) => sim.traces.read(s.name)));
  const data = buffers.snapshot();
  const names = sources.map((s) => s.name);

  it('agrees with the summary: the largest RTO in force and the number of timeouts', () => {
    expect(measureTrace(data, names, { source: 'tcp.rtoActive', field: 'seconds', measure: 'max' })).toBe(
      summary.tcp.maxRto,
    );
    expect(measureTrace(data, names, { source: 'tcp.timeout', measure: 'count' })).toBe(summary.tcp.timeouts);
    expect(summary.tcp.timeouts).toBeGreaterThan(0);
  });

  it('a time span and a where clause narrow it; unknown sources and fields are NaN', () => {
    const all = measureTrace(data, names, { source: 'tcp.send', measure: 'count' });
    const rtx = measureTrace(data, names, {
      source: 'tcp.send',
      measure: 'count',
      where: { field: 'rtx', equals: 1 },
    });
    const early = measureTrace(data, names, { source: 'tcp.send', measure: 'count', to: 60 });
    expect(rtx).toBeGreaterThan(0);
    expect(rtx).toBeLessThan(all);
    expect(early).toBeLessThan(all);
    expect(measureTrace(data, names, { source: 'tcp.nothing', measure: 'count' })).toBeNaN();
    expect(measureTrace(data, names, { source: 'tcp.send', field: 'nope', measure: 'max' })).toBeNaN();
    expect(computeTruth({ kind: 'measure', source: 'x', measure: 'max', field: 'y' }, [2, 4])).toBe(3);
    expect(
      describeMeasure({ source: 'tcp.send', measure: 'count', where: { field: 'rtx', equals: 1 }, to: 60 }),
    ).toBe('the number of tcp.send records with rtx = 1 between 0 s and 60 s');
  });
});
