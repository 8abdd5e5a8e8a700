/**
 * `npm run baseline -- save FILE` / `npm run baseline -- check FILE`: records the summary of every
 * scenario that the validation items and the bench run (and each validation item's figures), or
 * compares a fresh run field by field with a recording. Run it before and after a refactor or speed
 * work: every field must be identical, or the change says which differ and why.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runScenarioText } from '../engine';
import { benchScenarios } from './bench-scenarios';
import { VALIDATION_ITEMS } from './validation';
import { setSummaryRecorder } from './validation/run';

type Record_ = Record<string, unknown>;

function record(): Record_ {
  const out: Record_ = {};
  for (const text of benchScenarios()) {
    const { summary } = runScenarioText(text, { traces: false });
    out[`bench ${text}`] = summary;
  }
  for (const item of VALIDATION_ITEMS) {
    const seen: Record_ = {};
    setSummaryRecorder((text, traced, summary) => {
      seen[`${traced ? 'traced ' : ''}${text}`] = summary;
    });
    const result = item.run();
    setSummaryRecorder(null);
    out[`validation ${item.id}`] = { pass: result.pass, value: result.value, figures: result.figures };
    for (const [k, v] of Object.entries(seen)) out[`validation ${item.id} ${k}`] = v;
  }
  return out;
}

/** Leaf paths whose values differ (JSON comparison; `ignore` lists leaf names to skip). */
function diff(a: unknown, b: unknown, path: string, ignore: ReadonlySet<string>, out: string[]): void {
  const leaf = path.slice(path.lastIndexOf('.') + 1);
  if (ignore.has(leaf)) return;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) diff((a as Record_)[k], (b as Record_)[k], path ? `${path}.${k}` : k, ignore, out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b))
    out.push(`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
}

const [mode, file, ...rest] = process.argv.slice(2);
const ignore = new Set(rest.filter((a) => a.startsWith('--ignore=')).flatMap((a) => a.slice(9).split(',')));
if ((mode !== 'save' && mode !== 'check') || !file) {
  process.stderr.write('usage: npm run baseline -- save|check FILE [--ignore=field,field]\n');
  process.exit(2);
}
const now = record();
if (mode === 'save') {
  writeFileSync(file, JSON.stringify(now, null, 1));
  process.stderr.write(`recorded ${Object.keys(now).length} summaries in ${file}\n`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8')) as Record_;
  const diffs: string[] = [];
  diff(before, JSON.parse(JSON.stringify(now)), '', ignore, diffs);
  for (const d of diffs) process.stdout.write(`${d}\n`);
  process.stderr.write(`${Object.keys(now).length} summaries, ${diffs.length} fields differ\n`);
  process.exit(diffs.length > 0 ? 1 : 0);
}
