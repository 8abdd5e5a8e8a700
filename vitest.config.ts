import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Two kinds of test file, told apart by what the file itself says (no list to keep in step):
 * - `jsdom`: a file that says `// @vitest-environment jsdom` (the UI's DOM tests). They share one
 *   document and module graph per worker too (a fresh jsdom and React per file cost more CPU than
 *   all their tests): tests/dom-setup.ts resets the page between files, and a render helper
 *   cleans up per test (tests/ui/render-lab.tsx).
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
// The directive as Vitest reads it, in a line or block comment anywhere in the file.
const JSDOM = files.filter((f) => /^\s*(?:\/\/|\/?\*+)\s*@vitest-environment\s+jsdom\b/m.test(text(f)));
const isolated = (f: string): boolean => /\bvi\.(do)?[mM]ock\(|\/\/ @vitest-isolate\b/.test(text(f));
const NODE = files.filter((f) => !JSDOM.includes(f) && !isolated(f));
const NODE_ISOLATED = files.filter((f) => !JSDOM.includes(f) && isolated(f));
const JSDOM_SHARED = JSDOM.filter((f) => !isolated(f));
const JSDOM_ISOLATED = JSDOM.filter(isolated);

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
      { name: 'node', include: NODE, environment: 'node', isolate: false },
      { name: 'node-isolated', include: NODE_ISOLATED, environment: 'node' },
      {
        name: 'jsdom',
        include: JSDOM_SHARED,
        environment: 'jsdom',
        isolate: false,
        setupFiles: ['tests/dom-setup.ts'],
      },
      {
        name: 'jsdom-isolated',
        include: JSDOM_ISOLATED,
        environment: 'jsdom',
        setupFiles: ['tests/dom-setup.ts'],
      },
    ]
      .filter((p) => p.include.length > 0)
      .map((test) => ({ extends: true, test })),
  },
});
