/**
 * `npm run sim`'s work, as a function of its arguments and its two output streams, so that tests
 * run it in-process (src/cli/sim.ts is the entry that hands it the process). Returns the exit
 * status: 0 ok, 2 bad scenario or arguments (messages naming the key or option, nothing run), 1
 * internal error.
 *
 * Everything written to stderr goes through one writer that escapes control characters
 * (engine/scenario/text.ts `escapeControls`): messages echo input, and a terminal must show it,
 * never act on it.
 */
import { capturePcap } from '../engine/export/pcap';
import { createSimulation, expandSweep, parseScenarioStrict, type Simulation } from '../engine';
import { traceCsvFileName } from '../engine/export/csv';
import { explainQuery, explanationLines, parseExplainQuery, userActions } from '../engine/analysis/explain';
import { escapeControls, safeDecode } from '../engine/scenario/text';
import { getSystem } from '../engine/systems';
import { join } from 'node:path';
import { parseArgs, shardRange, USAGE, type SimArgs } from './args';
import { abandonOutputs, closeOutputs, commitDir, openOutputs, writeFile } from './outputs';
import { onStopSignals } from './stop-signals';
import { runPool } from './sweep-pool';
import { STREAM_RING_RECORDS, TraceCsvWriter } from './trace-writer';

/** Records kept per trace source for --explain: the lab's trace buffers' bound (state/trace-buffers.ts). */
const EXPLAIN_RECORDS = 1 << 20;

/** Where the tool writes, and what it knows of its machine. */
export interface SimIo {
  out(text: string): void;
  err(text: string): void;
  /** Cores for the sweep's default `--jobs`. */
  readonly cpus: number;
  /** Draw a progress bar on stderr (a terminal). */
  readonly progress?: boolean;
}

/** Bad input: the messages are printed and the status is 2; nothing has run. */
class BadInput extends Error {
  constructor(
    readonly messages: readonly string[],
    /** What to do instead, when the input looks like something else (a sweep's `|`). */
    readonly hints: readonly string[] = [],
  ) {
    super(messages.join('; '));
  }
}

/**
 * A hint for a scenario with `|` alternatives run without `--sweep`: the parser names the key
 * and its range, but only a sweep reads `fer=0.1|0.2`.
 */
function sweepHint(text: string): string[] {
  const swept = text
    .replace(/^\?/, '')
    .split('&')
    .map((seg) => safeDecode(seg) ?? seg)
    .filter((seg) => seg.slice(seg.indexOf('=') + 1).includes('|'));
  if (swept.length === 0) return [];
  return [
    `${swept.map((s) => s.slice(0, s.indexOf('='))).join(', ')}: | separates the alternatives of a sweep, ` +
      `which runs each one: npm run sim -- --sweep "${text}"`,
  ];
}

export async function runSim(argv: readonly string[], io: SimIo): Promise<number> {
  const say = (line: string): void => io.err(escapeControls(line) + '\n');
  try {
    let args: SimArgs;
    try {
      args = parseArgs(argv, io.cpus);
    } catch (err) {
      throw new BadInput([err instanceof Error ? err.message : String(err)]);
    }
    if (args.help) {
      io.out(USAGE + '\n');
      return 0;
    }
    if (args.sweep) await runSweep(args, io, say);
    else if (args.explain !== undefined) explainOne(args, args.explain, io);
    else await runOne(args, io, say);
    return 0;
  } catch (err) {
    if (err instanceof BadInput) {
      for (const m of err.messages) say(`error: ${m}`);
      for (const h of err.hints) say(`hint: ${h}`);
      say('nothing was run (run with --help for usage)');
      return 2;
    }
    say(`internal error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** The scenario of a single run, or BadInput naming every bad key. */
function scenarioOf(args: SimArgs): ReturnType<typeof parseScenarioStrict>['scenario'] {
  const { scenario, errors } = parseScenarioStrict(args.scenario);
  if (errors.length > 0)
    throw new BadInput(
      errors.map((e) => e.message),
      sweepHint(args.scenario),
    );
  return scenario;
}

/**
 * `--explain`: run with every trace kept (as many records per source as the lab keeps, so both
 * explain from the same records) and print the explanation's lines.
 */
function explainOne(args: SimArgs, text: string, io: SimIo): void {
  const q = parseExplainQuery(text);
  if ('error' in q) throw new BadInput([q.error]);
  const scenario = scenarioOf(args);
  const sim = createSimulation(scenario, { keepTraces: true, capture: false, maxRecords: EXPLAIN_RECORDS });
  sim.runToEnd();
  const system = getSystem(scenario.system);
  // The student's own actions (timed changes, a release list) are named when the chain runs through one.
  const actions = system ? userActions(scenario, system.params, system.frameNs) : [];
  const r = explainQuery(sim.traces, q.query, system?.explain ?? null, actions);
  if ('error' in r) throw new BadInput([`explain: ${r.error}`]);
  io.out(explanationLines(r.explanation).join('\n') + '\n');
}

async function runOne(args: SimArgs, io: SimIo, say: (line: string) => void): Promise<void> {
  const scenario = scenarioOf(args);
  // The outputs are prepared before the run: a path that cannot be written is named now.
  const opened = openOutputs([
    { option: '--trace', path: args.trace, kind: 'directory' },
    { option: '--pcap', path: args.pcap, kind: 'file' },
  ]);
  if ('error' in opened) throw new BadInput([opened.error]);
  const { outputs } = opened;
  const trace = outputs.find((o) => o.kind === 'directory');
  const pcap = outputs.find((o) => o.kind === 'file');
  // Interrupted (or failed), the run leaves the paths as they were (cli/outputs.ts).
  const stopWatching = outputs.length > 0 ? onStopSignals(() => abandonOutputs(outputs)) : () => {};
  const writer = trace ? new TraceCsvWriter(trace.staging) : null;
  let finished = false;
  try {
    // Pay only for what is read: the summary's traceHash needs every record hashed, but the records
    // are kept only for --trace files (streamed out as the run goes) and packets captured only
    // for a --pcap file.
    const sim = createSimulation(scenario, {
      keepTraces: trace !== undefined,
      capture: pcap !== undefined,
      ...(trace ? { maxRecords: STREAM_RING_RECORDS } : {}),
    });
    if (writer) await writer.run(sim);
    else if (outputs.length > 0) await runYielding(sim);
    else sim.runToEnd();
    if (trace && writer) {
      commitDir(trace, writer.finish(sim));
      for (const [name, n] of writer.dropped)
        say(
          `note: ${join(trace.path, traceCsvFileName(name))}: ${n} records of ${name} were overwritten before they could be written`,
        );
    }
    if (pcap) {
      writeFile(pcap, capturePcap(sim.capture));
      if (sim.capture.missed > 0)
        say(
          `note: ${pcap.path}: the first ${sim.capture.count} packets only (${sim.capture.missed} later ones not captured)`,
        );
    }
    finished = true;
    io.out(JSON.stringify(sim.summary(), null, 2) + '\n');
  } finally {
    stopWatching();
    writer?.close();
    if (finished) closeOutputs(outputs);
    else abandonOutputs(outputs);
  }
}

/** Run to the end, yielding to the event loop between stretches so that a stop signal is handled. */
async function runYielding(sim: Simulation): Promise<void> {
  while (!sim.done) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    sim.step(1 << 12);
  }
}

function progressBar(io: SimIo, total: number): (done: number) => void {
  if (!io.progress) return () => {};
  const started = process.hrtime.bigint();
  return (done) => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    const secs = Number(process.hrtime.bigint() - started) / 1e9;
    io.err(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} runs, ${secs.toFixed(1)} s`,
    );
    if (done === total) io.err('\n');
  };
}

async function runSweep(args: SimArgs, io: SimIo, say: (line: string) => void): Promise<void> {
  const expanded = expandSweep(args.scenario, args.seeds);
  if (expanded.errors.length > 0) throw new BadInput(expanded.errors.map((e) => e.message));
  let scenarios = expanded.scenarios;
  if (args.shard) {
    const { from, to } = shardRange(scenarios.length, args.shard);
    scenarios = scenarios.slice(from, to);
    if (scenarios.length === 0) {
      // Not an error (a job array may have more tasks than a small sweep has runs), but said.
      const { index, count } = args.shard;
      say(
        `note: shard ${index}/${count} of this sweep of ${expanded.scenarios.length} run${expanded.scenarios.length === 1 ? '' : 's'} is empty: nothing to run (a sweep of N runs has N non-empty shards at most)`,
      );
      return;
    }
  }
  await runPool(scenarios, args.jobs, (line) => io.out(line + '\n'), progressBar(io, scenarios.length));
}
