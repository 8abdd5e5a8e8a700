/**
 * The conformance suite (issue 22): through the contract's two faces alone, an entity must keep
 * its sequence integrity under scripted loss, duplicates and reordering (what its medium can
 * show), drain every event in the round that raised it, and honour its deadlines.
 */
import { describe, expect, it } from 'vitest';
import type { FrameFaults } from '../../../../src/engine/link/fault';
import { run, type RunResult, type Scenario, type Subject } from './harness';

export const set =
  (...ns: number[]) =>
  (n: number): boolean =>
    ns.includes(n);

/** 24 SDUs from A and 8 from B at the start, 8 and 4 more later: data both ways, never a silent tail. */
function pushes(ticks: number): Scenario['pushes'] {
  return [
    { at: 0, dir: 0, count: 24 },
    { at: 0, dir: 1, count: 8 },
    { at: Math.floor(ticks / 3), dir: 0, count: 8 },
    { at: Math.floor(ticks / 3), dir: 1, count: 4 },
  ];
}

export function scenario(s: Subject<unknown, unknown>, faults: [FrameFaults, FrameFaults]): Scenario {
  // Long enough for each entity to carry 32 SDUs of 300 bytes at its own rate (V.42: 9600 bit/s).
  const ticks = s.clock === 'continuous' ? 1500 : 3000;
  return { pushes: pushes(ticks), faults, ticks };
}

export const ALL_A = Array.from({ length: 32 }, (_, i) => i);
const ALL_B = Array.from({ length: 12 }, (_, i) => i);

/** Strictly increasing (in order, no duplicate) and only SDUs that were pushed. */
function inOrder(got: readonly number[], pushed: number): void {
  for (let i = 1; i < got.length; i++) expect(got[i]).toBeGreaterThan(got[i - 1]);
  for (const p of got) expect(p).toBeLessThan(pushed);
}

/** The end whose events report an SDU of direction `dir` (0: A→B) given up. */
function reporter(s: Subject<unknown, unknown>, dir: number): number {
  return s.lossReportedBy === 'sender' ? dir : 1 - dir;
}

function contractHeld(r: RunResult<unknown>): void {
  expect(r.missedDeadlines).toEqual([]);
  expect(r.leftBehind).toBe(0);
}

/**
 * The suite for one entity: what every link layer's conformance test runs (a new link layer's
 * test calls this with its subject; tests/architecture/toy-link.test.ts shows one).
 */
export function describeConformance<F, E>(subject: Subject<F, E>): void {
  const s = subject as unknown as Subject<unknown, unknown>;
  describe(`${s.name} conforms to the link contract`, () => {
    it('delivers every SDU both ways, in order, once, on a clean medium', () => {
      const r = run(s, scenario(s, [{}, {}]));
      expect(r.delivered[0]).toEqual(ALL_A);
      expect(r.delivered[1]).toEqual(ALL_B);
      contractHeld(r);
    });

    it('keeps sequence integrity under scripted loss (and recovers all if it has ARQ)', () => {
      const lossAB = set(3, 4, 11, 17, 30, 31, 32, 45);
      const lossBA = set(2, 9, 10, 25, 40);
      const r = run(s, scenario(s, [{ drop: lossAB }, { drop: lossBA }]));
      inOrder(r.delivered[0], 32);
      inOrder(r.delivered[1], 12);
      if (s.recovers) {
        // An ARQ link delivers all, unless it gave an SDU up by its own rule — and then says so with
        // an event at the receiving end (the DECT DLC's timer 2, an IS-707 abort).
        for (const [dir, all] of [ALL_A, ALL_B].entries()) {
          const missing = all.filter((p) => !r.delivered[dir].includes(p));
          if (missing.length > 0) expect(r.events[reporter(s, dir)].length, `${missing}`).toBeGreaterThan(0);
          expect(missing.length).toBeLessThan(3);
        }
      } else {
        // No recovery: a lost frame loses the SDUs it carried a byte of, and only those.
        expect(r.delivered[0].length).toBeLessThan(32);
        expect(r.delivered[0].length).toBeGreaterThan(20);
      }
      contractHeld(r);
    });

    if (s.duplicates)
      it('delivers nothing twice when frames arrive twice', () => {
        const dup = set(1, 2, 5, 9, 20, 21, 33);
        const r = run(s, scenario(s, [{ duplicate: dup }, { duplicate: dup }]));
        expect(r.delivered[0]).toEqual(ALL_A);
        expect(r.delivered[1]).toEqual(ALL_B);
        contractHeld(r);
      });

    if (s.reorders)
      it('delivers in order when frames overtake each other', () => {
        const hold = (n: number): number => (n === 6 ? 1 : n === 15 ? 2 : n === 27 ? 1 : 0);
        const r = run(s, scenario(s, [{ hold }, { hold }]));
        expect(r.delivered[0]).toEqual(ALL_A);
        expect(r.delivered[1]).toEqual(ALL_B);
        contractHeld(r);
      });

    it('survives a blackout both ways: in order, no duplicate, events drained, deadlines kept', () => {
      // 40 slots (0.8 s at 20 ms; V.42: 40 of its 20 ms push steps) with every frame lost both ways,
      // early in the run while A's backlog is long. Shorter than the DECT DLC's window of 63
      // fragments: LU2 has timers at the receiver only (dect.md), so a blackout that swallowed a
      // whole window would leave the receiver nothing that shows it a gap.
      const from = 20 * s.tick;
      const to = 60 * s.tick;
      const dark = (_n: number, now: number): boolean => now >= from && now < to;
      const r = run(s, scenario(s, [{ drop: dark }, { drop: dark }]));
      inOrder(r.delivered[0], 32);
      inOrder(r.delivered[1], 12);
      // After the blackout the link carries data again: the last SDUs pushed arrive.
      if (s.recovers) {
        expect(r.delivered[0].at(-1)).toBe(31);
        expect(r.delivered[1].at(-1)).toBe(11);
      }
      // An SDU given up is reported: an entity that loses data says so with an event.
      if (s.recovers && r.delivered[0].length < 32)
        expect(r.events[reporter(s, 0)].length).toBeGreaterThan(0);
      contractHeld(r);
    });
  });
}
