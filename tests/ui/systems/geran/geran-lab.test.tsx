/**
 * The GERAN lab plug-in against the engine: presets parse and show live figures their summaries
 * have, the pinned runs still show what their presets say, the connection timeline has one lane
 * per object (failures marked), the slot decoder reads the multiplexer's blocks and the speech
 * strips, the breakdown matches the summary, and the exercises' truths come from the run.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../../src/engine';
import { getPath } from '../../../../src/engine/analysis';
import { setupFromSpec, sweepRuns } from '../../../../src/state/sweep';
import type { DecodedFrame } from '../../../../src/ui/charts/link-decoders';
import { computeTruth, truthRuns, validateExercise } from '../../../../src/ui/exercises/check';
import {
  connectionRows,
  GERAN_LAB,
  GERAN_PRESETS,
  GERAN_SPEECH_DECODER,
} from '../../../../src/ui/systems/geran';
import { Connections } from '../../../../src/ui/systems/geran/ConnectionTimeline';
import { downloadRows, lastDownloadRows } from '../../../../src/ui/systems/geran/connections';
import { Efficiency } from '../../../../src/ui/systems/geran/EfficiencyBar';
import { efficiencySlices } from '../../../../src/ui/systems/geran/EfficiencyBar';

type Columns = { length: number; t: Float64Array; cols: Record<string, Float64Array> };

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

const summaryOf = (text: string): Summary => {
  const sim = createSimulation(parseScenario(text).scenario, { traces: false });
  sim.runToEnd();
  return sim.summary();
};

describe('GERAN presets', () => {
  it('cover every experiment of the study and free play', () => {
    const ids = GERAN_PRESETS.map((p) => p.id);
    for (const id of [
      'geran-free',
      'geran-speech-off',
      'geran-speech-on',
      'geran-ack-starvation',
      'geran-one-object',
      'geran-19-objects',
      'geran-65k-spread',
      'geran-unlucky-65k',
      'geran-delay-setup',
      'geran-delay-rate',
      'geran-syn-retries-1',
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const p of GERAN_PRESETS) {
    it(`${p.id}: scenario and sweep runs parse; its live figures are in its summary`, () => {
      expect(parseScenario(p.scenario).errors).toEqual([]);
      if (p.sweep)
        for (const r of sweepRuns(setupFromSpec(p.sweep)).runs)
          expect(parseScenario(r.text).errors).toEqual([]);
      const live = (p.published ?? []).flatMap((v) => (v.live ? [v.live] : []));
      if (live.length === 0) return;
      const s = summaryOf(p.scenario);
      for (const path of live) expect(Number.isFinite(getPath(s, path)), `${p.id}: ${path}`).toBe(true);
    });
  }

  it('the pinned runs show what their presets say', () => {
    const unlucky = summaryOf(GERAN_PRESETS.find((p) => p.id === 'geran-unlucky-65k')!.scenario);
    // One draw resembling the study's 61 % with 22 % retransmitted (a regression case).
    expect(unlucky.app.efficiency).toBeLessThan(0.72);
    expect(unlucky.app.retransmissionShare).toBeGreaterThan(0.15);
    const starved = GERAN_PRESETS.find((p) => p.id === 'geran-ack-starvation')!.scenario;
    expect(summaryOf(starved).tcp.timeouts).toBeGreaterThanOrEqual(1);
    expect(summaryOf(starved.replace('speech=up', 'speech=off')).tcp.timeouts).toBe(0);
    const syn1 = summaryOf(GERAN_PRESETS.find((p) => p.id === 'geran-syn-retries-1')!.scenario);
    expect(syn1.tcp.connectFailures).toBe(1);
  });
});

describe('connection timeline', () => {
  it('19 images: one lane per object, each SYN → request → response → FIN in order', () => {
    const { data } = traced('system=geran&page=images19x107k', ['app.http']);
    const rows = connectionRows(data['app.http']);
    expect(rows).toHaveLength(19);
    expect(rows.map((r) => r.object)).toEqual(Array.from({ length: 19 }, (_, i) => i));
    for (const r of rows) {
      expect(r.syn).toBeLessThan(r.request);
      expect(r.request).toBeLessThan(r.response);
      expect(r.response).toBeLessThan(r.fin);
      expect(r.failure).toBeNaN();
    }
    const html = renderToStaticMarkup(<Connections rows={rows} now={rows[18].fin} />);
    expect(html.match(/data-connection=/g)).toHaveLength(19);
    expect(html).toContain('data-rows="19"');
    expect(html).not.toContain('connection-failure');
  });

  it('the panel reads only the last download of a repeated page, and finds what the full scan finds', () => {
    const { data } = traced('system=geran&page=images19x107k&repeat=3', ['app.http']);
    const all = connectionRows(data['app.http']);
    const last = lastDownloadRows(data['app.http']);
    expect(last).toHaveLength(19);
    expect(last).toEqual(downloadRows(all));
    expect(new Set(last.map((r) => r.download))).toEqual(new Set([2]));
  });

  it('a connection that cannot be set up is marked as failed', () => {
    const { data } = traced('system=geran&speech=off&delay=11', ['app.http']);
    const rows = connectionRows(data['app.http']);
    expect(rows).toHaveLength(1);
    expect(Number.isFinite(rows[0].failure)).toBe(true);
    const html = renderToStaticMarkup(<Connections rows={rows} now={30} />);
    expect(html).toContain('data-failed="1"');
    expect(html).toContain('connection-failure');
  });
});

describe('the slot on the link timeline', () => {
  it('data blocks decode as data in their direction’s row; talkspurts are the band', () => {
    const { data } = traced('system=geran&seed=3', ['link.frame', 'geran.speech']);
    const f = data['link.frame'];
    const cols = GERAN_SPEECH_DECODER.fields.map((k) => f.cols[k]);
    const opt = (GERAN_SPEECH_DECODER.optional ?? []).map((k) => f.cols[k]);
    const out: DecodedFrame = { row: -1, kind: null, error: false };
    const rows = new Set<number>();
    for (let i = 0; i < f.length; i++) {
      expect(GERAN_SPEECH_DECODER.decode([...cols, ...opt], i, out)).toBe(true);
      expect(out.kind).toBe('data');
      rows.add(out.row);
    }
    expect([...rows].sort()).toEqual([0, 1]);
    const band = GERAN_SPEECH_DECODER.band!;
    const sp = data[band.source];
    expect(sp.cols[band.field]).toBeDefined();
    expect(sp.cols[band.rowField]).toBeDefined();
    // Both directions talk at some point of a run with speech=both.
    for (const dir of [0, 1])
      expect(sp.cols.talking.some((v, i) => v === 1 && sp.cols.dir[i] === dir)).toBe(true);
    expect(GERAN_SPEECH_DECODER.rowLabel(0)).toBe('uplink');
    expect(GERAN_SPEECH_DECODER.rowLabel(1)).toBe('downlink');
  });
});

describe('efficiency breakdown', () => {
  it('shows the summary’s efficiency, retransmission and stalling shares', () => {
    const s = summaryOf('system=geran&seed=6');
    const slices = efficiencySlices(s)!;
    expect(slices.map((x) => x.share)).toEqual([
      s.app.efficiency,
      s.app.retransmissionShare,
      s.app.stallingShare,
    ]);
    const html = renderToStaticMarkup(<Efficiency summary={s} />);
    expect(html.match(/data-slice=/g)).toHaveLength(3);
    expect(efficiencySlices(null)).toBeNull();
  });
});

describe('GERAN exercises', () => {
  it('are valid, at least two, and their truths come from the run', () => {
    expect(GERAN_LAB.exercises.exercises.length).toBeGreaterThanOrEqual(2);
    expect(GERAN_LAB.exercises.problems).toEqual([]);
    for (const e of GERAN_LAB.exercises.exercises) expect(typeof validateExercise(e)).not.toBe('string');
    const starve = GERAN_LAB.exercises.exercises.find((e) => e.id === 'geran-ack-starvation')!;
    const truth = computeTruth(
      starve.answer.kind === 'number' ? starve.answer.truth : ({} as never),
      truthRuns(starve).map(summaryOf),
    );
    expect(truth).toBeGreaterThanOrEqual(1);
  });

  it('the set-up limit: 10.4 s still connects, 10.45 s fails (the state check’s 10.6 s bound)', () => {
    expect(summaryOf('system=geran&speech=off&delay=10.4').app.objectsFailed).toBe(0);
    expect(summaryOf('system=geran&speech=off&delay=10.45').app.objectsFailed).toBe(1);
  });
});
