/**
 * A V8 code cache for the command-line tools a person runs most (`npm run sim`): the bundle's
 * compiled bytecode, saved at build time, so that a command neither parses the 560 KB bundle nor
 * compiles each function on its first call. Node 20 has no code cache for ES modules (Node 22's
 * `module.enableCompileCache` is not there), so such a tool is also bundled as a plain script
 * (`dist-cli/cli/<tool>.cjs`, run through `vm.Script` with the cache as `cachedData`) beside its ES
 * module (`<tool>.mjs`, which `node dist-cli/cli/<tool>.mjs` and the tests still run).
 *
 * Measured on the 2-core development machine, whole `node scripts/cli.mjs sim` processes against
 * the runner before (ES module, every input hashed), CPU time, median of 6–10 paired runs: a 1 s
 * IS-707 run 0.89×, the 1 MB PHS transfer 0.91×, the IS-707 10⁵ s run 0.92× (the script form runs
 * the engine faster than the ES module did).
 *
 * The cache holds every function (compiled with V8's `--no-lazy` in a child process made for it;
 * the flag is set back before the cache is written, since V8 refuses a cache made under other
 * flags). V8 checks the cache against its own version, its flags and the source's length — not
 * its content — so the manifest records the stat of the script the cache was made for (size,
 * times, inode: a rebuild renames a new file into place) and a cache is used only with that very
 * file; anything else, or a cache V8 refuses, means an ordinary compile, never a wrong one.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** Tools also built as a cached script. */
export const CACHED_TOOLS = ['sim'];
const SELF = fileURLToPath(import.meta.url);

/** The identifier a script bundle reads for its own module URL (esbuild `define` of `import.meta.url`). */
export const MODULE_URL_NAME = '__wtlModuleUrl';

/**
 * What the build writes around the script bundle (esbuild `banner` and `footer`): the bundle is a
 * function of what a module has, in strict mode as the ES module is (an engine in sloppy mode could
 * behave differently: a write to a frozen object would not throw). Written into the file, not
 * added when it is read: a source made by concatenation at run time cost ≈ 10 MiB more peak
 * resident memory over the IS-707 10⁵ s run (84 → 96 MiB; the same text read as it is: 84–87).
 */
export const SCRIPT_HEAD = `(function (exports, require, module, ${MODULE_URL_NAME}) {'use strict';`;
export const SCRIPT_TAIL = '\n})';

/** What identifies a file on disk for the cache (a rebuild renames a new file into place). */
export function stamp(file) {
  const st = statSync(file);
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
}

const sameStamp = (a, b) =>
  a !== undefined &&
  a.size === b.size &&
  a.mtimeMs === b.mtimeMs &&
  a.ctimeMs === b.ctimeMs &&
  a.ino === b.ino;

/**
 * Write `script`.v8cache with every function of the script bundle compiled, in a fresh process
 * with no flags (as the runner runs). Returns the stamp of the script it was made for.
 */
export function makeCodeCache(script) {
  // Loaded here, not at the top: the runner imports this module on every command, and only a build needs it.
  const { spawnSync } = createRequire(import.meta.url)('node:child_process');
  const r = spawnSync(process.execPath, [SELF, '--make', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (r.status !== 0) throw new Error(`code cache for ${script}: ${r.stderr}`);
  return stamp(script);
}

/**
 * Run `tool`'s script bundle with its code cache, if the manifest names one for this very script
 * file; false (nothing run) when the tool has none. `esmUrl` is the URL its ES module twin has:
 * the tool resolves its neighbours (the sweep worker, docs/) from it.
 */
export function runCached(outdir, manifest, tool, esmUrl) {
  const entry = manifest.codeCaches?.[tool];
  if (!entry) return false;
  const file = join(outdir, entry.script);
  let code;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const script = new vm.Script(code, { filename: file, cachedData: cacheFor(outdir, entry) });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, esmUrl);
  return true;
}

/** The cache of a manifest entry, or undefined unless it was made for the script file now in place. */
export function cacheFor(outdir, entry) {
  try {
    if (!sameStamp(entry.stamp, stamp(join(outdir, entry.script)))) return undefined;
    return readFileSync(join(outdir, entry.cache));
  } catch {
    return undefined;
  }
}

/** Would V8 take `cachedData` for the script bundle `file`? (for tests) */
export function cacheAccepted(file, cachedData) {
  return !new vm.Script(readFileSync(file, 'utf8'), { filename: file, cachedData }).cachedDataRejected;
}

// `node cli-code-cache.mjs --make <script>`: compile everything, then save the cache.
if (process.argv[1] && resolve(process.argv[1]) === SELF && process.argv[2] === '--make') {
  const v8 = await import('node:v8');
  const file = resolve(process.argv[3]);
  v8.setFlagsFromString('--no-lazy');
  const script = new vm.Script(readFileSync(file, 'utf8'), { filename: file });
  // Back to the default before the cache is made: V8 stamps a cache with the flags in force.
  v8.setFlagsFromString('--lazy');
  const tmp = `${file}.v8cache.tmp-${process.pid}`;
  writeFileSync(tmp, script.createCachedData());
  renameSync(tmp, `${file}.v8cache`);
}
