/** Command-line arguments of `npm run sim`. */
export interface SimArgs {
  scenario: string;
  trace?: string;
  pcap?: string;
  sweep: boolean;
  seeds: number;
  jobs: number;
  help: boolean;
}

export const USAGE = `Usage:
  npm run sim -- "<scenario>" [--trace out.csv] [--pcap out.pcap]
  npm run sim -- --sweep "<scenario with key=a|b|c alternatives>" [--seeds N] [--jobs N]

A scenario is key=value pairs joined by & (the query string of a lab URL),
e.g. "system=is707&fer=0.3&fdt=0.01&idle=0&duration=3000".
Prints the summary JSON on stdout (one line per run for --sweep).
Exit status: 0 ok, 2 bad scenario or arguments, 1 internal error.`;

/** Parse argv; throws an Error with a user-facing message on bad arguments. */
export function parseArgs(argv: readonly string[], cpus: number): SimArgs {
  const out: SimArgs = { scenario: '', sweep: false, seeds: 1, jobs: Math.max(1, cpus), help: false };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const count = (name: string, max: number): number => {
      const raw = value();
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > max)
        throw new Error(`${name}=${raw}: must be a whole number from 1 to ${max}`);
      return n;
    };
    if (a === '--trace') out.trace = value();
    else if (a === '--pcap') out.pcap = value();
    else if (a === '--sweep') out.sweep = true;
    else if (a === '--seeds') out.seeds = count('--seeds', 1_000_000);
    else if (a === '--jobs') out.jobs = count('--jobs', 256);
    else if (a === '--help' || a === '-h') out.help = true;
    else if (a.startsWith('--'))
      throw new Error(`unknown option ${a} (allowed: --trace, --pcap, --sweep, --seeds, --jobs, --help)`);
    else positional.push(a);
  }
  if (positional.length > 1)
    throw new Error(`expected one scenario argument, got ${positional.length} (quote it: "a=1&b=2")`);
  out.scenario = positional[0] ?? '';
  if (out.sweep && (out.trace || out.pcap))
    throw new Error('--trace and --pcap apply to a single run, not to --sweep');
  return out;
}
