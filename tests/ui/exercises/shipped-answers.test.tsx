/**
 * The answers of the shipped exercises, computed as the lab computes them (every truth run, here in
 * Node), and what a student reads before answering (issue 20 items 25, 29): no field shown before
 * the answer — title, task, question, "how it is checked", hint — states the answer or an end of
 * its accepted band; and a hint names what the page shows while the exercise is open.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import type { Summary } from '../../../src/engine/scenario/summary';
import { parseScenario } from '../../../src/engine/scenarios';
import type { Condition, Exercise } from '../../../src/state/exercise-schema';
import { checkNumber, computeBand, computeTruth, truthRuns } from '../../../src/ui/exercises/check';
import { answerPaths, isHidden } from '../../../src/ui/exercises/hidden';
import { ByteBudget } from '../../../src/ui/systems/gsm/ByteBudgetBar';
import { LAB_PLUGINS } from '../../../src/ui/systems';

const SHIPPED: readonly Exercise[] = LAB_PLUGINS.flatMap((p) => p.exercises.exercises);
const shipped = (id: string): Exercise => SHIPPED.find((e) => e.id === id)!;

const summaries = new Map<string, Summary[]>();
/** The summaries of an exercise's truth runs (each run once per test file). */
function truthSummaries(ex: Exercise): Summary[] {
  let s = summaries.get(ex.id);
  if (!s) {
    s = truthRuns(ex).map((text) => {
      const sim = createSimulation(parseScenario(text).scenario);
      sim.runToEnd();
      return sim.summary();
    });
    summaries.set(ex.id, s);
  }
  return s;
}

/** The fields a student reads before answering. */
const BEFORE = ['title', 'task', 'question', 'checking', 'hint'] as const;

/** Units a number may carry in an exercise's text: a number in another unit is another quantity. */
const UNIT = /^\s?(ms|s|kB|MB|B|%|kbit\/s|kbyte\/s|bytes\/s|dBµV|m|km|segments\/s|MAC|seeds?|runs|links?)\b/;

/**
 * The numbers a text states as figures, each with its written decimals: not a setting (`channels =
 * 5`, `f_dT = 0.01`), not part of a name (`V.42`), and not in a unit other than `unit` (`5 s` when
 * the answer counts timeouts).
 */
function statedNumbers(text: string, unit?: string): { value: number; decimals: number }[] {
  const out: { value: number; decimals: number }[] = [];
  for (const m of text.matchAll(/\d+(?:\.\d+)?/g)) {
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length);
    if (/=\s?$/.test(before) || /[\d.]$/.test(before)) continue;
    const u = UNIT.exec(after);
    if (u && unit !== undefined && u[1] !== unit.split(' ')[0]) continue;
    out.push({ value: Number(m[0]), decimals: m[0].split('.')[1]?.length ?? 0 });
  }
  return out;
}

/** Whether `n`, as written, is `v` rounded to n's decimals (64 for 64.0; 0.18 for 0.1833). */
function writes(n: { value: number; decimals: number }, v: number): boolean {
  return Number.isFinite(v) && Number(v.toFixed(n.decimals)) === n.value;
}

describe('the shipped exercises’ answers', () => {
  it('is707-idle-double: seeds 1–10 give a band of several answers, with the 1.5× answer inside it', () => {
    const ex = shipped('is707-idle-double');
    expect(ex.checking).toMatch(/seeds 1 to 10/);
    const truth = ex.answer.kind === 'number' ? ex.answer.truth : (null as never);
    const s = truthSummaries(ex);
    expect(s).toHaveLength(11 * 10);
    const band = computeBand(truth, s)!;
    const answer = computeTruth(truth, s);
    expect(band).not.toBeNull();
    expect(band[1]).toBeGreaterThan(band[0]); // more than one accepted answer
    expect(answer).toBeGreaterThanOrEqual(band[0]);
    expect(answer).toBeLessThanOrEqual(band[1]);
    expect(band[0]).toBeGreaterThanOrEqual(1);
    expect(band[1]).toBeLessThanOrEqual(10);
  });

  it('none checks a measure over a trace (this test computes summary truths; extend it first)', () => {
    expect(SHIPPED.filter((e) => e.answer.kind === 'number' && e.answer.truth.kind === 'measure')).toEqual(
      [],
    );
  });

  for (const ex of SHIPPED.filter((e) => e.answer.kind === 'number')) {
    it(`${ex.id}: no field shown before answering states its answer or its band's ends`, () => {
      if (ex.answer.kind !== 'number') return;
      const s = truthSummaries(ex);
      const truth = computeTruth(ex.answer.truth, s);
      const band = computeBand(ex.answer.truth, s);
      expect(Number.isFinite(truth), 'the simulation has an answer').toBe(true);
      for (const field of BEFORE) {
        const text = ex[field] ?? '';
        for (const n of statedNumbers(text, ex.answer.unit)) {
          const where = `${field}: “${text}” states ${n.value} (answer ${truth}${band ? `, band ${band[0]}–${band[1]}` : ''})`;
          // The answer (or an end of its band) as written, rounded to the number's decimals …
          expect(
            [truth, ...(band ?? [])].some((v) => writes(n, v)),
            where,
          ).toBe(false);
          // … or, without a band, any number the check would accept.
          if (!band) expect(checkNumber(ex.answer, String(n.value), truth).correct, where).toBe(false);
        }
      }
    });
  }

  for (const ex of SHIPPED.filter((e) => e.answer.kind === 'state')) {
    it(`${ex.id}: a target the task does not set is never stated before answering`, () => {
      if (ex.answer.kind !== 'state') return;
      // The task and question set the goals a student's run must reach ("50 s or more"); a
      // condition they do not state is the answer's edge (a delay ≤ 10.6 s) and stays unsaid.
      const goals = statedNumbers(`${ex.task} ${ex.question}`);
      const edges = ex.answer.conditions.filter((c: Condition) => !goals.some((n) => writes(n, c.value)));
      for (const field of ['title', 'checking', 'hint'] as const) {
        const text = ex[field] ?? '';
        for (const n of statedNumbers(text))
          for (const c of edges)
            expect(writes(n, c.value), `${field}: “${text}” states ${c.path} ${c.op} ${c.value}`).toBe(false);
      }
    });
  }
});

describe('a hint agrees with what the page shows while the exercise is open (item 29)', () => {
  it('gsm-binary-slower names the slice the byte-budget bar shows, stuffing and spare together', () => {
    const ex = shipped('gsm-binary-slower');
    const hides = answerPaths(ex);
    const html = renderToStaticMarkup(
      <ByteBudget summary={truthSummaries(ex)[0]} hidden={(p) => isHidden(hides, p)} />,
    );
    const quoted = /“([^”]+)”/.exec(ex.hint ?? '')?.[1];
    expect(quoted).toBe('PPP byte stuffing and spare');
    expect(html).toContain(`${quoted}: <span class="muted">hidden while the exercise is open`);
    // The stuffing's own (hatched) slice is not drawn while the exercise is open.
    expect(html).not.toContain('data-slice="pppStuffing"');
    expect(ex.hint).not.toMatch(/the hatched slice is/);
  });

  it('gsm-timestamps-price names the slice the bar shows, headers and spare together', () => {
    const ex = shipped('gsm-timestamps-price');
    const hides = answerPaths(ex);
    const html = renderToStaticMarkup(
      <ByteBudget summary={truthSummaries(ex)[0]} hidden={(p) => isHidden(hides, p)} />,
    );
    const quoted = /“([^”]+)”/.exec(ex.hint ?? '')?.[1];
    expect(quoted).toBe('TCP/IP headers and spare');
    expect(html).toContain(`${quoted}: <span class="muted">hidden while the exercise is open`);
    expect(html).not.toContain('data-slice="headers"');
  });
});
