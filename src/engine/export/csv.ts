import type { TraceBatch, TraceRecorder, TraceSourceInfo } from '../core/trace';

/**
 * Traces as CSV: one file per trace source (`tcp.send.csv`, `link.frame.csv`, …), each a plain
 * table a spreadsheet opens as it is — a header row naming the columns, `t` (simulated seconds)
 * then the source's own fields by name, one row per record in time order, and an enum-valued
 * field written as its label (`I`, `CRC ERR`), not its code. No comment lines.
 *
 * Why one file per source rather than one long table (issue 20, item 19): sources have different
 * fields — `tcp.send` is seq, len, rtx, conn; `link.frame` dir, kind, seq, error … — so a single
 * table would either hold f1…f8 columns whose meaning changes from row to row (what this replaced)
 * or one column per field name of every source, mostly empty, where `seq` means bytes in one row
 * and a frame number in the next. A file per source keeps each column one quantity, each file
 * under a spreadsheet's row limit, and lets a source declared mid-run (DECT's `dect.mac`) start
 * its own file. The CLI's `--trace <dir>` writes these files into a directory; the lab's export
 * downloads the same files in a ZIP.
 *
 * Row-oriented, so a writer can stream: `traceCsvHeader` once per source, then `traceCsvRows` per
 * batch of records read. A file is exactly its header line followed by the rows of its batches in
 * order, so the CLI's `--trace`, which appends each stretch's batch as a long run goes
 * (src/cli/trace-writer.ts), writes byte for byte what `tracesToCsvFiles` gives for the same records.
 */

/** The file a source's rows go to: `<source>.csv` (source names are `[a-z.]` words). */
export function traceCsvFileName(source: string): string {
  return `${source.replace(/[^A-Za-z0-9._-]/g, '_')}.csv`;
}

/** A CSV cell: quoted (RFC 4180) only when it holds a comma, a quote or a line break. */
function cell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row of a source's file: `t` and its fields by name (no line break). */
export function traceCsvHeader(info: TraceSourceInfo): string {
  return ['t', ...info.fields].map(cell).join(',');
}

/**
 * The formatter of a source's rows: a record at `tNs` (nanoseconds) with one value per field →
 * its row (no line break), `t` in seconds, labelled fields as their labels (a code with no label
 * stays a number). Made once per source, called once per record.
 */
export function traceCsvRow(info: TraceSourceInfo): (tNs: number, values: ArrayLike<number>) => string {
  const labels = info.fields.map((f) => info.labels?.[f]?.map(cell));
  return (tNs, values) => {
    let row = String(tNs / 1e9);
    for (let k = 0; k < labels.length; k++) {
      const v = values[k];
      row += `,${labels[k]?.[v] ?? v}`;
    }
    return row;
  };
}

/**
 * The rows of one batch of a source's records, each ending in its line break ('' for an empty
 * batch): what follows the header line in the source's file.
 */
export function traceCsvRows(info: TraceSourceInfo, batch: TraceBatch): string {
  const row = traceCsvRow(info);
  const values = new Array<number>(info.fields.length);
  let out = '';
  for (let i = 0; i < batch.time.length; i++) {
    for (let k = 0; k < values.length; k++) values[k] = batch.columns[k][i];
    out += row(batch.time[i], values) + '\n';
  }
  return out;
}

/** One source's file: its name and its whole text (header, then every record held). */
export interface TraceCsvFile {
  readonly source: string;
  readonly file: string;
  readonly text: string;
  /** Older records the source's ring no longer holds (the file starts after them). */
  readonly dropped: number;
}

/**
 * Every trace source as its own CSV file, in declaration order, but for the sources named in
 * `leaveOut` (the lab's open exercise hides their values).
 */
export function tracesToCsvFiles(recorder: TraceRecorder, leaveOut: readonly string[] = []): TraceCsvFile[] {
  const sources = recorder.sources().filter((info) => !leaveOut.includes(info.name));
  return sources.map((info) => {
    const batch = recorder.read(info.name, 0);
    return {
      source: info.name,
      file: traceCsvFileName(info.name),
      text: traceCsvHeader(info) + '\n' + traceCsvRows(info, batch),
      dropped: batch.from,
    };
  });
}
