/**
 * Every system's "Why did it happen?" output, pinned: the explanation of every TCP event of a few
 * traced runs per system (its cause, its time, each layer's items and the notes) is compared with
 * the one recorded in `fixtures/pinned-explanations.json` before the explainers shared one
 * skeleton (issue 22 item 5), so reshaping the explainers cannot change a word a student reads.
 * To record it again after a change meant to alter the words: PIN_EXPLAIN=write, then prettier.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../../../src/engine';
import { getSystem } from '../../../../src/engine/systems';
import {
  explainEvent,
  listTcpEvents,
  TraceTable,
  userActions,
} from '../../../../src/engine/analysis/explain';

const FIXTURE = new URL('./fixtures/pinned-explanations.json', import.meta.url);

/** Traced runs, each with the summary paths an exercise might hide while it is read. */
const RUNS: [string, readonly string[]][] = [
  ['system=is707&fer=0.3&fdt=0.01&idle=0&duration=120', []],
  ['system=is707&fer=0.2&fdt=0.05&idle=0&duration=60&seed=4', []],
  ['system=gsm&app=ftpGet&size=100000&radio=custom&fer=0.0001&events=20@fer=0.95;25@fer=0.0001', []],
  ['system=gsm&app=ftpPut&size=60000&radio=custom&fer=0.5', []],
  ['system=phs&burst=2@10:370', []],
  ['system=phs&release=1@8&duration=40&seed=2', []],
  ['system=geran&speech=up&seed=3', []],
  ['system=geran&seed=5&duration=60', []],
  ['system=dect&lambda=40&berEpisode=500-3000-30&duration=60', []],
  ['system=dect&load=high&duration=40&seed=2', []],
  ['system=dect&load=high&duration=40&seed=2', ['link.tcpTimeouts']],
];

/** The explanations of one run in plain JSON, and a digest of them. */
function explainRun(
  text: string,
  hidden: readonly string[],
): { count: number; digest: string; first: unknown } {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario, { maxRecords: 1 << 20 });
  sim.runToEnd();
  const system = getSystem(scenario.system)!;
  const table = new TraceTable(sim.traces);
  const actions = userActions(scenario, system.params, system.frameNs);
  const all = listTcpEvents(table).map((e) => explainEvent(table, e, system.explain!, actions, hidden));
  const json = JSON.stringify(all);
  return {
    count: all.length,
    digest: createHash('sha256').update(json).digest('hex'),
    first: all.length > 0 ? JSON.parse(JSON.stringify(all[0])) : null,
  };
}

describe('the explanations of traced runs are the recorded ones', () => {
  const recorded = process.env.PIN_EXPLAIN === 'write' ? null : JSON.parse(readFileSync(FIXTURE, 'utf8'));
  const written: Record<string, unknown> = {};
  for (const [text, hidden] of RUNS) {
    const name = hidden.length > 0 ? `${text} hiding ${hidden.join(',')}` : text;
    it(name, () => {
      const got = explainRun(text, hidden);
      expect(got.count).toBeGreaterThan(0);
      if (recorded === null) {
        written[name] = got;
        writeFileSync(FIXTURE, `${JSON.stringify(written, null, 2)}\n`);
      } else {
        expect(got.first).toEqual(recorded[name].first);
        expect(got.count).toBe(recorded[name].count);
        expect(got.digest).toBe(recorded[name].digest);
      }
    });
  }
});
