/**
 * The view part of the address (after `#`) as the page reads it: the ids it may name (every lab
 * plug-in's presets and exercises), and what a fragment typed or pasted by hand does — a
 * `#preset=<id>` loads that preset's scenario as choosing it in the picker does, and the items
 * that could not be used are listed in the error banner and left out of the link (ui.md "Sharing";
 * the ground rule: a malformed URL names the key and what is allowed, the rest keeps working).
 */
import type { LabStore } from '../state/store';
import { DEFAULT_CHARTS, decodeViewChecked, isAnchorFragment, type KnownViewIds } from '../state/url-codec';
import { lockForView, shippedActivities } from './exercises/open-activity';
import { findPreset, presetCompare, type Preset } from './presets';
import { isPresetScenario } from './presets/modified';
import { LAB_PLUGINS } from './systems';

let known: KnownViewIds | null = null;

/** The page items of a view (page-view.ts) when a fragment does not give them. */
export const PAGE_DEFAULTS = { panels: null, present: false, origin: null } as const;

/** Every preset, exercise and activity id of the lab's plug-ins, with each activity's steps. */
export function knownViewIds(): KnownViewIds {
  const activities = shippedActivities().activities;
  known ??= {
    presets: LAB_PLUGINS.flatMap((p) => p.presets.map((x) => x.id)),
    exercises: activities.map((a) => a.id),
    steps: Object.fromEntries(activities.map((a) => [a.id, a.steps.length])),
  };
  return known;
}

/** The preset a view names, when the running scenario is not (or no longer) that preset's. */
export function presetToLoad(presetId: string | null, system: string, text: string): Preset | null {
  const preset = findPreset(presetId);
  if (!preset) return null;
  return preset.system !== system || text === '' || !isPresetScenario(preset, text) ? preset : null;
}

/**
 * Apply a fragment changed in the address bar (`hashchange`). A plain in-page anchor (`#main`) is
 * not a view and leaves it alone. `rewrite` writes the address from the store afterwards, so the
 * items that could not be used leave the link even when the view did not change.
 */
export async function applyHash(store: LabStore, hash: string, rewrite: () => void): Promise<void> {
  if (isAnchorFragment(hash)) return;
  const s = store.getState();
  const { view, errors, given } = decodeViewChecked(hash, { ...knownViewIds(), system: s.system });
  s.setViewErrors(errors);
  // The step the fragment opens locks its keys before anything loads (open-activity.ts).
  lockForView(store, view);
  const preset = presetToLoad(view.preset, s.system, s.text);
  if (preset) {
    // As the preset picker does: the preset's charts and no exercise, unless the fragment says.
    s.setView({
      ...PAGE_DEFAULTS,
      ...view,
      charts: given.includes('charts') ? view.charts : (preset.charts ?? DEFAULT_CHARTS),
      exercise: given.includes('exercise') ? view.exercise : null,
    });
    await s.load(preset.scenario);
    // The preset's B of Compare A/B, once its scenario is A, unless the fragment names one.
    if (preset.compare && !given.includes('compare'))
      store.getState().setView({ compare: presetCompare(preset) });
  } else {
    // Items the fragment no longer holds go back to their defaults (setView merges).
    s.setView({ ...PAGE_DEFAULTS, ...view });
    await s.relock();
  }
  rewrite();
}
