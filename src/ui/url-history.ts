/**
 * Back and Forward in the lab (issue 20 item 27): the page writes a history entry for each place
 * (state/url-sync.ts); going back to one applies its address — its view, and its scenario when it
 * is not the one running (the run starts again from 0 s, as opening that link would).
 */
import { defaultSystem } from '../engine/scenarios';
import type { LabStore } from '../state/store';
import { parseUrl } from '../state/url-codec';
import { findPreset, freePlayScenario } from './presets';
import { lockForView } from './exercises/open-activity';
import { knownViewIds, PAGE_DEFAULTS } from './url-view';

/** Apply the address the browser went to (`location.search`, `location.hash`). */
export async function restoreAddress(store: LabStore, search: string, hash: string): Promise<void> {
  const { scenarioText, view, viewErrors } = parseUrl(search, hash, knownViewIds());
  const s = store.getState();
  s.setView({ ...PAGE_DEFAULTS, ...view });
  s.setViewErrors(viewErrors);
  lockForView(store, view);
  // As a first visit reads an address without a scenario: the preset's, or the free play.
  const text = scenarioText || findPreset(view.preset)?.scenario || freePlayScenario(defaultSystem());
  if (text !== s.text) await s.load(text);
  else await s.relock();
}
