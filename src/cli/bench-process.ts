/**
 * Whole-process figures for `npm run bench`: a scenario's first run in a fresh Node process (cold
 * JIT, nothing warmed up), and a whole `npm run sim` command as a person types it — wall time and
 * the peak resident memory of the simulator's process — each over several runs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { quantile } from '../engine/analysis';
import { TRACE_RING } from '../worker/session';

/** Minimum, median and maximum of some measurements (the bench's figures; not the analysis module's spread). */
export interface MinMedianMax {
  min: number;
  median: number;
  max: number;
}

export function minMedianMax(values: readonly number[]): MinMedianMax {
  return { min: quantile(values, 0), median: quantile(values, 0.5), max: quantile(values, 1) };
}

/** Format as "min / median / max" with `digits` decimals after scaling by `scale`. */
export function fmtMinMedianMax(s: MinMedianMax, digits: number, scale = 1): string {
  const f = (n: number): string =>
    Number.isFinite(n)
      ? (n * scale).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
      : 'n/a';
  return `${f(s.min)} / ${f(s.median)} / ${f(s.max)}`;
}

/** Argument that makes the bench time one scenario in its own fresh process and print JSON. */
export const FIRST_RUN_FLAG = '--first-run';

/**
 * How a timed run traces: `off` as sweeps and the engine figures run (no traces, no hash), `hash`
 * as `npm run sim` runs a scenario (every record hashed for the summary's traceHash, none kept),
 * `page` as the page's engine runs it (every record kept in rings of the worker's size, packets
 * captured: the fair baseline of the page's max speed, issue 21).
 */
export type TraceMode = 'off' | 'hash' | 'page';

/** Simulation options of a trace mode. */
export const traceOptions = (
  mode: TraceMode,
): { traces: boolean; keepTraces: boolean; capture: boolean; maxRecords?: number } =>
  mode === 'page'
    ? { traces: true, keepTraces: true, capture: true, maxRecords: TRACE_RING }
    : { traces: mode === 'hash', keepTraces: false, capture: false };

/** What a fresh process measured of its first run. */
export interface FirstRun {
  /** Wall seconds of the run itself (inside the process, after loading). */
  wall: number;
  simSeconds: number;
}

/**
 * Run `text` once in each of `runs` fresh processes (the bench's own module `benchUrl`, with the
 * same Node flags, so from the bundle or from source alike) and collect the in-process wall time
 * of that run.
 */
export function firstRuns(benchUrl: string, text: string, runs: number, mode: TraceMode): FirstRun[] {
  const self = fileURLToPath(benchUrl);
  const out: FirstRun[] = [];
  for (let k = 0; k < runs; k++) {
    const r = spawnSync(process.execPath, [...process.execArgv, self, FIRST_RUN_FLAG, text, mode], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`first run of ${text} failed: ${r.stderr}`);
    out.push(JSON.parse(r.stdout.trim().split('\n').pop() as string) as FirstRun);
  }
  return out;
}

/** What a whole `npm run sim` command measured. */
export interface CommandRun {
  /** Wall seconds from spawning npm to its exit. */
  wall: number;
  /** Peak resident memory of the simulator's own process, bytes (npm's own process aside). */
  peakRss: number;
  /** Simulated seconds of the run (from its summary). */
  simSeconds: number;
}

/**
 * Run `npm run sim -- text` `runs` times. The command runner (scripts/cli.mjs) reports its
 * process's peak RSS on stderr when WTL_REPORT_RSS is set.
 */
export function wholeCommands(text: string, runs: number): CommandRun[] {
  const out: CommandRun[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync('npm', ['run', '--silent', 'sim', '--', text], {
      encoding: 'utf8',
      env: { ...process.env, WTL_REPORT_RSS: '1' },
      maxBuffer: 1 << 26,
    });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(`npm run sim -- ${text} failed: ${r.stderr}`);
    const rss = /peak-rss-kib (\d+)/.exec(r.stderr);
    const summary = JSON.parse(r.stdout) as { simTime: number };
    out.push({ wall, peakRss: rss ? Number(rss[1]) * 1024 : NaN, simSeconds: summary.simTime });
  }
  return out;
}

/**
 * Wall seconds of `command args…` as a whole process, `runs` times: the start-up floor under the
 * whole commands above (`npm run sim -- --help` loads npm, node, the runner and the bundle and
 * simulates nothing; `node -e 0` is node alone), so that a target below it reads as out of reach.
 */
export function processWalls(command: string, args: readonly string[], runs: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 22 });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
    out.push(wall);
  }
  return out;
}
