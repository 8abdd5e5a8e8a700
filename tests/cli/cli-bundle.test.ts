import {
  existsSync,
  mkdtempSync,
  statSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
  copyFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILD_LOCK,
  buildCli,
  changedInputs,
  describeInputs,
  ENTRIES,
  fileClockNow,
  RACY_MS,
  ROOT,
  staleness,
  type CliManifest,
  ensureCli,
  lockStaleness,
  withBuildLock,
} from '../../scripts/cli-bundle.mjs';

/** A scratch directory holding one file, `a.ts`, with the given text. */
function scratch(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-bundle-'));
  writeFileSync(join(dir, 'a.ts'), text);
  return dir;
}

describe('the command-line bundles are never stale', () => {
  it('an input whose content changed is reported, whatever its size and time', () => {
    const dir = scratch('export const x = 1;\n');
    const inputs = describeInputs(dir, ['a.ts']);
    expect(changedInputs(dir, inputs)).toEqual([]);
    // Same size, the time set back to what was recorded: a stat alone would miss it; the hash does not.
    writeFileSync(join(dir, 'a.ts'), 'export const x = 2;\n');
    const t = inputs[0].mtimeMs / 1000;
    utimesSync(join(dir, 'a.ts'), t, t);
    expect(changedInputs(dir, inputs)).toEqual(['a.ts']);
  });

  it('a touched file with the same content is not a change; a deleted one is', () => {
    const dir = scratch('export const y = 1;\n');
    const inputs = describeInputs(dir, ['a.ts']);
    utimesSync(join(dir, 'a.ts'), 1, 1);
    expect(changedInputs(dir, inputs)).toEqual([]);
    rmSync(join(dir, 'a.ts'));
    expect(changedInputs(dir, inputs)).toEqual(['a.ts']);
  });

  it('a file whose stat is as recorded, long after its last change, is not read', () => {
    const dir = scratch('export const z = 1;\n');
    // As if recorded well after the file was written, with a hash that matches nothing: only a
    // check that skips reading the file can call it unchanged.
    const [input] = describeInputs(dir, ['a.ts']);
    const old = { ...input, recordedMs: input.ctimeMs! + RACY_MS + 1000, sha1: '0'.repeat(40) };
    expect(changedInputs(dir, [old])).toEqual([]);
    // Recorded within the racy window of its last change: hashed every time, so the bad hash shows.
    const racy = { ...old, recordedMs: input.ctimeMs! + RACY_MS / 2 };
    expect(changedInputs(dir, [racy])).toEqual(['a.ts']);
  });

  it('an edit of the same length with the time set back is found through the change time', () => {
    const dir = scratch('export const w = 1;\n');
    const [input] = describeInputs(dir, ['a.ts']);
    const old = { ...input, recordedMs: input.ctimeMs! + RACY_MS + 1000 };
    writeFileSync(join(dir, 'a.ts'), 'export const w = 2;\n');
    // mtime back to the record; ctime cannot be set back, so the file is hashed and the edit found.
    utimesSync(join(dir, 'a.ts'), input.mtimeMs / 1000, input.mtimeMs / 1000);
    expect(changedInputs(dir, [old])).toEqual(['a.ts']);
    // A manifest written before the stat check (no ctime, inode or record time) hashes every file.
    const { ctimeMs: _c, ino: _i, recordedMs: _r, ...legacy } = input;
    expect(changedInputs(dir, [legacy])).toEqual(['a.ts']);
  });

  it('a source edited while the build read it makes the bundles stale, though its new content is recorded', () => {
    const dir = scratch('export const v = 1;\n');
    // The build begins to read; the edit lands after esbuild read the old text but before the
    // record is taken (the record hashes the new text, which the bundle does not hold).
    const readFrom = fileClockNow(dir);
    writeFileSync(join(dir, 'a.ts'), 'export const v = 2;\n');
    const inputs = describeInputs(dir, ['a.ts'], readFrom);
    expect(inputs[0].sha1).toBeNull();
    expect(changedInputs(dir, inputs)).toEqual(['a.ts']);
    // A file last changed before the build began is recorded, and found unchanged, as usual.
    const [before] = describeInputs(dir, ['a.ts']);
    const settled = describeInputs(dir, ['a.ts'], before.ctimeMs! + 1);
    expect(settled[0].sha1).toBe(before.sha1);
    expect(changedInputs(dir, settled)).toEqual([]);
  });

  it('builds one at a time: a stale check waits for the running build, then finds its bundles fresh', async () => {
    const out = mkdtempSync(join(tmpdir(), 'cli-lock-'));
    const order: string[] = [];
    let builtManifest = -1;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // Another build holds the lock and builds; meanwhile a command finds the bundles stale.
    const first = withBuildLock(out, async () => {
      order.push('first build starts');
      await held;
      await buildCli(ROOT, out);
      builtManifest = statSync(join(out, 'manifest.json')).ino;
      order.push('first build ends');
    });
    const second = ensureCli(ROOT, out).then((why) => order.push(`second sees: ${why ? 'stale' : 'fresh'}`));
    await new Promise((r) => setTimeout(r, 300));
    // While the lock is held nothing else builds: no manifest yet, the second command still waits.
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
    expect(order).toEqual(['first build starts']);
    release();
    await Promise.all([first, second]);
    // The second saw stale bundles (before the lock), then found them fresh and built nothing more.
    expect(order).toEqual(['first build starts', 'first build ends', 'second sees: stale']);
    expect(existsSync(join(out, BUILD_LOCK))).toBe(false);
    expect(staleness(ROOT, out)).toBe('');
    // …and did not build again (a build renames a new manifest into place).
    expect(statSync(join(out, 'manifest.json')).ino).toBe(builtManifest);
  }, 60_000);

  it('a build records every engine and CLI source it bundled, and is fresh right after', async () => {
    const out = mkdtempSync(join(tmpdir(), 'cli-out-'));
    const manifest = await buildCli(ROOT, out);
    const paths = manifest.inputs.map((i) => i.path);
    expect(paths).toContain('src/cli/sim.ts');
    expect(paths).toContain('src/engine/core/trace.ts');
    expect(paths.filter((p) => p.startsWith('src/engine/tcp/')).length).toBeGreaterThan(0);
    // Each tool's ES module, and the script bundle and code cache of `sim` (scripts/cli-code-cache.mjs).
    expect(manifest.outputs.sort()).toEqual(
      [...ENTRIES.map((e) => `cli/${e}.mjs`), 'cli/sim.cjs', 'cli/sim.cjs.v8cache'].sort(),
    );
    expect(staleness(ROOT, out)).toBe('');
  }, 60_000);

  it('a manifest whose record of one source differs from that source makes the bundles stale', async () => {
    // Nothing in src/ is edited: a copy of a fresh manifest is altered as if trace.ts had changed since.
    const out = mkdtempSync(join(tmpdir(), 'cli-out-'));
    await buildCli(ROOT, out);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as CliManifest;
    const altered = mkdtempSync(join(tmpdir(), 'cli-altered-'));
    mkdirSync(join(altered, 'cli'));
    for (const o of manifest.outputs) copyFileSync(join(out, o), join(altered, o));
    const edited = manifest.inputs.map((i) =>
      i.path === 'src/engine/core/trace.ts' ? { ...i, size: i.size + 1, sha1: '0'.repeat(40) } : i,
    );
    writeFileSync(join(altered, 'manifest.json'), JSON.stringify({ ...manifest, inputs: edited }));
    expect(staleness(ROOT, altered)).toBe('changed: src/engine/core/trace.ts');
    // A missing bundle or manifest also means a rebuild.
    writeFileSync(join(altered, 'manifest.json'), JSON.stringify(manifest));
    expect(staleness(ROOT, altered)).toBe('');
    rmSync(join(altered, 'cli', 'sim.mjs'));
    expect(staleness(ROOT, altered)).toBe('no bundle for sim');
    rmSync(join(altered, 'manifest.json'));
    expect(staleness(ROOT, altered)).toBe('not built yet');
  }, 60_000);
});

/**
 * A process holding the build lock of `out` as a build does (withBuildLock around work that has not
 * ended yet); resolves with the child once it holds the lock.
 */
async function holder(out: string): Promise<ReturnType<typeof spawn>> {
  const code = `import('./scripts/cli-bundle.mjs').then((m) => m.withBuildLock(${JSON.stringify(out)}, () => { process.stdout.write('held\\n'); return new Promise(() => setInterval(() => {}, 1000)); }))`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
    child.on('exit', (c) => reject(new Error(`holder exited early (${c})`)));
  });
  return child;
}
const ended = (child: ReturnType<typeof spawn>): Promise<NodeJS.Signals | null> =>
  new Promise((r) => child.on('exit', (_code, signal) => r(signal)));

describe('the build lock (issue 20 item 15)', () => {
  it('a build stopped by SIGTERM or Ctrl-C releases the lock as it ends', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const out = mkdtempSync(join(tmpdir(), 'cli-lock-'));
      const child = await holder(out);
      expect(
        readFileSync(join(out, BUILD_LOCK, 'owner'), 'utf8')
          .split('\n')
          .slice(0, 2),
      ).toEqual([String(child.pid), hostname()]);
      child.kill(signal);
      // It still ends as the signal ends a process, and leaves no lock behind.
      expect(await ended(child)).toBe(signal);
      expect(existsSync(join(out, BUILD_LOCK))).toBe(false);
    }
  }, 30_000);

  it('a lock whose build was killed outright (its pid gone) is removed at once by the next command', async () => {
    const out = mkdtempSync(join(tmpdir(), 'cli-lock-'));
    const child = await holder(out);
    child.kill('SIGKILL'); // no handler runs: the lock stays
    await ended(child);
    expect(existsSync(join(out, BUILD_LOCK))).toBe(true);
    const said: string[] = [];
    // Before, the next command waited 119 s in silence for the lock to age.
    expect(
      await withBuildLock(
        out,
        () => 'built',
        (l) => said.push(l),
      ),
    ).toBe('built');
    expect(said).toEqual([
      `(removed a stale lock of the command-line bundles' build: its build (pid ${child.pid}) is gone)\n`,
    ]);
    expect(existsSync(join(out, BUILD_LOCK))).toBe(false);
  }, 30_000);

  it('says on stderr when it waits for another build, once', async () => {
    const out = mkdtempSync(join(tmpdir(), 'cli-lock-'));
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const first = withBuildLock(out, () => held);
    const said: string[] = [];
    const second = withBuildLock(
      out,
      () => 'second',
      (l) => said.push(l),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(said).toEqual([
      `(waiting for another build of the command-line bundles (pid ${process.pid}) to finish)\n`,
    ]);
    release();
    await first;
    expect(await second).toBe('second');
    expect(said).toHaveLength(1);
  });

  it('a lock of another host, or without a record, counts as held until it is old', () => {
    const out = mkdtempSync(join(tmpdir(), 'cli-lock-'));
    const lock = join(out, BUILD_LOCK);
    mkdirSync(lock);
    const t = statSync(lock).mtimeMs;
    expect(lockStaleness(lock, t + 1000)).toBe('');
    expect(lockStaleness(lock, t + 200_000)).toBe('it is 200 s old');
    writeFileSync(join(lock, 'owner'), `1\nanother-host\n${t}\n`);
    expect(lockStaleness(lock, t + 60_000)).toBe('');
    expect(lockStaleness(lock, t + 121_000)).toBe('it is 121 s old');
    // On this host a live pid holds it whatever its age.
    writeFileSync(join(lock, 'owner'), `${process.pid}\n${hostname()}\n${t}\n`);
    expect(lockStaleness(lock, t + 10_000_000)).toBe('');
  });
});
