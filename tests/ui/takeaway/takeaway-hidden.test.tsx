// @vitest-environment jsdom
/**
 * The takeaway hides with the figures it reads (issue 25 item 3): while an open exercise hides
 * `tcp.maxRto`, the sentence about the RTO at its ceiling is not shown, the others are, and a note
 * says part of the takeaway is hidden; answered (nothing hidden), the sentence is back.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import { parseScenario } from '../../../src/engine/scenarios';
import { Takeaway } from '../../../src/ui/components/Takeaway';
import { HIDDEN_TEXT, hiddenFigures } from '../../../src/ui/exercises/hidden';
import { renderInLab } from '../render-lab';

afterEach(() => hiddenFigures.getState().set([]));

describe('the takeaway and an open exercise', () => {
  it('a sentence reading a hidden figure is held back until nothing is hidden', () => {
    const sim = createSimulation(parseScenario('system=is707&fer=0.3&fdt=0.01&duration=1000').scenario, {
      traces: false,
    });
    sim.runToEnd();
    const summary = sim.summary();
    const { host } = renderInLab(<Takeaway summary={summary} />);
    const rules = () => [...host.querySelectorAll('[data-rule]')].map((p) => p.getAttribute('data-rule'));
    expect(rules()).toContain('rto-at-max');
    expect(host.textContent).toContain('64\u202fs');
    act(() => hiddenFigures.getState().set(['tcp.maxRto']));
    expect(rules()).not.toContain('rto-at-max');
    expect(rules().length).toBeGreaterThan(0);
    expect(host.textContent).not.toContain('64\u202fs');
    expect(host.querySelector('[data-testid="takeaway-hidden"]')?.textContent).toContain(HIDDEN_TEXT);
    act(() => hiddenFigures.getState().set([]));
    expect(rules()).toContain('rto-at-max');
  });
});
