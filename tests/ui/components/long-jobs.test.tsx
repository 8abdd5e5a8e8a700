// @vitest-environment jsdom
/**
 * Work started by a link (issue 20 item 10): a long sweep or A/B link asks first, saying how much
 * it starts, and runs nothing until told; Close and Cancel stop the engines at once (terminated,
 * not left to finish their runs). The engines are the in-process fake of tests/state/harness.ts.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { CompareBody } from '../../../src/ui/components/ComparePanel';
import { SweepPanel } from '../../../src/ui/components/SweepPanel';
import { settle, tick } from '../../state/harness';
import { renderInLab } from '../render-lab';

const sweep = (text: string, seeds = 1) => ({ text, seeds, metrics: ['normalizedGoodput'], x: 'fer' });

const button = (host: HTMLElement, testId: string) =>
  host.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
const byText = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll('button')].find((b) => b.textContent === text);

/** Let the engines' messages through until `ok` (outside act, which would drain every job), then render. */
async function until(ok: () => boolean): Promise<void> {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  env.IS_REACT_ACT_ENVIRONMENT = false; // updates land outside act here on purpose
  try {
    for (let i = 0; i < 500 && !ok(); i++) await tick();
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = true;
  }
  expect(ok()).toBe(true);
  act(() => {});
}

describe('a long sweep link', () => {
  it('asks first, with runs × simulated seconds and an estimate, and starts nothing until Run', async () => {
    // 20 runs of 10^6 simulated seconds: minutes even at IS-707's speed.
    const { host, h } = renderInLab(<SweepPanel theme="light" />, (lab) =>
      lab.store.getState().setView({ sweep: sweep('system=is707&fer=0.1|0.2&duration=1000000', 10) }),
    );
    const spawned = h.spawned();
    const ask = host.querySelector('[data-testid="job-confirm"]');
    expect(ask?.textContent).toMatch(
      /20 runs of up to 1\u202f000\u202f000 simulated seconds each \(20\u202f000\u202f000 in all\): about \d+ (s|min) on 1 engine/,
    );
    expect(h.store.getState().jobs.sweep).toBeUndefined();
    act(() => button(host, 'job-confirm-decline')!.click());
    expect(host.querySelector('[data-testid="job-confirm"]')).toBeNull();
    for (let i = 0; i < 5; i++) await act(tick);
    expect(h.spawned()).toBe(spawned);
    expect(h.store.getState().jobs.sweep).toBeUndefined();
  });

  it('a short one runs at once, and Close stops its engines at once', async () => {
    const { host, h } = renderInLab(<SweepPanel theme="light" />, (lab) =>
      lab.store.getState().setView({ sweep: sweep('system=is707&fer=0.1|0.2|0.3&duration=20000', 4) }),
    );
    // Started at once: its engine is up (the harness allows one), the live run has none yet.
    expect(host.querySelector('[data-testid="job-confirm"]')).toBeNull();
    expect(h.store.getState().jobs.sweep.status).toBe('running');
    expect(h.live()).toBe(1);
    act(() => byText(host, 'Close the sweep')!.click());
    expect(h.live()).toBe(0);
    expect(h.store.getState().jobs.sweep.status).toBe('cancelled');
    await act(tick); // the cancelled job's promise settles; nothing runs
    expect(h.live()).toBe(0);
    expect(host.querySelector('[data-testid="sweep-result"]')).toBeNull();
  });
});

describe('an A/B link', () => {
  it('a long one asks first and starts nothing', async () => {
    const { host, h } = renderInLab(<CompareBody theme="light" />);
    // DECT runs ≈ 3 100 simulated seconds per second: two runs of 10^6 s take minutes.
    await act(() => h.store.getState().load('system=dect&duration=1000000'));
    act(() => h.store.getState().setView({ compare: [{ key: 'idle', value: 'inf' }] }));
    const ask = host.querySelector('[data-testid="job-confirm"]');
    expect(ask?.textContent).toMatch(
      /2 runs of up to 1\u202f000\u202f000 simulated seconds each \(2\u202f000\u202f000 in all\): about \d+ min with 2 engines/,
    );
    expect(h.store.getState().jobs['compare-a']).toBeUndefined();
  });

  it('shows A’s and B’s progress with Cancel, which stops both engines at once', async () => {
    const { host, h } = renderInLab(<CompareBody theme="light" />);
    await act(async () => {
      await h.store.getState().load('system=is707&duration=100000');
      await settle(h);
    });
    const live = h.live();
    act(() => h.store.getState().setView({ compare: [{ key: 'idle', value: 'inf' }] }));
    await until(() => {
      return (h.store.getState().jobs['compare-b']?.simTime ?? 0) > 0;
    });
    const progress = host.querySelector('[data-testid="compare-progress"]');
    expect(progress?.textContent).toMatch(/B: [\d\u202f]+ of 100\u202f000 simulated seconds/);
    expect(h.live()).toBe(live + 2);
    act(() => button(host, 'compare-cancel')!.click());
    expect(h.live()).toBe(live);
    expect(h.store.getState().jobs['compare-a'].status).toBe('cancelled');
    expect(h.store.getState().jobs['compare-b'].status).toBe('cancelled');
    await until(() => host.querySelector('[data-testid="compare-progress"]') === null);
    expect(host.querySelector('[data-testid="compare-result"]')).toBeNull();
  });
});
