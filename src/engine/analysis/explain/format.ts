/**
 * The explanation as text, line by line: what `npm run sim -- … --explain` prints and what the
 * lab's panel shows (its list items hold the same strings), so a test compares them directly.
 */
import type { ExplainItem, Explanation } from './types';
import { at } from './words';

/** "12.340 s", "10.700–11.900 s", or "—" for an item without a time. */
export function itemTime(it: ExplainItem): string {
  if (it.t === null) return '—';
  if (it.until === undefined) return at(it.t);
  return `${at(it.t).replace(/ s$/, '')}–${at(it.until)}`;
}

/** One item as a line of the chain: its time, two spaces, its text. */
export function itemLine(it: ExplainItem): string {
  return `${itemTime(it)}  ${it.text}`;
}

/** The whole explanation as lines: title, cause, each layer's items (indented), notes. */
export function explanationLines(e: Explanation): string[] {
  const out = [e.title, `Cause: ${e.cause}`];
  for (const l of e.layers) {
    out.push(l.name);
    for (const it of l.items) out.push(`  ${itemLine(it)}`);
  }
  for (const n of e.notes) out.push(`Note: ${n}`);
  return out;
}

const CLI_KIND: Readonly<Record<string, string>> = {
  retransmission: 'rtx',
  timeout: 'timeout',
  fastRetransmit: 'fast',
  dupAck: 'dupack',
  stall: 'stall',
};

/** The `--explain` text that names exactly this event (time to the nanosecond, kind, connection, byte). */
export function explainArgument(e: Explanation['event']): string {
  const t = (e.t / 1e9).toFixed(9).replace(/\.?0+$/, '');
  return `t=${t},kind=${CLI_KIND[e.kind]},conn=${e.conn},seq=${e.seq}`;
}
