/**
 * Positions from a drag, thinned before they reach the engine: at most one every `intervalMs`
 * of wall time (the last one always arrives, `intervalMs` after the previous at most), in whole
 * `quantum`s of metres. The marker follows the pointer locally meanwhile; what is sent is what the
 * run records (timed changes in the link) and applies, so a 3 s drag records a dozen points, not
 * hundreds, and its replay is the same run.
 */

export interface ThrottleClock {
  /** Milliseconds of a monotonic clock. */
  now(): number;
  /** Run `cb` after `ms`; returns a cancel function. */
  later(ms: number, cb: () => void): () => void;
}

export interface MoveThrottle {
  /** A new position (metres). */
  push(x: number, y: number): void;
  /** Stop: drop a position still waiting. */
  cancel(): void;
}

/** Four points per wall second: smooth enough on the map, short in the link. */
export const MOVE_INTERVAL_MS = 250;

export function throttleMoves(
  send: (x: number, y: number) => void,
  clock: ThrottleClock,
  intervalMs = MOVE_INTERVAL_MS,
  quantum = 1,
): MoveThrottle {
  let last = -Infinity;
  let waiting: { x: number; y: number } | null = null;
  let cancelTimer: (() => void) | null = null;
  const q = (v: number) => Math.round(v / quantum) * quantum;

  const fire = () => {
    cancelTimer = null;
    if (!waiting) return;
    const { x, y } = waiting;
    waiting = null;
    last = clock.now();
    send(x, y);
  };

  return {
    push(x, y) {
      waiting = { x: q(x), y: q(y) };
      const wait = last + intervalMs - clock.now();
      if (wait <= 0) {
        cancelTimer?.();
        fire();
      } else if (!cancelTimer) {
        cancelTimer = clock.later(wait, fire);
      }
    },
    cancel() {
      cancelTimer?.();
      cancelTimer = null;
      waiting = null;
    },
  };
}
