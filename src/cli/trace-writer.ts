/**
 * `--trace out.csv` for runs of any length in bounded memory (issue 20 item 14). The run is
 * stepped in stretches; after each, every source's new records are read from its ring before they
 * can be overwritten and their rows appended to a spool file of that source. At the end the file
 * is put together — the header, then each source's block — with the very pieces `tracesToCsv`
 * joins (engine/export/csv.ts), so the file is the one the lab's export writes, but holds every
 * record: nothing is dropped to the ring's bound.
 *
 * Building the whole CSV as one string cost 888 MB of peak memory for IS-707 over 10^5 s (and
 * kept only each source's newest 2^17 records); streaming keeps one stretch's rows of one source
 * in memory at a time.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Simulation } from '../engine';
import type { TraceSourceInfo } from '../engine/core/trace';
import { csvHeader, csvRows, csvSourceHead } from '../engine/export/csv';

/** Records each source's ring holds while the CLI streams a trace (the stretches are sized to it). */
export const STREAM_RING_RECORDS = 1 << 15;
/** A stretch makes at most this share of a ring's records in any source. */
const RING_SHARE = 4;
const MAX_STRETCH_FRAMES = 1 << 16;
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

interface Spool {
  readonly info: TraceSourceInfo;
  readonly path: string;
  readonly fd: number;
  /** Next record to read (absolute index). */
  next: number;
}

export class CsvTraceWriter {
  private readonly dir: string;
  private readonly spools = new Map<string, Spool>();
  /** Records lost to a ring between two reads (none unless a stretch outgrew the ring). */
  readonly dropped = new Map<string, number>();

  /** `fd`: the output, opened for writing; the spool lives beside it (same file system). */
  constructor(
    private readonly fd: number,
    outPath: string,
  ) {
    this.dir = mkdtempSync(join(dirname(outPath), `.${basename(outPath)}.spool-`));
  }

  /** Read every source's records since the last call into the spool; returns the most any source had. */
  drain(sim: Simulation): number {
    let most = 0;
    for (const info of sim.traces.sources()) {
      const s = this.spool(info);
      const batch = sim.traces.read(info.name, s.next);
      if (batch.dropped > 0) this.dropped.set(info.name, (this.dropped.get(info.name) ?? 0) + batch.dropped);
      s.next = batch.to;
      most = Math.max(most, batch.to - batch.from + batch.dropped);
      // Written at once: text kept across stretches would outlive the young generation and pile up
      // in the old one until a full collection (peak memory grew with the run that way).
      if (batch.time.length > 0) writeSync(s.fd, csvRows(info, batch));
    }
    return most;
  }

  /**
   * Run `sim` to its end, draining after each stretch. A stretch is sized from the busiest source's
   * records per frame so far, to fill at most a quarter of its ring.
   */
  async run(sim: Simulation): Promise<void> {
    // Ctrl-C or a batch system's SIGTERM mid-run removes the spool before the process ends as the
    // signal ends it (it would otherwise stay beside the output, hidden). The run yields to the
    // event loop between stretches, so the signal is handled within one stretch.
    const onSignal = (signal: NodeJS.Signals): void => {
      this.discard();
      for (const s of STOP_SIGNALS) process.removeListener(s, onSignal);
      process.kill(process.pid, signal);
    };
    for (const s of STOP_SIGNALS) process.on(s, onSignal);
    try {
      await this.stretches(sim);
    } finally {
      for (const s of STOP_SIGNALS) process.removeListener(s, onSignal);
    }
  }

  private async stretches(sim: Simulation): Promise<void> {
    let frames = 64;
    while (!sim.done) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const ran = sim.step(frames);
      const most = this.drain(sim);
      const perFrame = most / Math.max(1, ran);
      const fit = perFrame > 0 ? Math.floor(STREAM_RING_RECORDS / RING_SHARE / perFrame) : MAX_STRETCH_FRAMES;
      frames = Math.max(1, Math.min(MAX_STRETCH_FRAMES, fit, frames * 2));
    }
    this.drain(sim);
  }

  /** Write the file (header, then each source's block) and remove the spool. */
  finish(sim: Simulation): void {
    try {
      const sources = sim.traces.sources();
      writeSync(this.fd, csvHeader(sources));
      const buf = Buffer.allocUnsafe(1 << 20);
      for (const info of sources) {
        writeSync(this.fd, csvSourceHead(info));
        const s = this.spools.get(info.name);
        if (!s) continue;
        const rd = openSync(s.path, 'r');
        try {
          for (let n = readSync(rd, buf); n > 0; n = readSync(rd, buf)) writeSync(this.fd, buf, 0, n);
        } finally {
          closeSync(rd);
        }
      }
    } finally {
      this.discard();
    }
  }

  /** Remove the spool (after `finish`, or when the run fails). */
  discard(): void {
    for (const s of this.spools.values()) closeSync(s.fd);
    this.spools.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spool(info: TraceSourceInfo): Spool {
    let s = this.spools.get(info.name);
    if (!s) {
      const path = join(this.dir, `${this.spools.size}.csv`);
      s = { info, path, fd: openSync(path, 'w'), next: 0 };
      this.spools.set(info.name, s);
    }
    return s;
  }
}
