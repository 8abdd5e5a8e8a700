/**
 * The page's mode (issue 24): the full lab or the embed page (embed.html, no header, only the
 * panels its link names), and which panels a link shows (`panels=`, also in the full lab) — read
 * by the components that place panels.
 */
import { createContext, useContext } from 'react';
import { DEFAULT_EMBED_PANELS, type PanelId } from '../../state/page-view';
import { useLab } from '../hooks/use-lab';

export interface PageMode {
  /** The embed page (embed.html): no header, no tour, no footer. */
  readonly embed: boolean;
}

export const PageModeContext = createContext<PageMode>({ embed: false });

export function usePageMode(): PageMode {
  return useContext(PageModeContext);
}

/** The panels a page shows: the link's, else every one (the lab) or the embed page's default. */
export function shownPanels(
  panels: readonly PanelId[] | null | undefined,
  embed: boolean,
): readonly PanelId[] | null {
  return panels ?? (embed ? DEFAULT_EMBED_PANELS : null);
}

/** Whether panel `id` is on the page. */
export function usePanel(id: PanelId): boolean {
  return useShownPanels()(id);
}

/** A test of whether a panel is on the page (`embed`: the page's mode, when not from the context). */
export function useShownPanels(embedPage?: boolean): (id: PanelId) => boolean {
  const context = usePageMode();
  const embed = embedPage ?? context.embed;
  const panels = useLab((s) => s.view.panels);
  const list = shownPanels(panels, embed);
  return (id) => list === null || list.includes(id);
}

/** Presenter mode (`present=1`). */
export function usePresent(): boolean {
  return useLab((s) => s.view.present === true);
}
