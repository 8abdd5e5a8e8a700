// @vitest-environment jsdom
/**
 * Summary text for people (issue 20 item 28). The link-counter list printed labels made from keys
 * ("Fer", "Fdt", "Srej", "Vj tossed", "Kbytes per second"); now every field it shows has a label
 * written for a reader. Each system runs every workload it offers for a few seconds, and every
 * field the list would show must have a label that is not its key in other letters (unless
 * listed as intended). DECT said "Workload: completed" at 0 s and during the run; a failed GERAN
 * run said "Best 5 s stretch: not yet (under 5 s of data)".
 */
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../src/engine';
import { schemaFor } from '../../src/engine/scenarios';
import { SummaryFigures, SummaryPanel, workloadWords } from '../../src/ui/components/SummaryPanel';
import { words } from '../../src/ui/format';
import { counterPaths, isMechanicalLabel, summaryField } from '../../src/ui/summary-fields';
import { LAB_PLUGINS } from '../../src/ui/systems';
import { renderInLab } from './render-lab';

/** Labels that are their key on purpose: keys that already read as English for people. */
const INTENDED: readonly string[] = [
  'link.idleFramesSent', // "Idle frames sent"
  'link.crcErrorsPerLink', // "CRC errors per link"
  'link.setups', // PHS "Link set-ups"
  'app.transactionsPerSecond', // "Transactions per second"
  'app.objectsPerPage', // "Objects per page"
  'app.meanBearers', // "Mean bearers": the study's own term (TH_teo = mean bearers × 5)
];

function summaryOf(text: string, run = true): Summary {
  const { scenario, errors } = parseScenario(text);
  expect(errors, text).toEqual([]);
  const sim = createSimulation(scenario, { traces: false });
  if (run) sim.runToEnd();
  return sim.summary();
}

describe('every shown summary field has a label for people', () => {
  it('the list’s old labels are recognised as mechanical', () => {
    for (const [path, label] of [
      ['link.fer', 'Fer'],
      ['link.srej', 'Srej'],
      ['link.vjTossed', 'Vj tossed'],
      ['app.kbytesPerSecond', 'Kbytes per second'],
      ['link.mac.givenUp', 'givenUp'],
    ])
      expect(isMechanicalLabel(path, label), label).toBe(true);
    expect(words('vjTossed')).toBe('Vj tossed');
    expect(isMechanicalLabel('link.vjTossed', 'Packets the VJ decompressor tossed')).toBe(false);
  });

  it.each(LAB_PLUGINS.map((p) => [p.id] as const))('%s, every workload', (id) => {
    const app = (schemaFor(id) ?? []).find((p) => p.key === 'app');
    const apps = app?.kind === 'enum' ? app.options : [null];
    const shown = new Set<string>();
    for (const a of apps) {
      const s = summaryOf(`system=${id}&duration=5${a ? `&app=${a}` : ''}`);
      for (const [path] of counterPaths(s)) shown.add(path);
    }
    // The base-station remedies' blocks, where the system has them (remedies.md): every leaf.
    const leaves = (v: unknown, path: string): string[] =>
      v !== null && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) => leaves(x, `${path}.${k}`))
        : [path];
    for (const r of ['snoop', 'eln', 'split'] as const)
      if ((schemaFor(id) ?? []).some((p) => p.key === r)) {
        const block = summaryOf(`system=${id}&duration=5&${r}=1`)[r];
        expect(block, r).toBeDefined();
        for (const path of leaves(block, r)) shown.add(path);
      }
    // The figures the preset tables show are labelled as well.
    expect(shown.size).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const path of shown) {
      const field = summaryField(id, path);
      if (!field) problems.push(`${path}: no label`);
      else if (isMechanicalLabel(path, field.label) && !INTENDED.includes(path))
        problems.push(`${path}: “${field.label}” is its key in other letters`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the link-counter list', () => {
  it('shows the labels and units, not the keys', () => {
    const s = summaryOf('system=gsm&size=20000&duration=10');
    const { host } = renderInLab(<SummaryPanel />, (h) => h.store.setState({ summary: s }));
    act(() => {});
    const list = host.querySelector('.link-counters')!;
    const labels = [...list.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toContain('Packets the VJ decompressor tossed');
    expect(labels).toContain('Frame error rate in force (Pe)');
    expect(labels).toContain('Byte budget: PPP stuffing');
    for (const old of ['Fer', 'Fdt', 'Srej', 'Vj tossed', 'Kbytes per second', 'Budget'])
      expect(labels).not.toContain(old);
    const row = [...list.querySelectorAll('.kv')].find((r) =>
      r.textContent?.startsWith('Byte budget: payload'),
    );
    expect(row?.querySelector('dd')?.textContent).toMatch(/bytes\/s$/);
  });
});

describe('the Workload row says where the workload is', () => {
  it('DECT: never "completed" — not at 0 s, not while running, not at the end', () => {
    const atStart = summaryOf('system=dect&duration=20', false);
    expect(atStart.completed).toBe(true); // the engine's field, which the row must not read as done
    for (const [s, done] of [
      [atStart, false],
      [summaryOf('system=dect&duration=5'), false],
      [summaryOf('system=dect&duration=5'), true],
    ] as const) {
      const text = workloadWords(s, done);
      expect(text).not.toBe('completed');
      expect(text).toContain('whole run');
    }
  });

  it('a finite workload: not started, running, stopped at the end of the run, completed', () => {
    const start = summaryOf('system=gsm&size=20000', false);
    expect(workloadWords(start, false)).toBe('not started yet');
    const cut = summaryOf('system=gsm&size=20000&duration=5');
    expect(workloadWords(cut, false)).toBe('running');
    expect(workloadWords(cut, true)).toMatch(/^stopped at the run’s end \(5\u202fs\) before it completed$/);
    expect(workloadWords(summaryOf('system=gsm&size=20000'), true)).toBe('completed');
  });

  it('GERAN: a failed download has no best 5 s stretch, and says why instead of "not yet"', () => {
    const s = summaryOf('system=geran&speech=off&synRetries=1&delay=4.5');
    expect(s.failure).toBeDefined();
    const html = renderToStaticMarkup(<SummaryFigures s={s} done />);
    expect(html).toContain('Best 5 s stretch');
    expect(html).not.toContain('not yet');
    expect(html).toContain('none: no data was delivered (the download failed)');
    // While data may still come it is "not yet".
    const early = renderToStaticMarkup(<SummaryFigures s={summaryOf('system=geran&duration=2')} />);
    expect(early).toContain('not yet (under 5 s of data so far)');
  });
});
