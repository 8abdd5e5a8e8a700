/**
 * `npm run sim -- "<scenario>"`: the headless runner. Prints the summary JSON;
 * bad input exits with status 2 and messages naming the key (no stack trace).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createSimulation, expandSweep, parseScenario } from '../engine';
import { capturePcap } from '../engine/export/pcap';
import { explainQuery, explanationLines, parseExplainQuery } from '../engine/analysis/explain';
import { getSystem } from '../engine/systems';
import { parseArgs, shardRange, USAGE, type SimArgs } from './args';
import { writeTraceFiles } from './trace-files';

/** Records kept per trace source for --explain: the lab's trace buffers' bound (state/trace-buffers.ts). */
const EXPLAIN_RECORDS = 1 << 20;
import { runPool } from './sweep-pool';

function fail(messages: readonly string[]): never {
  for (const m of messages) process.stderr.write(`error: ${m}\n`);
  process.stderr.write('(run with --help for usage)\n');
  process.exit(2);
}

/**
 * `--explain`: run with every trace kept (as many records per source as the lab keeps, so both
 * explain from the same records) and print the explanation's lines.
 */
function explainOne(args: SimArgs, text: string): void {
  const q = parseExplainQuery(text);
  if ('error' in q) fail([q.error]);
  const { scenario, errors } = parseScenario(args.scenario);
  if (errors.length > 0) fail(errors.map((e) => e.message));
  const sim = createSimulation(scenario, { keepTraces: true, capture: false, maxRecords: EXPLAIN_RECORDS });
  sim.runToEnd();
  const r = explainQuery(sim.traces, q.query, getSystem(scenario.system)?.explain ?? null);
  if ('error' in r) fail([`explain: ${r.error}`]);
  process.stdout.write(explanationLines(r.explanation).join('\n') + '\n');
}

function runOne(args: SimArgs): void {
  if (args.explain !== undefined) return explainOne(args, args.explain);
  const { scenario, errors } = parseScenario(args.scenario);
  if (errors.length > 0) fail(errors.map((e) => e.message));
  // Pay only for what is read: the summary's traceHash needs every record hashed, but the records
  // are kept only for a --trace file and packets captured only for a --pcap file.
  const sim = createSimulation(scenario, { keepTraces: Boolean(args.trace), capture: Boolean(args.pcap) });
  sim.runToEnd();
  if (args.trace) {
    // The trace rings keep the newest records of each source: say so when a long run outgrew them.
    for (const note of writeTraceFiles(args.trace, sim.traces)) process.stderr.write(`note: ${note}\n`);
  }
  if (args.pcap) {
    writeFileSync(args.pcap, capturePcap(sim.capture));
    if (sim.capture.missed > 0)
      process.stderr.write(
        `note: ${args.pcap}: the first ${sim.capture.count} packets only (${sim.capture.missed} later ones not captured)\n`,
      );
  }
  process.stdout.write(JSON.stringify(sim.summary(), null, 2) + '\n');
}

function progressBar(total: number): (done: number) => void {
  if (!process.stderr.isTTY) return () => {};
  const started = process.hrtime.bigint();
  return (done) => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    const secs = Number(process.hrtime.bigint() - started) / 1e9;
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} runs, ${secs.toFixed(1)} s`,
    );
    if (done === total) process.stderr.write('\n');
  };
}

async function runSweep(args: SimArgs): Promise<void> {
  const expanded = expandSweep(args.scenario, args.seeds);
  if (expanded.errors.length > 0) fail(expanded.errors.map((e) => e.message));
  let scenarios = expanded.scenarios;
  if (args.shard) {
    const { from, to } = shardRange(scenarios.length, args.shard);
    scenarios = scenarios.slice(from, to);
  }
  await runPool(
    scenarios,
    args.jobs,
    (line) => process.stdout.write(line + '\n'),
    progressBar(scenarios.length),
  );
}

async function main(): Promise<void> {
  let args: SimArgs;
  try {
    args = parseArgs(process.argv.slice(2), availableParallelism());
  } catch (err) {
    fail([err instanceof Error ? err.message : String(err)]);
  }
  if (args.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  if (args.sweep) await runSweep(args);
  else runOne(args);
}

main().catch((err: unknown) => {
  process.stderr.write(`internal error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
