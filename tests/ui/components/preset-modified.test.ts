import { describe, expect, it } from 'vitest';
import { isPresetScenario, presetStatus, viewForLink } from '../../../src/ui/presets/modified';
import { findPreset } from '../../../src/ui/presets';
import { DEFAULT_VIEW } from '../../../src/state/url-codec';

const fig5 = findPreset('is707-fig5');

describe('a changed preset', () => {
  it('the preset’s own scenario, in any key order and with another seed, is still the preset', () => {
    if (!fig5) throw new Error('preset is707-fig5 is missing');
    expect(isPresetScenario(fig5, 'system=is707&idle=0&fdt=0.01&fer=0.3')).toBe(true);
    expect(isPresetScenario(fig5, 'system=is707&seed=99&fer=0.3&fdt=0.01')).toBe(true);
  });

  it('a changed starting value or a timed change makes it "modified"', () => {
    if (!fig5) throw new Error('preset is707-fig5 is missing');
    expect(isPresetScenario(fig5, 'system=is707&fer=0.3&fdt=0.01&idle=inf')).toBe(false);
    expect(isPresetScenario(fig5, 'system=is707&fer=0.3&fdt=0.01&events=10@fer=0.1')).toBe(false);
    expect(presetStatus('is707-fig5', 'is707', 'system=is707&fer=0.3&fdt=0.01&idle=inf')?.modified).toBe(
      true,
    );
    expect(presetStatus('is707-fig5', 'gsm', 'system=gsm')).toBeNull();
  });

  it('the link drops preset= once the scenario is modified, and keeps it otherwise', () => {
    const view = { ...DEFAULT_VIEW, preset: 'is707-fig5' };
    const same = viewForLink({ view, system: 'is707', text: 'system=is707&fer=0.3&fdt=0.01' });
    expect(same.preset).toBe('is707-fig5');
    const changed = viewForLink({ view, system: 'is707', text: 'system=is707&fer=0.3&fdt=0.01&idle=inf' });
    expect(changed.preset).toBeNull();
  });
});
