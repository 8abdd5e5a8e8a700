import type { TraceRecorder } from '../core/trace';

/**
 * Every trace source as CSV: one block per source, each preceded by a comment
 * line naming its fields, rows in time order. Columns: source, t (simulated
 * seconds), then the source's fields (enum codes as numbers, labels in the comment).
 */
export function tracesToCsv(recorder: TraceRecorder): string {
  const lines: string[] = ['source,t,f1,f2,f3,f4'];
  for (const info of recorder.sources()) {
    const labels = info.labels
      ? ' ' +
        Object.entries(info.labels)
          .map(([f, l]) => `${f}: ${l.map((name, code) => `${code}=${name}`).join(' ')}`)
          .join('; ')
      : '';
    lines.push(`# ${info.name}: t,${info.fields.join(',')}${labels}`);
    const batch = recorder.read(info.name, 0);
    for (let i = 0; i < batch.time.length; i++) {
      let row = `${info.name},${batch.time[i] / 1e9}`;
      for (const col of batch.columns) row += `,${col[i]}`;
      lines.push(row);
    }
  }
  return lines.join('\n') + '\n';
}
