/**
 * Notes on charts (issue 12, item 5): a teacher pins a short text to a time on a time chart
 * ("here the RTO doubles again"). Notes are part of the view, so the link keeps them: one
 * `note=<chart>@<seconds>:<text>` item each (the text percent-encoded), read one by one so that a
 * bad note is reported by itself and the others stay.
 */
import type { ChartId } from './chart-ids';

/** The charts with a time axis (the histogram's axis is goodput, not time). */
export const NOTE_CHARTS: readonly ChartId[] = ['seq', 'rto', 'cwnd', 'throughput', 'link', 'rtt', 'tput'];
/** Longest note, characters: a label on a chart, not a paragraph. */
export const MAX_NOTE_TEXT = 80;
/** Most notes in one view (each is an item of the link). */
export const MAX_NOTES = 20;
/** Latest time a note may name, s (as a zoom window's end). */
const MAX_TIME = 1e9;

export interface ChartNote {
  readonly chart: ChartId;
  /** Simulated seconds. */
  readonly t: number;
  readonly text: string;
}

function formatTime(t: number): string {
  return String(Number(t.toPrecision(12)));
}

/** The value of a note's `note=` item (text percent-encoded; `&`, `#` and `%` cannot break it). */
export function encodeNote(n: ChartNote): string {
  return `${n.chart}@${formatTime(n.t)}:${encodeURIComponent(n.text)}`;
}

/** Why a note's text cannot be used, or null when it can (trimmed, 1–80 characters, no control characters). */
export function noteTextProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return 'the note is empty';
  if ([...t].length > MAX_NOTE_TEXT) return `the note is longer than ${MAX_NOTE_TEXT} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(t)) return 'the note holds a control character (a line break or tab)';
  return null;
}

/** What a `note=` item allows, in words (the error banner's "expected …"). */
export const NOTE_ALLOWED = `chart@seconds:text, with chart one of ${NOTE_CHARTS.join(', ')}, 0 ≤ seconds ≤ 1e9 and a text of 1 to ${MAX_NOTE_TEXT} characters`;

/** Read a `note=` item's value (already percent-decoded once by the codec). */
export function decodeNote(value: string): ChartNote | null {
  const at = value.indexOf('@');
  const colon = value.indexOf(':', at + 1);
  if (at < 0 || colon < 0) return null;
  const chart = value.slice(0, at);
  const timeText = value.slice(at + 1, colon);
  const t = timeText.trim() === '' ? NaN : Number(timeText);
  if (!(NOTE_CHARTS as readonly string[]).includes(chart)) return null;
  if (!Number.isFinite(t) || t < 0 || t > MAX_TIME) return null;
  // The codec has percent-decoded the item once already: decoding again would turn a typed "%41" into "A".
  const text = value.slice(colon + 1);
  if (noteTextProblem(text) !== null) return null;
  return { chart: chart as ChartId, t, text: text.trim() };
}

/** The notes of one chart, in time order. */
export function notesOf(notes: readonly ChartNote[], chart: ChartId): ChartNote[] {
  return notes.filter((n) => n.chart === chart).sort((a, b) => a.t - b.t);
}
