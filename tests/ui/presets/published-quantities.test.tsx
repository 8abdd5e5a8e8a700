// @vitest-environment jsdom
/**
 * Preset tables (issue 20 item 5): every "This run" cell is the same quantity, unit and form as
 * the published one beside it. Found before: PHS Figure 4 printed a CRC count as "12 687 dBµV",
 * GERAN's set-up limits printed failure counts as seconds, GERAN's delay preset set the rate at
 * 0.25 s beside a run at 4 s, DECT printed "0.12" beside "3.9 %". Over every preset of every
 * system: each row's declared quantity is its live path's (ui/summary-fields.ts); its conditions
 * (`at`) are the preset's keys; a figure only a sweep gives points at the preset's sweep; and in
 * the rendered table the study's cell and the run's, given the same number, read the same.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/engine/scenarios';
import type { Summary } from '../../../src/engine/scenario/summary';
import { PresetInfo } from '../../../src/ui/components/PresetInfo';
import { PRESETS, type Preset, type PublishedValue } from '../../../src/ui/presets';
import { formatQuantity, formatStudy, sameQuantity, type StudyValue } from '../../../src/ui/quantity';
import { summaryField } from '../../../src/ui/summary-fields';
import { renderInLab } from '../render-lab';

const ALL = Object.values(PRESETS).flatMap((list) => list ?? []);
const WITH_ROWS = ALL.filter((p) => (p.published ?? []).length > 0);

/** A number the study's value names (its figure, a range's end, a bound), or null for words. */
function studyNumber(v: StudyValue): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return null;
  if (Array.isArray(v)) return (v as readonly number[])[0];
  const values = Object.values(v as Record<string, number>);
  return values.at(-1) ?? null;
}

/** A sample live value for a row: the study's own number where it has one. */
function sampleValue(row: PublishedValue): number {
  return studyNumber(row.value) ?? (row.quantity.form === 'percent' ? 0.25 : 12.5);
}

/** A summary holding `value` at each path (list indices make lists). */
function summaryWith(system: string, values: readonly [string, unknown][]): Summary {
  const root: Record<string, unknown> = { system, seed: 1, simTime: 10, tcp: {}, app: {}, link: {} };
  for (const [path, value] of values) {
    const parts = path.split('.');
    let cur = root as Record<string, unknown>;
    parts.slice(0, -1).forEach((part, i) => {
      if (cur[part] === undefined) cur[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      cur = cur[part] as Record<string, unknown>;
    });
    cur[parts.at(-1)!] = value;
  }
  return root as unknown as Summary;
}

/** The unit a printed figure ends with ("kbit/s", "%", "ms"), or '' for a bare number. */
const unitOf = (text: string): string => text.replace(/^.*\d/, '').trim();

describe('published rows declare their quantity, and it is the live figure’s', () => {
  it.each(WITH_ROWS.map((p) => [p.id, p] as const))('%s', (_id, p: Preset) => {
    const { scenario, errors } = parseScenario(p.scenario);
    expect(errors).toEqual([]);
    for (const row of p.published ?? []) {
      const where = `${p.id} “${row.label}”`;
      expect(row.quantity, where).toBeDefined();
      if (row.live) {
        const field = summaryField(p.system, row.live);
        expect(field, `${where}: ${row.live} has no field (label and quantity)`).toBeDefined();
        expect(
          sameQuantity(row.quantity, field!.quantity),
          `${where}: the study's ${JSON.stringify(row.quantity)} beside ${row.live}'s ${JSON.stringify(field!.quantity)}`,
        ).toBe(true);
        expect(row.fromSweep, `${where}: a live figure and “from the sweep” at once`).toBeUndefined();
      }
      if (row.fromSweep) expect(p.sweep, `${where}: from a sweep the preset does not have`).toBeDefined();
      if (row.at) {
        // The study's conditions are the preset's: its figure stands beside a run of the same case.
        const at = parseScenario(`system=${p.system}&${row.at}`);
        expect(at.errors, where).toEqual([]);
        for (const [key] of new URLSearchParams(row.at))
          expect(scenario.values[key], `${where}: ${key}`).toEqual(at.scenario.values[key]);
      }
    }
  });
});

describe('the table prints both cells in one form', () => {
  it.each(WITH_ROWS.map((p) => [p.id, p] as const))('%s', (_id, p: Preset) => {
    const rows = p.published ?? [];
    const values = rows.filter((r) => r.live).map((r) => [r.live!, sampleValue(r)] as [string, unknown]);
    const { host } = renderInLab(<PresetInfo />, (h) =>
      h.store.setState({
        system: p.system,
        text: '',
        summary: summaryWith(p.system, values),
        view: { ...h.store.getState().view, preset: p.id },
      }),
    );
    act(() => {});
    const trs = [...host.querySelectorAll('tbody tr')];
    expect(trs).toHaveLength(rows.length);
    expect(host.querySelector('thead')?.textContent).toContain('This run');
    rows.forEach((row, i) => {
      const where = `${p.id} “${row.label}”`;
      const [study, live] = [...trs[i].querySelectorAll('td')].map((td) => td.textContent ?? '');
      expect(study.startsWith(formatStudy(row.quantity, row.value)), where).toBe(true);
      if (row.fromSweep) expect(live, where).toContain('go to the sweep');
      if (!row.live) return;
      const v = sampleValue(row);
      // The run's cell is the summary field printed as the summary panel prints it…
      expect(live, where).toBe(formatQuantity(summaryField(p.system, row.live)!.quantity, v));
      // …and given the study's own number it reads as the study's cell does.
      if (typeof row.value === 'number') expect(live, where).toBe(formatQuantity(row.quantity, row.value));
      else if (typeof row.value !== 'string')
        expect(unitOf(live), where).toBe(unitOf(formatStudy(row.quantity, row.value)));
    });
  });

  it('shares and durations read alike on both sides (DECT once printed 0.12 beside 3.9 %)', () => {
    const share = { form: 'percent' } as const;
    expect(formatStudy(share, 0.12)).toBe('12\u202f%');
    expect(formatQuantity(share, 0.039)).toBe('3.9\u202f%');
    expect(formatStudy(share, { from: 0.3, to: 0.5 })).toBe('30–50\u202f%');
    expect(formatStudy({ form: 'seconds' }, { from: 1, to: 6 })).toBe('1–6\u202fs');
    expect(formatStudy({ form: 'seconds' }, { above: 8 })).toBe('> 8\u202fs');
    expect(formatQuantity({ form: 'decimal', unit: 'dBµV' }, [63.74, 62.03])).toBe('63.74, 62.03\u202fdBµV');
    expect(formatStudy({ form: 'decimal', unit: 'kbit/s' }, [239.52, 178.08])).toBe(
      '239.5 / 178.1\u202fkbit/s',
    );
  });
});
