import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../../src/engine';
import { setupFromSpec, sweepRuns } from '../../../../src/state/sweep';
import {
  checkState,
  computeTruth,
  getPath,
  truthRuns,
  validateExercise,
} from '../../../../src/ui/exercises/check';
import type { Exercise } from '../../../../src/ui/exercises/types';
import { PHS_LAB, PHS_PRESETS, cellText, monitorPatterns, monitorRows } from '../../../../src/ui/systems/phs';
import { PiafsMonitorTable } from '../../../../src/ui/systems/phs/PiafsMonitor';
import type { MonitorColumns } from '../../../../src/ui/systems/phs/monitor-rows';
import { valueAt } from '../../../../src/ui/summary-fields';

/** Run a scenario traced and return its summary and the lab's view of `piafs.monitor` (seconds). */
function traced(text: string): { summary: Summary; monitor: MonitorColumns } {
  const sim = createSimulation(parseScenario(text).scenario);
  sim.runToEnd();
  const b = sim.traces.read('piafs.monitor');
  const names = sim.traces.sources().find((s) => s.name === 'piafs.monitor')!.fields;
  const cols: Record<string, Float64Array> = {};
  names.forEach((f, i) => (cols[f] = b.columns[i]));
  return {
    summary: sim.summary(),
    monitor: { length: b.time.length, t: Float64Array.from(b.time, (x) => x / 1e9), cols },
  };
}

describe('PHS presets', () => {
  it('cover free play, Table 1, Figures 2–7 and Table 2', () => {
    const ids = PHS_PRESETS.map((p) => p.id);
    for (const id of [
      'phs-free',
      'phs-table1',
      'phs-fig2',
      'phs-fig3',
      'phs-fig4',
      'phs-fig5',
      'phs-fig7',
      'phs-table2',
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of PHS_PRESETS) {
      expect(p.system).toBe('phs');
      expect(p.id).toMatch(/^phs-[a-z0-9-]+$/);
    }
  });

  for (const p of PHS_PRESETS) {
    it(`${p.id}: scenario and sweep runs parse`, () => {
      expect(parseScenario(p.scenario).errors).toEqual([]);
      if (p.sweep)
        for (const r of sweepRuns(setupFromSpec(p.sweep)).runs)
          expect(parseScenario(r.text).errors).toEqual([]);
    });
  }

  it('every live figure a preset shows exists in a PHS summary', () => {
    const s = createSimulation(parseScenario('system=phs&release=3@5&duration=8').scenario);
    s.runToEnd();
    const summary = s.summary();
    for (const p of PHS_PRESETS)
      for (const v of p.published ?? []) {
        if (!v.live || v.live.startsWith('app.')) continue; // app figures appear once the transfer completes
        // A number, or a list of them (the three units' field strengths).
        const value = valueAt(summary, v.live);
        const numbers = Array.isArray(value) ? value : [value];
        expect(numbers.length, `${p.id}: ${v.live}`).toBeGreaterThan(0);
        for (const x of numbers)
          expect(typeof x === 'number' && Number.isFinite(x), `${p.id}: ${v.live}`).toBe(true);
      }
    const done = createSimulation(parseScenario('system=phs&size=100000').scenario);
    done.runToEnd();
    for (const path of ['app.transferTime', 'app.throughputKbps'])
      expect(getPath(done.summary(), path)).toBeGreaterThan(0);
  });
});

describe('PHS exercises', () => {
  const files = ['phs-slow-unit', 'phs-release'].map(
    (id) => [`${id}.json`, PHS_LAB.exercises.exercises.find((e) => e.id === id)] as const,
  );

  it('are valid, named after their ids, and their scenarios parse', () => {
    for (const [f, json] of files) {
      const ex = validateExercise(json);
      expect(typeof ex, f).not.toBe('string');
      expect(f).toBe(`${(ex as Exercise).id}.json`);
      expect((ex as Exercise).system).toBe('phs');
      expect(parseScenario((ex as Exercise).scenario).errors).toEqual([]);
    }
  });

  it('“which unit is to blame”: reachable by moving the phone east, not at the start', () => {
    const ex = files[0][1] as Exercise;
    if (ex.answer.kind !== 'state') throw new Error('state exercise expected');
    const start = createSimulation(parseScenario(ex.scenario).scenario);
    start.runToEnd();
    expect(checkState(ex.answer, start.summary(), true).correct).toBe(false);
    const moved = createSimulation(parseScenario(`${ex.scenario}&events=1@msX=140`).scenario);
    moved.runToEnd();
    const s = moved.summary();
    expect(checkState(ex.answer, s, true).correct).toBe(true);
    // Unit 3's links carry the errors.
    const crc = (s.link as { crcErrorsPerLink: number[] }).crcErrorsPerLink;
    expect(crc[4] + crc[5]).toBeGreaterThan(100 * (crc[0] + crc[1] + crc[2] + crc[3] + 1));
  });

  it('“why is losing a link worse”: the truth is the run’s TCP timeouts', () => {
    const ex = files[1][1] as Exercise;
    if (ex.answer.kind !== 'number') throw new Error('number exercise expected');
    const runs = truthRuns(ex);
    expect(runs).toHaveLength(1);
    const sim = createSimulation(parseScenario(runs[0]).scenario, { traces: false });
    sim.runToEnd();
    const truth = computeTruth(ex.answer.truth, [sim.summary()]);
    expect(truth).toBeGreaterThanOrEqual(2);
    const five = createSimulation(parseScenario('system=phs&channels=5').scenario, { traces: false });
    five.runToEnd();
    expect(five.summary().tcp.timeouts).toBe(0);
  });
});

describe('PIAFS monitor table', () => {
  let burst: ReturnType<typeof traced>;
  beforeAll(() => (burst = traced('system=phs&burst=2@10:370&size=600000')));

  it('shows a slot per row, both sides, in the study’s text form', () => {
    const rows = monitorRows(burst.monitor, 1, 990, 1060);
    expect(rows[0].slot).toBe(990);
    expect(rows.at(-1)!.slot).toBe(1060);
    expect(rows.every((r) => r.bs !== null && r.ms !== null)).toBe(true);
    // 37 slots of CRC ERR on both sides from slot 1002.
    const crc = rows.filter((r) => r.ms!.word === 'CRC ERR');
    expect(crc.map((r) => r.slot)).toEqual(Array.from({ length: 37 }, (_, i) => 1002 + i));
    expect(crc.every((r) => r.bs!.word === 'CRC ERR')).toBe(true);
    expect(cellText(crc[0].ms)).toBe('CRC ERR');
    expect(cellText(rows[0].ms)).toMatch(/^\d+ \d+ (DATA|IDLE)$/);
  });

  it('marks re-sent frames and the REQ jump after the burst', () => {
    const after = monitorRows(burst.monitor, 1, 1039, 1100);
    expect(after.some((r) => r.ms?.resent)).toBe(true);
    expect(after.some((r) => (r.bs?.reqJump ?? 0) >= 2)).toBe(true);
    // The mobile's REQ (seen at the base station) stays on the missing frame while later ones arrive.
    const stuck = after.filter((r) => r.bs?.reqStuck);
    expect(stuck.length).toBeGreaterThanOrEqual(1);
    expect(stuck[0].slot).toBeLessThan(1045);
    // The base station's own REQ for the uplink is not stuck: the uplink lost nothing it needed.
    expect(after.filter((r) => r.ms?.reqStuck).length).toBeLessThan(stuck.length);
    // Other links are untouched.
    expect(monitorRows(burst.monitor, 0, 990, 1060).some((r) => r.ms?.word === 'CRC ERR')).toBe(false);
  });

  it('finds the Figure 2 pattern in the trace the lab holds', () => {
    const found = monitorPatterns(burst.monitor, 1);
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found[0].crcFrom).toBe(1002);
    expect(found[0].crcRows).toBe(37);
    expect(monitorPatterns(burst.monitor, 0)).toEqual([]);
    expect(monitorPatterns(undefined, 0)).toEqual([]);
  });

  it('renders the rows with text markers, not colour alone', () => {
    const html = renderToStaticMarkup(
      <PiafsMonitorTable data={burst.monitor} link={2} fromSlot={1000} toSlot={1060} />,
    );
    expect(html).toContain('Base station receives');
    expect(html).toContain('Mobile receives');
    expect((html.match(/data-testid="monitor-row"/g) ?? []).length).toBe(61);
    expect(html).toContain('CRC ERR');
    expect(html).toContain('↺');
    expect(html).toContain('⇑');
    const empty = renderToStaticMarkup(
      <PiafsMonitorTable data={undefined} link={1} fromSlot={0} toSlot={10} />,
    );
    expect(empty).toContain('No frames on link 1');
  });
});

describe('PHS link toggles', () => {
  it('are one live key per link, recorded as events', () => {
    const p = parseScenario('system=phs&events=12@link3=0;20@link3=1');
    expect(p.errors).toEqual([]);
    expect(p.scenario.events).toEqual([
      { t: 12, key: 'link3', value: false },
      { t: 20, key: 'link3', value: true },
    ]);
  });
});
