/**
 * DECT's part of a TCP timeout that no lost fragment explains: the TCP user held no bearer at all
 * for part of the timer's wait (dect.md "Connection_Handover … bearers not moved in time are
 * lost", "Dropped", "Blocked"). From `dect.bearers` (the count) and `dect.handover` (the
 * connection's events, each with the serving RFP and its channels held) it tells the chain in
 * order — the Connection_Handover into a full cell that moved no bearer in its 3 s, the drop, the
 * re-set-ups blocked, the seconds without a bearer — naming in the cause only what happened
 * before the moment judged (a cause precedes its effect); the timeline's items show the rest.
 */
import {
  at,
  span,
  type ExplainItem,
  type TableSource,
  type TraceTable,
  type UserAction,
} from '../../analysis/explain';
import type { Nanos } from '../../core/time';
import { DECT_FRAME_NS } from '../../link/dect-mac';
import { CONNECTION_HANDOVER_FRAMES } from './terminal';
import { HandoverKind, TCP_USER } from './tcp-user';

/** A stretch without any bearer and what led into it. */
export interface NoBearerStretch {
  readonly start: Nanos;
  /** When a bearer came back; null: not within the trace. */
  readonly end: Nanos | null;
  /** Bearers held just before it (all lost at its start). */
  readonly lost: number;
  /** The Connection_Handover that ended in it (serving RFP it moved into, channels held there, bearers to move). */
  readonly handover: {
    readonly t: Nanos;
    readonly rfp: number;
    readonly held: number;
    readonly bearers: number;
  } | null;
  readonly drop: Nanos | null;
  readonly blocked: readonly Nanos[];
}

/** The count of bearers recorded at or before `t` (0 before any record). */
function countAt(src: TableSource, t: Nanos): number {
  const c = src.col('count');
  let v = 0;
  for (let i = 0; i < src.n && src.t[i] <= t; i++) v = c[i];
  return v;
}

/** The last stretch without any bearer that overlaps (from, to], or null. */
export function noBearerStretch(table: TraceTable, from: Nanos, to: Nanos): NoBearerStretch | null {
  const counts = table.get('dect.bearers');
  if (!counts) return null;
  const c = counts.col('count');
  let found: { start: Nanos; end: Nanos | null } | null = null;
  let start: Nanos | null = null;
  for (let i = 0; i < counts.n; i++) {
    const t = counts.t[i];
    if (c[i] === 0 && start === null) start = t;
    else if (c[i] > 0 && start !== null) {
      if (t > from && start <= to) found = { start, end: t };
      start = null;
    }
    if (t > to && start === null) break;
  }
  if (start !== null && start <= to) found = { start, end: null };
  // Before the first set-up there is no connection to lose: not an outage.
  if (!found || found.start === 0) return null;
  // The bearers lost at its start are recorded one by one in its frame: the count just before it.
  const lost = countAt(counts, found.start - 1);
  const events = connectionEvents(table.get('dect.handover'), found.start, found.end);
  const handover = events.ch ? { ...events.ch, bearers: countAt(counts, events.ch.t) } : null;
  return { start: found.start, end: found.end, lost, handover, drop: events.drop, blocked: events.blocked };
}

function connectionEvents(src: TableSource | null, start: Nanos, end: Nanos | null) {
  const out = {
    ch: null as { t: Nanos; rfp: number; held: number } | null,
    drop: null as Nanos | null,
    blocked: [] as Nanos[],
  };
  if (!src) return out;
  const [term, kind] = [src.col('terminal'), src.col('kind')];
  const rfp = src.has('rfp') ? src.col('rfp') : null;
  const held = src.has('held') ? src.col('held') : null;
  // The handover's timer runs 3 s; at its end what it had not moved is released: the stretch starts.
  const chFrom = start - (CONNECTION_HANDOVER_FRAMES + 1) * DECT_FRAME_NS;
  for (let i = 0; i < src.n; i++) {
    const t = src.t[i];
    if (end !== null && t > end) break;
    if (term[i] !== TCP_USER) continue;
    if (kind[i] === HandoverKind.CONNECTION && t >= chFrom && t < start)
      out.ch = { t, rfp: rfp ? rfp[i] : -1, held: held ? held[i] : -1 };
    else if (kind[i] === HandoverKind.DROP && t >= start && out.drop === null) out.drop = t;
    else if (kind[i] === HandoverKind.BLOCKED && t >= start) out.blocked.push(t);
  }
  return out;
}

/** Seconds without any bearer in (from, to]. */
export function withoutBearer(s: NoBearerStretch, from: Nanos, to: Nanos): Nanos {
  return Math.max(0, Math.min(s.end ?? to, to) - Math.max(s.start, from));
}

const cell = (rfp: number, held: number): string =>
  `RFP ${rfp + 1}${held >= 0 ? `, ${held >= 119 ? 'a full cell' : 'a cell'} (${held} of 120 channels held)` : ''}`;

/**
 * The student's own part in a stretch (analysis/explain/actions.ts): the drag that put the phone
 * in the cell it handed over into (under mobility=map only a drag moves it), or the release of its
 * last bearer by hand (`bearer<n>=0`, applied at the frame boundary where the count fell to 0).
 */
export interface StretchActions {
  readonly drag: UserAction | null;
  readonly release: UserAction | null;
}

/** What the student did that the stretch `s` runs through, from the run's actions. */
export function stretchActions(s: NoBearerStretch, actions: readonly UserAction[]): StretchActions {
  let drag: UserAction | null = null;
  if (s.handover)
    for (const a of actions) {
      if (a.t > s.handover.t) break;
      if (a.kind === 'change' && a.group === 'map' && (a.key === 'msX' || a.key === 'msY')) drag = a;
    }
  const release =
    s.handover === null
      ? (actions.find(
          (a) =>
            a.kind === 'change' &&
            /^bearer\d+$/.test(a.key) &&
            a.value === '0' &&
            a.t <= s.start &&
            s.start - a.t <= DECT_FRAME_NS,
        ) ?? null)
      : null;
  return { drag, release };
}

/** How long without any bearer: its length, or (while an exercise hides it) from when. */
function withoutWords(s: NoBearerStretch, gone: Nanos, lengths: boolean): string {
  return lengths ? `${span(gone)} without any bearer` : `without any bearer since ${at(s.start)}`;
}

/**
 * The chain up to `until` (the timer's expiry), in words that read after "because": "the TCP
 * user held no bearer: a Connection_Handover at 19.090 s into RFP 2, a full cell (120 of 120
 * channels held), moved none of its 8 bearers in its 3 s; the connection dropped at 22.100 s; its
 * re-set-up was blocked at 25.100 s (no channel within 3 s); 3.06 s without any bearer". The
 * student's own part is named (`mine`): the drag that brought the phone into that cell first ("you
 * moved the phone (msX = 30 m) at 11.000 s; a Connection_Handover at 11.000 s …"), the release of
 * its last bearer in place of its going down. `lengths` false (an open exercise hides `link.tcpTimeouts`): the seconds
 * without a bearer are left out, the moments kept.
 */
export function outageWords(
  s: NoBearerStretch,
  from: Nanos,
  until: Nanos,
  mine: StretchActions = { drag: null, release: null },
  lengths = true,
): string {
  const parts: string[] = [];
  const h = s.handover;
  if (mine.drag) parts.push(mine.drag.words);
  if (h)
    parts.push(
      `a Connection_Handover at ${at(h.t)} into ${cell(h.rfp, h.held)}, ` +
        (s.lost >= h.bearers
          ? `moved none of its ${h.bearers} bearers in its 3 s, so all were lost`
          : `had moved ${h.bearers - s.lost} of its ${h.bearers} bearers when its 3 s ran out (the last ${s.lost} were lost)`),
    );
  else if (mine.release) parts.push(`you released its last bearer (${mine.release.key}) at ${at(s.start)}`);
  else parts.push(`its last bearer went down at ${at(s.start)}`);
  if (s.drop !== null && s.drop <= until) parts.push(`the connection dropped at ${at(s.drop)}`);
  const blocked = s.blocked.filter((b) => b <= until);
  if (blocked.length > 0)
    parts.push(
      `its re-set-up was blocked at ${blocked.map(at).join(', ')} (no channel within 3 s${blocked.length > 1 ? ', each time' : ''})`,
    );
  else if (s.drop !== null && s.drop <= until && (s.end === null || s.end > until))
    parts.push('its re-set-up had found no channel yet');
  const gone = withoutBearer(s, from, until);
  const back = s.end !== null && s.end <= until ? ` (a bearer came back at ${at(s.end)})` : '';
  return `the TCP user held no bearer: ${parts.join('; ')}; ${withoutWords(s, gone, lengths)}${back}`;
}

/**
 * The connection's events as timeline items, the whole stretch included (`lengths` false: its
 * length left out, its ends kept).
 */
export function outageItems(
  s: NoBearerStretch,
  mine: StretchActions = { drag: null, release: null },
  lengths = true,
): ExplainItem[] {
  const items: ExplainItem[] = [];
  const h = s.handover;
  if (mine.drag) items.push({ t: mine.drag.t, text: capitalised(mine.drag.words), tone: 'info' });
  if (h)
    items.push({
      t: h.t,
      text: `Connection_Handover into ${cell(h.rfp, h.held)} with ${h.bearers} bearers to move`,
      tone: h.held >= 119 ? 'bad' : 'info',
    });
  items.push({
    t: s.start,
    until: s.end ?? undefined,
    text:
      (h && s.lost >= h.bearers
        ? `no bearer moved in 3 s: all ${s.lost} lost`
        : mine.release
          ? `you release the last bearer (${mine.release.key})`
          : `last bearer lost`) +
      (s.end === null
        ? '; no bearer to the end of the trace'
        : lengths
          ? `; ${span(s.end - s.start)} without any bearer`
          : '; no bearer until a set-up gets a channel'),
    tone: 'lost',
  });
  if (s.drop !== null)
    items.push({ t: s.drop, text: 'connection dropped; a new set-up begins at once', tone: 'lost' });
  for (const b of s.blocked)
    items.push({ t: b, text: 're-set-up blocked: no channel within 3 s', tone: 'lost' });
  if (s.end !== null) items.push({ t: s.end, text: 'a bearer is set up again', tone: 'ok' });
  return items;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
