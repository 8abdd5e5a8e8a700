/**
 * The scenario a baseline choice runs (issue 25 item 2), apart from the store so that the charts'
 * hook (use-chart.ts), which reads the store, does not import the plug-ins.
 */
import type { SystemId } from '../../engine/scenario/types';
import { compareText } from '../../state/ab-compare';
import { labPlugin } from '../systems';
import type { BaselineChoice } from './baseline-store';

/**
 * The scenario the choice runs, given the live one: the pinned text; the live text with the
 * system's clean-channel keys set (their timed changes dropped, as B's in a comparison); null for
 * none, or for a clean channel the system does not define (`why` says so).
 */
export function baselineText(
  choice: BaselineChoice,
  system: SystemId,
  liveText: string,
  values: Readonly<Record<string, unknown>>,
): { text: string | null; why?: string } {
  if (choice.kind === 'off') return { text: null };
  if (choice.kind === 'pinned') return { text: choice.text };
  const clean = labPlugin(system)?.cleanChannel?.(values as never) ?? null;
  if (!clean || !liveText)
    return { text: null, why: 'This system has no clean channel to compare with: pin a run instead.' };
  return { text: compareText(liveText, clean) };
}
