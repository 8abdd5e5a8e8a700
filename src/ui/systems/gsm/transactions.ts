/**
 * The rr / crr transaction timeline's data (gsm.md "Views": "for rr/crr, a transaction timeline
 * (connect, request, response, close) with transactions per second"), from the `app.transaction`
 * trace (event, n, conn; event 0 connect, 1 request, 2 response, 3 close — app/netperf.ts).
 */

/** Trace columns as the lab holds them (times in seconds). */
export interface TransactionColumns {
  readonly length: number;
  readonly t: Float64Array;
  readonly cols: Readonly<Record<string, Float64Array>>;
}

/** One transaction's moments, seconds (NaN when not (yet) seen). */
export interface TransactionRow {
  readonly n: number;
  connect: number;
  request: number;
  response: number;
  close: number;
}

const EVENT_KEYS = ['connect', 'request', 'response', 'close'] as const;

/** Every transaction seen, in order of n. */
export function transactionRows(data: TransactionColumns | undefined): TransactionRow[] {
  if (!data || data.length === 0) return [];
  const ev = data.cols.event;
  const nn = data.cols.n;
  if (!ev || !nn) return [];
  const rows = new Map<number, TransactionRow>();
  for (let i = 0; i < data.length; i++) {
    const n = nn[i];
    let r = rows.get(n);
    if (!r) {
      r = { n, connect: NaN, request: NaN, response: NaN, close: NaN };
      rows.set(n, r);
    }
    const key = EVENT_KEYS[ev[i]];
    if (key && Number.isNaN(r[key])) r[key] = data.t[i];
  }
  return [...rows.values()].sort((a, b) => a.n - b.n);
}

/**
 * Start of a transaction as netperf times it: its connect for crr (connecting is part of each
 * transaction), its request for rr (the connection is set up before timing starts).
 */
export function startOf(r: TransactionRow, mode: 'rr' | 'crr'): number {
  return mode === 'crr' ? r.connect : r.request;
}

/** Completed transactions per second up to `now` (from the first start), and the mean duration. */
export function transactionRate(
  rows: readonly TransactionRow[],
  now: number,
  mode: 'rr' | 'crr',
): { perSecond: number; mean: number } {
  const done = rows.filter((r) => Number.isFinite(r.response));
  if (rows.length === 0 || done.length === 0) return { perSecond: 0, mean: 0 };
  const t0 = startOf(rows[0], mode);
  const span = now - t0;
  const mean = done.reduce((a, r) => a + (r.response - startOf(r, mode)), 0) / done.length;
  return { perSecond: span > 0 ? done.length / span : 0, mean };
}
