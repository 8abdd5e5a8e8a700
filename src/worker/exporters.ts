/**
 * The engine's export functions behind the worker's exportCsv / exportPcap.
 */
import type { Simulation } from '../engine';
import { tracesToCsv } from '../engine/export/csv';
import { capturePcap } from '../engine/export/pcap';

export interface Exporters {
  tracesToCsv(recorder: Simulation['traces'], leaveOut?: readonly string[]): string;
  capturePcap(simulation: Simulation): Uint8Array;
}

/** The export functions used by the session. */
export function loadExporters(): Exporters {
  return {
    tracesToCsv: (recorder, leaveOut) => tracesToCsv(recorder, leaveOut),
    capturePcap: (simulation) => capturePcap(simulation.capture),
  };
}
