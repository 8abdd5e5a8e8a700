/**
 * `npm run bench`: speed and memory figures (never asserted in unit tests).
 * For each implemented system: simulated seconds per wall second and frames
 * per wall second on its reference scenarios (tracing off, one core), plus
 * the heap growth per 1000 frames once warm (the per-frame path should not
 * allocate) and the peak resident memory. Options:
 *   --fig12       also run the IS-707 Figure 12 workload (10^4 windows of 1000 s) through the sweep runner
 *   --no-browser  skip the Chromium measurements (first chart point, main-thread fps, bundle size)
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createSimulation, parseScenario } from '../engine';
import { MarkovFadingChannel } from '../engine/channel';
import { RandomStreams } from '../engine/core/rng';
import { createIs707RlpLink } from '../engine/link/is707-rlp';
import { benchScenarios } from './bench-scenarios';

const args = new Set(process.argv.slice(2));
/** Node's collector when run with --expose-gc (npm run bench does): heap figures start from a clean heap. */
const gc = (globalThis as { gc?: () => void }).gc;
let peakRss = 0;
const sampleRss = (): void => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

function timeScenario(text: string): { simSeconds: number; frames: number; wall: number } {
  const { scenario, errors } = parseScenario(text);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const sim = createSimulation(scenario, { traces: false });
  const t0 = performance.now();
  sim.runToEnd();
  const wall = (performance.now() - t0) / 1000;
  sampleRss();
  return { simSeconds: sim.now / 1e9, frames: sim.frame, wall };
}

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

console.log('Engine speed (one core, tracing off; steady state after ≥ 1 s of warm-up, best of 5)');
for (const text of benchScenarios()) {
  const cold = timeScenario(text);
  let warm = cold.wall;
  while (warm < WARM_SECONDS) warm += timeScenario(text).wall;
  const runs = Array.from({ length: 5 }, () => timeScenario(text));
  const best = runs.reduce((a, b) => (a.wall < b.wall ? a : b));
  console.log(
    `  ${text}\n    ${fmt(best.simSeconds / best.wall)}× real time, ${fmt(best.frames / best.wall)} frames/s, ` +
      `${(best.wall * 1000).toFixed(1)} ms for ${fmt(best.simSeconds)} simulated s ` +
      `(first, cold run: ${fmt(cold.simSeconds / cold.wall)}×); ` +
      `heap growth ≈ ${fmt(heapPerKiloFrame(text, best.frames))} B per 1000 frames`,
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
console.log(`Peak resident memory: ${(peakRss / 2 ** 20).toFixed(0)} MiB`);

if (args.has('--fig12')) {
  const cpus = availableParallelism();
  const t0 = performance.now();
  const out = execFileSync(
    'npx',
    [
      'tsx',
      'src/cli/sim.ts',
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

if (!args.has('--no-browser')) {
  try {
    const { measureBrowser } = await import('./bench-browser');
    const b = await measureBrowser();
    console.log('Browser (Chromium, built app)');
    console.log(`  navigation → first drawn chart point: ${b.firstChartPointMs.toFixed(0)} ms`);
    console.log(
      `  main-thread frames per second while running at max speed (median): ${b.mainThreadFpsMedian.toFixed(1)}`,
    );
    console.log(`  JavaScript bundle, gzipped: ${(b.bundleGzipBytes / 1024).toFixed(1)} KiB`);
  } catch (err) {
    console.log(`Browser measurements skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
}
