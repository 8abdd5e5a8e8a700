/**
 * A cause precedes its effect, and the student's own actions are named (issue 20 items 20, 24):
 * the explanation never names as a TCP event's cause something below IP that happened after it,
 * whatever a link explainer reports, and the chain names a release, a drag or a timed change when
 * it runs through one.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';
import { getSystem } from '../../../../src/engine/systems';
import {
  explainEvent,
  explanationLines,
  listTcpEvents,
  TraceTable,
  userActions,
  type LinkExplainer,
} from '../../../../src/engine/analysis/explain';

function run(text: string): {
  table: TraceTable;
  actions: ReturnType<typeof userActions>;
  link: LinkExplainer;
} {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario, { maxRecords: 1 << 20 });
  sim.runToEnd();
  const system = getSystem(scenario.system)!;
  return {
    table: new TraceTable(sim.traces),
    actions: userActions(scenario, system.params, system.frameNs),
    link: system.explain!,
  };
}

describe('a cause precedes its effect (the explanation skeleton)', () => {
  const { table } = run('system=is707&fer=0.3&fdt=0.01&idle=0&duration=60');
  const timeout = listTcpEvents(table).find((e) => e.kind === 'timeout')!;
  const later: LinkExplainer = {
    explainDatagram: (_t, d) => ({
      layers: [],
      lost: { text: 'the link lost it afterwards', at: d.deadline + 1 },
      late: { text: 'the link held it', at: d.sentAt },
    }),
  };
  const inTime: LinkExplainer = {
    explainDatagram: (_t, d) => ({
      layers: [],
      lost: { text: 'the link lost it', at: d.deadline },
      late: null,
    }),
  };

  it('a loss after the event is not named as its cause, but said as what came later', () => {
    const e = explainEvent(table, timeout, later);
    expect(e.cause).not.toMatch(/lost because/);
    expect(e.cause).toMatch(
      /had not arrived by [\d.]+ s because the link held it; later, the link lost it afterwards\.$/,
    );
    expect(e.causeAt).toBeLessThanOrEqual(timeout.t);
  });

  it('a loss at or before the event is its cause, and its time is the explanation’s causeAt', () => {
    const e = explainEvent(table, timeout, inTime);
    expect(e.cause).toMatch(/was lost because the link lost it\.$/);
    expect(e.causeAt).toBe(timeout.t);
  });
});

/** One run of each system (with the student's actions where the issue found them missing). */
const RUNS: [string, string][] = [
  ['IS-707', 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=120'],
  ['GSM', 'system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001'],
  ['PHS', 'system=phs&release=3@5.24&duration=20'],
  ['DECT', 'system=dect&lambda=40&berEpisode=500-1500-30&duration=20'],
  ['GERAN', 'system=geran&speech=up&seed=3'],
];

describe('every system: no explanation names a cause later than its event', () => {
  for (const [name, text] of RUNS)
    it(name, () => {
      const { table, actions, link } = run(text);
      const events = listTcpEvents(table);
      expect(events.length).toBeGreaterThan(0);
      let named = 0;
      for (const ev of events) {
        const e = explainEvent(table, ev, link, actions);
        if (e.causeAt === null) continue;
        named++;
        expect(e.causeAt, e.cause).toBeLessThanOrEqual(ev.end ?? ev.t);
      }
      expect(named).toBeGreaterThan(0);
    });
});

describe('the student’s own actions in the chain', () => {
  it('PHS: the timeout after releasing link 3 names the release, not a discard after it', () => {
    const { table, actions, link } = run('system=phs&release=3@5.24&duration=20');
    const ev = listTcpEvents(table).find((e) => e.kind === 'timeout')!;
    expect(ev.t / 1e9).toBeCloseTo(5.577, 3);
    const e = explainEvent(table, ev, link, actions);
    expect(e.cause).toMatch(
      /^Segment 135 \(bytes 195641–197100\) was lost because you released link 3 at 5\.240 s \(release=3@5\.24\) with fragment 810 of it waiting to be sent on that link, so the fragment was lost with the link; Multilink held the datagram waiting for that fragment \(still waiting at 5\.577 s\) until it gave the datagram up at 6\.260 s\.$/,
    );
    expect(e.causeAt).toBe(5.24e9);
    const lines = explanationLines(e);
    expect(lines).toContain(
      '  5.240 s  datagram 202 is cut into six fragments: 805 on link 4, 806 on link 5, 807 on link 6, 808 on link 1, 809 on link 2, 810 on link 3',
    );
    expect(lines).toContain(
      '  5.240 s  fragment 810 on link 3, released at 5.240 s before Multilink noticed: never sent, lost with the link',
    );
  });

  it('PHS: a link switched off by a timed change is named as the student’s too', () => {
    const { table, actions, link } = run('system=phs&events=5.24@link3=0&duration=20');
    const causes = listTcpEvents(table)
      .filter((e) => e.kind === 'timeout')
      .map((e) => explainEvent(table, e, link, actions).cause);
    expect(causes.some((c) => /because you switched link 3 off at 5\.240 s/.test(c))).toBe(true);
  });

  it('GSM outage preset: the frames were erased while the FER the student set was in force', () => {
    const { table, actions, link } = run(
      'system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001',
    );
    const stall = listTcpEvents(table).find((e) => e.kind === 'stall')!;
    const e = explainEvent(table, stall, link, actions);
    expect(e.cause).toBe(
      'Delivery waited for segment 24 (bytes 17665–18432): segment 24 (bytes 17665–18432) was lost because an RLP reset at 23.740 s flushed it after frame 934 was erased once while fer was 0.95 (your timed change at 20.000 s).',
    );
    expect(e.cause).not.toMatch(/fade/);
  });

  it('reads the actions of a scenario: timed changes at frame boundaries, list items as they were in force', () => {
    const { scenario } = parseScenario(
      'system=phs&release=3@5,1@20&events=2.004@msX=300;10@release=2@12;15@fading=walking',
    );
    const phs = getSystem('phs')!;
    const acts = userActions(scenario, phs.params, phs.frameNs);
    expect(acts.map((a) => [a.t / 1e9, a.key, a.kind, a.value])).toEqual([
      [2.01, 'msX', 'change', '300'], // applied at the next 10 ms boundary
      [5, 'release', 'item', '3@5'],
      [12, 'release', 'item', '2@12'], // the change at 10 s replaced the item at 20 s
      [15, 'fading', 'change', 'walking'],
    ]);
    expect(acts[0].inForce).toBe('with the phone where you moved it at 2.010 s (msX = 300 m)');
    expect(acts[3].inForce).toBe('while fading was walking (your timed change at 15.000 s)');
  });
});
