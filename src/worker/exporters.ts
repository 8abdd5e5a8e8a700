/**
 * The engine's export functions behind the worker's exportCsv / exportPcap. The traces are one CSV
 * file per source (engine/export/csv.ts, the CLI's `--trace <dir>`), downloaded as one ZIP.
 */
import { strToU8, zipSync } from 'fflate';
import type { Simulation } from '../engine';
import { tracesToCsvFiles } from '../engine/export/csv';
import { capturePcap } from '../engine/export/pcap';

export interface Exporters {
  /** A ZIP of every trace source's CSV file, but for the sources in `leaveOut`. */
  tracesToCsvZip(recorder: Simulation['traces'], leaveOut?: readonly string[]): Uint8Array;
  capturePcap(simulation: Simulation): Uint8Array;
}

/** The export functions used by the session. */
export function loadExporters(): Exporters {
  return {
    tracesToCsvZip: (recorder, leaveOut) =>
      zipSync(Object.fromEntries(tracesToCsvFiles(recorder, leaveOut).map((f) => [f.file, strToU8(f.text)]))),
    capturePcap: (simulation) => capturePcap(simulation.capture),
  };
}
