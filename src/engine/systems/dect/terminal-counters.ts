/**
 * What one DECT terminal counts (terminal.ts): its set-ups and their outcomes, its handovers, and
 * — by the bearers held when each started — the bearer handovers, their failures, the
 * Connection_Handovers and the bearers those lost (the summary's `link.byBearers`).
 */
import { DECT_SLOTS } from './air';

/** Counts by the bearers held (index 0–12). */
export interface ByBearerCounts {
  handovers: number[];
  failed: number[];
  connectionHandovers: number[];
  lost: number[];
}

/** Counters of one terminal. */
export interface TerminalCounters {
  setups: number;
  blocked: number;
  drops: number;
  handoversStarted: number;
  handoversDone: number;
  handoversFailed: number;
  connectionHandovers: number;
  bearersLostInConnectionHandover: number;
  modifications: number;
  /** Connection_Modification set-ups that did not get a bearer within their 3 s timer. */
  modificationSetupsFailed: number;
  /**
   * By the bearers held when it started (index 0–12): bearer handovers started and failed,
   * Connection_Handovers and the bearers they lost — the evidence of how loss depends on the count.
   * Null for a terminal that does not keep them (the background calls: nothing reads them, and
   * thousands of calls an hour would each allocate four arrays).
   */
  byCount: ByBearerCounts | null;
  refusedReserved: number;
  refusedCollision: number;
}

/** Counts by bearers held at zero, one slot per bearer count 0–12. */
export function zeroByBearerCounts(): ByBearerCounts {
  const perCount = (): number[] => new Array<number>(DECT_SLOTS + 1).fill(0);
  return { handovers: perCount(), failed: perCount(), connectionHandovers: perCount(), lost: perCount() };
}

/** Counters at zero; `byCount` only when `byBearers`. */
export function zeroTerminalCounters(byBearers = true): TerminalCounters {
  return {
    setups: 0,
    blocked: 0,
    drops: 0,
    handoversStarted: 0,
    handoversDone: 0,
    handoversFailed: 0,
    connectionHandovers: 0,
    bearersLostInConnectionHandover: 0,
    modifications: 0,
    modificationSetupsFailed: 0,
    byCount: byBearers ? zeroByBearerCounts() : null,
    refusedReserved: 0,
    refusedCollision: 0,
  };
}
