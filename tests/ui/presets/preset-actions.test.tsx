// @vitest-environment jsdom
/**
 * A preset whose lesson is an action keeps its check when the action is taken (issue 20 item 26):
 * DECT's "The bth rule: release two bearers by hand" turned into "Modified from …" and lost its
 * "This run" column as soon as a bearer was released, and the note under the bearer buttons said
 * "bth = 4 … 7 of 10" while the preset sets bth = 9. The preset declares the actions it expects
 * (timed changes of `bearer<n>`), which keep it the preset; the note and the description are
 * written from the run's keys.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { parseScenario, serialiseScenario } from '../../../src/engine/scenarios';
import { PresetInfo } from '../../../src/ui/components/PresetInfo';
import { findPreset } from '../../../src/ui/presets';
import { isPresetScenario, presetStatus } from '../../../src/ui/presets/modified';
import { bthNote } from '../../../src/ui/systems/dect/bth-note';
import { DECT_LAB } from '../../../src/ui/systems/dect';
import { renderInLab } from '../render-lab';

const preset = findPreset('dect-release')!;
/** Two releases as the bearer buttons record them (each key set back to 1 a moment later). */
const RELEASED = `${preset.scenario}&events=12.4@bearer3=0;12.55@bearer3=1;13.1@bearer7=0;13.25@bearer7=1`;
const canonical = (text: string) => serialiseScenario(parseScenario(text).scenario);

describe('the bth preset', () => {
  it('releasing bearers keeps it the preset; any other change does not', () => {
    expect(preset.actions?.length).toBeGreaterThan(0);
    expect(isPresetScenario(preset, canonical(RELEASED))).toBe(true);
    expect(presetStatus(preset.id, 'dect', canonical(RELEASED))?.modified).toBe(false);
    expect(isPresetScenario(preset, canonical(`${RELEASED.replace('events=', 'events=5@msX=30;')}`))).toBe(
      false,
    );
    expect(isPresetScenario(preset, canonical(preset.scenario.replace('bth=9', 'bth=4')))).toBe(false);
    // A preset without actions still counts a timed change of those keys as a change.
    const reference = findPreset('dect-reference')!;
    expect(isPresetScenario(reference, canonical(`${reference.scenario}&events=12@bearer3=0`))).toBe(false);
  });

  it('after the releases the table still sets the study’s values beside this run', () => {
    const { host } = renderInLab(<PresetInfo />, (h) =>
      h.store.setState({
        system: 'dect',
        text: canonical(RELEASED),
        view: { ...h.store.getState().view, preset: preset.id },
      }),
    );
    act(() => {});
    const info = host.querySelector('[data-testid="preset-info"]')!;
    expect(info.getAttribute('data-modified')).toBe('false');
    expect(info.querySelector('h2')?.textContent).toBe(preset.title);
    expect(info.querySelector('thead')?.textContent).toContain('This run');
    expect(info.querySelectorAll('td[data-live]').length).toBe(2);
  });

  it('its description and the note under the buttons match its keys', () => {
    const values = parseScenario(preset.scenario).scenario.values;
    const bth = values.bth as number;
    const target = values.bearers as number;
    expect(bth).toBe(9);
    expect(preset.description).toContain(`bth = ${bth}`);
    expect(preset.description).toContain(`release ${target - bth + 1} of them`);
    expect(preset.description).toContain(`${bth - 1} are left`);
    const note = DECT_LAB.linkToggles!.note!(values);
    expect(note).toContain(`bth = ${bth}, target ${target}`);
    expect(note).toContain(`release ${target - bth + 1} of ${target}`);
    expect(note).not.toContain('bth = 4');
    // The defaults read as before: bth = 4, seven of ten.
    expect(bthNote(parseScenario('system=dect').scenario.values)).toContain('release 7 of 10');
  });
});
