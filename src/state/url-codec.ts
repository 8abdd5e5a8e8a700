/**
 * The URL codec (scenario.md "What is not in the scenario", ui.md "Sharing"): a
 * pure function pair. The query string is the canonical scenario text (with its
 * `events`); the fragment is the view — which charts are shown, the zoom domain,
 * the open exercise or activity and its step, the preset, the theme. Decoding keeps every valid view item
 * and reports each bad one — its key, its value and what is allowed — so the page can
 * say so and write the link without it (the scenario's own errors are the parser's
 * business); the checks of each item are view-items.ts's.
 */

import { defaultSystem, parseScenario } from '../engine/scenarios';
import { COMPARE_PREFIX, type CompareChange } from './ab-compare';
import { encodeItemValue } from './fragment-text';
import type { SweepSetup } from './sweep';
import { encodeSweep } from './sweep-link';
import { CHART_IDS, DEFAULT_CHARTS, type ChartId } from './chart-ids';
import type { Activity } from './activity-schema';
import { encodeActivityToken } from './exercise-link';
import { encodeNote, MAX_NOTES, type ChartNote } from './notes';
import { chartsOfPanels, type PanelId } from './page-view';
import { ID, ViewItems, type KnownViewIds, type Theme, type ViewError } from './view-items';

export { CHART_IDS, DEFAULT_CHARTS, type ChartId } from './chart-ids';
export { encodeItemValue } from './fragment-text';
export type { KnownViewIds, Theme, ViewError } from './view-items';

/** The part of the page state that lives in the URL fragment. */
export interface ViewState {
  readonly charts: readonly ChartId[];
  /** Visible time window in simulated seconds, or null for "fit". */
  readonly domain: readonly [number, number] | null;
  /** Open exercise or activity id, e.g. `is707-max-rto` (a shipped one, or the id of `authored`). */
  readonly exercise: string | null;
  /**
   * An exercise or activity a teacher wrote in the lab, carried by the link itself (`ex=<token>`);
   * an exercise is a one-step activity (activity-schema.ts).
   */
  readonly authored: Activity | null;
  /** The open activity's step, from 0 (`step=<n>` from 1 in the link; absent: the first). */
  readonly step?: number;
  /** Preset the scenario came from (to show its published values). */
  readonly preset: string | null;
  /** Null: follow the system's colour scheme. */
  readonly theme: Theme | null;
  /** Notes pinned to a time on a chart (`note=<chart>@<s>:<text>`, one item each). */
  readonly notes: readonly ChartNote[];
  /** A/B: the keys B changes from A (`#b.<key>=<value>`); absent or null: no comparison. */
  readonly compare?: readonly CompareChange[] | null;
  /** The sweep to run and show (`#sweep=<the CLI's sweep text>&sweep.seeds=…`); absent or null: none. */
  readonly sweep?: SweepSetup | null;
  /** The panels shown (`panels=map,seq,rto`, page-view.ts); absent or null: every panel. */
  readonly panels?: readonly PanelId[] | null;
  /** Presenter mode (`present=1`): large text and charts, fewer controls. */
  readonly present?: boolean;
  /** The course page an embedded lab reports to (`origin=https://…`); absent or null: none. */
  readonly origin?: string | null;
}

export const DEFAULT_VIEW: ViewState = {
  charts: DEFAULT_CHARTS,
  domain: null,
  exercise: null,
  authored: null,
  preset: null,
  theme: null,
  notes: [],
};

/** Characters kept as they are in the query (everything a canonical scenario uses). */
const QUERY_SAFE = /[A-Za-z0-9\-._~=&@;,:|*+!$'()/?]/;

/** Percent-decode, or return the text unchanged when it is not valid percent-encoding. */
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Escape only what may not stand in a query (space, #, %, non-ASCII…). */
export function encodeQuery(text: string): string {
  let out = '';
  for (const ch of text) out += QUERY_SAFE.test(ch) ? ch : encodeURIComponent(ch);
  return out;
}

function formatNumber(n: number): string {
  return String(Number(n.toPrecision(12)));
}

/** The fragment (without `#`) for a view; defaults are omitted, so the default view is ''. */
export function encodeView(view: ViewState): string {
  const parts: string[] = [];
  const charts = CHART_IDS.filter((c) => view.charts.includes(c));
  // A trimmed page's open charts are, unless the link says, the charts its panels name.
  const implied = view.panels ? chartsOfPanels(view.panels) : DEFAULT_CHARTS;
  const same = charts.length === implied.length && implied.every((c) => charts.includes(c));
  if (!same) parts.push(`charts=${charts.length > 0 ? charts.join(',') : 'none'}`);
  if (view.domain) parts.push(`zoom=${formatNumber(view.domain[0])},${formatNumber(view.domain[1])}`);
  if (view.exercise && ID.test(view.exercise)) parts.push(`exercise=${view.exercise}`);
  if (view.authored) parts.push(`ex=${encodeActivityToken(view.authored)}`);
  if (view.exercise && view.step !== undefined && view.step > 0) parts.push(`step=${view.step + 1}`);
  if (view.preset && ID.test(view.preset)) parts.push(`preset=${view.preset}`);
  if (view.theme) parts.push(`theme=${view.theme}`);
  for (const n of view.notes.slice(0, MAX_NOTES)) parts.push(`note=${encodeNote(n)}`);
  for (const c of view.compare ?? []) parts.push(`${COMPARE_PREFIX}${c.key}=${encodeItemValue(c.value)}`);
  if (view.sweep) parts.push(...encodeSweep(view.sweep));
  if (view.panels) parts.push(`panels=${view.panels.join(',')}`);
  if (view.present) parts.push('present=1');
  if (view.origin) parts.push(`origin=${encodeItemValue(view.origin)}`);
  return parts.join('&');
}

/** The keys a fragment may hold (`compare` stands for the `b.<key>` items). */
export const VIEW_KEYS = [
  'charts',
  'zoom',
  'exercise',
  'ex',
  'step',
  'preset',
  'theme',
  'note',
  'compare',
  'sweep',
  'panels',
  'present',
  'origin',
] as const;

export interface DecodedView {
  readonly view: ViewState;
  readonly errors: readonly ViewError[];
  /** The keys, as written, the fragment gave a valid value (`b.idle` for A/B; the others are the defaults). */
  readonly given: readonly string[];
}

/**
 * Read a fragment (with or without `#`). Each malformed or unknown item falls back to the default
 * for that item and is reported; the valid items are kept. With `known` ids, a preset or exercise
 * that does not exist is reported too.
 */
export function decodeViewChecked(fragment: string, known: KnownViewIds = {}): DecodedView {
  const items = new ViewItems(known, known.system ?? defaultSystem());
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    items.read(safeDecode(eq < 0 ? part : part.slice(0, eq)), eq < 0 ? '' : safeDecode(part.slice(eq + 1)));
  }
  items.settle();
  const { step, compare, sweep, page } = items;
  return {
    view: {
      charts: items.charts,
      domain: items.domain,
      exercise: items.exercise,
      authored: items.authored,
      ...(step !== undefined ? { step } : {}),
      preset: items.preset,
      theme: items.theme,
      notes: items.notes,
      ...(compare.length > 0 ? { compare } : {}),
      ...(sweep ? { sweep } : {}),
      ...(page.panels ? { panels: page.panels } : {}),
      ...(page.present ? { present: true } : {}),
      ...(page.origin ? { origin: page.origin } : {}),
    },
    errors: items.errors,
    given: items.given,
  };
}

/** Read a fragment (with or without `#`); anything malformed falls back to the default for that item. */
export function decodeView(fragment: string): ViewState {
  return decodeViewChecked(fragment).view;
}

/**
 * True when a fragment is an in-page anchor (`#main`, the skip link) rather than a view: it
 * holds no `key=value` item.
 */
export function isAnchorFragment(fragment: string): boolean {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  return text !== '' && !text.includes('=');
}

/**
 * The scenario text held by a query string (with or without `?`). It stays percent-encoded:
 * the scenario parser splits on `&` first and then decodes each key and value.
 */
export function decodeScenarioQuery(search: string): string {
  return search.startsWith('?') ? search.slice(1) : search;
}

/** Build the page-relative URL for a scenario and a view: `path?scenario#view`. */
export function buildUrl(pathname: string, scenarioText: string, view: ViewState): string {
  const query = scenarioText ? `?${encodeQuery(scenarioText)}` : '';
  const fragment = encodeView(view);
  return `${pathname}${query}${fragment ? `#${fragment}` : ''}`;
}

/** Read a URL's search and hash into the scenario text and the view (with the view's bad items). */
export function parseUrl(
  search: string,
  hash: string,
  known: KnownViewIds = {},
): { scenarioText: string; view: ViewState; viewErrors: readonly ViewError[] } {
  // B's keys are checked against the system of the scenario in the query.
  const system = known.system ?? parseScenario(decodeScenarioQuery(search)).scenario.system;
  const { view, errors } = decodeViewChecked(isAnchorFragment(hash) ? '' : hash, { ...known, system });
  return { scenarioText: decodeScenarioQuery(search), view, viewErrors: errors };
}
