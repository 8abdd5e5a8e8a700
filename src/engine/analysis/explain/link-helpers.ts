/**
 * What every system's link explainer needs: the frames `link.packet` says carried a datagram, and
 * the channel's state runs (a fade, a bad bearer, a talkspurt) around a frame.
 */
import type { Nanos } from '../../core/time';
import type { ExplainItem } from './types';
import { at, span } from './words';
import { firstAfter, type TableSource, type TraceTable } from './table';

/** One `link.packet` record: a datagram (or one Multilink fragment of it) and its frames. */
export interface PacketPiece {
  /** When its last byte was framed, ns. */
  readonly t: Nanos;
  readonly dir: number;
  readonly first: number;
  readonly last: number;
  readonly link: number;
  /** Multilink sequence number, −1 for a whole datagram. */
  readonly part: number;
}

/** The `link.packet` records of datagram `id`, oldest first. */
export function piecesOf(table: TraceTable, id: number): PacketPiece[] {
  const src = table.get('link.packet');
  if (!src) return [];
  const ids = src.col('id');
  const out: PacketPiece[] = [];
  for (let i = 0; i < src.n; i++)
    if (ids[i] === id)
      out.push({
        t: src.t[i],
        dir: src.col('dir')[i],
        first: src.col('first')[i],
        last: src.col('last')[i],
        link: src.has('link') ? src.col('link')[i] : 0,
        part: src.has('part') ? src.col('part')[i] : -1,
      });
  return out;
}

/** An interval of a two-state trace in state 1 (a fade, a talkspurt); `end` null: still on at the end. */
export interface Run {
  readonly start: Nanos;
  readonly end: Nanos | null;
}

/**
 * The run of state 1 of `field` containing `t`, over the records `keep` selects (one channel of a
 * change-only state trace such as `channel.state`), or null when the state at `t` was 0.
 */
export function runAt(
  src: TableSource | null,
  keep: (i: number) => boolean,
  field: string,
  t: Nanos,
): Run | null {
  if (!src) return null;
  const v = src.col(field);
  let i = firstAfter(src.t, src.n, t) - 1;
  while (i >= 0 && !keep(i)) i--;
  if (i < 0 || v[i] !== 1) return null;
  // Back to where the state became 1 (records only on change, but be safe with repeats).
  let s = i;
  for (let k = i - 1; k >= 0; k--) {
    if (!keep(k)) continue;
    if (v[k] !== 1) break;
    s = k;
  }
  for (let k = i + 1; k < src.n; k++) if (keep(k) && v[k] !== 1) return { start: src.t[s], end: src.t[k] };
  return { start: src.t[s], end: null };
}

/** The runs of state 1 that overlap [t0, t1], oldest first. */
export function runsIn(
  src: TableSource | null,
  keep: (i: number) => boolean,
  field: string,
  t0: Nanos,
  t1: Nanos,
): Run[] {
  if (!src) return [];
  const v = src.col(field);
  const out: Run[] = [];
  let start: Nanos | null = null;
  for (let k = 0; k < src.n; k++) {
    if (!keep(k)) continue;
    const t = src.t[k];
    if (v[k] === 1 && start === null) start = t;
    else if (v[k] !== 1 && start !== null) {
      if (t > t0 && start <= t1) out.push({ start, end: t });
      start = null;
    }
    if (t > t1 && start === null) break;
  }
  if (start !== null && start <= t1) out.push({ start, end: null });
  return out;
}

/** "a 1.20 s fade", "a fade that began at 10.200 s and lasted to the end of the trace". */
export function runWords(r: Run, what: string): string {
  return r.end === null
    ? `a ${what} that began at ${at(r.start)} and lasted to the end of the trace`
    : `a ${span(r.end - r.start)} ${what}`;
}

/** One transmission of a numbered link frame. */
export interface FrameTx {
  readonly t: Nanos;
  readonly kind: number;
  readonly error: boolean;
}

/** Every transmission of one frame number, and whether none got through. */
export interface FrameHistory {
  readonly frame: number;
  readonly tx: readonly FrameTx[];
  /** Sent at least once and erased every time. */
  readonly lost: boolean;
}

/** Which records of a frame source belong to a datagram's frames. */
export interface FrameFilter {
  /** Value of the direction (or link) field, and its name. */
  readonly dir: number;
  readonly dirField?: string;
  /** The frame numbers, in the source's `seqField`. */
  readonly first: number;
  readonly last: number;
  readonly seqField?: string;
  readonly errorField?: string;
  /** Kinds of record that carry data (first sending and resending). */
  readonly kinds: readonly number[];
  /** Time window [from, to) of the records (numbers restart after a link reset). */
  readonly from: Nanos;
  readonly to?: Nanos;
  /** Extra condition on a record (e.g. the PIAFS monitor's link). */
  readonly keep?: (i: number) => boolean;
}

/** The histories of frames first…last, by number, from a numbered frame source. */
export function frameHistories(src: TableSource | null, f: FrameFilter): FrameHistory[] {
  if (!src) return [];
  const dir = src.col(f.dirField ?? 'dir');
  const seq = src.col(f.seqField ?? 'seq');
  const err = src.col(f.errorField ?? 'error');
  const kind = src.has('kind') ? src.col('kind') : null;
  const to = f.to ?? Infinity;
  const tx = new Map<number, FrameTx[]>();
  for (let i = firstAfter(src.t, src.n, f.from - 1); i < src.n && src.t[i] < to; i++) {
    const s = seq[i];
    if (dir[i] !== f.dir || s < f.first || s > f.last) continue;
    const k = kind ? kind[i] : 0;
    if (kind && !f.kinds.includes(k)) continue;
    if (f.keep && !f.keep(i)) continue;
    const list = tx.get(s);
    const one = { t: src.t[i], kind: k, error: err[i] === 1 };
    if (list) list.push(one);
    else tx.set(s, [one]);
  }
  const out: FrameHistory[] = [];
  for (let n = f.first; n <= f.last; n++) {
    const list = tx.get(n) ?? [];
    out.push({ frame: n, tx: list, lost: list.length > 0 && list.every((x) => x.error) });
  }
  return out;
}

/** The frame erased most often (ties: the earliest), or null when none was erased. */
export function worstFrame(h: readonly FrameHistory[]): FrameHistory | null {
  let best: FrameHistory | null = null;
  let most = 0;
  for (const x of h) {
    const e = x.tx.filter((t) => t.error).length;
    if (e > most) {
      most = e;
      best = x;
    }
  }
  return best;
}

/** Erased transmissions of a frame. */
export function erasures(h: FrameHistory): number {
  return h.tx.filter((t) => t.error).length;
}

/**
 * Items for the runs of state 1 overlapping [t0, t1] (an open run ends at the last record read);
 * with `at`, only the runs that hold one of those times (the channel state at the frames).
 */
export function runItems(
  src: TableSource | null,
  keep: (i: number) => boolean,
  field: string,
  t0: Nanos,
  t1: Nanos,
  text: (r: Run) => string,
  at?: readonly Nanos[],
): ExplainItem[] {
  const holds = (r: Run): boolean =>
    at === undefined || at.some((t) => t >= r.start && (r.end === null || t < r.end));
  return runsIn(src, keep, field, t0, t1)
    .filter(holds)
    .map((r) => ({
      t: r.start,
      ...(r.end !== null ? { until: r.end } : {}),
      text: text(r),
      tone: 'bad' as const,
    }));
}

/** At most `max` items, the rest summed up in one line (a long retransmission history stays readable). */
export function capItems(items: ExplainItem[], max: number, what: string): ExplainItem[] {
  if (items.length <= max) return items;
  const rest = items.length - max;
  const lastT = items[items.length - 1].t;
  return [...items.slice(0, max), { t: lastT, text: `… and ${rest} more ${what}`, tone: 'info' }];
}

/** The longest run of state 1 that holds one of `times` (the fade that erased a frame's copies), or null. */
export function longestRunAt(
  src: TableSource | null,
  keep: (i: number) => boolean,
  field: string,
  times: readonly Nanos[],
): Run | null {
  let best: Run | null = null;
  const len = (r: Run): number => (r.end ?? Infinity) - r.start;
  for (const t of times) {
    const r = runAt(src, keep, field, t);
    if (r && (!best || len(r) > len(best))) best = r;
  }
  return best;
}
