import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Two kinds of test file, told apart by what the file itself says (no list to keep in step):
 * - `jsdom`: a file that starts with `// @vitest-environment jsdom` (the UI's DOM tests); each runs
 *   in its own fresh module graph and document, as React and the DOM keep state in modules.
 * - `node`: everything else — the engine, the CLI, the state logic and the UI's pure helpers — runs
 *   without jsdom and without per-file isolation: a worker keeps the modules it has loaded for the
 *   next file (importing the engine once per worker rather than once per file). A test file that
 *   replaces a module (`vi.mock`) goes to `node-isolated` instead, so its stand-in reaches no other
 *   file; so does one that says `// @vitest-isolate` (a file that changes shared module state).
 */
const TEST_FILE = /\.test\.tsx?$/;
const files = (readdirSync('tests', { recursive: true }) as string[])
  .map((f) => `tests/${f.replace(/\\/g, '/')}`)
  .filter((f) => TEST_FILE.test(f))
  .sort();
const text = (f: string): string => readFileSync(f, 'utf8');
const JSDOM = files.filter((f) => /^\s*\/\/ @vitest-environment jsdom\b/m.test(text(f).slice(0, 400)));
const ISOLATED = files.filter(
  (f) => !JSDOM.includes(f) && /\bvi\.(do)?[mM]ock\(|\/\/ @vitest-isolate\b/.test(text(f)),
);
const NODE = files.filter((f) => !JSDOM.includes(f) && !ISOLATED.includes(f));

/**
 * Both cores busy: Vitest's default is one worker fewer than the cores (one, here), for a main
 * process that, with the engine's modules transformed once and cached, has little left to do.
 */
const WORKERS = availableParallelism();

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // A beforeAll that runs a validation item's simulations (is707-5, -6: ≈ 5 s alone) overran the
    // default 10 s when the two cores were shared with other work; hooks get the tests' limit.
    hookTimeout: 60_000,
    pool: 'threads',
    maxWorkers: WORKERS,
    projects: [
      { extends: true, test: { name: 'node', include: NODE, environment: 'node', isolate: false } },
      { extends: true, test: { name: 'node-isolated', include: ISOLATED, environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'jsdom',
          include: JSDOM,
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['tests/dom-setup.ts'],
        },
      },
    ],
  },
});
