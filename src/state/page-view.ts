/**
 * How the page is laid out for a class (issue 24): which panels it shows (`panels=`), presenter
 * mode (`present=1`) and, for an embedded lab, the course page allowed to receive its reports
 * (`origin=`). They are view items of the fragment, read by the URL codec; pure.
 */
import { CHART_IDS, type ChartId } from './chart-ids';

/**
 * The panels a link may name, in page order. The charts are the chart ids; `system` is the running
 * system's own panels, `exercises` the exercise and activity panel (always shown while the link
 * opens one, else its answers could not be given). The playback bar is always shown.
 */
export const PANEL_IDS = [
  'map',
  'seq',
  'baseline',
  'explain',
  'summary',
  'preset',
  'packets',
  'rto',
  'cwnd',
  'throughput',
  'link',
  'histogram',
  'rtt',
  'tput',
  'system',
  'compare',
  'history',
  'sweep',
  'exercises',
  'params',
  'export',
] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** What each panel id shows, for the README and the embed-code dialog. */
export const PANEL_TITLES: Readonly<Record<PanelId, string>> = {
  map: 'Map',
  seq: 'Sequence numbers',
  baseline: 'Baseline behind the charts',
  explain: 'Explanation of the run',
  summary: 'Summary figures',
  preset: 'Preset and its published figures',
  packets: 'Packet view',
  rto: 'Retransmission timeout chart',
  cwnd: 'Congestion window chart',
  throughput: 'Goodput chart',
  link: 'Link-layer chart',
  histogram: 'Goodput histograms',
  rtt: 'Round-trip time chart',
  tput: 'Throughput over time chart',
  system: 'The system’s own panels',
  compare: 'A/B comparison',
  history: 'Run history',
  sweep: 'Sweep',
  exercises: 'Exercises and activities',
  params: 'Parameters',
  export: 'Export and embed',
};

/** The panels an embed page shows when its link names none. */
export const DEFAULT_EMBED_PANELS: readonly PanelId[] = ['map', 'seq', 'summary'];

export const PANELS_ALLOWED = `a comma-separated list of ${PANEL_IDS.join(', ')}`;
export const PRESENT_ALLOWED = '1 (presenter mode) or 0';
export const ORIGIN_ALLOWED =
  'the course page’s origin, https://host[:port] (http only for localhost or 127.0.0.1), no path';

/** Read a `panels=` value: the ids in page order, or null when any id is unknown or none is given. */
export function parsePanels(value: string): readonly PanelId[] | null {
  const list = value.split(',').map((p) => p.trim());
  if (list.length === 0 || list.some((p) => !(PANEL_IDS as readonly string[]).includes(p))) return null;
  return PANEL_IDS.filter((p) => list.includes(p));
}

/** The ids of `value` that are not panels (for the message). */
export function unknownPanels(value: string): string[] {
  return value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => !(PANEL_IDS as readonly string[]).includes(p));
}

/** The charts a panel list shows. */
export function chartsOfPanels(panels: readonly PanelId[]): ChartId[] {
  return CHART_IDS.filter((c) => (panels as readonly string[]).includes(c));
}

/**
 * Read an `origin=` value: a serialised origin (scheme, host, port; no path, query or
 * credentials). A course page on https is the rule; http only on the local machine, for trying
 * it out. Null when not such an origin.
 */
export function parseOrigin(value: string): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return null;
  }
  const local = u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]';
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) return null;
  if (u.username || u.password || u.search || u.hash) return null;
  if (u.pathname !== '/' || value.replace(/\/$/, '') !== u.origin) return null;
  return u.origin;
}

/** The page's items of a view, as a fragment gives them. */
export interface PageItems {
  readonly panels?: readonly PanelId[];
  readonly present?: boolean;
  readonly origin?: string;
}

export const PAGE_KEYS = ['panels', 'present', 'origin'] as const;

export function isPageKey(key: string): key is (typeof PAGE_KEYS)[number] {
  return (PAGE_KEYS as readonly string[]).includes(key);
}

/** Read one page item: its value, or what the key allows and the message naming what is wrong. */
export function readPageItem(
  key: (typeof PAGE_KEYS)[number],
  value: string,
): { ok: true; item: PageItems } | { ok: false; allowed: string; message: string } {
  const refused = (
    allowed: string,
    what = value === '' ? 'no value given' : `“${value}” is not allowed`,
  ) => ({
    ok: false as const,
    allowed,
    message: `${what}; expected ${allowed}`,
  });
  if (key === 'panels') {
    const list = parsePanels(value);
    if (list) return { ok: true, item: { panels: list } };
    const unknown = unknownPanels(value).filter((p) => p !== '');
    const named = unknown.map((p) => `“${p}”`).join(', ');
    return unknown.length > 0
      ? refused(PANELS_ALLOWED, `${named}: no such panel`)
      : { ok: false, allowed: PANELS_ALLOWED, message: `expected ${PANELS_ALLOWED}` };
  }
  if (key === 'present') {
    return value === '1' || value === '0'
      ? { ok: true, item: { present: value === '1' } }
      : refused(PRESENT_ALLOWED);
  }
  const origin = parseOrigin(value);
  return origin ? { ok: true, item: { origin } } : refused(ORIGIN_ALLOWED);
}
