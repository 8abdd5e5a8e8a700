import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCli, ROOT } from '../../scripts/cli-bundle.mjs';
import { cacheAccepted, cacheFor, CACHED_TOOLS } from '../../scripts/cli-code-cache.mjs';

const node = (...args: string[]): string => {
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: ROOT });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
};

describe('the code cache of the command-line tools', () => {
  it('is used only with the very script it was made for', async () => {
    const out = mkdtempSync(join(tmpdir(), 'cli-cache-'));
    const manifest = await buildCli(ROOT, out);
    expect(Object.keys(manifest.codeCaches ?? {})).toEqual(CACHED_TOOLS);
    const entry = manifest.codeCaches!.sim;
    const cache = cacheFor(out, entry);
    expect(cache).toBeInstanceOf(Buffer);
    expect(cacheAccepted(join(out, entry.script), cache!)).toBe(true);
    // Another script of the same length in its place (as a rebuild of an edited source could
    // be): V8 checks only the length, so it would take the old cache and run the old code; the
    // recorded stamp (a rebuild renames a new file into place) keeps the cache out.
    // The very build's script, renamed over by an edited one of the same length: before, the cache
    // is taken; after, the stamp no longer matches (a test on a copy would differ by inode alone).
    const script = join(out, entry.script);
    const code = readFileSync(script, 'utf8');
    const edited = code.replace('npm run sim -- "<scenario>"', 'npm run xyz -- "<scenario>"');
    expect(edited.length).toBe(code.length);
    expect(edited).not.toBe(code);
    expect(cacheFor(out, entry)).toBeInstanceOf(Buffer);
    writeFileSync(script + '.new', edited);
    renameSync(script + '.new', script);
    expect(cacheAccepted(script, cache!)).toBe(true);
    expect(cacheFor(out, entry)).toBeUndefined();
  }, 60_000);

  it('runs a scenario and a sweep to the same output as the ES module bundle', () => {
    const text = 'system=phs&app=ftpGet&size=100000';
    // The runner (scripts/cli.mjs: script bundle + cache) against the ES module run directly.
    expect(node('scripts/cli.mjs', 'sim', text)).toBe(node('dist-cli/cli/sim.mjs', text));
    const sweep = ['--sweep', 'system=is707&duration=20&fer=0.1|0.3', '--jobs', '2'];
    const lines = node('scripts/cli.mjs', 'sim', ...sweep);
    expect(lines.trim().split('\n')).toHaveLength(2);
    expect(lines).toBe(node('dist-cli/cli/sim.mjs', ...sweep));
  }, 60_000);
});
