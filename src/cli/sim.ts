/**
 * `npm run sim -- "<scenario>"`: the headless runner. Prints the summary JSON;
 * bad input exits with status 2 and messages naming the key (no stack trace).
 * The work is `runSim` (sim-run.ts); this entry hands it the process's streams.
 */
import { availableParallelism } from 'node:os';
import { runSim } from './sim-run';

runSim(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cpus: availableParallelism(),
  progress: process.stderr.isTTY,
}).then(
  (status) => {
    process.exitCode = status;
  },
  (err: unknown) => {
    process.stderr.write(`internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
