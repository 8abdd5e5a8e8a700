/**
 * Evidence the DECT items print beside their verdicts: the bearer-count table behind dect-2 and
 * the background-load trade-off behind dect-4 (dect.md "Mobile terminal types" and "Must
 * reproduce" 4): the same λ = 20 reference case at several load factors k (rates k × LOAD_UNIT),
 * so the report shows, measured, whether any load gives both the 30–50 % failed bearer handovers
 * dect.md calibrates the reference load to and no TCP timeout.
 */
import type { Summary } from '../../engine';
import { loadOf } from '../../engine/systems/dect/config';
import { fmt, num } from './run';

export interface LoadRow {
  /** Load factor: background rates k × (600, 1200, 120, 120) calls per hour. */
  k: number;
  /** Failed bearer handovers over all seeds' handovers. */
  failFraction: number;
  meanBearers: number;
  /** TCP timeouts per seed. */
  timeouts: number[];
  /** TCP user's set-ups blocked (after a drop), all seeds. */
  blockedSetups: number;
}

/** A number in the summary's `link` block by its path (NaN where there is none). */
export const link = (s: Summary, ...path: string[]): number => {
  let x: unknown = s.link;
  for (const k of path) x = typeof x === 'object' && x !== null ? (x as Record<string, unknown>)[k] : NaN;
  return num(x);
};
/** Σ of f over the runs. */
export const sumOf = (ss: readonly Summary[], f: (s: Summary) => number): number =>
  ss.reduce((a, s) => a + f(s), 0);

/** The `load` value of factor k. */
export const loadKey = (k: number): string => loadOf(k).join(',');

/** One row per k: `runsAt(k)` gives the summaries of the case at load k over the item's seeds. */
export function loadRows(ks: readonly number[], runsAt: (k: number) => Summary[]): LoadRow[] {
  return ks.map((k) => {
    const ss = runsAt(k);
    const started = sumOf(ss, (s) => link(s, 'handovers', 'started'));
    const failed = sumOf(ss, (s) => link(s, 'handovers', 'failed'));
    return {
      k,
      failFraction: started > 0 ? failed / started : 0,
      meanBearers: sumOf(ss, (s) => num(s.app.meanBearers)) / ss.length,
      timeouts: ss.map((s) => s.tcp.timeouts),
      blockedSetups: sumOf(ss, (s) => link(s, 'blockedSetups')),
    };
  });
}

/** The loads that meet both halves: 30–50 % failed handovers and no timeout in any seed. */
export const loadsMeetingBoth = (rows: readonly LoadRow[], fail: readonly [number, number]): number[] =>
  rows
    .filter((r) => r.failFraction >= fail[0] && r.failFraction <= fail[1] && r.timeouts.every((t) => t === 0))
    .map((r) => r.k);

export function loadTable(rows: readonly LoadRow[]): string {
  return rows
    .map(
      (r) =>
        `k = ${r.k}: ${fmt(100 * r.failFraction, 1)} % of handovers failed, ${fmt(r.meanBearers, 2)} bearers, ` +
        `timeouts ${r.timeouts.join(' / ')}, ${r.blockedSetups} blocked set-ups`,
    )
    .join('; ');
}

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
