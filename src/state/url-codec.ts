/**
 * The URL codec (scenario.md "What is not in the scenario", ui.md "Sharing"): a
 * pure function pair. The query string is the canonical scenario text (with its
 * `events`); the fragment is the view — which charts are shown, the zoom domain,
 * the open exercise or activity and its step, the preset, the theme. Decoding keeps every valid view item
 * and reports each bad one — its key, its value and what is allowed — so the page can
 * say so and write the link without it (the scenario's own errors are the parser's
 * business).
 */

import { defaultSystem, parseScenario } from '../engine/scenarios';
import { checkChange, COMPARE_PREFIX, withChange, type CompareChange } from './ab-compare';
import { agreeingChanges, agreeingText } from './key-rules';
import { encodeItemValue } from './fragment-text';
import type { SweepSetup } from './sweep';
import { checkSweepItems, encodeSweep, SWEEP_KEYS, type SweepItems } from './sweep-link';
import { CHART_IDS, DEFAULT_CHARTS, type ChartId } from './chart-ids';
import { MAX_STEPS, type Activity } from './activity-schema';
import { decodeActivityToken, encodeActivityToken } from './exercise-link';
import { decodeNote, encodeNote, MAX_NOTES, NOTE_ALLOWED, type ChartNote } from './notes';
import { chartsOfPanels, isPageKey, readPageItem, type PageItems, type PanelId } from './page-view';

export { CHART_IDS, DEFAULT_CHARTS, type ChartId } from './chart-ids';
export { encodeItemValue } from './fragment-text';

export type Theme = 'light' | 'dark';

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

/** A view item of the fragment that could not be used (shown with the scenario's errors). */
export interface ViewError {
  readonly key: string;
  readonly value: string;
  /** What the key allows, in words. */
  readonly allowed: string;
  /** The whole sentence for the banner (names the value and what is allowed). */
  readonly message: string;
}

/** The ids a fragment may name, when the caller knows them (the page: its presets and exercises). */
export interface KnownViewIds {
  readonly presets?: readonly string[];
  readonly exercises?: readonly string[];
  /** The number of steps of each shipped activity by id (an exercise has one; absent: not checked). */
  readonly steps?: Readonly<Record<string, number>>;
  /** The running system, whose keys `b.<key>` may change (default: the default system). */
  readonly system?: string;
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
/** The keys as written in a fragment, for messages. */
const VIEW_KEYS_TEXT = `charts, zoom, exercise, ex, step, preset, theme, note, ${COMPARE_PREFIX}<key>, ${SWEEP_KEYS.join(', ')}, panels, present, origin`;

export interface DecodedView {
  readonly view: ViewState;
  readonly errors: readonly ViewError[];
  /** The keys, as written, the fragment gave a valid value (`b.idle` for A/B; the others are the defaults). */
  readonly given: readonly string[];
}

function idAllowed(what: string, known: readonly string[] | undefined): string {
  return known ? `the id of a ${what}: ${known.join(', ')}` : `the id of a ${what} (a-z, 0-9 and -)`;
}

/**
 * Read a fragment (with or without `#`). Each malformed or unknown item falls back to the default
 * for that item and is reported; the valid items are kept. With `known` ids, a preset or exercise
 * that does not exist is reported too.
 */
export function decodeViewChecked(fragment: string, known: KnownViewIds = {}): DecodedView {
  let charts: readonly ChartId[] = DEFAULT_CHARTS;
  let domain: readonly [number, number] | null = null;
  let exercise: string | null = null;
  let exerciseValue: string | null = null;
  let exerciseAt = 0;
  let authored: Activity | null = null;
  let stepValue: string | null = null;
  let stepAt = 0;
  let step: number | undefined;
  let preset: string | null = null;
  let theme: Theme | null = null;
  const notes: ChartNote[] = [];
  let compare: CompareChange[] = [];
  const sweepItems: SweepItems = {};
  const sweepGiven: string[] = [];
  let page: PageItems = {};
  const system = known.system ?? defaultSystem();
  const errors: ViewError[] = [];
  const given: string[] = [];
  const bad = (key: string, value: string, allowed: string) =>
    errors.push({
      key,
      value,
      allowed,
      message: `${value === '' ? 'no value given' : `“${value}” is not allowed`}; expected ${allowed}`,
    });
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = safeDecode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : safeDecode(part.slice(eq + 1));
    if (key === 'charts') {
      const list = value === 'none' ? [] : value.split(',');
      const ok = list.filter((c): c is ChartId => (CHART_IDS as readonly string[]).includes(c));
      if (ok.length === list.length) {
        charts = CHART_IDS.filter((c) => ok.includes(c));
        given.push('charts');
      } else bad(key, value, `a comma-separated list of ${CHART_IDS.join(', ')}, or none`);
    } else if (key === 'zoom') {
      const [a, b, ...rest] = value.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
      if (rest.length === 0 && Number.isFinite(a) && Number.isFinite(b) && a >= 0 && b > a && b <= 1e9) {
        domain = [a, b];
        given.push('zoom');
      } else bad(key, value, 'two times in seconds, from,to, with 0 ≤ from < to ≤ 1e9');
    } else if (key === 'exercise') {
      // Checked after the loop: the id may be that of the exercise an `ex` item carries.
      exerciseValue = value;
      exerciseAt = errors.length;
    } else if (key === 'ex') {
      const { activity, problems } = decodeActivityToken(value);
      for (const p of problems) {
        const where = p.field === '' ? '' : `field “${p.field}”: `;
        errors.push({ key, value: p.field, allowed: p.message, message: `${where}${p.message}` });
      }
      if (activity) {
        authored = activity;
        given.push('ex');
      }
    } else if (key === 'step') {
      // Checked after the loop, against the steps of the activity the fragment opens.
      stepValue = value;
      stepAt = errors.length;
    } else if (key === 'preset') {
      if (ID.test(value) && (!known.presets || known.presets.includes(value))) {
        preset = value;
        given.push('preset');
      } else bad(key, value, idAllowed('preset', known.presets));
    } else if (key === 'theme') {
      if (value === 'light' || value === 'dark') {
        theme = value;
        given.push('theme');
      } else bad(key, value, 'light or dark');
    } else if (key === 'note') {
      const note = decodeNote(value);
      if (note && notes.length < MAX_NOTES) {
        notes.push(note);
        given.push('note');
      } else if (note) bad(key, value, `at most ${MAX_NOTES} notes`);
      else bad(key, value, NOTE_ALLOWED);
    } else if (key.startsWith(COMPARE_PREFIX)) {
      const r = checkChange(system, key.slice(COMPARE_PREFIX.length), value);
      if (r.ok) {
        compare = withChange(compare, r.change);
        given.push(key);
      } else bad(key, value, r.allowed);
    } else if (isPageKey(key)) {
      const r = readPageItem(key, value);
      if (r.ok) {
        page = { ...page, ...r.item };
        given.push(key);
      } else errors.push({ key, value, allowed: r.allowed, message: r.message });
    } else if ((SWEEP_KEYS as readonly string[]).includes(key)) {
      // Read together once every item is in: a sweep's seeds or y may come before its text.
      sweepItems[key === 'sweep' ? 'text' : (key.slice('sweep.'.length) as 'seeds' | 'y' | 'x')] = value;
      sweepGiven.push(key);
    } else {
      errors.push({
        key,
        value,
        allowed: VIEW_KEYS_TEXT,
        message: `not a view key; the part after # may hold ${VIEW_KEYS_TEXT}`,
      });
    }
  }
  if (exerciseValue !== null) {
    const value = exerciseValue;
    const ids = known.exercises && authored ? [...known.exercises, authored.id] : known.exercises;
    if (ID.test(value) && (!ids || ids.includes(value))) {
      exercise = value;
      given.push('exercise');
    } else {
      // Reported where it stood among the items.
      bad('exercise', value, idAllowed('exercise', ids));
      errors.splice(exerciseAt, 0, ...errors.splice(errors.length - 1, 1));
    }
  }
  if (stepValue !== null) {
    const count = exercise === null ? 0 : stepsOf(exercise, authored, known.steps);
    const n = /^[1-9][0-9]{0,2}$/.test(stepValue) ? Number(stepValue) : NaN;
    if (count > 0 && n >= 1 && n <= count) {
      if (n > 1) step = n - 1;
      given.push('step');
    } else {
      bad(
        'step',
        stepValue,
        count === 0
          ? 'a step number only beside an open activity (exercise=<id>)'
          : `a step of ${exercise} from 1 to ${count}`,
      );
      errors.splice(stepAt, 0, ...errors.splice(errors.length - 1, 1));
    }
  }
  // B's changes, each valid alone, must also agree under the rules between keys (key-rules.ts).
  const agreeing = agreeingChanges(system, compare);
  for (const r of agreeing.refused) {
    bad(`${COMPARE_PREFIX}${r.key}`, r.value, agreeingText(r));
    given.splice(given.indexOf(`${COMPARE_PREFIX}${r.key}`), 1);
  }
  compare = agreeing.kept;
  const sweepCheck = checkSweepItems(sweepItems);
  for (const e of sweepCheck.errors) bad(e.key, e.value, e.allowed);
  // A sweep item is used when the sweep is and no error names it.
  if (sweepCheck.setup) given.push(...sweepGiven.filter((k) => !sweepCheck.errors.some((e) => e.key === k)));
  // A trimmed page opens the charts it names, unless the link says which are open.
  if (page.panels && !given.includes('charts')) charts = chartsOfPanels(page.panels);
  return {
    view: {
      charts,
      domain,
      exercise,
      authored,
      ...(step !== undefined ? { step } : {}),
      preset,
      theme,
      notes,
      ...(compare.length > 0 ? { compare } : {}),
      ...(sweepCheck.setup ? { sweep: sweepCheck.setup } : {}),
      ...(page.panels ? { panels: page.panels } : {}),
      ...(page.present ? { present: true } : {}),
      ...(page.origin ? { origin: page.origin } : {}),
    },
    errors,
    given,
  };
}

/** The steps of the open activity: the link's own, a shipped one's, or at most MAX_STEPS when unknown. */
function stepsOf(
  id: string,
  authored: Activity | null,
  known: Readonly<Record<string, number>> | undefined,
): number {
  if (authored?.id === id) return authored.steps.length;
  return known ? (known[id] ?? 1) : MAX_STEPS;
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
