/**
 * The takeaway's numbers are the run's own (issue 25 item 3): every preset of every system runs
 * headless (its duration capped at CAP_S, so the whole file takes a few seconds) and for each
 * sentence of its takeaway every number in the text is read back and must equal the summary
 * figure the rule printed, as rounded for print; no other number may appear in the text.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import { parseScenario } from '../../../src/engine/scenarios';
import { getPath } from '../../../src/engine/analysis';
import type { Summary } from '../../../src/engine/scenario/summary';
import { PRESETS } from '../../../src/ui/presets';
import { labPlugin } from '../../../src/ui/systems';
import { takeaway } from '../../../src/ui/takeaway/compose';
import type { TakeawayFigure } from '../../../src/ui/takeaway/types';

/** Simulated seconds each preset runs at most; DECT's cell of background calls costs most per second. */
const CAP_S = 60;
const CAP_BY_SYSTEM: Readonly<Record<string, number>> = { dect: 20 };
const ALL = Object.values(PRESETS).flatMap((list) => list ?? []);

function run(text: string, cap = CAP_S): Summary {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const duration = Number(scenario.values.duration);
  const capped = { ...scenario, values: { ...scenario.values, duration: Math.min(duration, cap) } };
  const sim = createSimulation(capped, { traces: false });
  sim.runToEnd();
  return sim.summary();
}

/** The numbers of a text, as printed (thin-space thousands groups, a decimal point). */
const NUMBER = /\d+(?:\u202f\d{3})*(?:\.\d+)?/g;
const read = (t: string): number => Number(t.replace(/\u202f/g, ''));

/** Half a unit of the last digit printed: how far a rounded figure may be from its value. */
function halfLastDigit(printed: string): number {
  const frac = printed.split('.')[1];
  return 0.5 * 10 ** -(frac?.length ?? 0);
}

/** The figure's value in the units its text prints, read off the unit after the number. */
function printedValue(f: TakeawayFigure, number: string): { shown: number; value: number } {
  const shown = read(number);
  const unit = f.text.slice(f.text.indexOf(number) + number.length).trim();
  switch (f.format) {
    case 'percent':
      return { shown, value: f.value * 100 };
    case 'seconds':
      return { shown, value: unit.startsWith('ms') ? f.value * 1000 : f.value };
    case 'bitRate':
      return {
        shown,
        value: unit.startsWith('Mbit') ? f.value / 1e6 : unit.startsWith('kbit') ? f.value / 1e3 : f.value,
      };
    default:
      return { shown, value: f.value };
  }
}

/** Check a summary's takeaway against it; returns the rules that spoke. */
function checkTakeaway(s: Summary, where: string): string[] {
  const sentences = takeaway(s, labPlugin(s.system)?.takeaway);
  for (const sentence of sentences) {
    const at = `${where}: “${sentence.text}”`;
    const numbers = sentence.text.match(NUMBER) ?? [];
    const printed = sentence.figures.flatMap((f) => f.text.match(NUMBER) ?? []);
    // Every number of the text is a figure's, in order: nothing else prints a number.
    expect(numbers, at).toEqual(printed);
    for (const f of sentence.figures) {
      // The figure is the summary's own.
      expect(f.value, `${at} ${f.path}`).toBe(getPath(s, f.path));
      expect(Number.isFinite(f.value), `${at} ${f.path}`).toBe(true);
      const number = (f.text.match(NUMBER) ?? [])[0] ?? '';
      expect(number, `${at} ${f.path}`).not.toBe('');
      const { shown, value } = printedValue(f, number);
      expect(Math.abs(shown - value), `${at} ${f.path}: ${shown} vs ${value}`).toBeLessThanOrEqual(
        halfLastDigit(number) + 1e-9,
      );
    }
  }
  return sentences.map((x) => x.rule);
}

describe('the takeaway prints the summary’s own figures, on every preset', () => {
  it.each(ALL.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const s = run(p.scenario, CAP_BY_SYSTEM[p.system] ?? CAP_S);
    if (process.env.TAKEAWAY_PRINT)
      console.log(
        p.id,
        takeaway(s, labPlugin(s.system)?.takeaway).map((x) => x.text),
      );
    const rules = checkTakeaway(s, p.id);
    // Two or three sentences for a run that used TCP; at least one for any run.
    expect(rules.length, `${p.id}: ${rules.join()}`).toBeGreaterThanOrEqual(s.tcp.segmentsSent > 0 ? 2 : 1);
    expect(rules.length).toBeLessThanOrEqual(3);
  });
});

describe('the takeaway names the run’s main effect', () => {
  it('IS-707 Figures 5–6 (FER 0.3, f_dT 0.01), whole: the RTO parked at 64 s for 35 % of the run comes first', () => {
    const s = run('system=is707&fer=0.3&fdt=0.01&duration=1000', 1000);
    const [first] = takeaway(s, labPlugin(s.system)?.takeaway);
    expect(first.rule).toBe('rto-at-max');
    expect(first.text).toBe(
      'The RTO sat at 64\u202fs for 35\u202f% of the run: all that time TCP was waiting for its timer, not sending.',
    );
  });

  it('a clean GSM run says no loss reached TCP, and the goodput', () => {
    const s = run('system=gsm&radio=custom&fer=0&duration=60');
    const rules = checkTakeaway(s, 'clean gsm');
    expect(rules).toContain('no-loss-reached-tcp');
    expect(rules).toContain('goodput-share');
  });

  it('a rule that throws is left out; the others still speak', () => {
    const s = run('system=is707&fer=0.3&duration=60');
    const sentences = takeaway(s, {
      rules: [
        {
          id: 'broken',
          apply() {
            throw new Error('no');
          },
        },
      ],
    });
    expect(sentences.map((x) => x.rule)).not.toContain('broken');
    expect(sentences.length).toBeGreaterThan(0);
  });
});
