/**
 * `npm run bench`: speed and memory figures (never asserted in unit tests), each as
 * min / median / max over several runs. For each implemented system, on its reference scenarios
 * (tracing off, one core): simulated seconds per wall second warm (after ≥ 1 s of warm-up) and on
 * the first run in a fresh process (cold JIT), frames per second, and the heap growth per 1000
 * frames once warm (the per-frame path should not allocate). Then whole `npm run sim` commands as a
 * person types them: wall time, simulated seconds per wall second and the simulator process's
 * peak resident memory. Options:
 *   --runs N      runs per figure (default 5)
 *   --fig12       also run the IS-707 Figure 12 workload (10^4 windows of 1000 s) through the sweep runner
 *   --no-browser  skip the Chromium measurements (first chart point, main-thread fps, bundle size)
 *   --browser-only  only the Chromium measurements
 *   --max-speed   only the page's max speed against the engine in Node (each system's whole run)
 *   --speed-runs N  runs of each max-speed figure (default 3)
 *   --systems a,b   max-speed figures for these systems only (e.g. is707,dect)
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createSimulation, parseScenario } from '../engine';
import { MarkovFadingChannel } from '../engine/channel';
import { RandomStreams } from '../engine/core/rng';
import { createIs707RlpLink } from '../engine/link/is707-rlp';
import {
  FIRST_RUN_FLAG,
  firstRuns,
  fmtMinMedianMax,
  minMedianMax,
  processWalls,
  traceOptions,
  wholeCommands,
  type TraceMode,
} from './bench-process';
import { benchScenarios } from './bench-scenarios';
import { requestCosts } from './bench-requests';

/**
 * Whole commands timed as `npm run sim -- "<scenario>"` (issue 13's targets): the IS-707-like
 * workload compared with ns-3, a 1 MB PHS transfer, and a run short enough that start-up is all.
 */
const COMMAND_SCENARIOS = [
  'system=is707&fer=0.05&fdt=0.1&idle=5&duration=100000&seed=1',
  'system=phs&app=ftpGet',
  // Issue 10: an hour of DECT at the reference background load in under 2 s.
  'system=dect&duration=3600',
  'system=is707&duration=1',
];

let peakRss = 0;
function sampleRss(): void {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

function timeScenario(
  text: string,
  mode: TraceMode = 'off',
): { simSeconds: number; frames: number; wall: number; work: Readonly<Record<string, number>> } {
  const { scenario, errors } = parseScenario(text);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const sim = createSimulation(scenario, traceOptions(mode));
  const t0 = performance.now();
  sim.runToEnd();
  const wall = (performance.now() - t0) / 1000;
  sampleRss();
  return { simSeconds: sim.now / 1e9, frames: sim.frame, wall, work: sim.work() };
}

// A fresh process asked for one first run: time it, print it, and do nothing else.
const argv = process.argv.slice(2);
if (argv[0] === FIRST_RUN_FLAG) {
  const mode = argv[2] === 'hash' || argv[2] === 'page' ? argv[2] : 'off';
  const run = timeScenario(argv[1], mode);
  process.stdout.write(JSON.stringify({ wall: run.wall, simSeconds: run.simSeconds }) + '\n');
  process.exit(0);
}
const args = new Set(argv);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Math.max(1, Math.floor(Number(argv[runsAt + 1])) || 5) : 5;
/** Node's collector when run with --expose-gc (npm run bench does): heap figures start from a clean heap. */
const gc = (globalThis as { gc?: () => void }).gc;
/**
 * Heap bytes allocated per 1000 frames in the steady state (needs --expose-gc for a clean figure):
 * the run's first half warms up, the second half is measured. NaN when the run is too short.
 */
function heapPerKiloFrame(text: string, totalFrames: number): number {
  const half = Math.min(20_000, Math.floor(totalFrames / 2));
  if (half < 100) return NaN;
  const { scenario } = parseScenario(text);
  const sim = createSimulation(scenario, { traces: false });
  sim.step(half);
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const frames = sim.step(half);
  const after = process.memoryUsage().heapUsed;
  return frames > 0 ? ((after - before) / frames) * 1000 : NaN;
}

const fmt = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
/** Wall time spent warming each scenario up before it is measured (JIT tiers settle). */
const WARM_SECONDS = 1;

const rate = (r: { simSeconds: number; wall: number }): number => r.simSeconds / r.wall;

const speedRunsAt = argv.indexOf('--speed-runs');
const SPEED_RUNS = speedRunsAt >= 0 ? Math.max(1, Math.floor(Number(argv[speedRunsAt + 1])) || 3) : 3;
const onlyMaxSpeed = args.has('--max-speed');
const systemsAt = argv.indexOf('--systems');
const SPEED_SYSTEMS = systemsAt >= 0 ? new Set(argv[systemsAt + 1]?.split(',')) : null;

if (!args.has('--browser-only') && !onlyMaxSpeed) {
  console.log(
    `Engine speed in-process (one core, tracing off), min / median / max of ${RUNS} runs: warm after ≥ 1 s of ` +
      `warm-up, and the first run in a fresh process (cold JIT); × real time = simulated s per wall s`,
  );
  for (const text of benchScenarios()) {
    const cold = firstRuns(import.meta.url, text, RUNS, 'off');
    let warmed = 0;
    while (warmed < WARM_SECONDS) warmed += timeScenario(text).wall;
    const runs = Array.from({ length: RUNS }, () => timeScenario(text));
    const best = runs.reduce((a, b) => (a.wall < b.wall ? a : b));
    // The model's own counts of work (DECT: terminal-frames), per wall second.
    const work = Object.keys(best.work)
      .map((k) => `, ${fmtMinMedianMax(minMedianMax(runs.map((r) => r.work[k] / r.wall)), 0)} ${k}/s`)
      .join('');
    console.log(
      `  ${text} (${fmt(best.simSeconds)} simulated s)\n` +
        `    warm:  ${fmtMinMedianMax(minMedianMax(runs.map(rate)), 0)}× real time, ` +
        `${fmtMinMedianMax(minMedianMax(runs.map((r) => r.wall)), 1, 1000)} ms, ` +
        `${fmtMinMedianMax(minMedianMax(runs.map((r) => r.frames / r.wall)), 0)} frames/s${work}; ` +
        `heap growth ≈ ${fmt(heapPerKiloFrame(text, best.frames))} B per 1000 frames\n` +
        `    first: ${fmtMinMedianMax(minMedianMax(cold.map(rate)), 0)}× real time, ` +
        `${fmtMinMedianMax(minMedianMax(cold.map((r) => r.wall)), 1, 1000)} ms`,
    );
  }
  // The per-frame path on its own: an IS-707 RLP link carrying a long backlog at FER 0.1 both ways,
  // no TCP (whose per-packet objects the system figures above include). Should allocate nothing.
  {
    const streams = new RandomStreams(1);
    const link = createIs707RlpLink<number>(
      {},
      new MarkovFadingChannel(streams.get('a'), 0.1, 0.1),
      new MarkovFadingChannel(streams.get('b'), 0.1, 0.1),
    );
    for (let i = 0; i < 40_000; i++) link.txA.append(i, 584);
    const run = (slots: number): void => {
      for (let i = 0; i < slots; i++) {
        link.link.step();
        if ((i & 1023) === 0) while (link.rxB.poll() !== undefined);
      }
    };
    run(200_000);
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const slots = 500_000;
    run(slots);
    const wall = (performance.now() - t0) / 1000;
    const grown = process.memoryUsage().heapUsed - before;
    console.log(
      `  IS-707 RLP link alone (FER 0.1 both ways, no TCP): ${fmt(slots / wall)} slots/s; ` +
        `heap growth ${fmt((grown / slots) * 1000)} B per 1000 slots over ${fmt(slots)} slots`,
    );
  }
  // Issue 20 item 11: a page request must cost the same after ten hours as after six minutes.
  {
    const text = 'system=dect&duration=36000';
    const costs = requestCosts(text, [360, 3600, 36000], 50);
    sampleRss();
    console.log(
      `  one page request (summary + view) as the run grows, ${text}, min / median / max µs of 50: ` +
        costs.map((c) => `at ${fmt(c.at)} s ${c.micros}`).join('; '),
    );
  }
  console.log(`Peak resident memory of this bench process: ${(peakRss / 2 ** 20).toFixed(0)} MiB`);

  console.log(
    `Whole commands (npm run sim -- "<scenario>", tracing as the command does), min / median / max of ${RUNS}`,
  );
  {
    const floor = processWalls('npm', ['run', '--silent', 'sim', '--', '--help'], RUNS);
    const node = processWalls(process.execPath, ['-e', '0'], RUNS);
    console.log(
      `  start-up floor: npm run sim -- --help (npm, node, runner and bundle; nothing simulated) ` +
        `${fmtMinMedianMax(minMedianMax(floor), 3)} s wall; node -e 0 ${fmtMinMedianMax(minMedianMax(node), 3)} s`,
    );
  }
  for (const text of COMMAND_SCENARIOS) {
    const runs = wholeCommands(text, RUNS);
    // The same run inside a process, traced as the command traces it (hashed for traceHash, not kept).
    const first = firstRuns(import.meta.url, text, RUNS, 'hash');
    timeScenario(text, 'hash');
    const warm = Array.from({ length: RUNS }, () => timeScenario(text, 'hash'));
    console.log(
      `  ${text}\n    whole command: ${fmtMinMedianMax(minMedianMax(runs.map((r) => r.wall)), 3)} s wall, ` +
        `${fmtMinMedianMax(minMedianMax(runs.map(rate)), 0)}× real time, ` +
        `peak RSS of the simulator process ${fmtMinMedianMax(minMedianMax(runs.map((r) => r.peakRss)), 0, 2 ** -20)} MiB\n` +
        `    in-process: first run ${fmtMinMedianMax(minMedianMax(first.map((r) => r.wall)), 1, 1000)} ms ` +
        `(${fmtMinMedianMax(minMedianMax(first.map(rate)), 0)}× real time); ` +
        `warm ${fmtMinMedianMax(minMedianMax(warm.map((r) => r.wall)), 1, 1000)} ms (${fmtMinMedianMax(minMedianMax(warm.map(rate)), 0)}×)`,
    );
  }

  if (args.has('--fig12')) {
    const cpus = availableParallelism();
    const t0 = performance.now();
    const out = execFileSync(
      process.execPath,
      [
        'scripts/cli.mjs',
        'sim',
        '--sweep',
        'system=is707&fer=0.3&fdt=0.01|0.1|1&duration=1000',
        '--seeds',
        '3334',
      ],
      { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = out.trim().split('\n').length;
    console.log(
      `IS-707 Figure 12 workload: ${fmt(lines)} runs × 1000 s = ${fmt(lines * 1000)} simulated s on ${cpus} cores in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
}

if (!args.has('--no-browser') && !onlyMaxSpeed) {
  try {
    const { measureBrowser } = await import('./bench-browser');
    const b = await measureBrowser({ runs: RUNS });
    console.log('Browser (Chromium, built app)');
    const f = b.firstChartPointMs;
    console.log(
      `  navigation → first drawn chart point, first visits, min / median / max of ${RUNS}: ` +
        `${f.min.toFixed(0)} / ${f.median.toFixed(0)} / ${f.max.toFixed(0)} ms`,
    );
    console.log(
      `  JavaScript fetched before that point (page, its chunks, the worker), gzipped: ${(b.initialJsGzipBytes / 1024).toFixed(1)} KiB`,
    );
    console.log(
      `  main-thread frames per second while running at max speed (median): ${b.mainThreadFpsMedian.toFixed(1)}`,
    );
    const d = b.dectFps;
    console.log(
      `  the same on the DECT page (grids, bearer chart, delay histogram), min / median / max: ${d.min.toFixed(0)} / ${d.median.toFixed(0)} / ${d.max.toFixed(0)}`,
    );
    console.log(`  JavaScript bundle, every chunk, gzipped: ${(b.bundleGzipBytes / 1024).toFixed(1)} KiB`);
  } catch (err) {
    console.log(`Browser measurements skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Issue 21: each system's whole run played at max speed in Chromium against the same run in Node
 * keeping the same traces (a first run in a fresh process each, like the page's fresh engine),
 * the two interleaved run by run so that a change in the machine's load hits both; the ratio is
 * taken per pair. Then the frame times while the page played and its charts' redraws per second.
 */
if (!args.has('--no-browser')) {
  try {
    const { MAX_SPEED_SCENARIOS, openBrowserBench, pageMaxSpeed } = await import('./bench-browser');
    const bench = await openBrowserBench();
    try {
      console.log(
        `Max speed, page against engine (Chromium, whole runs at "as fast as possible" in a fresh context; ` +
          `Node: the same run keeping the page's traces, first run in a fresh process; interleaved), ` +
          `min / median / max of ${SPEED_RUNS}`,
      );
      const p95s: number[] = [];
      for (const text of MAX_SPEED_SCENARIOS) {
        if (SPEED_SYSTEMS && !SPEED_SYSTEMS.has(new URLSearchParams(text).get('system') ?? '')) continue;
        const node: number[] = [];
        const pages: Awaited<ReturnType<typeof pageMaxSpeed>>[] = [];
        for (let k = 0; k < SPEED_RUNS; k++) {
          node.push(rate(firstRuns(import.meta.url, text, 1, 'page')[0]));
          pages.push(await pageMaxSpeed(bench.browser, bench.url, text));
        }
        const page = pages.map((r) => r.simSeconds / r.wallSeconds);
        const ratio = page.map((v, k) => v / node[k]);
        const kinds = [...new Set(pages.flatMap((r) => Object.keys(r.drawsPerSecond)))].sort();
        const draws = kinds
          .map(
            (k) =>
              `${k}${pages[0].shown.includes(k) ? ' (in view)' : ''} ` +
              fmtMinMedianMax(minMedianMax(pages.map((r) => r.drawsPerSecond[k] ?? 0)), 1),
          )
          .join(', ');
        const f = (key: 'p50' | 'p95' | 'p99' | 'max') =>
          fmtMinMedianMax(minMedianMax(pages.map((r) => r.frameMs[key])), 1);
        p95s.push(minMedianMax(pages.map((r) => r.frameMs.p95)).median);
        console.log(
          `  ${text} (${fmt(pages[0].simSeconds)} simulated s)\n` +
            `    page ${fmtMinMedianMax(minMedianMax(page), 0)}× real time ` +
            `(${fmtMinMedianMax(minMedianMax(pages.map((r) => r.wallSeconds)), 2)} s); ` +
            `Node ${fmtMinMedianMax(minMedianMax(node), 0)}×; page ÷ Node ${fmtMinMedianMax(minMedianMax(ratio.map((r) => r * 100)), 0)} %\n` +
            `    frame time p50 ${f('p50')}, p95 ${f('p95')}, p99 ${f('p99')}, largest ${f('max')} ms; ` +
            `long tasks ${fmtMinMedianMax(minMedianMax(pages.map((r) => r.longTasks)), 0)} ` +
            `(longest ${fmtMinMedianMax(minMedianMax(pages.map((r) => r.longestTaskMs)), 0)} ms)\n` +
            `    main thread: CPU ${fmtMinMedianMax(minMedianMax(pages.map((r) => r.mainCpuS)), 2)} s ` +
            `(${fmtMinMedianMax(minMedianMax(pages.map((r) => (100 * r.mainCpuS) / r.wallSeconds)), 0)} % of the run's wall time), ` +
            `its tasks ${fmtMinMedianMax(minMedianMax(pages.map((r) => r.mainTaskS)), 2)} s of wall time: ` +
            `given ${fmtMinMedianMax(minMedianMax(pages.map((r) => (100 * r.mainCpuS) / r.mainTaskS)), 0)} % of a core while it had work\n` +
            `    chart redraws per second: ${draws}`,
        );
      }
    } finally {
      await bench.close();
    }
  } catch (err) {
    console.log(`Max-speed measurements skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
}
