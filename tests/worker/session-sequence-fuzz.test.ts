/**
 * Operation-sequence fuzz of the worker's session (tldraw's pattern, issue 21 item 3): random
 * sequences of play, Step, seeks back and forward, edits (live and starting values, valid or not),
 * drags of the phone, Restart, Clear timed changes, new seeds and system switches against one
 * SimSession and its edit log. Every result is held to the invariants of sequence-checks.ts (time,
 * link, summary, the link's replay to the same frame: identical summary, traceHash and trace) and
 * to what its operation promises (sequence-run.ts, docs/lab.md); at the end of each segment a
 * fresh session loads the link and reaches the same state, and the session runs on to the end.
 *
 * Per system: the pinned fast-check seeds run every time, then one fresh seed (from the clock;
 * tests only), each for SEQ_FUZZ_RUNS sequences (default 2; `test:deep` runs 100). A failure names
 * its seed in the test title; fast-check's message adds the path of the shrunk sequence and the
 * sequence itself. Replay: SEQ_FUZZ_SEEDS=<seed> (replaces every seed of the run), plus
 * SEQ_FUZZ_PATH=<path> for the shrunk case alone. Fixed, a defect's seed and path join FOUND (and
 * FOUND_FRESH when it was a fresh or replayed seed, which draw every key).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { getSystem, SYSTEM_IDS } from '../../src/engine';
import { sequenceOf, type KeySet } from './sequence-ops';
import { runSequence } from './sequence-run';
import { fuzzCount } from '../fuzz-budget';

const RUNS = fuzzCount('SEQ_FUZZ_RUNS', 2, 100);
/** Operations in a sequence's first segment (a second one, after a system switch, has half). */
const OPS = 12;
/** Shrinking re-runs whole sequences: a bounded number of tries keeps a failure's report in seconds. */
const SHRINKS = 150;

/** Seeds run every time, by system (those that found a defect among them). */
const PINNED: Readonly<Record<string, readonly number[]>> = {
  // -1190935382: with split=1 the summary's radio-half counters went down (5 → 2) once the relay took the connection.
  is707: [1, 42, -1190935382],
  // -31830231: a late SYN-ACK from the mobile, after the split relay's radio half gave up, threw.
  // 90995913: rtoAtMaxFraction summed overlapping connections (crr) and passed 1.
  gsm: [34, -31830231, 90995913],
  phs: [1],
  dect: [4, 7],
  // 807892415: a fresh seed whose link held two points of one key 100 ms apart, which the test's own
  // link maker (segmentLink) still allowed after the lab's spacing became 200 ms. (The PHS
  // link1/release refusal the same seed found, in a PHS segment after another system, does not
  // come back with that fix reverted alone; tests/engine/scenario/rules.test.ts replays it.)
  geran: [1, 2007, 807892415],
};

/**
 * Pinned seeds that were fresh when they found their defect: they draw every key (`all`), as they
 * did then; the others the keys there were when they were pinned (sequence-ops.ts KeySet). Drawn
 * with `pinned`, a seed found fresh draws other sequences and its path another case.
 */
const FOUND_FRESH = new Set([-1190935382, 807892415, -31830231, 90995913]);
const keysOf = (seed: number): KeySet => (FOUND_FRESH.has(seed) ? 'all' : 'pinned');

/** Sequences that found a defect (now fixed), replayed alone by seed and path: what each found. */
const FOUND: readonly { system: string; seed: number; path: string; found: string }[] = [
  { system: 'gsm', seed: 34, path: '1:0:0:7:10:9:10:10:10:10', found: 'seek(4.02) landed a frame early' },
  { system: 'is707', seed: 42, path: '1:0:0:1:7:2:3:2:3:2:3:3:3', found: 'seek(16.22) landed a frame early' },
  { system: 'geran', seed: 1, path: '1:0:0:0:0:0:0:0:2:10:9', found: 'DECT bearer11=0 threw' },
  {
    system: 'dect',
    seed: 7,
    path: '1:0:0:0:0:0:0:0:1:1:1:4:2:3:4:3:3:3:3:5:4:4:8:7:7:7:7:7:9:8:8:8',
    found: 'a change at the moment of a recorded one after a seek back waited behind it',
  },
  {
    system: 'dect',
    seed: 4,
    path: '0:0:2:1:0:1:0:4:1:1:2',
    found: "DECT's delay mean hung on how often the view was read",
  },
  {
    system: 'geran',
    seed: 2007,
    path: '1:4:7:18:25:2:19:18:16:17',
    found: 'GERAN synRetransmits went down mid-run',
  },
  {
    system: 'is707',
    seed: -1190935382,
    path: '0:0:3:4:7:8:8:8:8',
    found: 'split=1: the summary’s segmentsSent went down (5 → 3) once the relay took the connection',
  },
  {
    system: 'gsm',
    seed: -31830231,
    path: '37:0:4:3:5:3:3:12:6:5:7:6:5:5:5:9:8:5:7:5:8:6:7',
    found: "split=1: the mobile's late SYN-ACK after the relay's radio half gave up threw (port pair in use)",
  },
  {
    system: 'gsm',
    seed: 90995913,
    path: '49:0:1:6:3:3:3:2:1:3:5:3:1:1:1:4:2:2:1:2:1:1:1:1:3:2:2:2:8:1:1:2:3:2:3:2:1:2:2:1:1:3:2:4:2:2:1:1:1',
    found: 'app=crr: rtoAtMaxFraction 1.10, the overlapping connections summed',
  },
];

const systems = SYSTEM_IDS.filter((id) => getSystem(id) !== undefined);
const given = process.env.SEQ_FUZZ_SEEDS?.split(',').map((s) => Number(s) | 0);

/** One fresh seed for this run and system (from the clock). */
const fresh = (salt: number): number => (Date.now() ^ Math.imul(salt + 1, 0x9e3779b1)) | 0;

const sequences = (system: string, keys: KeySet) =>
  fc.limitShrink(sequenceOf(system, systems, OPS, keys), SHRINKS);

/** `numRuns` sequences from `seed`, shrinking a failing one; with a path, that one sequence alone. */
function check(system: string, seed: number, numRuns: number, keys: KeySet, path?: string): void {
  if (path) {
    // fc.assert with a path would go on through the shrinks after it: take the one sequence.
    const [segments] = fc.sample(sequences(system, keys), { seed, path, numRuns: 1 });
    return runSequence(segments);
  }
  fc.assert(
    fc.property(sequences(system, keys), (segments) => {
      runSequence(segments);
    }),
    { seed, numRuns },
  );
}

describe('session operation sequences (seeded fuzz)', () => {
  it('pins seeds for every system with an engine model', () => {
    const missing = systems.filter((id) => (PINNED[id] ?? []).length === 0);
    if (systems.length === 0 || missing.length > 0)
      throw new Error(`no pinned seeds for ${missing.join(', ')}`);
  });

  if (!given)
    it.each(FOUND.map((f) => [f.system, f.seed, f.path, f.found] as const))(
      '%s: seed %i path %s (found: %s) keeps every invariant',
      (system, seed, path) => check(system, seed, 1, keysOf(seed), path),
    );

  systems.forEach((system, i) => {
    const seeds = given ?? [...(PINNED[system] ?? []), fresh(i)];
    // The pinned seeds draw the keys they were found with; the fresh one every key (sequence-ops.ts).
    const pinned = new Set(given ? [] : (PINNED[system] ?? []));
    it.each(seeds)(`${system}: seed %i keeps every invariant`, (seed) =>
      check(system, seed, RUNS, pinned.has(seed) ? keysOf(seed) : 'all', process.env.SEQ_FUZZ_PATH),
    );
  });
});
