/**
 * Reading a fragment's view items one by one (url-codec.ts `decodeViewChecked`): each item's value
 * is checked as it comes — the view's own settings (charts, zoom, preset, theme, notes), the
 * activity (`exercise`, `ex`, `step`), B's changes, the page's items and the sweep's — and what no
 * item can decide alone (an exercise an `ex` item carries, a step of the activity opened, B's
 * changes that must agree, a sweep's items) is settled once every item is in. A bad item is
 * reported with its key, its value and what is allowed, and leaves its default.
 */

import { checkChange, COMPARE_PREFIX, withChange, type CompareChange } from './ab-compare';
import { agreeingChanges, agreeingText } from './key-rules';
import type { SweepSetup } from './sweep';
import { checkSweepItems, SWEEP_KEYS, type SweepItems } from './sweep-link';
import { CHART_IDS, DEFAULT_CHARTS, type ChartId } from './chart-ids';
import { MAX_STEPS, type Activity } from './activity-schema';
import { decodeActivityToken } from './exercise-link';
import { decodeNote, MAX_NOTES, NOTE_ALLOWED, type ChartNote } from './notes';
import { chartsOfPanels, isPageKey, readPageItem, type PageItems } from './page-view';

export type Theme = 'light' | 'dark';

/** A preset's or exercise's id as a link may write it. */
export const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

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

/** The keys as written in a fragment, for messages. */
const VIEW_KEYS_TEXT = `charts, zoom, exercise, ex, step, preset, theme, note, ${COMPARE_PREFIX}<key>, ${SWEEP_KEYS.join(', ')}, panels, present, origin`;

function idAllowed(what: string, known: readonly string[] | undefined): string {
  return known ? `the id of a ${what}: ${known.join(', ')}` : `the id of a ${what} (a-z, 0-9 and -)`;
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

/** A value held until every item is in, and where among the errors its own would stand. */
interface Deferred {
  readonly value: string;
  readonly at: number;
}

/** What a fragment's items have said so far: `read` each item, then `settle` once. */
export class ViewItems {
  charts: readonly ChartId[] = DEFAULT_CHARTS;
  domain: readonly [number, number] | null = null;
  exercise: string | null = null;
  authored: Activity | null = null;
  step: number | undefined = undefined;
  preset: string | null = null;
  theme: Theme | null = null;
  readonly notes: ChartNote[] = [];
  compare: CompareChange[] = [];
  page: PageItems = {};
  sweep: SweepSetup | null = null;
  readonly errors: ViewError[] = [];
  /** The keys, as written, given a valid value. */
  readonly given: string[] = [];
  private exerciseItem: Deferred | null = null;
  private stepItem: Deferred | null = null;
  private readonly sweepItems: SweepItems = {};
  private readonly sweepGiven: string[] = [];

  constructor(
    private readonly known: KnownViewIds,
    private readonly system: string,
  ) {}

  /** One item, its key and value percent-decoded. */
  read(key: string, value: string): void {
    if (this.readSetting(key, value) || this.readActivity(key, value) || this.readOther(key, value)) return;
    this.errors.push({
      key,
      value,
      allowed: VIEW_KEYS_TEXT,
      message: `not a view key; the part after # may hold ${VIEW_KEYS_TEXT}`,
    });
  }

  /** What no item decides alone, once every item is in. */
  settle(): void {
    this.settleActivity();
    // B's changes, each valid alone, must also agree under the rules between keys (key-rules.ts).
    const agreeing = agreeingChanges(this.system, this.compare);
    for (const r of agreeing.refused) {
      this.bad(`${COMPARE_PREFIX}${r.key}`, r.value, agreeingText(r));
      this.given.splice(this.given.indexOf(`${COMPARE_PREFIX}${r.key}`), 1);
    }
    this.compare = agreeing.kept;
    const sweepCheck = checkSweepItems(this.sweepItems);
    for (const e of sweepCheck.errors) this.bad(e.key, e.value, e.allowed);
    // A sweep item is used when the sweep is and no error names it.
    if (sweepCheck.setup) {
      this.sweep = sweepCheck.setup;
      this.given.push(...this.sweepGiven.filter((k) => !sweepCheck.errors.some((e) => e.key === k)));
    }
    // A trimmed page opens the charts it names, unless the link says which are open.
    if (this.page.panels && !this.given.includes('charts')) this.charts = chartsOfPanels(this.page.panels);
  }

  private bad(key: string, value: string, allowed: string): void {
    this.errors.push({
      key,
      value,
      allowed,
      message: `${value === '' ? 'no value given' : `“${value}” is not allowed`}; expected ${allowed}`,
    });
  }

  /** Reported where it stood among the items: the last error moves back to `at`. */
  private badAt(at: number, key: string, value: string, allowed: string): void {
    this.bad(key, value, allowed);
    this.errors.splice(at, 0, ...this.errors.splice(this.errors.length - 1, 1));
  }

  /** The view's own settings: charts, zoom, preset, theme and notes. */
  private readSetting(key: string, value: string): boolean {
    if (key === 'charts') {
      const list = value === 'none' ? [] : value.split(',');
      const ok = list.filter((c): c is ChartId => (CHART_IDS as readonly string[]).includes(c));
      if (ok.length === list.length) {
        this.charts = CHART_IDS.filter((c) => ok.includes(c));
        this.given.push('charts');
      } else this.bad(key, value, `a comma-separated list of ${CHART_IDS.join(', ')}, or none`);
    } else if (key === 'zoom') {
      const [a, b, ...rest] = value.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
      if (rest.length === 0 && Number.isFinite(a) && Number.isFinite(b) && a >= 0 && b > a && b <= 1e9) {
        this.domain = [a, b];
        this.given.push('zoom');
      } else this.bad(key, value, 'two times in seconds, from,to, with 0 ≤ from < to ≤ 1e9');
    } else if (key === 'preset') {
      const presets = this.known.presets;
      if (ID.test(value) && (!presets || presets.includes(value))) {
        this.preset = value;
        this.given.push('preset');
      } else this.bad(key, value, idAllowed('preset', presets));
    } else if (key === 'theme') {
      if (value === 'light' || value === 'dark') {
        this.theme = value;
        this.given.push('theme');
      } else this.bad(key, value, 'light or dark');
    } else if (key === 'note') {
      const note = decodeNote(value);
      if (note && this.notes.length < MAX_NOTES) {
        this.notes.push(note);
        this.given.push('note');
      } else if (note) this.bad(key, value, `at most ${MAX_NOTES} notes`);
      else this.bad(key, value, NOTE_ALLOWED);
    } else return false;
    return true;
  }

  /** The activity: `exercise` and `step` are checked in `settle`, against the activity the link opens. */
  private readActivity(key: string, value: string): boolean {
    if (key === 'exercise') {
      // The id may be that of the exercise an `ex` item carries.
      this.exerciseItem = { value, at: this.errors.length };
    } else if (key === 'ex') {
      const { activity, problems } = decodeActivityToken(value);
      for (const p of problems) {
        const where = p.field === '' ? '' : `field “${p.field}”: `;
        this.errors.push({ key, value: p.field, allowed: p.message, message: `${where}${p.message}` });
      }
      if (activity) {
        this.authored = activity;
        this.given.push('ex');
      }
    } else if (key === 'step') {
      this.stepItem = { value, at: this.errors.length };
    } else return false;
    return true;
  }

  /** B's changes, the page's items and the sweep's. */
  private readOther(key: string, value: string): boolean {
    if (key.startsWith(COMPARE_PREFIX)) {
      const r = checkChange(this.system, key.slice(COMPARE_PREFIX.length), value);
      if (r.ok) {
        this.compare = withChange(this.compare, r.change);
        this.given.push(key);
      } else this.bad(key, value, r.allowed);
    } else if (isPageKey(key)) {
      const r = readPageItem(key, value);
      if (r.ok) {
        this.page = { ...this.page, ...r.item };
        this.given.push(key);
      } else this.errors.push({ key, value, allowed: r.allowed, message: r.message });
    } else if ((SWEEP_KEYS as readonly string[]).includes(key)) {
      // Read together in `settle`: a sweep's seeds or y may come before its text.
      this.sweepItems[key === 'sweep' ? 'text' : (key.slice('sweep.'.length) as 'seeds' | 'y' | 'x')] = value;
      this.sweepGiven.push(key);
    } else return false;
    return true;
  }

  private settleActivity(): void {
    const ex = this.exerciseItem;
    if (ex !== null) {
      const known = this.known.exercises;
      const ids = known && this.authored ? [...known, this.authored.id] : known;
      if (ID.test(ex.value) && (!ids || ids.includes(ex.value))) {
        this.exercise = ex.value;
        this.given.push('exercise');
      } else this.badAt(ex.at, 'exercise', ex.value, idAllowed('exercise', ids));
    }
    const st = this.stepItem;
    if (st !== null) {
      const count = this.exercise === null ? 0 : stepsOf(this.exercise, this.authored, this.known.steps);
      const n = /^[1-9][0-9]{0,2}$/.test(st.value) ? Number(st.value) : NaN;
      if (count > 0 && n >= 1 && n <= count) {
        if (n > 1) this.step = n - 1;
        this.given.push('step');
      } else {
        const allowed =
          count === 0
            ? 'a step number only beside an open activity (exercise=<id>)'
            : `a step of ${this.exercise} from 1 to ${count}`;
        this.badAt(st.at, 'step', st.value, allowed);
      }
    }
  }
}
