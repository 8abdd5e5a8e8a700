// @vitest-environment jsdom
/**
 * Issue 20 item 1: the views that print a figure an open exercise may hide consult the one policy
 * — the preset table (the study's value and this run's), the counters beside the links, a sweep
 * of a hidden figure — and print it again once nothing is hidden.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Summary } from '../../../src/engine/scenario/summary';
import type { SystemView } from '../../../src/engine/systems/types';
import { createSimulation } from '../../../src/engine';
import { parseScenario } from '../../../src/engine/scenarios';
import { LinkToggles } from '../../../src/ui/components/LinkToggles';
import { SummaryFigures } from '../../../src/ui/components/SummaryPanel';
import { PresetInfo } from '../../../src/ui/components/PresetInfo';
import { SweepResult, type SweepOutcome } from '../../../src/ui/components/SweepResult';
import { HIDDEN_TEXT, hiddenFigures } from '../../../src/ui/exercises/hidden';
import { IS707_PRESETS } from '../../../src/ui/systems/is707';
import { sweepRuns } from '../../../src/state/sweep';
import { renderInLab } from '../render-lab';

afterEach(() => hiddenFigures.getState().set([]));

describe('views that print hidden figures', () => {
  it('the preset table hides the study’s value and this run’s of a hidden figure, and only those', () => {
    const preset = IS707_PRESETS.find((p) => p.published?.some((v) => v.live === 'tcp.maxRto'))!;
    const { host } = renderInLab(<PresetInfo />, (lab) => {
      lab.store.setState({
        system: 'is707',
        text: preset.scenario,
        summary: { tcp: { maxRto: 64, timeouts: 12 }, normalizedGoodput: 0.2 } as unknown as Summary,
      } as never);
      lab.store.getState().setView({ preset: preset.id });
    });
    const row = () =>
      [...host.querySelectorAll('tr')].find((tr) => tr.querySelector('th')?.textContent?.includes('RTO'))!;
    expect(row().textContent).toMatch(/64\s*s/); // the quantity formatter writes a narrow no-break space
    act(() => hiddenFigures.getState().set(['tcp.maxRto']));
    expect(row().textContent).toContain(HIDDEN_TEXT);
    expect(row().textContent).not.toMatch(/64/);
    // The other rows keep their figures.
    const others = [...host.querySelectorAll('tbody tr')].filter((tr) => tr !== row());
    expect(others.length).toBeGreaterThan(0);
    for (const tr of others) expect(tr.textContent).not.toContain(HIDDEN_TEXT);
  });

  it('the summary’s failed connections (geran-setup-limit hides tcp.connectFailures)', () => {
    const sim = createSimulation(parseScenario('system=geran&speech=off&delay=11&duration=60').scenario);
    sim.runToEnd();
    const s = sim.summary();
    expect(s.tcp.connectFailures).toBe(1);
    const { host } = renderInLab(<SummaryFigures s={s} />);
    const row = () =>
      [...host.querySelectorAll('.kv')].find((r) => r.textContent?.startsWith('Connections failed'))!;
    expect(row().textContent).toBe('Connections failed1');
    act(() => hiddenFigures.getState().set(['tcp.connectFailures']));
    expect(row().textContent).toBe(`Connections failed${HIDDEN_TEXT}`);
  });

  it('a link counter of a hidden figure says so (PHS: CRC errors of link 2)', () => {
    const view = {
      extent: [-100, 100, -100, 100],
      stations: [],
      mobiles: [],
      links: [
        { n: 1, station: 'u1', state: 'good', counters: { frames: 4000, 'CRC ERR': 0, resent: 0 } },
        { n: 2, station: 'u1', state: 'good', counters: { frames: 3999, 'CRC ERR': 17, resent: 5 } },
      ],
    } as unknown as SystemView;
    const { host } = renderInLab(<LinkToggles view={view} system="phs" values={{}} />);
    const counters = () => [...host.querySelectorAll('.counters')].map((c) => c.textContent);
    expect(counters()[1]).toBe('frames 3999 · CRC ERR 17 · resent 5');
    act(() => hiddenFigures.getState().set(['link.crcErrors']));
    expect(counters()[1]).toBe(`frames 3999 · CRC ERR ${HIDDEN_TEXT} · resent 5`);
    expect(counters()[0]).toContain(`CRC ERR ${HIDDEN_TEXT}`);
  });

  it('a sweep whose y is hidden shows no plot or points (its CSV rows are the policy’s strip)', () => {
    const setup = {
      text: 'system=is707&fer=0.1|0.3&duration=10',
      seeds: 1,
      metrics: ['tcp.maxRto'],
      x: 'fer',
    };
    const { runs } = sweepRuns(setup);
    const summary = (maxRto: number) =>
      ({ system: 'is707', tcp: { maxRto, timeouts: 1 } }) as unknown as Summary;
    const outcome: SweepOutcome = {
      setup,
      runs,
      summaries: [summary(12.5), summary(64)],
      errors: [],
      cancelled: false,
    };
    act(() => hiddenFigures.getState().set(['tcp.maxRto']));
    const { host } = renderInLab(<SweepResult outcome={outcome} theme="light" />);
    expect(host.querySelector('[data-testid="sweep-hidden"]')!.textContent).toContain(HIDDEN_TEXT);
    expect(host.querySelector('.sweep-result table')).toBeNull();
    expect(host.textContent).not.toMatch(/64|12\.5/);
    act(() => hiddenFigures.getState().set([]));
    expect(host.querySelector('[data-testid="sweep-hidden"]')).toBeNull();
  });
});
