/**
 * Is the running scenario still the preset's experiment? A preset stands for one published
 * experiment; once a starting value or a timed change differs, the page says "modified from …",
 * the link drops `preset=` and the study's values no longer sit beside the run as if they were
 * its reference. Another seed is the same experiment (the study's figures are about the
 * experiment, not one sample path), so the seed is not compared; nor are the timed changes of the
 * keys a preset asks the student to change (its `actions`, e.g. DECT's bearer releases): taking the
 * lesson's action is still its experiment (issue 20 item 26).
 */
import { parseScenario, serialiseScenario } from '../../engine/scenarios';
import type { ViewState } from '../../state/url-codec';
import { findPreset, type Preset } from './index';

/** Canonical text of a scenario with its seed and the preset's own actions left out of the comparison. */
function experimentText(text: string, preset: Preset): string {
  const { scenario } = parseScenario(text);
  const actions = preset.actions ?? [];
  const events = scenario.events.filter((e) => !actions.some((a) => a.keys.test(e.key)));
  return serialiseScenario({ ...scenario, seed: 0, events });
}

const cache = new Map<string, string>();

/** True when `text` (a canonical scenario) runs the preset's experiment, whatever the seed. */
export function isPresetScenario(preset: Preset, text: string): boolean {
  let want = cache.get(preset.id);
  if (want === undefined) {
    want = experimentText(preset.scenario, preset);
    cache.set(preset.id, want);
  }
  return experimentText(text, preset) === want;
}

/** The view's preset and whether the scenario has been changed from it (null: no preset of this system). */
export function presetStatus(
  presetId: string | null,
  system: string,
  text: string,
): { preset: Preset; modified: boolean } | null {
  const preset = findPreset(presetId);
  if (!preset || preset.system !== system) return null;
  return { preset, modified: text !== '' && !isPresetScenario(preset, text) };
}

/** The view as the link writes it: without `preset=` once the scenario no longer is that preset's. */
export function viewForLink(state: { view: ViewState; system: string; text: string }): ViewState {
  const status = presetStatus(state.view.preset, state.system, state.text);
  return status?.modified ? { ...state.view, preset: null } : state.view;
}
