import type { TraceRecorder } from '../core/trace';

/**
 * Every trace source as CSV: one block per source, each preceded by a comment
 * line naming its fields, rows in time order. Columns: source, t (simulated
 * seconds), then the source's fields (enum codes as numbers, labels in the comment); the header
 * names f1…fN for the widest source, and a narrower source's rows simply end earlier. The sources
 * named in `leaveOut` are not written (the lab's open exercise hides their values).
 */
export function tracesToCsv(recorder: TraceRecorder, leaveOut: readonly string[] = []): string {
  const sources = recorder.sources().filter((info) => !leaveOut.includes(info.name));
  // As many generic field columns as the widest source has fields (sources declare any number).
  const width = sources.reduce((w, info) => Math.max(w, info.fields.length), 0);
  const header = ['source', 't', ...Array.from({ length: width }, (_, k) => `f${k + 1}`)];
  const lines: string[] = [header.join(',')];
  for (const info of sources) {
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
