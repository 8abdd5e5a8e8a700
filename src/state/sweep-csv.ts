/**
 * A sweep's results as CSV (issue 12 item 3): one row per run, in the runs' order, one column per
 * summary field. A row holds what the CLI's `--sweep` prints as that run's JSON line: fields named
 * by their dotted path (`tcp.timeouts`, `link.fieldDbuv.0`: summary-fields.ts), numbers as JSON
 * writes them (so they read back exactly), booleans as `true`/`false`, `null` and a field the run
 * lacks as an empty cell, empty lists and objects as `[]`/`{}`. A run that could not run has its
 * scenario and error messages instead, as the CLI's line does.
 */
import { flattenSummary } from './summary-fields';

/** One CSV cell (RFC 4180 quoting when needed). */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'number' || typeof v === 'boolean' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of a sweep: `lines` are the runs' results in order (a summary, or `{ scenario, errors }`). */
export function sweepCsv(lines: readonly unknown[]): string {
  const flat = lines.map((l) => flattenSummary(l));
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const f of flat)
    for (const k of f.keys())
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
  const rows = [columns.map(csvCell).join(',')];
  for (const f of flat) rows.push(columns.map((c) => csvCell(f.get(c))).join(','));
  return rows.join('\n') + '\n';
}
