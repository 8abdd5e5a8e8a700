/**
 * Each system's clean-channel baseline (issue 25 item 2, LabPlugin.cleanChannel): its keys are
 * valid B changes of every preset's scenario, the scenario they make parses without an error, and
 * a short run of it has the clean channel the plug-in claims (no frame errors, no speech, no
 * release, no background calls). The shell never names a system: each plug-in says which keys.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import { getPath } from '../../../src/engine/analysis';
import { parseScenario } from '../../../src/engine/scenarios';
import { checkChange, compareText } from '../../../src/state/ab-compare';
import { PRESETS } from '../../../src/ui/presets';
import { labPlugin } from '../../../src/ui/systems';
import { baselineText } from '../../../src/ui/baseline/baseline-text';

const ALL = Object.values(PRESETS).flatMap((list) => list ?? []);

describe('clean-channel baselines', () => {
  it('every preset: the changes are valid B changes and the clean scenario parses', () => {
    for (const p of ALL) {
      const { scenario } = parseScenario(p.scenario);
      const changes = labPlugin(scenario.system)?.cleanChannel?.(scenario.values);
      expect(changes, p.id).toBeTruthy();
      for (const c of changes!)
        expect(checkChange(scenario.system, c.key, c.value).ok, `${p.id} ${c.key}`).toBe(true);
      const text = compareText(p.scenario, changes!);
      expect(parseScenario(text).errors, `${p.id}: ${text}`).toEqual([]);
      expect(baselineText({ kind: 'clean' }, scenario.system, p.scenario, scenario.values).text).toBe(text);
    }
  });

  /** A short run of the clean scenario of `live`, and the summary figures that must be 0 (or as given). */
  it.each([
    ['system=is707&fer=0.3&radioFromMap=1&duration=20', { 'link.frameErrors': 0, 'tcp.retransmits': 0 }],
    ['system=gsm&radio=driving&duration=20', { 'link.frameErrorRate': 0 }],
    [
      'system=geran&speech=both&bler=0.1&duration=20',
      { 'link.downlinkSilenceShare': 1, 'link.erasedBlocks': 0 },
    ],
    [
      'system=phs&body=6&burst=2@3:370&events=5@link2=0&duration=12',
      { 'link.bodyEvents': 0, 'link.forcedBursts': 0, 'link.releases': 0 },
    ],
    [
      'system=dect&duration=5',
      { 'link.background.arrived.data': 0, 'link.background.active': 0, 'link.mac.subfieldErrors': 0 },
    ],
  ] as const)('%s on a clean channel', (live, want) => {
    const { scenario } = parseScenario(live);
    const text = compareText(live, labPlugin(scenario.system)!.cleanChannel!(scenario.values)!);
    const sim = createSimulation(parseScenario(text).scenario, { traces: false });
    sim.runToEnd();
    const s = sim.summary();
    for (const [path, v] of Object.entries(want)) expect(getPath(s, path), `${text}: ${path}`).toBe(v);
  });
});
