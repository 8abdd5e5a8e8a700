// @vitest-environment jsdom
/**
 * An open exercise hides the figures that answer it everywhere on the page, the A/B comparison
 * included: A is the live run, so its row of the side-by-side summaries (and its curve on the A/B
 * chart that mirrors a hidden live chart) would give the answer away.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Summary } from '../../../src/engine/scenario/summary';
import { CompareResult, type CompareRuns } from '../../../src/ui/components/CompareResult';
import { HIDDEN_TEXT, hiddenFigures } from '../../../src/ui/exercises/hidden';
import { renderInLab } from '../render-lab';

function run(maxRto: number, timeouts: number): CompareRuns['a'] {
  const summary = {
    system: 'is707',
    seed: 1,
    simTime: 100,
    normalizedGoodput: 0.2,
    tcp: { maxRto, timeouts, retransmits: 3 },
    link: { budget: { aborts: timeouts } },
  } as unknown as Summary;
  return { data: {}, canonical: 'system=is707', errors: [], cancelled: false, summary, sources: [] };
}

const RUNS: CompareRuns = {
  aText: 'system=is707',
  changes: [{ key: 'idle', value: 'inf' }],
  a: run(64.25, 12),
  b: run(32.5, 20),
};

afterEach(() => hiddenFigures.getState().set([]));

const render = (): HTMLDivElement => renderInLab(<CompareResult runs={RUNS} theme="light" />).host;

const row = (host: HTMLElement, path: string) => host.querySelector<HTMLElement>(`tr[data-path="${path}"]`);

describe('the A/B comparison while an exercise is open', () => {
  it('shows every figure when nothing is hidden', () => {
    const host = render();
    expect(row(host, 'tcp.maxRto')!.textContent).toContain('64.25');
    expect(host.querySelector('[data-testid="chart-ab-rto"]')).not.toBeNull();
  });

  it('hides the figures and charts the exercise hides, in A, B and B − A, and keeps the others', () => {
    act(() => hiddenFigures.getState().set(['tcp.maxRto', 'link.budget', 'chart:rto']));
    const host = render();
    const maxRto = row(host, 'tcp.maxRto')!;
    expect(maxRto.textContent).toContain(HIDDEN_TEXT);
    expect(maxRto.textContent).not.toMatch(/64|32\.5/);
    // A part of a hidden whole (link.budget.aborts) is hidden too; it is among "every other figure".
    const aborts = row(host, 'link.budget.aborts')!;
    expect(aborts.textContent).toContain(HIDDEN_TEXT);
    expect(aborts.textContent).not.toMatch(/12|20/);
    // Another figure is shown.
    expect(row(host, 'tcp.timeouts')!.textContent).toContain('12');
    // The A/B RTO chart mirrors the hidden live RTO chart; the sequence graph does not.
    expect(host.querySelector('[data-testid="chart-ab-rto"]')).toBeNull();
    expect(host.querySelector('[data-testid="chart-ab-rto-hidden"]')!.textContent).toContain(HIDDEN_TEXT);
    expect(host.querySelector('[data-testid="chart-ab-seq"]')).not.toBeNull();
  });

  it('shows them again once the exercise is answered or revealed', () => {
    act(() => hiddenFigures.getState().set(['tcp.maxRto', 'chart:rto']));
    const host = render();
    act(() => hiddenFigures.getState().set([]));
    expect(row(host, 'tcp.maxRto')!.textContent).toContain('64.25');
    expect(host.querySelector('[data-testid="chart-ab-rto"]')).not.toBeNull();
  });
});
