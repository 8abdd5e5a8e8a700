/**
 * The remedies lesson (issue 26 item 5): one exercise per must-reproduce item of remedies.md
 * (GERAN F-RTO, the PHS burst with Eifel, IS-707 Snoop, IS-707 SACK, GSM's price of timestamps, the
 * PHS split connection's price, ELN on the IS-707 upload), each answer a
 * figure the lab computes headless to the value its explanation states, each plain-TCP figure its
 * words compare with measured on the same realisation; and a remedies sweep per system whose keys
 * and values exist, whose curves differ only in `remedy` (same seeds: same channels), and whose run
 * count stays classroom-sized.
 */
import { describe, expect, it } from 'vitest';
import { getPath } from '../../../src/engine/analysis';
import { paramSpec, parseScenario } from '../../../src/engine/scenarios';
import { REMEDY_VALUES } from '../../../src/engine/systems/remedy-params';
import { mergeScenario, setupFromSpec, sweepRuns } from '../../../src/state/sweep';
import { checkNumber } from '../../../src/ui/exercises/check';
import type { Exercise } from '../../../src/ui/exercises/types';
import { findPreset } from '../../../src/ui/presets';
import { LAB_PLUGINS } from '../../../src/ui/systems';
import { headlessTruth, runSummary } from './headless';

const shipped = (id: string): Exercise => {
  const ex = LAB_PLUGINS.flatMap((p) => p.exercises.exercises).find((e) => e.id === id);
  if (!ex) throw new Error(`no shipped exercise ${id}`);
  return ex;
};

/** A number as written (`49.9`) is `v` rounded to its decimals. */
const writes = (written: string, v: number): boolean =>
  Number(v.toFixed(written.split('.')[1]?.length ?? 0)) === Number(written);

interface Lesson {
  readonly id: string;
  /** The answer as the explanation opens with it. */
  readonly answer: string;
  /** Keys that turn the exercise's remedy off: plain TCP on the same realisation. */
  readonly plain: string;
  /** Figures of the plain run the words state: summary path → the number as written, and where. */
  readonly plainFigures: readonly { path: string; written: string; in: 'task' | 'explanation' }[];
  /** Figures of the exercise's own run its explanation states besides the answer. */
  readonly ownFigures?: readonly { path: string; written: string }[];
}

const LESSONS: readonly Lesson[] = [
  {
    id: 'geran-frto-resend',
    answer: '2',
    plain: 'frto=0',
    plainFigures: [
      { path: 'tcp.retransmits', written: '11', in: 'task' },
      { path: 'tcp.retransmits', written: '11', in: 'explanation' },
    ],
    ownFigures: [
      { path: 'tcp.timeouts', written: '2' },
      { path: 'tcp.spuriousTimeouts', written: '2' },
      { path: 'tcp.spuriousDetected', written: '2' },
    ],
  },
  {
    id: 'phs-eifel-burst',
    answer: '1',
    plain: 'eifel=0&timestamps=0',
    plainFigures: [
      { path: 'tcp.retransmits', written: '5', in: 'task' },
      { path: 'tcp.retransmits', written: '5', in: 'explanation' },
    ],
    ownFigures: [
      { path: 'tcp.timeouts', written: '1' },
      { path: 'tcp.spuriousDetected', written: '1' },
    ],
  },
  {
    id: 'is707-sack-timeouts',
    answer: '11',
    plain: 'sack=0',
    plainFigures: [
      { path: 'tcp.timeouts', written: '21', in: 'task' },
      { path: 'tcp.timeouts', written: '21', in: 'explanation' },
      { path: 'normalizedGoodput', written: '0.46', in: 'explanation' },
    ],
    ownFigures: [{ path: 'normalizedGoodput', written: '0.61' }],
  },
  {
    id: 'is707-snoop-local',
    answer: '99',
    plain: 'snoop=0',
    plainFigures: [
      { path: 'tcp.timeouts', written: '36', in: 'task' },
      { path: 'normalizedGoodput', written: '0.071', in: 'explanation' },
    ],
    ownFigures: [
      { path: 'snoop.suppressedDupAcks', written: '118' },
      { path: 'tcp.timeouts', written: '21' },
      { path: 'normalizedGoodput', written: '0.144' },
      { path: 'snoop.handedBack', written: '3' },
    ],
  },
  {
    id: 'is707-eln-upload',
    answer: '57',
    plain: 'eln=0',
    plainFigures: [{ path: 'normalizedGoodput', written: '0.789', in: 'explanation' }],
    ownFigures: [
      { path: 'tcp.fastRetransmits', written: '3' },
      { path: 'normalizedGoodput', written: '0.785' },
    ],
  },
  {
    id: 'phs-split-lead',
    answer: '0.789',
    plain: 'split=0',
    plainFigures: [{ path: 'app.transferTime', written: '39.39', in: 'explanation' }],
    ownFigures: [{ path: 'app.transferTime', written: '38.68' }],
  },
  {
    id: 'gsm-timestamps-price',
    answer: '49.9',
    plain: 'timestamps=0',
    plainFigures: [
      { path: 'link.budget.headers', written: '7', in: 'task' },
      { path: 'link.budget.headers', written: '7.4', in: 'explanation' },
      { path: 'app.kbytesPerSecond', written: '0.805', in: 'explanation' },
    ],
    ownFigures: [{ path: 'app.kbytesPerSecond', written: '0.743' }],
  },
];

describe('the remedies exercises (issue 26 item 5)', () => {
  for (const l of LESSONS) {
    it(`${l.id}: the answer computes headless to the ${l.answer} its explanation opens with`, () => {
      const ex = shipped(l.id);
      expect(ex.explanation ?? '').toMatch(new RegExp(`^(About )?${l.answer.replace('.', '\\.')}\\b`));
      const { truth } = headlessTruth(ex);
      expect(writes(l.answer, truth), `truth ${truth}`).toBe(true);
      if (ex.answer.kind !== 'number') throw new Error('a number answer');
      expect(checkNumber(ex.answer, l.answer, truth).correct).toBe(true);
      for (const f of l.ownFigures ?? []) {
        expect(ex.explanation).toContain(f.written);
        const v = getPath(runSummary(ex.scenario), f.path);
        expect(writes(f.written, v), `${f.path} ${v}`).toBe(true);
      }
    });

    it(`${l.id}: plain TCP on the same realisation gives the figures its words compare with`, () => {
      const ex = shipped(l.id);
      const plainText = mergeScenario(ex.scenario, l.plain);
      const plain = parseScenario(plainText);
      expect(plain.errors).toEqual([]);
      // Same channel: the exercise's own scenario but for the remedy keys (same seed).
      expect(plain.scenario.seed).toBe(parseScenario(ex.scenario).scenario.seed);
      for (const f of l.plainFigures) {
        expect(ex[f.in]).toContain(f.written);
        const v = getPath(runSummary(plainText), f.path);
        expect(writes(f.written, v), `${f.path} ${v}`).toBe(true);
      }
    });
  }

  it('GSM: the goodput the explanation prices timestamps at is the measured change', () => {
    const ex = shipped('gsm-timestamps-price');
    const own = getPath(runSummary(ex.scenario), 'app.kbytesPerSecond');
    const plain = getPath(runSummary(mergeScenario(ex.scenario, 'timestamps=0')), 'app.kbytesPerSecond');
    expect(ex.explanation).toContain('7.7 %');
    expect(writes('7.7', 100 * (1 - own / plain))).toBe(true);
  });
});

/** The remedies sweep presets: the system's main radio knob on x, one curve per remedy. */
const SWEEPS = [
  { id: 'is707-remedy-sweep', key: 'fer' },
  { id: 'gsm-remedy-sweep', key: 'fer' },
  { id: 'phs-remedy-sweep', key: 'msX' },
  { id: 'geran-remedy-sweep', key: 'activity' },
  { id: 'dect-remedy-sweep', key: 'berScale' },
  { id: 'is707-snoop-sweep', key: 'fer' },
] as const;

/** Most runs a remedies sweep may take (the classroom-minute budget; the IS-707 Figure 3 sweep takes 63). */
const MAX_RUNS = 64;

describe('the remedies sweep presets (issue 26 item 5)', () => {
  for (const { id, key } of SWEEPS) {
    it(`${id}: ${key} against remedy=none|…, keys and values that exist, the same seeds on every curve`, () => {
      const p = findPreset(id);
      const sweep = p?.sweep;
      if (!p || !sweep) throw new Error(`no sweep preset ${id}`);
      expect(sweep.key).toBe(key);
      // The x key is a number key of the system, every value in its range.
      const spec = paramSpec(p.system, key);
      expect(spec?.kind).toBe('number');
      if (spec?.kind !== 'number') return;
      for (const v of sweep.values) {
        expect(typeof v).toBe('number');
        expect(v as number).toBeGreaterThanOrEqual(spec.min);
        expect(v as number).toBeLessThanOrEqual(spec.max);
      }
      // One curve per remedy, plain TCP first, each a value the `remedy` key allows.
      const remedy = paramSpec(p.system, 'remedy');
      if (remedy?.kind !== 'enum') throw new Error('remedy is an enum key');
      const named = sweep.series.map((s) => /^remedy=([a-z]+)$/.exec(s.keys)?.[1]);
      expect(named[0]).toBe('none');
      expect(named.length).toBeGreaterThanOrEqual(3);
      for (const r of named) {
        expect(remedy.options).toContain(r);
        expect(REMEDY_VALUES).toContain(r);
      }
      expect(new Set(named).size).toBe(named.length);
      // The base names no remedy: the series alone choose it.
      expect(sweep.base).not.toMatch(/sack|timestamps|eifel|frto|remedy/);
      // Every run parses; each x value runs the same seeds on every curve (paired realisations).
      const { runs, errors } = sweepRuns(setupFromSpec(sweep));
      expect(errors).toEqual([]);
      expect(runs.length).toBe(sweep.values.length * sweep.series.length * sweep.seeds);
      expect(runs.length).toBeLessThanOrEqual(MAX_RUNS);
      for (const r of runs) expect(parseScenario(r.text).errors).toEqual([]);
      const seedsAt = (series: number, x: number) =>
        runs
          .filter((r) => r.series === series && r.xIndex === x)
          .map((r) => r.seed)
          .sort((a, b) => a - b);
      for (let x = 0; x < sweep.values.length; x++)
        for (let s = 1; s < sweep.series.length; s++) expect(seedsAt(s, x)).toEqual(seedsAt(0, x));
      // The metric is a figure of these runs (the first run: every curve's summary has the same fields).
      expect(Number.isFinite(getPath(runSummary(runs[0].text), sweep.metric)), runs[0].text).toBe(true);
    });
  }
});

describe('is707-snoop-sweep: the figures its text states (FER 0.1, three seeds)', () => {
  it('Snoop: 11.0 → 0.3 mean timeouts and goodput 0.593 → 0.698 against plain TCP', () => {
    const sweep = findPreset('is707-snoop-sweep')?.sweep;
    if (!sweep) throw new Error('no is707-snoop-sweep');
    const mean = (remedy: string, path: string): number => {
      let sum = 0;
      for (let seed = 1; seed <= sweep.seeds; seed++)
        sum += getPath(runSummary(`${sweep.base}&fer=0.1&seed=${seed}&remedy=${remedy}`), path);
      return sum / sweep.seeds;
    };
    expect(mean('none', 'tcp.timeouts')).toBeCloseTo(11.0, 1);
    expect(mean('snoop', 'tcp.timeouts')).toBeCloseTo(0.3, 0);
    expect(mean('none', 'normalizedGoodput')).toBeCloseTo(0.593, 3);
    expect(mean('snoop', 'normalizedGoodput')).toBeCloseTo(0.698, 3);
  });
});
