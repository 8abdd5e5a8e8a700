/**
 * The usual figures of a bulk TCP transfer for the validation items of every system (timeouts in a
 * row, RTO at its ceiling, computed RTO, stalls): `tcpRunFigures` runs a scenario (run.ts
 * `runTraced`) and reads its traces through the engine's analysis module (src/engine/analysis),
 * which the items also use directly; this file holds only what needs a run.
 */
import {
  longestRun,
  longestStall,
  longestWhere,
  perWindow,
  series,
  spread,
  timeQuantile,
  where,
} from '../../engine/analysis';
import { runTraced } from './run';

const NS = 1e9;

/** TCP behaviour of one traced bulk run (e.g. IS-707 items 2 and 3). */
export interface TcpRunFigures {
  normalizedGoodput: number;
  timeouts: number;
  /** Most timeouts in a row with no new ACK in between. */
  longestTimeoutRun: number;
  maxRto: number;
  /** Summary's share of the run with the RTO in force at rtoMax. */
  rtoAtMaxFraction: number;
  /** Longest continuous stretch with the RTO in force at rtoMax, seconds. */
  longestAtMax: number;
  /** Time-weighted median and 90th percentile of the computed RTO (SRTT + 4·RTTVAR), seconds. */
  rtoComputedMedian: number;
  rtoComputedP90: number;
  /** Longest stretch with no in-order delivery, seconds. */
  longestStall: number;
  /** Coefficient of variation of the bytes delivered per 100 s window, and windows with none. */
  cv100: number;
  emptyWindows100: number;
}

/**
 * Figures of one bulk TCP run (the data sender's traces, all connections together) from its traces;
 * `rtoMax` is the stack profile's ceiling of the RTO.
 */
export function tcpRunFigures(text: string, rtoMax: number): TcpRunFigures {
  const sim = runTraced(text);
  const s = sim.summary();
  const end = sim.now;
  const delivered = series(sim.traces, 'tcp.deliver', 'bytes');
  const ack = series(sim.traces, 'tcp.ack', 'ack');
  const newAcks = where(ack, series(sim.traces, 'tcp.ack', 'dup').value, (d) => d === 0);
  const timeouts = series(sim.traces, 'tcp.timeout', 'seq');
  const rtoActive = series(sim.traces, 'tcp.rtoActive', 'seconds');
  const rtoComputed = series(sim.traces, 'tcp.rtoComputed', 'seconds');
  const windows = perWindow(delivered, 100 * NS, 0, end);
  // Both RTO series are recorded at t = 0 (the profile's initial RTO), so no initial value is assumed.
  return {
    normalizedGoodput: s.normalizedGoodput,
    timeouts: s.tcp.timeouts,
    longestTimeoutRun: longestRun(timeouts.time, newAcks.time),
    maxRto: s.tcp.maxRto,
    rtoAtMaxFraction: s.tcp.rtoAtMaxFraction,
    longestAtMax: longestWhere(rtoActive, (v) => v >= rtoMax, 0, end, NaN),
    rtoComputedMedian: timeQuantile(rtoComputed, 0.5, 0, end, NaN),
    rtoComputedP90: timeQuantile(rtoComputed, 0.9, 0, end, NaN),
    longestStall: longestStall(delivered, 0, end).seconds,
    cv100: spread(windows).cv,
    emptyWindows100: windows.filter((w) => w === 0).length,
  };
}
