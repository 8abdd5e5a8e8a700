/**
 * A sweep in the link (issue 12 item 3): `#sweep=<the CLI's sweep text, percent-encoded>`
 * `&sweep.seeds=N&sweep.y=<summary path[,path…]>&sweep.x=<key>`. Checking keeps what is valid and reports
 * the rest by key: a bad alternative of a swept key is dropped (the others stay), a bad or unknown
 * key is dropped, a missing or bad `sweep.x` falls back to the last swept number key.
 */
import { paramSpec, parseScenario } from '../engine/scenarios';
import { escapeText, safeDecode } from '../engine/scenario/text';
import { formatValue, parseValue } from '../engine/scenario/values';
import { encodeItemValue } from './fragment-text';
import { agreeingSweep, agreeingText } from './key-rules';
import { MAX_PAGE_SWEEP_RUNS, MAX_PAGE_SWEEP_SEEDS, sweepSystem, sweptKeys, type SweepSetup } from './sweep';

/** A problem with one sweep item: the link key (`sweep`, `sweep.seeds`…) and what it allows. */
export interface SweepItemError {
  readonly key: string;
  readonly value: string;
  readonly allowed: string;
}

/** The sweep items of a fragment, as read (before checking). */
export interface SweepItems {
  text?: string;
  seeds?: string;
  y?: string;
  x?: string;
}

export const SWEEP_KEYS = ['sweep', 'sweep.seeds', 'sweep.y', 'sweep.x'] as const;
const PATH = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+){0,5}$/;
const DEFAULT_METRIC = 'normalizedGoodput';
/** Most summary paths one sweep plots. */
const MAX_METRICS = 6;

/**
 * Clean a sweep text: every segment must be a key of the sweep's system with values it allows.
 * Returns the text with only what is valid (alternatives canonical) and the errors, each naming
 * `sweep` and the scenario key.
 */
export function cleanSweepText(text: string): { text: string; errors: SweepItemError[] } {
  const errors: SweepItemError[] = [];
  const system = sweepSystem(text);
  const kept: string[] = [`system=${system}`];
  const seen = new Set<string>(['system']);
  for (const seg of text.replace(/^\?/, '').split('&')) {
    if (seg.trim() === '') continue;
    const eq = seg.indexOf('=');
    // Decoded as the CLI's expansion decodes each key and value (a bad encoding is named below).
    const key = (safeDecode(eq < 0 ? seg : seg.slice(0, eq)) ?? '\ufffd').trim();
    const raw = safeDecode(eq < 0 ? '' : seg.slice(eq + 1)) ?? '\ufffd';
    if (key === 'system') {
      if (raw.includes('|')) errors.push(bad(seg, 'a sweep runs one system: write system once, no |'));
      continue;
    }
    if (key === 'seed') {
      const r = parseScenario(`seed=${encodeURIComponent(raw)}`);
      if (r.errors.length > 0 || raw.includes('|'))
        errors.push(
          bad(seg, 'seed=<first seed> (one integer from 0 to 4294967295; sweep.seeds says how many)'),
        );
      else kept.push(`seed=${r.scenario.seed}`);
      seen.add(key);
      continue;
    }
    const spec = paramSpec(system, key);
    if (!spec || key === 'events' || seen.has(key)) {
      errors.push(
        bad(
          seg,
          seen.has(key) ? `${key} written once` : `a key of ${system} with its value or | alternatives`,
        ),
      );
      continue;
    }
    seen.add(key);
    const good: string[] = [];
    for (const option of raw.split('|')) {
      const r = parseValue(spec, option.trim());
      if (r.ok) {
        const canon = formatValue(spec, r.value);
        if (!good.includes(canon)) good.push(canon);
      } else errors.push(bad(`${key}=${option}`, `${key}: ${r.message.replace(/^must be /, '')}`));
    }
    // Escaped as the CLI's text: a value holding `|`, `&` or `%` must not split or decode twice.
    if (good.length > 0) kept.push(`${key}=${good.map(escapeText).join('|')}`);
  }
  // Alternatives valid alone may still break a rule between keys in some run (key-rules.ts).
  const agreeing = agreeingSweep(kept.join('&'), MAX_PAGE_SWEEP_RUNS);
  for (const r of agreeing.refused) errors.push(bad(`${r.key}=${r.value}`, agreeingText(r)));
  return { text: agreeing.text, errors };
}

function bad(value: string, allowed: string): SweepItemError {
  return { key: 'sweep', value, allowed };
}

/** The swept keys of a clean text that can stand on an x axis (number keys). */
export function numberSweptKeys(text: string): string[] {
  const system = sweepSystem(text);
  return sweptKeys(text)
    .map((s) => s.key)
    .filter((k) => paramSpec(system, k)?.kind === 'number');
}

/**
 * One error per item and value (issue 20 item 21): `#sweep=garbage` is both a bad key and a text
 * with no swept key, and was listed twice; it is listed once, with both of what is allowed.
 */
function mergeErrors(errors: readonly SweepItemError[]): SweepItemError[] {
  const out: SweepItemError[] = [];
  for (const e of errors) {
    const i = out.findIndex((o) => o.key === e.key && o.value === e.value);
    if (i < 0) out.push(e);
    else if (!out[i].allowed.includes(e.allowed))
      out[i] = { ...out[i], allowed: `${out[i].allowed}; and ${e.allowed}` };
  }
  return out;
}

/** Check the sweep items of a fragment: the setup with every valid part, and what was dropped. */
export function checkSweepItems(items: SweepItems): { setup: SweepSetup | null; errors: SweepItemError[] } {
  const r = checkSweepItemsEach(items);
  return { setup: r.setup, errors: mergeErrors(r.errors) };
}

function checkSweepItemsEach(items: SweepItems): { setup: SweepSetup | null; errors: SweepItemError[] } {
  const errors: SweepItemError[] = [];
  if (items.text === undefined) {
    for (const [k, v] of [
      ['sweep.seeds', items.seeds],
      ['sweep.y', items.y],
      ['sweep.x', items.x],
    ] as const)
      if (v !== undefined) errors.push({ key: k, value: v, allowed: 'a value only with sweep=<sweep text>' });
    return { setup: null, errors };
  }
  const clean = cleanSweepText(items.text);
  errors.push(...clean.errors);
  let seeds = 1;
  if (items.seeds !== undefined) {
    const n = Number(items.seeds);
    if (/^\d+$/.test(items.seeds) && n >= 1 && n <= MAX_PAGE_SWEEP_SEEDS) seeds = n;
    else
      errors.push({
        key: 'sweep.seeds',
        value: items.seeds,
        allowed: `an integer from 1 to ${MAX_PAGE_SWEEP_SEEDS}`,
      });
  }
  let metrics: readonly string[] = [DEFAULT_METRIC];
  if (items.y !== undefined) {
    // One path, or several read from the same runs (`app.th,app.thId,app.thTeo`); bad ones are named.
    const paths = items.y.split(',').map((p) => p.trim());
    const good = [...new Set(paths.filter((p) => PATH.test(p)))].slice(0, MAX_METRICS);
    if (good.length > 0) metrics = good;
    if (good.length < paths.length)
      errors.push({
        key: 'sweep.y',
        value: items.y,
        allowed: `summary paths (at most ${MAX_METRICS}, comma-separated), e.g. normalizedGoodput, tcp.timeouts or app.throughputKbps`,
      });
  }
  const xs = numberSweptKeys(clean.text);
  let x = xs[xs.length - 1];
  if (items.x !== undefined) {
    if (xs.includes(items.x)) x = items.x;
    else
      errors.push({
        key: 'sweep.x',
        value: items.x,
        allowed: xs.length > 0 ? `one of the swept number keys: ${xs.join(', ')}` : 'a swept number key',
      });
  }
  if (x === undefined) {
    errors.push({
      key: 'sweep',
      value: items.text,
      allowed: 'a sweep text with a number key holding | alternatives (e.g. duration=100|200|300)',
    });
    return { setup: null, errors };
  }
  let runs = seeds;
  for (const s of sweptKeys(clean.text)) runs *= s.options.length;
  if (runs > MAX_PAGE_SWEEP_RUNS) {
    errors.push({
      key: 'sweep',
      value: items.text,
      allowed: `at most ${MAX_PAGE_SWEEP_RUNS} runs in the page (this sweep has ${runs}; run it with the CLI)`,
    });
    return { setup: null, errors };
  }
  return { setup: { text: clean.text, seeds, metrics, x }, errors };
}

/** The fragment items of a sweep (the default seeds and y are left out). */
export function encodeSweep(setup: SweepSetup): string[] {
  const parts = [`sweep=${encodeItemValue(setup.text)}`];
  if (setup.seeds !== 1) parts.push(`sweep.seeds=${setup.seeds}`);
  if (setup.metrics.join() !== DEFAULT_METRIC) parts.push(`sweep.y=${setup.metrics.join(',')}`);
  const xs = numberSweptKeys(setup.text);
  if (setup.x !== xs[xs.length - 1]) parts.push(`sweep.x=${setup.x}`);
  return parts;
}
