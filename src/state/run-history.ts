/**
 * The run history (issue 25 item 1): the last runs played to their end in this browser — their
 * scenario text (seed included), system, seed and main figures — kept in localStorage and nowhere
 * else. This module is pure: it reads and writes the stored text and keeps the list; the page
 * hands it the storage (ui/components/RunHistory.tsx). What it reads back is checked field by
 * field: anything else under the key (another version, another program's data, a hand edit) is
 * reported in words and left untouched until the user clears it, and never reaches the lab.
 */
import { isImplemented } from '../engine/scenarios';

/** The localStorage key (the lab's other keys share its prefix). */
export const HISTORY_KEY = 'wireless-tcp-lab.run-history';
/** Runs kept: the newest 20. */
export const HISTORY_MAX = 20;
/** The stored format's version: a stored list of any other is not read. */
export const HISTORY_VERSION = 1;
/** Longest scenario text kept (a link's own bound is larger; a run's text is far shorter). */
const MAX_TEXT = 20_000;

/** One run of the history. */
export interface HistoryEntry {
  /** When the run ended: milliseconds since 1970 (the page's clock; never the engine's). */
  readonly at: number;
  readonly system: string;
  /** The canonical scenario text, timed changes and seed included: loading it runs the run again. */
  readonly text: string;
  readonly seed: number;
  /** Simulated seconds the run reached. */
  readonly simTime: number;
  /** Its main figures by summary path (null: the summary had none). */
  readonly figures: Readonly<Record<string, number | null>>;
}

/** What was read: the runs, and what could not be read, in words (null when all was well). */
export interface HistoryRead {
  readonly entries: readonly HistoryEntry[];
  readonly problem: string | null;
  /** True when the stored value is not one this lab can extend: it is kept until cleared. */
  readonly locked: boolean;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** One stored run, or null when any field is missing or of the wrong kind. */
function readEntry(x: unknown): HistoryEntry | null {
  if (!isRecord(x)) return null;
  const { at, system, text, seed, simTime, figures } = x;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  if (typeof system !== 'string' || !isImplemented(system)) return null;
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT) return null;
  if (!text.startsWith(`system=${system}`)) return null;
  if (typeof seed !== 'number' || !Number.isInteger(seed)) return null;
  if (typeof simTime !== 'number' || !Number.isFinite(simTime) || simTime < 0) return null;
  if (!isRecord(figures)) return null;
  const out: Record<string, number | null> = {};
  for (const [path, v] of Object.entries(figures)) {
    if (!/^[A-Za-z][\w.]{0,80}$/.test(path)) return null;
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) return null;
    out[path] = v;
  }
  return { at, system, text, seed, simTime, figures: out };
}

/** Read the stored text (null: nothing stored). Never throws. */
export function readHistory(raw: string | null): HistoryRead {
  if (raw === null || raw === '') return { entries: [], problem: null, locked: false };
  const unreadable = (why: string): HistoryRead => ({
    entries: [],
    problem: `The run history saved in this browser could not be read (${why}). It is left as it is; “Clear the history” removes it and starts a new one.`,
    locked: true,
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return unreadable('it is not JSON');
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.runs)) return unreadable('it is not a list of runs');
  if (parsed.version !== HISTORY_VERSION)
    return unreadable(
      `it is of version ${JSON.stringify(parsed.version) ?? 'none'}, this lab reads ${HISTORY_VERSION}`,
    );
  const entries: HistoryEntry[] = [];
  let bad = 0;
  for (const x of parsed.runs.slice(0, HISTORY_MAX * 2)) {
    const e = readEntry(x);
    if (e) entries.push(e);
    else bad++;
  }
  bad += Math.max(0, parsed.runs.length - HISTORY_MAX * 2);
  return {
    entries: entries.slice(0, HISTORY_MAX),
    problem:
      bad > 0
        ? `${bad} saved ${bad === 1 ? 'run' : 'runs'} of the history could not be read and ${bad === 1 ? 'is' : 'are'} left out.`
        : null,
    locked: false,
  };
}

/** The text to store for `entries`. */
export function historyText(entries: readonly HistoryEntry[]): string {
  return JSON.stringify({ version: HISTORY_VERSION, runs: entries.slice(0, HISTORY_MAX) });
}

/**
 * The list with `entry` first: a run of the same scenario text (the same run: the engine is
 * deterministic) leaves its old place, and only the newest `HISTORY_MAX` stay.
 */
export function withRun(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...entries.filter((e) => e.text !== entry.text)].slice(0, HISTORY_MAX);
}
