/**
 * Evidence the DECT items print beside their verdicts (dect.md "Mobile terminal types" and "Must
 * reproduce"): the bearer-count table behind dect-2, the reference load's own figures (channels
 * held per RFP, background calls blocked per type, the TCP user's blocked set-ups) and, at
 * load=high, which drop caused each TCP timeout (the summary's `link.tcpTimeouts`).
 */
import type { Summary } from '../../engine';
import type { DectTimeout, DectTimeoutSummary } from '../../engine/systems/dect/timeout-log';
import { fmt, num } from './run';

/** A number in the summary's `link` block by its path (NaN where there is none). */
export const link = (s: Summary, ...path: string[]): number => {
  let x: unknown = s.link;
  for (const k of path) x = typeof x === 'object' && x !== null ? (x as Record<string, unknown>)[k] : NaN;
  return num(x);
};
/** Σ of f over the runs. */
export const sumOf = (ss: readonly Summary[], f: (s: Summary) => number): number =>
  ss.reduce((a, s) => a + f(s), 0);

/** Σ over runs of one `link.byBearers` array (index = bearers held). */
export const byBearers = (ss: readonly Summary[], key: string): number[] => {
  const out: number[] = [];
  for (const s of ss) {
    const a = ((s.link.byBearers ?? {}) as Record<string, unknown>)[key];
    if (Array.isArray(a)) a.forEach((v, k) => (out[k] = (out[k] ?? 0) + num(v)));
  }
  return out;
};

/** Share of the bearer handovers started with lo…hi bearers that failed. */
export function failShare(ss: readonly Summary[], lo: number, hi: number): number {
  const ho = byBearers(ss, 'handovers');
  const failed = byBearers(ss, 'failed');
  let n = 0;
  let f = 0;
  for (let k = lo; k <= hi && k < ho.length; k++) {
    n += ho[k] ?? 0;
    f += failed[k] ?? 0;
  }
  return n > 0 ? f / n : 0;
}

/**
 * The evidence behind the bearer count (dect.md: "the bearer count saw-tooths between the
 * target and bth − 1"): per bearer count k, the share of time held, the bearer handovers started
 * at k and the share that failed, and the bearers lost per Connection_Handover started at k.
 */
export function perCountTable(ss: readonly Summary[]): string {
  const frames = byBearers(ss, 'frames');
  const total = frames.reduce((a, b) => a + b, 0);
  const ho = byBearers(ss, 'handovers');
  const failed = byBearers(ss, 'failed');
  const ch = byBearers(ss, 'connectionHandovers');
  const lost = byBearers(ss, 'lostInConnectionHandover');
  const rows: string[] = [];
  for (let k = 1; k < frames.length; k++) {
    if (!frames[k] && !ho[k] && !ch[k]) continue;
    rows.push(
      `${k}: ${fmt((100 * frames[k]) / (total || 1), 0)} % of the time, ` +
        `${ho[k] ? `${failed[k]}/${ho[k]} handovers failed (${fmt((100 * failed[k]) / ho[k], 0)} %)` : 'no handover'}` +
        `${ch[k] ? `, ${fmt(lost[k] / ch[k], 1)} bearers lost per connection handover (${ch[k]})` : ''}`,
    );
  }
  return rows.join('; ');
}

/** Background call types in the summary's order (background.ts). */
const TYPES = ['p08j', 'p32', 'p80', 'data'] as const;

/** What the background load did to the cells over runs (dect.md: "report both figures"). */
export interface LoadFigures {
  /** Mean channels held per RFP (of 120), over runs and RFPs; the largest run's mean. */
  channelsHeld: number;
  channelsHeldMax: number;
  /** Background calls blocked over set-ups that ended, all types and per type. */
  blocking: number;
  blockingByType: Record<(typeof TYPES)[number], number>;
  /** The TCP user's set-ups that blocked, Σ over runs. */
  tcpBlocked: number;
  /** Failed bearer handovers of the TCP user over all started (reported, not a target). */
  handoverFail: number;
}

export function loadFigures(ss: readonly Summary[]): LoadFigures {
  const carried = (t: string) => sumOf(ss, (s) => link(s, 'background', 'carried', t));
  const blocked = (t: string) => sumOf(ss, (s) => link(s, 'background', 'blocked', t));
  const share = (b: number, c: number) => (b + c > 0 ? b / (b + c) : 0);
  const byType = Object.fromEntries(
    TYPES.map((t) => [t, share(blocked(t), carried(t))]),
  ) as LoadFigures['blockingByType'];
  const allBlocked = TYPES.reduce((a, t) => a + blocked(t), 0);
  const allCarried = TYPES.reduce((a, t) => a + carried(t), 0);
  const held = ss.map((s) => link(s, 'channelsHeld', 'mean'));
  const started = sumOf(ss, (s) => link(s, 'handovers', 'started'));
  return {
    channelsHeld: held.reduce((a, b) => a + b, 0) / (held.length || 1),
    channelsHeldMax: Math.max(...held),
    blocking: share(allBlocked, allCarried),
    blockingByType: byType,
    tcpBlocked: sumOf(ss, (s) => link(s, 'blockedSetups')),
    handoverFail: started > 0 ? sumOf(ss, (s) => link(s, 'handovers', 'failed')) / started : 0,
  };
}

const pct = (x: number, d = 1): string => `${fmt(100 * x, d)} %`;

export function loadText(f: LoadFigures): string {
  return (
    `${fmt(f.channelsHeld, 1)} of 120 channels held per RFP on average (runs up to ${fmt(f.channelsHeldMax, 1)}), ` +
    `${pct(f.blocking, 2)} of background calls blocked (${TYPES.map((t) => `${t} ${pct(f.blockingByType[t], 1)}`).join(', ')}), ` +
    `${f.tcpBlocked} blocked set-ups of the TCP user, ${pct(f.handoverFail)} of its bearer handovers failed`
  );
}

/** The summary's record of a run's TCP timeouts. */
export const timeoutsOf = (s: Summary): DectTimeoutSummary =>
  s.link.tcpTimeouts as unknown as DectTimeoutSummary;

/**
 * Which drop caused each timeout of one run: the timeouts grouped by the drop that began their
 * stretch without a bearer, with the Connection_Handover behind it ("drop at 39.18 s — handover at
 * 36.17 s into a cell holding 120 of 120 channels moved none of its 6 bearers; 1 blocked
 * re-set-up; 6.6 s without a bearer → 4 timeouts, 40.10–42.17 s").
 */
export function dropsBehindTimeouts(t: DectTimeoutSummary): string {
  if (t.count === 0) return 'no timeout';
  const groups = new Map<number | null, DectTimeout[]>();
  for (const x of t.list) {
    const g = groups.get(x.dropAt);
    if (g) g.push(x);
    else groups.set(x.dropAt, [x]);
  }
  const parts = [...groups].map(([drop, xs]) => {
    const x = xs[xs.length - 1];
    const span = xs.length > 1 ? `${fmt(xs[0].at, 2)}–${fmt(x.at, 2)} s` : `${fmt(x.at, 2)} s`;
    const n = `${xs.length} timeout${xs.length === 1 ? '' : 's'}`;
    if (drop === null) return `no drop behind ${n} (${span})`;
    const how =
      x.handoverAt !== null
        ? ` after a Connection_Handover at ${fmt(x.handoverAt, 2)} s into a cell holding ${x.cellHeld} of 120 channels moved none of its ${x.handoverBearers} bearers`
        : '';
    const blocked = Math.max(...xs.map((y) => y.blockedSetups));
    const carried = xs.filter((y) => y.carriedBackoff).length;
    const after =
      carried > 0
        ? `, ${carried} of them after the bearers came back, the timer still doubled by the stretch's timeouts while its backlog drained`
        : '';
    return (
      `drop at ${fmt(drop, 2)} s${how}, ${blocked} blocked re-set-up${blocked === 1 ? '' : 's'}, ` +
      `${fmt(x.stretchS, 2)} s without a bearer → ${n} (${span}${after})`
    );
  });
  const more = t.count > t.list.length ? `; ${t.count - t.list.length} more not listed` : '';
  return parts.join('; ') + more;
}
