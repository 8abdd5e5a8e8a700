/** Long-run error statistics of a frame-stepped channel, for the statistical tests. */
export interface RunStats {
  frames: number;
  errors: number;
  /** Maximal runs of consecutive erroneous frames. */
  bursts: number;
  fer: number;
  meanBurst: number;
}

/** Step `step` n times and count errors and error bursts. */
export function runStats(step: () => boolean, n: number): RunStats {
  let errors = 0;
  let bursts = 0;
  let prev = false;
  for (let i = 0; i < n; i++) {
    const e = step();
    if (e) {
      errors++;
      if (!prev) bursts++;
    }
    prev = e;
  }
  return { frames: n, errors, bursts, fer: errors / n, meanBurst: errors / bursts };
}

/** Relative deviation |observed − model| / model. */
export function relErr(observed: number, model: number): number {
  return Math.abs(observed - model) / model;
}
