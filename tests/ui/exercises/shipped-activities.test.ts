/**
 * The shipped activities (issue 23 item 6), computed headless as the lab computes them: one per
 * paper, each of at least five steps and four checks; every number question has an answer from the
 * simulation (and the answer key prints it); every "their own run" question fails on the step's own
 * run and passes once the student makes the change the step asks for (activity-solutions.ts) —
 * a change of no locked key; and no text a student reads before answering states an answer.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/engine/scenarios';
import { stepScenario } from '../../../src/state/activity-schema';
import { applyLocks } from '../../../src/state/locks';
import { mergeScenario } from '../../../src/state/sweep';
import { stepExercises, stepLocks, type Activity } from '../../../src/ui/exercises/activity';
import { formatTruth, keyAnswer } from '../../../src/ui/exercises/answer-key';
import { checkNumber, checkState, getPath } from '../../../src/ui/exercises/check';
import { LAB_PLUGINS } from '../../../src/ui/systems';
import { WALKS } from './activity-solutions';
import { headlessTruth, runSummary } from './headless';

const SHIPPED: readonly Activity[] = LAB_PLUGINS.flatMap((p) => p.activities.activities);

/** Units a number may carry in a text: a number in another unit than the answer's is another quantity. */
const UNIT =
  /^\s?(ms|s|kbyte\/s|kB|MB|B|bytes?|%|kbit\/s|bit\/s|dBµV|m|km|segments\/s|segments|timeouts|resets|steps|minutes|bearers|frames)\b/;

/**
 * The numbers a text states, with their written decimals: not settings (`fer = 0.3`), and not in a
 * unit other than the answer's (`0.88 kbyte/s` when the answer is in s).
 */
function statedNumbers(text: string, unit?: string): { value: number; decimals: number }[] {
  const out: { value: number; decimals: number }[] = [];
  // Thousands may be grouped with a space (100 000); a digit run inside a name is no figure (T1, 0x7E).
  for (const m of text.matchAll(/\d{1,3}(?:[ \u2009\u202f]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)) {
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length);
    if (/=\s?$/.test(before) || /[\d.A-Za-z_@:]$/.test(before) || /^[A-Za-z_]/.test(after)) continue;
    // The study's figure and table numbers name a figure; they state none.
    if (/(Figures?|Tables?)\s+(\d+\s*(–|-|and|,)\s*)*$/.test(before)) continue;
    const u = UNIT.exec(after);
    if (u && unit !== undefined && u[1] !== unit) continue;
    const written = m[0].replace(/[ \u2009\u202f]/g, '');
    out.push({ value: Number(written), decimals: written.split('.')[1]?.length ?? 0 });
  }
  return out;
}

describe('the shipped activities', () => {
  it('one per paper, each of at least five steps and four checks', () => {
    expect(LAB_PLUGINS.map((p) => p.activities.problems).flat()).toEqual([]);
    for (const p of LAB_PLUGINS) {
      const mine = p.activities.activities;
      expect(mine.length, p.id).toBeGreaterThanOrEqual(1);
      for (const a of mine) {
        expect(a.steps.length, a.id).toBeGreaterThanOrEqual(5);
        expect(a.steps.flatMap((s) => s.checks ?? []).length, a.id).toBeGreaterThanOrEqual(4);
      }
    }
    expect(WALKS.map((w) => w.id).sort()).toEqual(SHIPPED.map((a) => a.id).sort());
  });

  for (const a of SHIPPED) {
    const walk = WALKS.find((w) => w.id === a.id)!;

    it(`${a.id}: every step's scenario runs as written`, () => {
      for (const s of a.steps) {
        if (s.scenario === undefined) continue;
        const { scenario, errors } = parseScenario(s.scenario);
        expect(errors).toEqual([]);
        expect(scenario.system).toBe(a.system);
      }
    });

    it(`${a.id}: every number question has the simulation's answer, and the key prints it`, () => {
      for (const [i, checks] of stepExercises(a).entries()) {
        for (const [j, ex] of checks.entries()) {
          if (ex.answer.kind !== 'number') continue;
          const t = headlessTruth(ex);
          expect(Number.isFinite(t.truth), `${i + 1}.${j + 1}`).toBe(true);
          expect(checkNumber(ex.answer, formatTruth(t.truth), t.truth, t.band).correct).toBe(true);
          expect(keyAnswer(a.steps[i].checks![j], t)).toMatch(new RegExp(`^${formatTruth(t.truth)}\\b`));
        }
      }
    });

    it(`${a.id}: a question about the student's run fails on the step's run and passes after the change it asks for`, () => {
      for (const [i, checks] of stepExercises(a).entries()) {
        for (const [j, ex] of checks.entries()) {
          if (ex.answer.kind !== 'state') continue;
          const key = `${i + 1}.${j + 1}`;
          const change = walk.solutions[key];
          expect(change, `${key} has a solution`).toBeDefined();
          const before = runSummary(ex.scenario);
          expect(checkState(ex.answer, before, true).correct, `${key} before`).toBe(false);
          const text = mergeScenario(ex.scenario, ...Object.entries(change).map(([k, v]) => `${k}=${v}`));
          // The change keeps every lock: the locks leave it as it is.
          expect(applyLocks(text, stepLocks(a, i)).lockedOut, key).toEqual([]);
          expect(parseScenario(text).errors).toEqual([]);
          expect(checkState(ex.answer, runSummary(text), true).correct, `${key} after`).toBe(true);
        }
      }
    });

    it(`${a.id}: nothing a student reads before answering states an answer`, () => {
      const texts = [
        a.title,
        a.intro ?? '',
        ...a.steps.flatMap((s) => [
          s.title,
          s.text,
          ...(s.checks ?? []).flatMap((c) => [c.question, c.checking ?? '', c.hint ?? '']),
        ]),
      ];
      for (const [i, checks] of stepExercises(a).entries()) {
        for (const [j, ex] of checks.entries()) {
          if (ex.answer.kind !== 'number') continue;
          const t = headlessTruth(ex);
          for (const text of texts)
            for (const n of statedNumbers(text, ex.answer.unit)) {
              const where = `${i + 1}.${j + 1} (answer ${t.truth}): “${text}” states ${n.value}`;
              expect(checkNumber(ex.answer, String(n.value), t.truth, t.band).correct, where).toBe(false);
            }
        }
      }
    });
  }

  it('the comparisons the explanations make hold on the runs', () => {
    const get = (text: string, path: string) => getPath(runSummary(text), path);
    const scenario = (id: string, step: number) =>
      stepScenario(
        SHIPPED.find((a) => a.id === id)!,
        step - 1,
      );
    // IS-707 step 6: more timeouts than step 2, yet more than twice its goodput, far less time at 64 s.
    const [f5, f7] = [scenario('is707-figures-5-8', 2), scenario('is707-figures-5-8', 6)];
    expect(get(f7, 'tcp.timeouts')).toBeGreaterThan(get(f5, 'tcp.timeouts'));
    expect(get(f7, 'normalizedGoodput')).toBeGreaterThan(2 * get(f5, 'normalizedGoodput'));
    expect(get(f5, 'tcp.rtoAtMaxFraction')).toBeGreaterThan(0.3);
    // GSM step 4: poor radio within 2 % of good radio's binary throughput, no TCP retransmission.
    const [good, poor] = [scenario('gsm-throughput-and-resets', 3), scenario('gsm-throughput-and-resets', 4)];
    expect(get(poor, 'app.kbytesPerSecond') / get(good, 'app.kbytesPerSecond')).toBeGreaterThan(0.98);
    expect(get(poor, 'tcp.retransmits')).toBe(0);
    // PHS steps 3–4 (Table 2): a link lost at 5 s costs more than five links from the start.
    const [lost, five] = [scenario('phs-bundle-and-burst', 3), scenario('phs-bundle-and-burst', 4)];
    expect(get(lost, 'app.transferTime')).toBeGreaterThan(get(five, 'app.transferTime') + 5);
    // DECT steps 5–6: TH at 85–91 % of TH_teo, lower with the BER doubled.
    const [ber1, ber2] = [
      scenario('dect-bearers-and-throughput', 5),
      scenario('dect-bearers-and-throughput', 6),
    ];
    const ratio = get(ber1, 'app.th') / get(ber1, 'app.thTeo');
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(0.91);
    expect(get(ber2, 'app.th')).toBeLessThan(get(ber1, 'app.th') - 1);
    // GERAN steps 2–4: no packet lost yet timeouts; nineteen objects take about twice one's time.
    const starved = scenario('geran-starvation-and-setup', 2);
    expect(get(starved, 'link.packetsLost')).toBe(0);
    expect(get(starved, 'tcp.timeouts')).toBeGreaterThan(0);
    const [one, many] = [
      scenario('geran-starvation-and-setup', 3),
      scenario('geran-starvation-and-setup', 4),
    ];
    const times = get(many, 'app.transferTime') / get(one, 'app.transferTime');
    expect(times).toBeGreaterThan(1.8);
    expect(times).toBeLessThan(2.6);
  });
});
