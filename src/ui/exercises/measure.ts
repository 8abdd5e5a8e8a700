/**
 * A figure read off a trace of a finished run, for exercises whose answer is not a summary field
 * ("how many timeouts in the first 60 s?", "the largest cwnd after the fade at 30 s"): one field of
 * one source, the records between two times (seconds, both ends included), optionally only those
 * whose `where` field equals a value. Pure; reads the columns the charts read (`TraceData`).
 */
import type { TraceData } from '../../state/trace-buffers';
import type { Truth } from './types';

export type MeasureSpec = Omit<Extract<Truth, { kind: 'measure' }>, 'kind' | 'seeds' | 'scenario'>;

/**
 * The measure of a run's traces; NaN when the source is not one the run declared (`declared`,
 * the run's source names), a field is unknown, the trace lost records, or a max/min/mean/last of
 * no records. A declared source without records has count and sum 0.
 */
export function measureTrace(data: TraceData, declared: readonly string[], m: MeasureSpec): number {
  if (!declared.includes(m.source)) return NaN;
  const s = data[m.source];
  if (!s) return m.measure === 'count' || m.measure === 'sum' ? 0 : NaN;
  if (s.dropped > 0) return NaN; // a figure over a partial trace would be silently wrong
  const col = m.field !== undefined ? s.cols[m.field] : undefined;
  if (m.field !== undefined && !col) return NaN;
  if (m.measure !== 'count' && !col) return NaN;
  const by = m.where ? s.cols[m.where.field] : undefined;
  if (m.where && !by) return NaN;
  const from = m.from ?? 0;
  const to = m.to ?? Infinity;
  let n = 0;
  let sum = 0;
  let max = -Infinity;
  let min = Infinity;
  let last = NaN;
  for (let i = 0; i < s.length; i++) {
    const t = s.t[i];
    if (t < from || t > to) continue;
    if (by && m.where && by[i] !== m.where.equals) continue;
    n++;
    if (!col) continue;
    const v = col[i];
    sum += v;
    if (v > max) max = v;
    if (v < min) min = v;
    last = v;
  }
  switch (m.measure) {
    case 'count':
      return n;
    case 'sum':
      return sum;
    case 'max':
      return n > 0 ? max : NaN;
    case 'min':
      return n > 0 ? min : NaN;
    case 'mean':
      return n > 0 ? sum / n : NaN;
    case 'last':
      return last;
  }
}

/** The measure in words, for the exercise's "how it is checked" line and the editor's preview. */
export function describeMeasure(m: MeasureSpec): string {
  const what =
    m.measure === 'count'
      ? `the number of ${m.source} records`
      : `the ${m.measure === 'mean' ? 'mean' : m.measure === 'last' ? 'last value' : m.measure} of ${m.source} ${m.field ?? ''}`.trimEnd();
  const where = m.where ? ` with ${m.where.field} = ${m.where.equals}` : '';
  const span =
    m.from !== undefined || m.to !== undefined
      ? ` between ${m.from ?? 0} s and ${m.to !== undefined ? `${m.to} s` : 'the end'}`
      : '';
  return `${what}${where}${span}`;
}
