/**
 * `--trace <dir>`: every trace source's CSV file (engine/export/csv.ts) into a directory, made if
 * need be; returns a note for each source whose ring no longer holds its oldest records.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceRecorder } from '../engine/core/trace';
import { tracesToCsvFiles } from '../engine/export/csv';

export function writeTraceFiles(dir: string, recorder: TraceRecorder): string[] {
  mkdirSync(dir, { recursive: true });
  const notes: string[] = [];
  for (const f of tracesToCsvFiles(recorder)) {
    writeFileSync(join(dir, f.file), f.text);
    if (f.dropped > 0)
      notes.push(`${join(dir, f.file)} holds its newest records only (${f.dropped} older ones dropped)`);
  }
  return notes;
}
