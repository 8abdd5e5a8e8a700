/** Command-line arguments of `npm run sim`. */
import { MAX_SWEEP_SEEDS } from '../engine/scenario/sweep';

export interface SimArgs {
  scenario: string;
  trace?: string;
  pcap?: string;
  /** `--explain <time or segment>`: print the cross-layer explanation of a TCP event instead of the summary. */
  explain?: string;
  sweep: boolean;
  seeds: number;
  jobs: number;
  /** `--shard i/n`: run only the i-th (from 1) of n contiguous parts of the sweep. */
  shard?: Shard;
  help: boolean;
}

/** One of `count` disjoint parts of a sweep; `index` counts from 1. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The runs [from, to) of shard i/n of a sweep of `total` runs: contiguous blocks whose sizes differ
 * by at most one, in shard order, so concatenating the shards' outputs 1…n gives the whole sweep's
 * output line for line (a shard past the last run is empty).
 */
export function shardRange(total: number, shard: Shard): { from: number; to: number } {
  return {
    from: Math.floor(((shard.index - 1) * total) / shard.count),
    to: Math.floor((shard.index * total) / shard.count),
  };
}

/** Parse `i/n` (1 ≤ i ≤ n ≤ 1,000,000) or throw a message naming the option. */
export function parseShard(raw: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > 1_000_000 || index < 1 || index > count)
    throw new Error(`--shard=${raw}: must be i/n with whole numbers 1 ≤ i ≤ n ≤ 1000000 (e.g. 3/8)`);
  return { index, count };
}

export const USAGE = `Usage:
  npm run sim -- "<scenario>" [--trace <directory>] [--pcap out.pcap]
  npm run sim -- "<scenario>" --explain <time or segment>
  npm run sim -- --sweep "<scenario with key=a|b|c alternatives>" [--seeds N] [--jobs N] [--shard i/n]

A scenario is key=value pairs joined by & (the query string of a lab URL),
e.g. "system=is707&fer=0.3&fdt=0.01&idle=0&duration=3000".
Prints the summary JSON on stdout (one line per run for --sweep).
--trace writes one CSV file per trace source into the directory (made if missing;
its parent must exist): tcp.send.csv, link.frame.csv, … — t in simulated seconds,
then the source's fields by name, one row per record, every record of the run
(streamed as the run goes, in bounded memory; the lab's "Traces (CSV files, ZIP)"
holds the same files, of the records its buffers kept). --trace and --pcap paths
are checked before the run; a run stopped by Ctrl-C leaves them as they were.
--explain explains one TCP event from the layers below (the lab's drill-down) and
prints that chain instead of the summary: a time in seconds (12.3, or t=12.3)
names the retransmission, timeout, duplicate ACK or stall nearest to it; seg=41
the first retransmission of segment 41. Add ,conn=2 for another connection and,
with a time, ,kind=rtx|timeout|fast|dupack|stall.
--shard i/n runs only the i-th of n contiguous parts of the sweep (for a batch
system spreading a study over machines): the outputs of shards 1…n, concatenated
in that order, are the whole sweep's output; a shard past the last run is empty
(said on stderr). --seeds takes 1 to ${MAX_SWEEP_SEEDS}; each option is given once.
Exit status: 0 ok, 2 bad scenario or arguments (nothing is run), 1 internal error.`;

/** The options that take a value, and the flags; each may be given once. */
const VALUE_OPTIONS = ['--trace', '--pcap', '--explain', '--seeds', '--jobs', '--shard'] as const;
const FLAGS = ['--sweep', '--help', '-h'] as const;

/** Most worker threads `--jobs` may ask for. */
export const MAX_JOBS = 256;

/** Read a count: decimal digits only (no `0x2`, `1e3`, `2.0` or sign), from 1 to `max`. */
export function parseCount(option: string, raw: string, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max))
    throw new Error(`${option}=${raw}: must be a whole number from 1 to ${max}, in decimal digits`);
  return n;
}

/**
 * `--trace`'s directory. A name ending in .csv is the old one-file form: refused, so a command
 * written for it does not make a directory called out.csv.
 */
function traceDir(path: string): string {
  if (/\.csv$/i.test(path))
    throw new Error(
      `--trace ${path}: --trace takes a directory and writes one CSV file per trace source into it (e.g. --trace traces)`,
    );
  return path;
}

/** Parse argv; throws an Error with a user-facing message on bad arguments. */
export function parseArgs(argv: readonly string[], cpus: number): SimArgs {
  const out: SimArgs = { scenario: '', sweep: false, seeds: 1, jobs: Math.max(1, cpus), help: false };
  const positional: string[] = [];
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const known =
      (VALUE_OPTIONS as readonly string[]).includes(a) || (FLAGS as readonly string[]).includes(a);
    if (known) {
      const name = a === '-h' ? '--help' : a;
      if (given.has(name)) throw new Error(`${name} is given twice: give it once`);
      given.add(name);
    }
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--trace') out.trace = traceDir(value());
    else if (a === '--pcap') out.pcap = value();
    else if (a === '--explain') out.explain = value();
    else if (a === '--sweep') out.sweep = true;
    else if (a === '--seeds') out.seeds = parseCount('--seeds', value(), MAX_SWEEP_SEEDS);
    else if (a === '--jobs') out.jobs = parseCount('--jobs', value(), MAX_JOBS);
    else if (a === '--shard') out.shard = parseShard(value());
    else if (a === '--help' || a === '-h') out.help = true;
    else if (a.startsWith('--'))
      throw new Error(
        `unknown option ${a} (allowed: --trace, --pcap, --explain, --sweep, --seeds, --jobs, --shard, --help)`,
      );
    else positional.push(a);
  }
  if (positional.length > 1)
    throw new Error(`expected one scenario argument, got ${positional.length} (quote it: "a=1&b=2")`);
  out.scenario = positional[0] ?? '';
  if (out.sweep && (out.trace !== undefined || out.pcap !== undefined || out.explain !== undefined))
    throw new Error('--trace, --pcap and --explain apply to a single run, not to --sweep');
  if (out.shard && !out.sweep) throw new Error('--shard splits a sweep: use it with --sweep');
  if (given.has('--seeds') && !out.sweep)
    throw new Error('--seeds sets how many seeds a sweep runs: use it with --sweep');
  return out;
}
