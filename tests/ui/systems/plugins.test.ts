/**
 * Each lab plug-in matches its engine definition: one plug-in per built system, and the keys its
 * map behaviour names are keys of that system of the right kind (a typo would leave the map's
 * switch dead without any other test noticing).
 */
import { describe, expect, it } from 'vitest';
import { SYSTEMS } from '../../../src/engine';
import { LAB_PLUGINS } from '../../../src/ui/systems';

describe('lab plug-ins against the engine’s definitions', () => {
  it('one plug-in per built system, in the same order', () => {
    expect(LAB_PLUGINS.map((p) => p.id)).toEqual(SYSTEMS.map((s) => s.id));
  });

  it.each(LAB_PLUGINS.map((p) => [p.id, p] as const))(
    '%s: a phone the user cannot move says why (issue 20, item 23)',
    (id, plugin) => {
      const def = SYSTEMS.find((s) => s.id === id)!;
      if (def.dragKeys) expect(plugin.phoneFixed).toBeUndefined();
      else expect(plugin.phoneFixed).toMatch(/stays where it is: .{40,}/);
    },
  );

  it.each(LAB_PLUGINS.map((p) => [p.id, p] as const))(
    '%s: the goodput chart’s capacity words name no rate (the chart writes it after them)',
    (_id, plugin) => {
      expect(plugin.chartLabels?.capacity ?? '').not.toMatch(/bit\/s/);
    },
  );

  const withRadio = LAB_PLUGINS.flatMap((p) => (p.mapRadio ? [[p.id, p.mapRadio] as const] : []));
  it.each(withRadio)('%s: its mapRadio keys are its own', (id, radio) => {
    const def = SYSTEMS.find((s) => s.id === id)!;
    const spec = (key: string) => def.params.find((s) => s.key === key);
    // The radio follows the phone the user drags.
    expect(def.dragKeys).toBeDefined();
    if (radio.kind === 'switch') {
      expect(spec(radio.key)).toMatchObject({ kind: 'bool', live: true });
      if (radio.manualKey) expect(spec(radio.manualKey)).toBeDefined();
    } else if (radio.kind === 'option') {
      const s = spec(radio.key);
      expect(s).toMatchObject({ kind: 'enum', live: true });
      expect(s?.kind === 'enum' && s.options).toContain(radio.option);
    } else {
      expect(radio.how.length).toBeGreaterThan(0);
    }
  });

  it.each(LAB_PLUGINS.map((p) => [p.id, p] as const))('%s: its presets are its own', (id, plugin) => {
    expect(plugin.presets.map((p) => p.system)).toEqual(plugin.presets.map(() => id));
    expect(plugin.presets.map((p) => p.id)).toContain(`${id}-free`);
  });
});
