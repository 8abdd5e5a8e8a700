import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/engine/scenarios';
import { PRESETS, findPreset, presetsFor } from '../../../src/ui/presets';
import { setupFromSpec, sweepRuns } from '../../../src/state/sweep';

const all = Object.values(PRESETS).flatMap((list) => list ?? []);

describe('presets', () => {
  it('IS-707 has free play, the sample paths (Figures 5-8), the sweeps (3, 4, 9) and the histograms (10-12)', () => {
    const ids = presetsFor('is707').map((p) => p.id);
    for (const id of ['is707-free', 'is707-fig5', 'is707-fig7', 'is707-fig3', 'is707-fig4', 'is707-fig9']) {
      expect(ids).toContain(id);
    }
    for (const id of ['is707-fig10', 'is707-fig11', 'is707-fig12'])
      expect(findPreset(id)?.histogramWindow).toBeGreaterThan(0);
    expect(findPreset('is707-fig5')?.charts).toContain('rto');
  });

  it('ids are unique and URL-fragment safe', () => {
    const ids = all.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
  });

  for (const p of all) {
    it(`${p.id}: its scenario and every sweep run parse without errors`, () => {
      expect(parseScenario(p.scenario).errors).toEqual([]);
      if (p.sweep) {
        const runs = sweepRuns(setupFromSpec(p.sweep)).runs;
        expect(runs.length).toBe(p.sweep.values.length * p.sweep.series.length * p.sweep.seeds);
        for (const r of runs) expect(parseScenario(r.text).errors).toEqual([]);
      }
    });
  }

  it('Figures 5-6 and 7-8 differ only in idle frames (same seed, same channel)', () => {
    const a = parseScenario(findPreset('is707-fig5')?.scenario ?? '').scenario;
    const b = parseScenario(findPreset('is707-fig7')?.scenario ?? '').scenario;
    expect(a.seed).toBe(b.seed);
    expect({ ...a.values, idle: 0 }).toEqual({ ...b.values, idle: 0 });
    expect(a.values.idle).toBe(0);
    expect(b.values.idle).toBe(Infinity);
  });
});

describe('preset titles are for people (issue 20 item 28)', () => {
  // Shown before: "Connection_Modification (dect.md): The bth rule…", "must-reproduce 6: BER raised…",
  // "ack starvation: Ack starvation: uplink speech…". Spec tags live in `spec`, never shown.
  it.each(all.map((p) => [p.id, p] as const))('%s', async (_id, p) => {
    const { presetTitle } = await import('../../../src/ui/presets/title');
    const title = presetTitle(p);
    if (p.figure) expect(p.figure).toMatch(/^(Figures?|Tables?) \d+([–,] ?\d+)*$/);
    expect(title).not.toMatch(/must-reproduce|\.md\b/);
    // No phrase said twice ("ack starvation: Ack starvation").
    const [head, ...rest] = title.split(': ');
    if (rest.length > 0) expect(rest.join(': ').toLowerCase().startsWith(head.toLowerCase())).toBe(false);
  });
});

describe('remedy presets (remedies.md must-reproduce 1–7)', () => {
  it('open Compare A/B with the remedy as B on the plain run', async () => {
    const { presetCompare } = await import('../../../src/ui/presets');
    const want: Record<string, string> = {
      'geran-remedy-frto': 'frto=1',
      'phs-remedy-burst': 'remedy=eifel',
      'is707-remedy-sack': 'sack=1',
      'gsm-remedy-nothing-to-fix': 'remedy=timestamps',
      'is707-remedy-snoop': 'snoop=1',
      'is707-remedy-eln': 'eln=1',
      'phs-remedy-split': 'split=1',
    };
    for (const [id, b] of Object.entries(want)) {
      const p = findPreset(id)!;
      const [key, value] = b.split('=');
      expect(presetCompare(p), id).toEqual([{ key, value }]);
      // A is plain TCP: no remedy key in the preset's own scenario.
      expect(p.scenario).not.toMatch(/sack|timestamps|eifel|frto|remedy|snoop|eln|split/);
    }
    expect(presetCompare(findPreset('phs-free')!)).toBeNull();
  });
});
