/**
 * How much work a background job starts (issue 20 item 10): its runs, the simulated seconds they ask
 * for (each run's `duration`, an upper bound: a workload may end earlier) and, from a reference speed,
 * an estimate of the wall time. A link that starts a long job (a sweep, an A/B comparison) asks first;
 * this is the arithmetic behind the question, pure so it is tested without a page.
 */
import { parseScenario } from '../engine/scenarios';

/** A link whose job is estimated longer than this asks before it starts, wall seconds. */
export const LONG_JOB_S = 30;
/** Without a reference speed, a job asking for more simulated seconds than this asks first. */
export const LONG_JOB_SIM_S = 100_000;

export interface JobCost {
  readonly runs: number;
  /** Simulated seconds asked for, all runs together (each run's `duration`). */
  readonly simSeconds: number;
  /** The longest run's `duration`, simulated seconds. */
  readonly longestRun: number;
  /** Engines the runs share. */
  readonly engines: number;
  /** Estimated wall seconds, or null without a reference speed. */
  readonly estimate: number | null;
  /** The reference speed the estimate rests on (the runs' system's), simulated seconds per wall second. */
  readonly speed: number | undefined;
}

/** A system's reference speed (the UI's system plugins know it), or undefined when unknown. */
export type SpeedOf = (system: string) => number | undefined;

/**
 * The cost of running `texts` on `engines` engines, each at the reference speed of the runs' own
 * system (`speedOf` of the first run's `system=`; a job's runs share one system). The runs share
 * the engines, so the estimate is the larger of the total over the engines and the longest run alone.
 * Priced from the runs, not from the page's system: a link that opens another system's page with a
 * long DECT sweep was priced at IS-707's speed while the page had not switched yet ("about 63 s" for
 * about an hour, issue 21).
 */
export function jobCost(texts: readonly string[], engines: number, speedOf: SpeedOf): JobCost {
  let simSeconds = 0;
  let longestRun = 0;
  let system: string | undefined;
  for (const text of texts) {
    const { scenario } = parseScenario(text);
    system ??= scenario.system;
    const d = Number(scenario.values.duration);
    if (!Number.isFinite(d) || d <= 0) continue;
    simSeconds += d;
    longestRun = Math.max(longestRun, d);
  }
  const speed = system === undefined ? undefined : speedOf(system);
  const used = Math.max(1, Math.min(engines, texts.length));
  const estimate = speed !== undefined && speed > 0 ? Math.max(simSeconds / used, longestRun) / speed : null;
  return { runs: texts.length, simSeconds, longestRun, engines: used, estimate, speed };
}

/** Whether a link should ask before starting this job. */
export function isLongJob(cost: JobCost): boolean {
  return cost.estimate !== null ? cost.estimate > LONG_JOB_S : cost.simSeconds > LONG_JOB_SIM_S;
}
