import type { TraceBatch, TraceRecorder, TraceSourceInfo } from '../core/trace';

/**
 * Every trace source as CSV: one block per source, each preceded by a comment
 * line naming its fields, rows in time order. Columns: source, t (simulated
 * seconds), then the source's fields (enum codes as numbers, labels in the comment); the header
 * names f1…fN for the widest source, and a narrower source's rows simply end earlier.
 *
 * The file is made of three pieces — {@link csvHeader}, then per source {@link csvSourceHead} and
 * the {@link csvRows} of its records — so that a writer streaming a long run (the CLI's `--trace`,
 * src/cli/trace-writer.ts) writes exactly what this function returns, batch by batch.
 */
export function tracesToCsv(recorder: TraceRecorder): string {
  const sources = recorder.sources();
  let out = csvHeader(sources);
  for (const info of sources) out += csvSourceHead(info) + csvRows(info, recorder.read(info.name, 0));
  return out;
}

/** The file's first line (column names), with its newline. */
export function csvHeader(sources: readonly TraceSourceInfo[]): string {
  // As many generic field columns as the widest source has fields (sources declare any number).
  const width = sources.reduce((w, info) => Math.max(w, info.fields.length), 0);
  return ['source', 't', ...Array.from({ length: width }, (_, k) => `f${k + 1}`)].join(',') + '\n';
}

/** The comment line that opens a source's block (its fields and labels), with its newline. */
export function csvSourceHead(info: TraceSourceInfo): string {
  const labels = info.labels
    ? ' ' +
      Object.entries(info.labels)
        .map(([f, l]) => `${f}: ${l.map((name, code) => `${code}=${name}`).join(' ')}`)
        .join('; ')
    : '';
  return `# ${info.name}: t,${info.fields.join(',')}${labels}\n`;
}

/** The rows of one batch of a source's records, each with its newline ('' for an empty batch). */
export function csvRows(info: TraceSourceInfo, batch: TraceBatch): string {
  let out = '';
  for (let i = 0; i < batch.time.length; i++) {
    let row = `${info.name},${batch.time[i] / 1e9}`;
    for (const col of batch.columns) row += `,${col[i]}`;
    out += row + '\n';
  }
  return out;
}
