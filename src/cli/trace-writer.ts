/**
 * `--trace <dir>` for runs of any length in bounded memory (issue 20 item 14): one CSV file per
 * trace source (engine/export/csv.ts), holding every record of the run. The run is stepped in
 * stretches; after each, every source's new records are read from its ring before they can be
 * overwritten and their rows appended to that source's file. A source met for the first time (one
 * declared mid-run, as DECT's `dect.mac`) starts its file then, with its header line. Each file is
 * its header line followed by the rows of its batches in order — `traceCsvHeader` and
 * `traceCsvRows`, the pieces `tracesToCsvFiles` is made of — so it is byte for byte the file the
 * lab's export gives for the same records, but never cut to a ring's bound.
 *
 * The files are written in the output's hidden staging directory (cli/outputs.ts) and moved into
 * place when the run is done, so an interrupted run leaves no half-written file.
 *
 * Building the whole trace as text at the end cost 888 MB of peak memory for IS-707 over 10^5 s
 * (and kept only each source's newest 2^17 records); streaming keeps one stretch's rows of one
 * source in memory at a time.
 */
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulation } from '../engine';
import type { TraceRecorder } from '../engine/core/trace';
import { traceCsvFileName, traceCsvHeader, traceCsvRows } from '../engine/export/csv';
import { writeAll } from './outputs';

/** Records each source's ring holds while the CLI streams a trace (the stretches are sized to it). */
export const STREAM_RING_RECORDS = 1 << 15;
/** A stretch makes at most this share of a ring's records in any source. */
const RING_SHARE = 4;
const MAX_STRETCH_FRAMES = 1 << 16;

/** What the writer reads from: a run's trace recorder (a simulation, or a recorder in a test). */
export interface TraceHolder {
  readonly traces: TraceRecorder;
}

interface SourceFile {
  readonly file: string;
  readonly fd: number;
  /** Next record to read (absolute index). */
  next: number;
}

export class TraceCsvWriter {
  private readonly files = new Map<string, SourceFile>();
  /** Records lost to a ring between two reads (none unless a stretch outgrew the ring). */
  readonly dropped = new Map<string, number>();

  /** `dir`: where the files are written (the output directory's staging directory). */
  constructor(private readonly dir: string) {}

  /** Append every source's records since the last call to its file; returns the most any source had. */
  drain(sim: TraceHolder): number {
    let most = 0;
    for (const info of sim.traces.sources()) {
      let f = this.files.get(info.name);
      if (!f) {
        const file = traceCsvFileName(info.name);
        f = { file, fd: openSync(join(this.dir, file), 'w'), next: 0 };
        this.files.set(info.name, f);
        writeAll(f.fd, traceCsvHeader(info) + '\n');
      }
      const batch = sim.traces.read(info.name, f.next);
      if (batch.dropped > 0) this.dropped.set(info.name, (this.dropped.get(info.name) ?? 0) + batch.dropped);
      f.next = batch.to;
      most = Math.max(most, batch.to - batch.from + batch.dropped);
      // Written at once: text kept across stretches would outlive the young generation and pile up
      // in the old one until a full collection (peak memory grew with the run that way).
      if (batch.time.length > 0) writeAll(f.fd, traceCsvRows(info, batch));
    }
    return most;
  }

  /**
   * Run `sim` to its end, appending after each stretch. A stretch is sized from the busiest source's
   * records per frame so far, to fill at most a quarter of its ring. The run yields to the event
   * loop between stretches, so a stop signal is handled within one stretch.
   */
  async run(sim: Simulation): Promise<void> {
    let frames = 64;
    while (!sim.done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const ran = sim.step(frames);
      const most = this.drain(sim);
      const perFrame = most / Math.max(1, ran);
      const fit = perFrame > 0 ? Math.floor(STREAM_RING_RECORDS / RING_SHARE / perFrame) : MAX_STRETCH_FRAMES;
      frames = Math.max(1, Math.min(MAX_STRETCH_FRAMES, fit, frames * 2));
    }
  }

  /** Append the last records and close the files; returns their names, in the sources' order. */
  finish(sim: TraceHolder): string[] {
    this.drain(sim);
    const names = [...this.files.values()].map((f) => f.file);
    this.close();
    return names;
  }

  /** Close the files (after `finish`, or when the run fails). Safe to call more than once. */
  close(): void {
    for (const f of this.files.values()) closeSync(f.fd);
    this.files.clear();
  }
}
