// @vitest-environment jsdom
/**
 * A `#sweep=…` link runs its sweep, but the form beside it shows its own defaults (a link's sweep
 * may be one the form cannot express): the panel must say that the result is the link's, or the
 * form's range, points and run count read as the result's (walk-through finding, issue 12 item 3).
 */
import { describe, expect, it } from 'vitest';
import { SweepPanel } from '../../../src/ui/components/SweepPanel';
import { renderInLab } from '../render-lab';

const LINKED = {
  text: 'system=is707&fer=0.1|0.2&duration=10',
  seeds: 1,
  metrics: ['normalizedGoodput'],
  x: 'fer',
};

describe('the sweep panel opened by a sweep link', () => {
  it('says the result is the link’s sweep, with its run count, when the form holds another', () => {
    const { host } = renderInLab(<SweepPanel theme="light" />, (lab) =>
      lab.store.getState().setView({ sweep: LINKED } as never),
    );
    const note = host.querySelector('[data-testid="sweep-linked-note"]');
    expect(note?.textContent).toMatch(/link’s sweep \(2 runs/);
    // The form's own sweep is a different one (its run button counts its own runs).
    expect(host.querySelector('[data-testid="sweep-run"]')?.textContent).not.toMatch(/\(2 runs\)/);
  });

  it('says nothing without a sweep in the link', () => {
    const { host } = renderInLab(<SweepPanel theme="light" />);
    expect(host.querySelector('[data-testid="sweep-run"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="sweep-linked-note"]')).toBeNull();
  });
});
