/**
 * The command-line tools (`npm run sim`, `validate`, `bench`, `baseline`) run from JavaScript
 * bundles built once by esbuild into dist-cli/, not from a TypeScript compile per run (which cost
 * ≈ 0.6 s of every command: npm's shell, the tsx CLI starting a second node, esbuild compiling each
 * file). `npm ci` builds them (the `prepare` script); scripts/cli.mjs rebuilds them on first use
 * and whenever they are stale.
 *
 * Never stale: the build writes a manifest of every input file esbuild read (path, size,
 * modification and change times, inode, SHA-1 of the content) plus what else shapes the output
 * (esbuild's version, this file, tsconfig.json). Before each run the runner stats the inputs; a
 * file whose stat differs from the record in any way is read and hashed, and any content that
 * differs — or a missing file — means a rebuild. The stat alone clears a file only when its
 * change time (ctime) is as recorded: the kernel sets ctime on every write, rename or time change
 * (`touch -d`, `utimes`, `cp -p` and `rsync -t` set mtime, never ctime), so an edit cannot keep
 * it. A file changed within {@link RACY_MS} before its record was taken is hashed every run
 * (git's "racily clean" rule: an edit in the same clock tick as the record could keep all four).
 * Reading and hashing every input instead cost ≈ 8 ms of each command (202 files, 1.1 MB).
 *
 * dist-cli/ mirrors src/ (dist-cli/cli/sim.mjs for src/cli/sim.ts), so paths the tools resolve
 * relative to their own module (docs/, scripts/, the sweep worker) hold in both forms.
 *
 * `node scripts/cli-bundle.mjs` builds if stale (`--force`: always).
 */
import { createRequire } from 'node:module';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHED_TOOLS, makeCodeCache, MODULE_URL_NAME, SCRIPT_HEAD, SCRIPT_TAIL } from './cli-code-cache.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The tools bundled, by name (`node scripts/cli.mjs <name>`), and the sweep's worker thread. */
export const ENTRIES = ['sim', 'validate', 'bench', 'baseline', 'sweep-worker'];
const MANIFEST = 'manifest.json';
/** Files that shape the output without being bundled. */
const EXTRA_INPUTS = [
  'scripts/cli-bundle.mjs',
  'scripts/cli-code-cache.mjs',
  'tsconfig.json',
  'node_modules/esbuild/package.json',
];

/**
 * A file changed less than this before its record was taken is hashed on every check: the record
 * could have been taken in the same clock tick as an edit still to come.
 */
export const RACY_MS = 2000;

// node:crypto is loaded only when a file has to be hashed (a fresh tree's check never does).
const require = createRequire(import.meta.url);
const sha1 = (bytes) => require('node:crypto').createHash('sha1').update(bytes).digest('hex');

/**
 * The file system's clock now (ms): the change time of a file written in `dir` just now. A build
 * takes it before esbuild reads any source, on the clock that stamps the sources' change times.
 */
export function fileClockNow(dir) {
  mkdirSync(dir, { recursive: true });
  const probe = join(dir, `.clock-${process.pid}-${Date.now()}`);
  writeFileSync(probe, '');
  const t = statSync(probe).ctimeMs;
  rmSync(probe);
  return t;
}

/**
 * Size, times, inode and content hash of each file (paths relative to root). The record is taken
 * after the build, so a file changed since `readFromMs` (when the build began to read; file-system
 * clock) may hold other content than the build read: its hash is recorded as unknown (null), and
 * the next check rebuilds. Without that, an edit saved while esbuild ran (≈ 1 s now that a build
 * also makes the script bundle and its code cache) was recorded as built, and the bundles stayed
 * stale until that file changed again.
 */
export function describeInputs(root, paths, readFromMs = Infinity) {
  const now = Date.now();
  return paths.map((path) => {
    const full = join(root, path);
    const st = statSync(full);
    return {
      path,
      size: st.size,
      mtimeMs: st.mtimeMs,
      ctimeMs: st.ctimeMs,
      ino: st.ino,
      // Changed since the build began: maybe after esbuild read it, so no hash (stale next time).
      sha1: st.ctimeMs >= readFromMs ? null : sha1(readFileSync(full)),
      recordedMs: now,
    };
  });
}

/** Does the stat alone show that `input`'s file is as recorded? (see the header: ctime, racy records) */
function statUnchanged(st, input) {
  return (
    st.size === input.size &&
    st.mtimeMs === input.mtimeMs &&
    st.ctimeMs === input.ctimeMs &&
    st.ino === input.ino &&
    input.ctimeMs < input.recordedMs - RACY_MS
  );
}

/**
 * Inputs that changed since `inputs` was recorded: a missing file, or one whose content differs
 * (a file whose stat is exactly as recorded, and was recorded well after its last change, is not
 * read; any other is read and hashed, so a touched file with the same content is no change).
 */
export function changedInputs(root, inputs) {
  const changed = [];
  for (const input of inputs) {
    let st;
    try {
      st = statSync(join(root, input.path));
    } catch {
      changed.push(input.path);
      continue;
    }
    if (input.sha1 === null) {
      changed.push(input.path); // changed while the build read it (describeInputs)
      continue;
    }
    if (statUnchanged(st, input)) continue;
    if (st.size !== input.size || sha1(readFileSync(join(root, input.path))) !== input.sha1)
      changed.push(input.path);
  }
  return changed;
}

/** Why the bundles in `outdir` cannot be used as they are ('' when they are fresh). */
export function staleness(root = ROOT, outdir = join(root, 'dist-cli')) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outdir, MANIFEST), 'utf8'));
  } catch {
    return 'not built yet';
  }
  const built = (e) =>
    manifest.outputs?.includes(`cli/${e}.mjs`) && existsSync(join(outdir, 'cli', `${e}.mjs`));
  const missing = ENTRIES.filter((e) => !built(e));
  if (missing.length > 0) return `no bundle for ${missing.join(', ')}`;
  const changed = changedInputs(root, manifest.inputs ?? []);
  return changed.length > 0
    ? `changed: ${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''}`
    : '';
}

/**
 * Bundle every entry into `outdir`. Each output is written to a temporary name and renamed into
 * place (the manifest last), so concurrent builds and runs (parallel test files) never read half a
 * file, and a build that fails leaves the previous manifest — and so a rebuild next time.
 */
export async function buildCli(root = ROOT, outdir = join(root, 'dist-cli')) {
  const esbuild = await import('esbuild');
  const readFromMs = fileClockNow(outdir);
  const common = {
    absWorkingDir: root,
    outbase: 'src',
    outdir,
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node20',
    // Dependencies (playwright for the browser bench) load from node_modules as usual.
    packages: 'external',
    logLevel: 'warning',
  };
  const result = await esbuild.build({
    ...common,
    entryPoints: ENTRIES.map((e) => `src/cli/${e}.ts`),
    outExtension: { '.js': '.mjs' },
    metafile: true,
    format: 'esm',
  });
  // The same tools as plain scripts for the code cache (scripts/cli-code-cache.mjs).
  const scripts = await esbuild.build({
    ...common,
    entryPoints: CACHED_TOOLS.map((e) => `src/cli/${e}.ts`),
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    define: { 'import.meta.url': MODULE_URL_NAME },
    banner: { js: SCRIPT_HEAD },
    footer: { js: SCRIPT_TAIL },
  });
  mkdirSync(outdir, { recursive: true });
  const tag = `.tmp-${process.pid}-${Date.now()}`;
  const outputs = [];
  for (const file of [...result.outputFiles, ...scripts.outputFiles]) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path + tag, file.contents);
    renameSync(file.path + tag, file.path);
    outputs.push(relative(outdir, file.path));
  }
  const codeCaches = {};
  for (const tool of CACHED_TOOLS) {
    const script = `cli/${tool}.cjs`;
    const cache = `${script}.v8cache`;
    codeCaches[tool] = { script, cache, stamp: makeCodeCache(join(outdir, script)) };
    outputs.push(cache);
  }
  const bundled = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/'));
  const manifest = {
    esbuild: esbuild.version,
    outputs,
    codeCaches,
    inputs: describeInputs(root, [...new Set([...bundled, ...EXTRA_INPUTS])].sort(), readFromMs),
  };
  writeFileSync(join(outdir, MANIFEST + tag), JSON.stringify(manifest, null, 1));
  renameSync(join(outdir, MANIFEST + tag), join(outdir, MANIFEST));
  // Outputs of an older layout (a renamed tool) would never be read again.
  for (const name of readdirSync(join(outdir, 'cli'))) {
    if (!outputs.includes(`cli/${name}`) && !name.includes('.tmp-')) rmSync(join(outdir, 'cli', name));
  }
  return manifest;
}

/** A build running into `outdir` holds this directory (mkdir is atomic: one build gets it). */
export const BUILD_LOCK = '.build-lock';
/** The lock's record of its holder: pid, host and start time (ms), one per line. */
const OWNER = 'owner';
/**
 * A lock older than this whose holder cannot be asked (another host sharing the directory, or no
 * record yet) is taken for a build that died holding it: a build takes seconds.
 */
const LOCK_GIVE_UP_MS = 120_000;
/** A lock this young may not have its owner record written yet: it counts as held. */
const LOCK_FRESH_MS = 10_000;
/** Signals a build releases the lock on before it ends (Ctrl-C, a batch system's TERM, a hang-up). */
const RELEASE_ON = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The holder of `lock` as recorded, or null when there is no readable record. */
function lockOwner(lock) {
  try {
    const [pid, host, since] = readFileSync(join(lock, OWNER), 'utf8').split('\n');
    return { pid: Number(pid), host, since: Number(since) };
  } catch {
    return null;
  }
}

/** Whether process `pid` of this host is alive (a signal 0 reaches it, or it exists under another user). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code === 'EPERM';
  }
}

/**
 * Why the lock `lock` is stale ('' while it is held): its holder on this host has died (its pid is
 * gone: a build killed by SIGKILL, a power cut), or it is older than {@link LOCK_GIVE_UP_MS} with
 * a holder that cannot be asked.
 */
export function lockStaleness(lock, now = Date.now()) {
  let age;
  try {
    age = now - statSync(lock).mtimeMs;
  } catch {
    return ''; // released meanwhile
  }
  const owner = lockOwner(lock);
  if (owner && owner.host === hostname() && Number.isInteger(owner.pid) && owner.pid > 0)
    return alive(owner.pid) ? '' : `its build (pid ${owner.pid}) is gone`;
  if (!owner && age < LOCK_FRESH_MS) return '';
  return age > LOCK_GIVE_UP_MS ? `it is ${Math.round(age / 1000)} s old` : '';
}

/**
 * Remove `lock` if it is still stale. Two waiters may find the same dead lock: the one that takes
 * the breaker directory looks again before removing it, so a lock a third process has just taken
 * is never removed.
 */
function breakStaleLock(lock) {
  const breaker = `${lock}.break`;
  try {
    mkdirSync(breaker);
  } catch (err) {
    if (err?.code !== 'EEXIST') throw err;
    // A breaker left by a process that died in these few lines: gone after a while.
    try {
      if (Date.now() - statSync(breaker).mtimeMs > LOCK_FRESH_MS)
        rmSync(breaker, { recursive: true, force: true });
    } catch {
      /* removed meanwhile */
    }
    return '';
  }
  try {
    const why = lockStaleness(lock);
    if (why) rmSync(lock, { recursive: true, force: true });
    return why;
  } finally {
    rmSync(breaker, { recursive: true, force: true });
  }
}

/**
 * Run `fn` while no other build into `outdir` runs. Two builds at once could each write their
 * outputs and the manifest in turn, and an older build's outputs landing after a newer build's
 * manifest would pass for fresh — e.g. the shards of a sweep started together by GNU parallel or a
 * job array after a source edit (README "Sweeps beyond one machine").
 *
 * The lock records its holder (pid, host, start); Ctrl-C, SIGTERM or SIGHUP during `fn` release it
 * before the process ends as the signal would end it. A lock whose holder has died (its pid gone)
 * is removed at once; while another build holds it, `say` is told once (stderr by default).
 */
export async function withBuildLock(outdir, fn, say = (line) => process.stderr.write(line)) {
  mkdirSync(outdir, { recursive: true });
  const lock = join(outdir, BUILD_LOCK);
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, OWNER), `${process.pid}\n${hostname()}\n${Date.now()}\n`);
      break;
    } catch (err) {
      if (err?.code !== 'EEXIST') throw err;
      const stale = breakStaleLock(lock);
      if (stale) {
        say(`(removed a stale lock of the command-line bundles' build: ${stale})\n`);
        continue;
      }
      if (!told) {
        const owner = lockOwner(lock);
        const who = owner ? ` (pid ${owner.pid}${owner.host !== hostname() ? ` on ${owner.host}` : ''})` : '';
        say(`(waiting for another build of the command-line bundles${who} to finish)\n`);
        told = true;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const release = () => rmSync(lock, { recursive: true, force: true });
  const onSignal = (signal) => {
    release();
    for (const s of RELEASE_ON) process.removeListener(s, onSignal);
    // End as the signal would have (status 128 + its number), now that the lock is gone.
    process.kill(process.pid, signal);
  };
  for (const s of RELEASE_ON) process.on(s, onSignal);
  process.on('exit', release);
  try {
    return await fn();
  } finally {
    for (const s of RELEASE_ON) process.removeListener(s, onSignal);
    process.removeListener('exit', release);
    release();
  }
}

/**
 * Build unless the bundles are fresh; returns what was wrong ('' when nothing was). Builds one at a
 * time, and a build that waited for another looks again first: that one may have made them fresh.
 */
export async function ensureCli(root = ROOT, outdir = join(root, 'dist-cli'), say = undefined) {
  const why = staleness(root, outdir);
  if (why)
    await withBuildLock(
      outdir,
      async () => {
        if (staleness(root, outdir)) await buildCli(root, outdir);
      },
      say,
    );
  return why;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  const why = force ? 'forced' : staleness();
  if (why) {
    await withBuildLock(join(ROOT, 'dist-cli'), () => buildCli());
    process.stderr.write(`built the command-line bundles in dist-cli/ (${why})\n`);
  }
}
