/**
 * The lists a system appears in besides its two folders' list lines are checked against the list
 * of systems, so that none can be forgotten: its bench scenarios live in its definition, its
 * must-reproduce items in src/cli/validation (listed in validation/index.ts), its lab plug-in in
 * LAB_PLUGINS.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, SYSTEMS } from '../../src/engine';
import { SYSTEM_INFOS } from '../../src/engine/systems/catalog';
import { benchScenarios } from '../../src/cli/bench-scenarios';
import { VALIDATION_ITEMS } from '../../src/cli/validation';

const built = SYSTEMS.map((s) => s.id);

describe('every built system is in every list', () => {
  it('the catalog the page reads lists the same systems in the same order, with the same info', () => {
    expect(SYSTEM_INFOS.map((s) => s.id)).toEqual(built);
    SYSTEMS.forEach((definition, i) => {
      const { create, ...info } = definition;
      expect(typeof create).toBe('function');
      expect(info).toEqual(SYSTEM_INFOS[i]);
    });
  });

  it.each(built)('%s has bench scenarios of its own that parse without errors', (id) => {
    const own = SYSTEMS.find((s) => s.id === id)!.benchScenarios;
    expect(own.length).toBeGreaterThan(0);
    for (const text of own) {
      const { scenario, errors } = parseScenario(text);
      expect(errors, text).toEqual([]);
      expect(scenario.system, text).toBe(id);
    }
  });

  it('the bench and the baseline run every system’s scenarios, in the order of the list', () => {
    expect(benchScenarios()).toEqual(SYSTEMS.flatMap((s) => s.benchScenarios));
    expect(new Set(benchScenarios().map((t) => parseScenario(t).scenario.system))).toEqual(new Set(built));
  });

  it.each(built)('%s has must-reproduce items in the validation list', (id) => {
    expect(VALIDATION_ITEMS.filter((i) => i.system === id).length).toBeGreaterThan(0);
  });

  it('every validation item belongs to a built system, has a unique id named after it', () => {
    for (const item of VALIDATION_ITEMS) {
      expect(built, item.id).toContain(item.system);
      expect(item.id.startsWith(`${item.system}-`), item.id).toBe(true);
    }
    expect(new Set(VALIDATION_ITEMS.map((i) => i.id)).size).toBe(VALIDATION_ITEMS.length);
  });
});
