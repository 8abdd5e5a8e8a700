/**
 * Issue 20 item 1: what an open exercise hides is one policy (ui/exercises/hidden-policy.ts) that
 * every view printing a figure consults — the summary path, the trace sources recording the same
 * quantity, the chart — and hiding a figure never hides a cause in "Why did it happen?".
 */
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../../src/engine';
import { explainQuery, explanationLines, parseExplainQuery } from '../../../src/engine/analysis/explain';
import type { TraceReader } from '../../../src/engine/analysis/series';
import { parseScenario } from '../../../src/engine/scenarios';
import { getSystem } from '../../../src/engine/systems';
import { HiddenPolicy, NOTHING_HIDDEN } from '../../../src/ui/exercises/hidden-policy';
import { LAB_PLUGINS } from '../../../src/ui/systems';

describe('the hidden-figure policy', () => {
  it('hides a summary figure, its parts and wholes, and the trace sources that record it', () => {
    const p = new HiddenPolicy(['tcp.maxRto']);
    expect(p.active).toBe(true);
    expect(p.figure('tcp.maxRto')).toBe(true);
    expect(p.figure('tcp')).toBe(true); // the whole it belongs to
    expect(p.figure('tcp.timeouts')).toBe(false);
    // The RTO in force is the largest RTO over time; the timeouts themselves are not hidden.
    expect(p.values('tcp.rtoActive')).toBe(true);
    expect(p.values('tcp.timeout')).toBe(false);
    expect(p.values('tcp.rtoComputed')).toBe(false);
    expect(p.hides({ sources: ['tcp.rtoActive'] })).toBe(true);
    expect(p.hides({ paths: ['link.fer'] })).toBe(false);
    expect(p.hides({})).toBe(false);
    expect(p.hides(undefined)).toBe(false);
  });

  it('a hidden chart hides the values it plots wherever they are printed', () => {
    const p = new HiddenPolicy(['chart:rto']);
    expect(p.chart('rto')).toBe(true);
    expect(p.chart('seq')).toBe(false);
    expect([...p.sources].sort()).toEqual(['tcp.rtoActive', 'tcp.rtoComputed', 'tcp.rtt', 'tcp.srtt']);
    expect(p.figure('tcp.maxRto')).toBe(false);
    expect(NOTHING_HIDDEN.active).toBe(false);
    expect(NOTHING_HIDDEN.hides({ sources: ['tcp.rtoActive'], charts: ['rto'] })).toBe(false);
  });

  it('the stream graphs hide with the figures they show (issue 25 item 5)', () => {
    const charts = (hides: string[]) =>
      (['rtt', 'tput', 'rto', 'throughput'] as const).filter((c) => new HiddenPolicy(hides).chart(c));
    // RTT over time draws the RTT samples and the RTO in force: hidden with the RTO chart or its figures.
    expect(charts(['chart:rto'])).toEqual(['rtt', 'rto']);
    expect(charts(['tcp.maxRto', 'tcp.rtoAtMaxFraction'])).toEqual(['rtt']);
    expect(charts(['tcp.rttMean'])).toEqual(['rtt']);
    // Throughput over time is the goodput over a window: hidden with any goodput figure or chart.
    expect(charts(['tcp.goodputBps'])).toEqual(['tput']);
    expect(charts(['app.th', 'capacityBps'])).toEqual(['tput']);
    expect(charts(['chart:throughput'])).toEqual(['tput', 'throughput']);
    expect(charts(['chart:tput'])).toEqual(['tput']);
    // Figures neither shows leave both open.
    expect(charts(['tcp.timeouts', 'link.resetProcedures'])).toEqual([]);
    expect(new HiddenPolicy(['tcp.rttMean']).values('tcp.srtt')).toBe(true);
  });

  it('a system adds its own sources of summary figures (DECT: the bearers held, for the mean)', () => {
    const dect = LAB_PLUGINS.find((p) => p.id === 'dect')!;
    const p = new HiddenPolicy(['app.meanBearers'], dect.viewFigures.sources);
    expect(p.values('dect.bearers')).toBe(true);
    expect(p.hides(dect.viewFigures.caption('Bearers'))).toBe(true);
    expect(p.hides(dect.viewFigures.caption('Cell'))).toBe(false);
    expect(new HiddenPolicy(['app.meanBearers']).values('dect.bearers')).toBe(false);
  });

  it('strips hidden figures from an export row, keeping the place of a hidden list element', () => {
    const p = new HiddenPolicy(['tcp.maxRto', 'link.fieldDbuv.1', 'chart:rto']);
    const row = { tcp: { maxRto: 64, timeouts: 3 }, link: { fieldDbuv: [40.1, 38.2, 30.5] }, seed: 1 };
    expect(p.strip(row)).toEqual({ tcp: { timeouts: 3 }, link: { fieldDbuv: [40.1, null, 30.5] }, seed: 1 });
    expect(NOTHING_HIDDEN.strip(row)).toBe(row);
  });
});

/** Every caption and link counter key a system's view writes over a short run. */
function viewKeys(system: string): { captions: Set<string>; counters: Set<string> } {
  const sim = createSimulation(parseScenario(`system=${system}&duration=30`).scenario);
  const captions = new Set<string>();
  const counters = new Set<string>();
  while (!sim.done) {
    sim.step(100);
    const v = sim.view();
    for (const k of Object.keys(v.captions ?? {})) captions.add(k);
    for (const l of v.links) for (const k of Object.keys(l.counters ?? {})) counters.add(`${k}@${l.n}`);
  }
  return { captions, counters };
}

describe('each system declares what its map captions and link counters print', () => {
  for (const plugin of LAB_PLUGINS) {
    it(`${plugin.id}: every caption and counter its view writes is declared (so an exercise can hide it)`, () => {
      const { captions, counters } = viewKeys(plugin.id);
      expect(captions.size).toBeGreaterThan(0);
      for (const k of captions) expect(plugin.viewFigures.caption(k), `caption ${k}`).toBeDefined();
      for (const c of counters) {
        const [k, n] = c.split('@');
        expect(plugin.viewFigures.counter(k, Number(n)), `counter ${c}`).toBeDefined();
      }
    });
  }

  it('the RTO caption of IS-707 and PHS is the RTO in force: hidden with the largest RTO', () => {
    const p = new HiddenPolicy(['tcp.maxRto']);
    for (const id of ['is707', 'phs']) {
      const plugin = LAB_PLUGINS.find((x) => x.id === id)!;
      expect(p.hides(plugin.viewFigures.caption('RTO')), id).toBe(true);
      expect(p.hides(plugin.viewFigures.caption('FER') ?? plugin.viewFigures.caption('Links up')), id).toBe(
        false,
      );
    }
  });
});

describe('"Why did it happen?" while the RTO is hidden', () => {
  it('tells the same chain without the RTO in force — and only without it', () => {
    const scenario = parseScenario('system=is707&fer=0.3&fdt=0.01&duration=300').scenario;
    const sim = createSimulation(scenario, { keepTraces: true, capture: false });
    sim.runToEnd();
    const policy = new HiddenPolicy(['tcp.maxRto', 'chart:rto']);
    const all: TraceReader = sim.traces;
    // The page's reader while the exercise is open: the hidden sources are not there.
    const withheld: TraceReader = {
      sources: () => all.sources().filter((s) => !policy.values(s.name)),
      read: (name) => all.read(name),
    };
    const q = parseExplainQuery('243.42,kind=timeout');
    if ('error' in q) throw new Error(q.error);
    const explain = (r: TraceReader) => {
      const e = explainQuery(r, q.query, getSystem('is707')!.explain ?? null);
      if ('error' in e) throw new Error(e.error);
      return explanationLines(e.explanation);
    };
    const shown = explain(all);
    const hidden = explain(withheld);
    expect(shown.join('\n')).toContain('retransmission timer expired (backoff 2; RTO 64.00 s)');
    expect(hidden.join('\n')).toContain('retransmission timer expired (backoff 2)');
    expect(hidden.join('\n')).not.toMatch(/RTO \d/);
    expect(hidden).toEqual(shown.map((l) => l.replace('; RTO 64.00 s', '')));
  });
});
