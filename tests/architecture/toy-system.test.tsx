/**
 * Adding a system is its two folders plus one line in each of three lists
 * (docs/architecture.md). Here a toy system (tests/architecture/toy: an engine
 * definition and a lab plug-in) is added to the three lists only — no other file
 * of src/ knows it — and must appear in the schema, the CLI's runner and bench
 * list, the URL codec, the header's system picker, the exercise list (its
 * plug-in's exercises/ folder, opened from `#exercise=<id>`) and the map's
 * "Radio from map" sentence.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The catalog (what the schema and the page read) and the engine's list (with the factories).
vi.mock('../../src/engine/systems/catalog', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/engine/systems/catalog')>();
  const { TOY_SYSTEM } = await import('./toy/engine');
  const SYSTEM_INFOS = [...real.SYSTEM_INFOS, TOY_SYSTEM];
  // A planned (unbuilt) system too, since every system scenario.md names is built by now.
  const PLANNED_SYSTEMS = [...real.PLANNED_SYSTEMS, { id: 'later', name: 'Later system' }];
  return {
    ...real,
    SYSTEM_INFOS,
    PLANNED_SYSTEMS,
    systemInfo: (id: string) => SYSTEM_INFOS.find((s) => s.id === id),
  };
});

vi.mock('../../src/engine/systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/engine/systems')>();
  const { TOY_SYSTEM } = await import('./toy/engine');
  const SYSTEMS = [...real.SYSTEMS, TOY_SYSTEM];
  return { ...real, SYSTEMS, getSystem: (id: string) => SYSTEMS.find((s) => s.id === id) };
});

vi.mock('../../src/ui/systems', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ui/systems')>();
  const { TOY_LAB } = await import('./toy/lab');
  const LAB_PLUGINS = [...real.LAB_PLUGINS, TOY_LAB];
  return { ...real, LAB_PLUGINS, labPlugin: (id: string) => LAB_PLUGINS.find((p) => p.id === id) };
});

const engine = await import('../../src/engine');
const TOY = await import('./toy/engine');
const { liveKeysOf } = await import('../../src/engine/systems/contract');
const { buildUrl, parseUrl, DEFAULT_VIEW } = await import('../../src/state/url-codec');
const { findPreset } = await import('../../src/ui/presets');
const { Header } = await import('../../src/ui/components/Header');
const { ExercisePanel } = await import('../../src/ui/components/ExercisePanel');
const { MapPanel } = await import('../../src/ui/components/MapPanel');
const { benchScenarios } = await import('../../src/cli/bench-scenarios');
const { LabProvider } = await import('../../src/ui/hooks/use-lab');
const { harness } = await import('../state/harness');

describe('a toy system added to the two lists', () => {
  it('is in the schema: `system` allows it and its keys parse, with errors naming them', () => {
    expect(engine.SYSTEM_IDS).toContain('toy');
    expect(engine.implementedSystems()).toContain('toy');
    expect(engine.scenarioKeys('toy')).toEqual(['system', 'seed', 'fer', 'duration', 'msX', 'msY', 'events']);
    const { scenario, errors } = engine.parseScenario('system=toy&fer=0.2&msX=30');
    expect(errors).toEqual([]);
    expect(scenario.values).toMatchObject({ fer: 0.2, msX: 30, duration: 2 });
    const bad = engine.parseScenario('system=toy&fer=0.9').errors;
    expect(bad.map((e) => e.key)).toEqual(['fer']);
    // The planned systems stay known, and not built.
    expect(engine.parseScenario('system=later').errors[0].message).toMatch(/not implemented yet.*toy/);
  });

  it('runs through the CLI’s path (parse, sweep expansion, createSimulation, summary)', () => {
    const runs = engine.expandSweep('system=toy&fer=0.1|0.3&duration=1');
    expect(runs.errors).toEqual([]);
    expect(runs.scenarios).toEqual(['system=toy&fer=0.1&duration=1', 'system=toy&fer=0.3&duration=1']);
    const { summary, errors } = engine.runScenarioText(runs.scenarios[0]);
    expect(errors).toEqual([]);
    expect(summary?.system).toBe('toy');
    expect(summary?.simTime).toBe(1);
    // `npm run bench` and `npm run baseline` time and record its reference scenario.
    expect(benchScenarios()).toContain('system=toy&fer=0.2&duration=5');
  });

  it('meets its contract: a handler per live key, and its summary sections as declared', () => {
    const { TOY_SYSTEM } = TOY;
    const { scenario } = engine.parseScenario('system=toy&duration=1');
    const sim = engine.createSimulation(scenario);
    const live = (sim as unknown as { model: { live: Record<string, unknown> } }).model.live;
    expect(Object.keys(live).sort()).toEqual(liveKeysOf(TOY_SYSTEM.params).sort());
    // A timed change of a live key goes through its handler: fer 0.5 loses more frames than 0.
    const good = (text: string) => (engine.runScenarioText(text).summary?.link.good as number) ?? -1;
    expect(good('system=toy&fer=0&duration=1&events=0.5@fer=0.5')).toBeLessThan(
      good('system=toy&fer=0&duration=1'),
    );
    expect(engine.runScenarioText('system=toy&duration=1').summary?.app).toEqual({ kind: 'frames' });
  });

  it('round-trips through the URL codec', () => {
    const text = engine.serialiseScenario(engine.parseScenario('system=toy&fer=0.25&msY=-40').scenario);
    const url = buildUrl('/', text, DEFAULT_VIEW);
    const back = parseUrl(url.slice(url.indexOf('?')), '');
    expect(engine.parseScenario(back.scenarioText).scenario).toEqual(engine.parseScenario(text).scenario);
    expect(findPreset('toy-free')?.system).toBe('toy');
  });

  it('appears in the header’s system picker under its manifest’s name, selectable', () => {
    const h = harness();
    try {
      const html = renderToStaticMarkup(
        <LabProvider store={h.store}>
          <Header theme="light" />
        </LabProvider>,
      );
      expect(html).toMatch(/<option value="toy">Toy bearer<\/option>/);
      expect(html).toMatch(/<option value="later" disabled="">Later system — coming<\/option>/);
    } finally {
      h.close();
    }
  });

  /** The markup of `ui` in a lab whose store shows the toy system (and `exercise` open, if given). */
  function renderToy(ui: ReactElement, exercise: string | null = null): string {
    const h = harness();
    try {
      const sim = engine.createSimulation(engine.parseScenario('system=toy').scenario);
      h.store.setState({ system: 'toy', systemView: sim.view() });
      h.store.getState().setView({ exercise });
      // A server render reads the store's initial state: here, the state just set.
      const store = { ...h.store, getInitialState: h.store.getState };
      return renderToStaticMarkup(<LabProvider store={store}>{ui}</LabProvider>);
    } finally {
      h.close();
    }
  }

  it('lists the exercise file of its plug-in’s folder, and opens it from #exercise=<id>', () => {
    const list = renderToy(<ExercisePanel />);
    expect(list).toMatch(/data-testid="exercise-open-toy-first-frames"[^>]*>How long does the toy run\?</);
    expect(list).not.toContain('Exercise files with problems');
    const open = renderToy(<ExercisePanel />, 'toy-first-frames');
    expect(open).toContain('data-exercise="toy-first-frames"');
    expect(open).toContain('Run the toy bearer to its end.');
  });

  it('gets its map behaviour from its plug-in: the radio always follows the phone, no switch', () => {
    const html = renderToy(<MapPanel theme="light" />);
    expect(html).toMatch(/data-testid="radio-mode" data-on="true"/);
    expect(html).toContain('Radio from map: always on here — the toy FER grows with the distance.');
    expect(html).not.toMatch(/type="checkbox"[^>]*Radio from map/);
  });
});
