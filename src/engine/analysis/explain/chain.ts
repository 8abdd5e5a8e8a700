/**
 * Small parts of the explanation skeleton (explain.ts): where `ip.drop` says a datagram went, the
 * layers' items in time order, the span the timeline shows, and the cause sentence's capital.
 */
import type { Nanos } from '../../core/time';
import type { TraceTable } from './table';
import type { ExplainItem, ExplainLayer, TcpEvent } from './types';

/** Where `ip.drop` says a node dropped datagram `id`, if it did. */
export function dropOf(table: TraceTable, id: number): { t: Nanos; where: string } | null {
  const src = table.get('ip.drop');
  if (!src) return null;
  const ids = src.col('id');
  for (let i = 0; i < src.n; i++)
    if (ids[i] === id) return { t: src.t[i], where: src.label('where', src.col('where')[i]) };
  return null;
}

export function last<T>(xs: readonly T[], keep: (x: T) => boolean): T | undefined {
  for (let i = xs.length - 1; i >= 0; i--) if (keep(xs[i])) return xs[i];
  return undefined;
}

/** Items in time order (untimed ones last), stable. */
export function sorted(items: readonly ExplainItem[]): ExplainItem[] {
  return items
    .map((it, k) => ({ it, k }))
    .sort((a, b) => (a.it.t ?? Infinity) - (b.it.t ?? Infinity) || a.k - b.k)
    .map((x) => x.it);
}

export function spanOf(layers: readonly ExplainLayer[], e: TcpEvent): [Nanos, Nanos] {
  let lo = e.t;
  let hi = e.end ?? e.t;
  for (const l of layers)
    for (const it of l.items) {
      if (it.t !== null) {
        lo = Math.min(lo, it.t);
        hi = Math.max(hi, it.t);
      }
      if (it.until !== undefined) hi = Math.max(hi, it.until);
    }
  return [lo, hi];
}

export function capital(s: string): string {
  const out = s.charAt(0).toUpperCase() + s.slice(1);
  return out.endsWith('.') ? out : `${out}.`;
}
