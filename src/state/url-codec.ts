/**
 * The URL codec (scenario.md "What is not in the scenario", ui.md "Sharing"): a
 * pure function pair. The query string is the canonical scenario text (with its
 * `events`); the fragment is the view — which charts are shown, the zoom domain,
 * the open exercise, the preset, the theme. Decoding is lenient: a bad view item
 * is ignored (the scenario's own errors are the parser's business).
 */

/** Charts the page can show (data-testid `chart-<id>`). */
export type ChartId = 'seq' | 'rto' | 'cwnd' | 'throughput' | 'link' | 'histogram';
export const CHART_IDS: readonly ChartId[] = ['seq', 'rto', 'cwnd', 'throughput', 'link', 'histogram'];
/** Shown when the fragment does not say. */
export const DEFAULT_CHARTS: readonly ChartId[] = ['seq', 'rto', 'cwnd', 'throughput', 'link'];

export type Theme = 'light' | 'dark';

/** The part of the page state that lives in the URL fragment. */
export interface ViewState {
  readonly charts: readonly ChartId[];
  /** Visible time window in simulated seconds, or null for "fit". */
  readonly domain: readonly [number, number] | null;
  /** Open exercise id, e.g. `is707-max-rto`. */
  readonly exercise: string | null;
  /** Preset the scenario came from (to show its published values). */
  readonly preset: string | null;
  /** Null: follow the system's colour scheme. */
  readonly theme: Theme | null;
}

export const DEFAULT_VIEW: ViewState = {
  charts: DEFAULT_CHARTS,
  domain: null,
  exercise: null,
  preset: null,
  theme: null,
};

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
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
  const same = charts.length === DEFAULT_CHARTS.length && DEFAULT_CHARTS.every((c) => charts.includes(c));
  if (!same) parts.push(`charts=${charts.length > 0 ? charts.join(',') : 'none'}`);
  if (view.domain) parts.push(`zoom=${formatNumber(view.domain[0])},${formatNumber(view.domain[1])}`);
  if (view.exercise && ID.test(view.exercise)) parts.push(`exercise=${view.exercise}`);
  if (view.preset && ID.test(view.preset)) parts.push(`preset=${view.preset}`);
  if (view.theme) parts.push(`theme=${view.theme}`);
  return parts.join('&');
}

/** Read a fragment (with or without `#`); anything malformed falls back to the default for that item. */
export function decodeView(fragment: string): ViewState {
  let charts: readonly ChartId[] = DEFAULT_CHARTS;
  let domain: readonly [number, number] | null = null;
  let exercise: string | null = null;
  let preset: string | null = null;
  let theme: Theme | null = null;
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = safeDecode(part.slice(0, eq));
    const value = safeDecode(part.slice(eq + 1));
    if (key === 'charts') {
      const list = value === 'none' ? [] : value.split(',');
      const ok = list.filter((c): c is ChartId => (CHART_IDS as readonly string[]).includes(c));
      if (ok.length === list.length) charts = CHART_IDS.filter((c) => ok.includes(c));
    } else if (key === 'zoom') {
      const [a, b, ...rest] = value.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
      if (rest.length === 0 && Number.isFinite(a) && Number.isFinite(b) && a >= 0 && b > a && b <= 1e9) {
        domain = [a, b];
      }
    } else if (key === 'exercise') {
      if (ID.test(value)) exercise = value;
    } else if (key === 'preset') {
      if (ID.test(value)) preset = value;
    } else if (key === 'theme') {
      if (value === 'light' || value === 'dark') theme = value;
    }
  }
  return { charts, domain, exercise, preset, theme };
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

/** Read a URL's search and hash into the scenario text and the view. */
export function parseUrl(search: string, hash: string): { scenarioText: string; view: ViewState } {
  return { scenarioText: decodeScenarioQuery(search), view: decodeView(hash) };
}
