// @vitest-environment jsdom
/**
 * The parts loaded apart from the first script (ui/components/lazy-parts.tsx, issue 13): each
 * shows a stand-in with its heading until it is wanted, and its real body once wanted — the sweep
 * at once for a `#sweep=…` link, else after the engine is ready and the page idle; the comparison
 * and the editor only once opened (or, for the comparison, opened by its link).
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { SweepSetup } from '../../../src/state/sweep';
import { ComparePart, ExerciseEditorPart, SweepPart } from '../../../src/ui/components/lazy-parts';
import { renderInLab } from '../render-lab';

/** Let the dynamic imports resolve and React commit what they brought. */
async function settle(host: HTMLElement, until: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !until(); i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
  expect(until(), host.innerHTML.slice(0, 300)).toBe(true);
}

// A whole setup (it once named its metric `y`, a field the setup no longer has: the panel then ran it
// and its result crashed on the missing `metrics` whenever the result's module was already loaded).
const SWEEP: SweepSetup = {
  text: 'system=is707&fer=0.1|0.2&duration=10',
  seeds: 1,
  metrics: ['normalizedGoodput'],
  x: 'fer',
};

describe('lazy parts', () => {
  it('the sweep is a stand-in with its heading while the engine starts, the panel once it is ready', async () => {
    // The panel's module already loaded: a stand-in that stays is one the part chose to keep, not
    // an import still on its way (the stand-in and Suspense's fallback look the same).
    await import('../../../src/ui/components/SweepPanel');
    const { host, h } = renderInLab(<SweepPart theme="light" />, (lab) =>
      lab.store.setState({ status: 'starting' } as never),
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(host.querySelector('h2')?.textContent).toBe('Sweep');
    expect(host.querySelector('[role="status"]')?.textContent).toMatch(/Loading the sweep panel/);
    expect(host.querySelector('[data-testid="sweep-run"]')).toBeNull();
    act(() => h.store.setState({ status: 'ready' } as never));
    await settle(host, () => host.querySelector('[data-testid="sweep-run"]') !== null);
    expect(host.querySelectorAll('h2')).toHaveLength(1);
  });

  it('a sweep link loads the panel at once, before the engine is ready', async () => {
    const { host } = renderInLab(<SweepPart theme="light" />, (lab) => {
      lab.store.setState({ status: 'starting' } as never);
      lab.store.getState().setView({ sweep: SWEEP });
    });
    await settle(host, () => host.querySelector('[data-testid="sweep"]') !== null);
  });

  it('the comparison loads its body only when opened, and a link holding one opens it', async () => {
    await import('../../../src/ui/components/ComparePanel'); // loaded: only the part can hold it back
    const closed = renderInLab(<ComparePart theme="light" />);
    const details = closed.host.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Compare A/B on one realisation');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(closed.host.querySelector('[data-testid="compare-key"]')).toBeNull();
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await settle(closed.host, () => closed.host.querySelector('[data-testid="compare-key"]') !== null);

    const linked = renderInLab(<ComparePart theme="light" />, (lab) =>
      lab.store.getState().setView({ compare: [{ key: 'fer', value: '0.2' }] } as never),
    );
    expect(linked.host.querySelector('details')!.open).toBe(true);
    await settle(linked.host, () => linked.host.querySelector('[data-testid="compare-key"]') !== null);
  });

  it('the exercise editor loads its form only when opened', async () => {
    await import('../../../src/ui/components/ExerciseEditor'); // loaded: only the part can hold it back
    const { host } = renderInLab(<ExerciseEditorPart />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(host.querySelector('[data-testid="exercise-edit-title"]')).toBeNull();
    const details = host.querySelector('details')!;
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await settle(host, () => host.querySelector('[data-testid="exercise-edit-title"]') !== null);
  });
});
