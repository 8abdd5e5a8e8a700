import { Worker } from 'node:worker_threads';

/**
 * The sweep's worker thread. Run from the bundles (dist-cli/cli/sim.mjs) it is the bundled worker
 * next to it, so every thread loads the same prebuilt code; run from source (tests) it is the entry
 * that registers tsx first (worker threads do not inherit the parent's module hooks).
 */
const SWEEP_WORKER_URL = import.meta.url.endsWith('.mjs')
  ? new URL('./sweep-worker.mjs', import.meta.url)
  : new URL('./sweep-worker-entry.mjs', import.meta.url);

/**
 * Runs scenario texts in parallel worker threads, `jobs` at a time, and hands
 * each summary line back in scenario order (so a sweep's output is
 * deterministic whatever the scheduling).
 */
export async function runPool(
  scenarios: readonly string[],
  jobs: number,
  onLine: (line: string, index: number) => void,
  onProgress: (done: number) => void,
): Promise<void> {
  const workerUrl = SWEEP_WORKER_URL;
  const results = new Map<number, string>();
  let next = 0;
  let emitted = 0;
  let done = 0;
  const flush = (): void => {
    while (results.has(emitted)) {
      onLine(results.get(emitted) as string, emitted);
      results.delete(emitted);
      emitted++;
    }
  };
  const n = Math.min(jobs, scenarios.length);
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(workerUrl);
          const feed = (): void => {
            if (next >= scenarios.length) {
              void worker.terminate().then(() => resolve());
              return;
            }
            const index = next++;
            worker.postMessage({ index, scenario: scenarios[index] });
          };
          worker.on('message', (msg: { index: number; line: string }) => {
            results.set(msg.index, msg.line);
            done++;
            onProgress(done);
            flush();
            feed();
          });
          worker.on('error', reject);
          feed();
        }),
    ),
  );
  flush();
}
