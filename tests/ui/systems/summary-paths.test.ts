/**
 * Every summary path the lab names — a preset's sweep metrics and published figures, a published
 * curve's metric, an exercise's or activity step's hidden figures and answer paths — exists in a
 * real summary of that system (issue 22 item 4): each is read from the summary of a run of the
 * scenario it belongs to (its preset's, exercise's or step's, the system's free play for a curve),
 * so a misspelt or retired path fails here. The presets and curves, written in TypeScript, are
 * checked by `tsc` too: their paths are typed by the system's contract (`<Id>SummaryPath`).
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../src/engine';
import { LAB_PLUGINS } from '../../../src/ui/systems';
import { valueAt } from '../../../src/ui/summary-fields';

/** Simulated seconds a run goes before its summary is read: the sections' shape is set by then. */
const RUN_SECONDS = 12;

const cache = new Map<string, Summary>();
function summaryOf(text: string): Summary {
  const hit = cache.get(text);
  if (hit) return hit;
  const { scenario, errors } = parseScenario(text);
  expect(errors, text).toEqual([]);
  const sim = createSimulation(scenario, { traces: false });
  const frames = Math.ceil((RUN_SECONDS * 1e9) / sim.frameNs);
  for (let f = 0; f < frames && !sim.done; f += 64) sim.step(Math.min(64, frames - f));
  const s = sim.summary();
  cache.set(text, s);
  return s;
}

/** A named path and the scenario whose summary must hold it. */
interface Named {
  readonly where: string;
  readonly path: string;
  readonly scenario: string;
}

/** The paths of an exercise or activity file: `path` fields, `hides` items, each with its nearest scenario. */
function jsonPaths(value: unknown, where: string, scenario: string, out: Named[]): Named[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => jsonPaths(v, `${where}[${i}]`, scenario, out));
    return out;
  }
  if (value === null || typeof value !== 'object') return out;
  const o = value as Record<string, unknown>;
  const here = typeof o.scenario === 'string' ? o.scenario : scenario;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'path' && typeof v === 'string') out.push({ where: `${where}.path`, path: v, scenario: here });
    else if (k === 'hides' && Array.isArray(v))
      for (const h of v)
        if (typeof h === 'string' && !h.startsWith('chart:'))
          out.push({ where: `${where}.hides`, path: h, scenario: here });
    jsonPaths(v, `${where}.${k}`, here, out);
  }
  return out;
}

const JSON_FILES = import.meta.glob<unknown>('../../../src/ui/systems/*/{exercises,activities}/*.json', {
  eager: true,
  import: 'default',
});

describe('every summary path the lab names exists in a real summary', () => {
  for (const plugin of LAB_PLUGINS) {
    const free = plugin.presets.find((p) => p.id === `${plugin.id}-free`)!.scenario;
    const named: Named[] = [];
    for (const p of plugin.presets) {
      const sweep = p.sweep;
      if (sweep) {
        const base = sweep.base;
        if (!sweep.metrics || sweep.metrics.length === 0)
          named.push({ where: `${p.id}.sweep.metric`, path: sweep.metric, scenario: base });
        for (const m of sweep.metrics ?? [])
          named.push({ where: `${p.id}.sweep.metrics`, path: m.path, scenario: base });
      }
      for (const v of p.published ?? [])
        if (v.live) named.push({ where: `${p.id}.published ${v.label}`, path: v.live, scenario: p.scenario });
    }
    for (const c of plugin.publishedCurves ?? [])
      named.push({ where: `curve ${c.label}`, path: c.metric, scenario: free });
    for (const [file, json] of Object.entries(JSON_FILES))
      if (file.includes(`/systems/${plugin.id}/`))
        jsonPaths(json, file.replace(/^.*\/systems\//, ''), free, named);

    it(`${plugin.id}: ${named.length} paths`, () => {
      expect(named.length).toBeGreaterThan(3);
      const missing = named.filter((n) => valueAt(summaryOf(n.scenario), n.path) === undefined);
      expect(missing.map((n) => `${n.where}: ${n.path} (in ${n.scenario})`)).toEqual([]);
    });
  }

  it('a path that is not in the summary is found missing (the check can fail)', () => {
    const s = summaryOf('system=is707&duration=1');
    expect(valueAt(s, 'link.naksSent')).toBeTypeOf('number');
    expect(valueAt(s, 'link.nakSent')).toBeUndefined();
    expect(valueAt(s, 'app.delay.mean')).toBeUndefined();
  });
});
