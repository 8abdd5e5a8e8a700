/**
 * `node scripts/cli.mjs <tool> [args…]`: runs a command-line tool (sim, validate, bench, baseline)
 * from its bundle in dist-cli/, rebuilding the bundles first when a source changed since they were
 * built (scripts/cli-bundle.mjs). A tool with a V8 code cache (`sim`) runs from its script bundle
 * with the cache (scripts/cli-code-cache.mjs), any other from its ES module. The tool sees its own
 * arguments in process.argv as it would when run directly.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ENTRIES, ROOT, ensureCli } from './cli-bundle.mjs';
import { runCached } from './cli-code-cache.mjs';

const tool = process.argv[2];
if (!ENTRIES.includes(tool) || tool === 'sweep-worker') {
  process.stderr.write(
    `usage: node scripts/cli.mjs <${ENTRIES.filter((e) => e !== 'sweep-worker').join('|')}> [args…]\n`,
  );
  process.exit(2);
}
let why;
try {
  why = await ensureCli();
} catch (err) {
  // esbuild's message names the file, line and problem; the stack would only bury it.
  process.stderr.write(
    `could not build the command-line bundles: ${err instanceof Error ? err.message : err}\n`,
  );
  process.exit(1);
}
if (why) process.stderr.write(`(rebuilt the command-line bundles: ${why})\n`);
process.argv.splice(2, 1);
// `npm run bench` measures whole commands: it asks for this process's peak resident memory.
if (process.env.WTL_REPORT_RSS)
  process.on('exit', () => process.stderr.write(`peak-rss-kib ${process.resourceUsage().maxRSS}\n`));
const outdir = join(ROOT, 'dist-cli');
const esmUrl = pathToFileURL(join(outdir, 'cli', `${tool}.mjs`)).href;
const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8'));
if (!runCached(outdir, manifest, tool, esmUrl)) await import(esmUrl);
