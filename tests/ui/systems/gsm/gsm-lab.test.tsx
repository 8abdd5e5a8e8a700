import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../../src/engine';
import { setupFromSpec, sweepRuns } from '../../../../src/state/sweep';
import type { DecodedFrame } from '../../../../src/ui/charts/link-decoders';
import { computeTruth, getPath, truthRuns, validateExercise } from '../../../../src/ui/exercises/check';
import { isHidden } from '../../../../src/ui/exercises/hidden';
import {
  budgetSlices,
  GSM_FRAME_KIND as K,
  GSM_LAB,
  GSM_PANELS,
  GSM_PRESETS,
  GSM_RLP_DECODER,
  rlpStrip,
  shownSlices,
  transactionRate,
  transactionRows,
} from '../../../../src/ui/systems/gsm';
import { ByteBudget } from '../../../../src/ui/systems/gsm/ByteBudgetBar';
import { RlpStrip } from '../../../../src/ui/systems/gsm/RlpPanel';
import { Transactions } from '../../../../src/ui/systems/gsm/TransactionTimeline';

type Columns = { length: number; t: Float64Array; cols: Record<string, Float64Array> };

/** Run a scenario traced; return its summary and the lab's view of some sources (times in seconds). */
function traced(text: string, sources: string[]): { summary: Summary; data: Record<string, Columns> } {
  const sim = createSimulation(parseScenario(text).scenario);
  sim.runToEnd();
  const data: Record<string, Columns> = {};
  for (const name of sources) {
    const b = sim.traces.read(name);
    const fields = sim.traces.sources().find((s) => s.name === name)!.fields;
    const cols: Record<string, Float64Array> = {};
    fields.forEach((f, i) => (cols[f] = b.columns[i]));
    data[name] = { length: b.time.length, t: Float64Array.from(b.time, (x) => x / 1e9), cols };
  }
  return { summary: sim.summary(), data };
}

describe('GSM presets', () => {
  it('cover FTP by content and size, the radio conditions, resets, ping, RR, CRR and free play', () => {
    const ids = GSM_PRESETS.map((p) => p.id);
    for (const id of [
      'gsm-free',
      'gsm-ftp-binary',
      'gsm-ftp-text',
      'gsm-ftp-ascii',
      'gsm-ftp-sizes',
      'gsm-radio-poor',
      'gsm-radio-driving',
      'gsm-outage',
      'gsm-call-drop',
      'gsm-reset-threshold',
      'gsm-ping',
      'gsm-rr',
      'gsm-crr',
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of GSM_PRESETS) expect(p.system).toBe('gsm');
  });

  for (const p of GSM_PRESETS) {
    it(`${p.id}: scenario and sweep runs parse`, () => {
      expect(parseScenario(p.scenario).errors).toEqual([]);
      if (p.sweep)
        for (const r of sweepRuns(setupFromSpec(p.sweep)).runs)
          expect(parseScenario(r.text).errors).toEqual([]);
    });
  }

  it('every live figure a preset shows exists in the summary of its own scenario', () => {
    for (const p of GSM_PRESETS) {
      if (!p.published?.some((v) => v.live)) continue;
      const { scenario } = parseScenario(p.scenario);
      const sim = createSimulation(
        {
          ...scenario,
          values: { ...scenario.values, duration: Math.min(60, scenario.values.duration as number) },
        },
        { traces: false },
      );
      sim.runToEnd();
      const s = sim.summary();
      for (const v of p.published ?? []) {
        if (!v.live || v.live === 'app.transferTime') continue;
        expect(Number.isNaN(getPath(s, v.live)), `${p.id}: ${v.live}`).toBe(false);
      }
    }
  });
});

describe('GSM exercises', () => {
  for (const id of ['gsm-binary-slower', 'gsm-transactions']) {
    it(`${id}: valid, and its answer comes from the simulation`, () => {
      const ex = validateExercise(GSM_LAB.exercises.exercises.find((e) => e.id === id));
      expect(typeof ex).not.toBe('string');
      if (typeof ex === 'string' || ex.answer.kind !== 'number') throw new Error('bad exercise');
      expect(ex.system).toBe('gsm');
      const sums = truthRuns(ex).map((t) => {
        const sim = createSimulation(parseScenario(t).scenario, { traces: false });
        sim.runToEnd();
        return sim.summary();
      });
      const truth = computeTruth(ex.answer.truth, sums);
      if (id === 'gsm-binary-slower')
        expect(truth).toBeGreaterThan(100); // ≈ 13 % of ≈ 850 bytes/s
      else {
        expect(truth).toBeGreaterThan(0.1);
        expect(truth).toBeLessThan(0.3);
      }
    });
  }
});

describe('GSM RLP view', () => {
  let run: ReturnType<typeof traced>;
  beforeAll(() => {
    run = traced(
      'system=gsm&app=ftpGet&size=60000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001',
      ['link.frame', 'channel.state'],
    );
  });

  it('the link-chart decoder reads I, resent, control and idle frames per direction', () => {
    const f = run.data['link.frame'];
    const cols = [f.cols.dir, f.cols.kind, f.cols.error];
    const out: DecodedFrame = { row: 0, kind: null, error: false };
    const seen = new Map<string, number>();
    for (let i = 0; i < f.length; i++) {
      if (!GSM_RLP_DECODER.decode(cols, i, out)) continue;
      for (const k of [`${out.row}:${out.kind}`, out.error ? `${out.row}:error` : ''])
        if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    expect(seen.get('1:data')).toBeGreaterThan(2000); // the downlink carries the file
    expect(seen.get('0:idle')).toBeGreaterThan(1000); // the uplink mostly acknowledges
    expect(seen.get('1:nak')).toBeGreaterThan(5); // polls and SABM during the outage
    expect(seen.get('1:error')).toBeGreaterThan(100); // the 5 s outage
    expect(seen.get('0:nak')).toBeGreaterThan(5); // both ends poll, then reset
    expect(GSM_RLP_DECODER.rowLabel(0)).toMatch(/uplink/);
    expect(GSM_RLP_DECODER.rowLabel(1)).toMatch(/downlink/);
  });

  it('the strip shows polls after T1 expiries, then the reset (SABM), lost frames and the bad channel', () => {
    const cells = rlpStrip(run.data['link.frame'], run.data['channel.state'], 1, 1000, 1400).filter(
      (c) => c !== null,
    );
    const kinds = new Set(cells.map((c) => c!.kind));
    expect(kinds.has(K.poll)).toBe(true);
    expect(kinds.has(K.SABM)).toBe(true);
    expect(cells.filter((c) => c!.error).length).toBeGreaterThan(100);
    expect(cells.filter((c) => c!.bad).length).toBeGreaterThan(100);
    const html = renderToStaticMarkup(
      <RlpStrip
        cells={rlpStrip(run.data['link.frame'], run.data['channel.state'], 1, 1000, 1049)}
        label="downlink"
      />,
    );
    expect(html).toContain('data-lost="1"');
  });
});

describe('GSM byte budget', () => {
  it('slices add up to 1200 bytes/s; binary spends far more on stuffing than text', () => {
    const bin = traced('system=gsm&app=ftpGet&size=50000&content=binary', []).summary;
    const txt = traced('system=gsm&app=ftpGet&size=50000&content=text', []).summary;
    const b = budgetSlices(bin)!;
    expect(b.dir).toBe('down');
    expect(b.slices.reduce((a, s) => a + s.bytesPerSecond, 0)).toBeCloseTo(1200, 1);
    const stuffing = (s: Summary) =>
      budgetSlices(s)!.slices.find((x) => x.key === 'pppStuffing')!.bytesPerSecond;
    expect(stuffing(bin)).toBeGreaterThan(3 * stuffing(txt));
    const html = renderToStaticMarkup(<ByteBudget summary={bin} />);
    for (const k of [
      'payload',
      'headers',
      'pppFraming',
      'pppStuffing',
      'retransmissions',
      'v42Overhead',
      'spare',
    ])
      expect(html).toContain(`data-slice="${k}"`);
    expect(budgetSlices(null)).toBeNull();
    expect(renderToStaticMarkup(<ByteBudget summary={null} />)).toContain('press play');
  });

  it('before the run has carried a byte it shows no budget, not 1200 bytes/s spare', () => {
    const sim = createSimulation(parseScenario('system=gsm&app=ftpGet&size=50000').scenario);
    const atStart = sim.summary();
    expect(budgetSlices(atStart)).toBeNull();
    const html = renderToStaticMarkup(<ByteBudget summary={atStart} />);
    expect(html).toContain('press play');
    expect(html).not.toContain('spare');
  });

  it('an exercise hiding the stuffing hides its figure and the spare that would give it away', () => {
    const bin = traced('system=gsm&app=ftpGet&size=50000&content=binary', []).summary;
    const stuffing = budgetSlices(bin)!.slices.find((x) => x.key === 'pppStuffing')!.bytesPerSecond;
    const hides = (p: string) => isHidden(['link.budget.pppStuffing', 'link.pppEscapedBytes'], p);
    const html = renderToStaticMarkup(<ByteBudget summary={bin} hidden={hides} />);
    expect(html).not.toContain('PPP byte stuffing: ');
    expect(html).not.toContain(`${stuffing.toFixed(0)} bytes/s`);
    expect(html).not.toContain('data-slice="pppStuffing"');
    expect(html).not.toContain('data-slice="spare"');
    expect(html).toContain('data-slice="hidden"');
    expect(html).toContain(
      'PPP byte stuffing and spare: <span class="muted">hidden while the exercise is open',
    );
    const { shown } = shownSlices(budgetSlices(bin)!.slices, hides);
    expect(shown.reduce((a, s) => a + s.bytesPerSecond, 0)).toBeCloseTo(1200, 1);
    // Nothing hidden: every slice with its figure.
    expect(renderToStaticMarkup(<ByteBudget summary={bin} />)).toContain(
      `PPP byte stuffing: ${stuffing.toFixed(0)}`,
    );
  });
});

describe('GSM transaction timeline', () => {
  for (const mode of ['rr', 'crr'] as const) {
    it(`${mode}: rows from app.transaction; the rate matches the summary`, () => {
      const { summary, data } = traced(`system=gsm&app=${mode}&duration=60`, ['app.transaction']);
      const rows = transactionRows(data['app.transaction']);
      const done = rows.filter((r) => Number.isFinite(r.response));
      expect(done.length).toBe(summary.app.transactions);
      for (const r of done) {
        expect(r.response).toBeGreaterThan(r.request);
        if (mode === 'crr') {
          expect(r.request).toBeGreaterThan(r.connect);
          expect(Number.isFinite(r.close) ? r.close : Infinity).toBeGreaterThan(r.response - 1e-9);
        }
      }
      const rate = transactionRate(rows, summary.simTime, mode);
      expect(rate.perSecond).toBeCloseTo(summary.app.transactionsPerSecond as number, 4);
      expect(rate.mean).toBeCloseTo(summary.app.meanTransactionTime as number, 4);
      const html = renderToStaticMarkup(<Transactions rows={rows} now={summary.simTime} mode={mode} />);
      expect(html).toContain(`data-done="${done.length}"`);
    });
  }
});

describe('GSM panels', () => {
  it('a transaction seen only in part (rr: connected, no request yet) draws no NaN', () => {
    const rows = [
      { n: 0, connect: 1.2, request: NaN, response: NaN, close: NaN },
      { n: 1, connect: NaN, request: NaN, response: NaN, close: NaN },
    ];
    const html = renderToStaticMarkup(<Transactions rows={rows} now={3} mode="rr" />);
    expect(html).not.toContain('NaN');
    expect(html).toContain('data-transaction="0"');
    expect(html).not.toContain('data-transaction="1"');
  });

  it('byte budget, RLP frames and transactions, in that order', () => {
    expect(GSM_PANELS.map((p) => p.id)).toEqual(['gsm-byte-budget', 'gsm-rlp', 'gsm-transactions']);
  });
});

describe('GSM RLP strip legend (issue #8 item 10)', () => {
  it('explains every symbol the strip can draw, F included; uplink listed first as on the link chart', async () => {
    const { RlpLegend } = await import('../../../../src/ui/systems/gsm/RlpPanel');
    const { KIND_TEXT: kinds, STRIP_DIRECTIONS } = await import('../../../../src/ui/systems/gsm/rlp-strip');
    const html = renderToStaticMarkup(<RlpLegend />);
    const syms = Object.values(kinds).map((k) => k.sym);
    expect(syms).toContain('F');
    for (const sym of syms) expect(html).toContain(`data-sym="${sym}"`);
    expect(html).toContain('answer to a poll');
    expect(STRIP_DIRECTIONS.map((d) => d.label)).toEqual([
      GSM_RLP_DECODER.rowLabel(0),
      GSM_RLP_DECODER.rowLabel(1),
    ]);
  });
});
