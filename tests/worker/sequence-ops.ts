/**
 * The operations of the session sequence fuzz (session-sequence-fuzz.test.ts) as plain data, and
 * their fast-check arbitraries: what a user does in the lab, in the terms the worker sees it.
 * Play is a few ticks of `step(n)` (n frames per animation frame, as at any speed), pause is the
 * gap between two operations (the session has no state for it), Step is `step(1)`, a system switch
 * is the `load` that starts the next segment. Plain data so that fast-check prints and shrinks a
 * failing sequence as a readable list.
 */
import fc from 'fast-check';
import { getSystem, parseScenario } from '../../src/engine';
import type { ParamSpec } from '../../src/engine';
import { validValue } from '../engine/scenario/fuzz-arbitraries';
import { STACK_REMEDIES } from '../../src/engine/systems/remedy-params';

export type Op =
  /** Play: `ticks` animation frames of `frames` frames each. */
  | { readonly op: 'play'; readonly ticks: number; readonly frames: number }
  /** The Step button: one frame. */
  | { readonly op: 'step' }
  /** Max speed to the end (`runToEnd`). */
  | { readonly op: 'toEnd' }
  /** The seek bar, at a fraction of the duration (past 1: beyond the end). */
  | { readonly op: 'seek'; readonly at: number }
  /** Seek to a time this segment has shown (`pick` among them): back, or forward again. */
  | { readonly op: 'seekSeen'; readonly pick: number }
  /** Seek to the time of a timed change of the link, shifted by `shift` frames. */
  | { readonly op: 'seekEvent'; readonly pick: number; readonly shift: number }
  /** A parameter edit (live or not, valid or not: `value` is the text the user typed). */
  | { readonly op: 'edit'; readonly key: string; readonly value: string }
  /** The last edited key set back to the value it had before that edit. */
  | { readonly op: 'revert' }
  /** A drag of the phone: each move shifts it by whole metres (as the map sends), then plays `frames`. */
  | {
      readonly op: 'drag';
      readonly moves: readonly { readonly dx: number; readonly dy: number; readonly frames: number }[];
    }
  | { readonly op: 'restart' }
  | { readonly op: 'clear' }
  /** A new seed (the dice button). */
  | { readonly op: 'seed'; readonly seed: number };

/** One system's part of a sequence: load a link, then operate on it. */
export interface Segment {
  readonly system: string;
  /** Simulated seconds of the loaded scenario (short: the fuzz must stay cheap). */
  readonly duration: number;
  readonly seed: number;
  /** Starting values in the loaded link (`key=value`). */
  readonly starts: readonly { readonly key: string; readonly value: string }[];
  /** Timed changes in the loaded link: `tenths` of a second, a live key, a value. */
  readonly events: readonly { readonly tenths: number; readonly key: string; readonly value: string }[];
  readonly ops: readonly Op[];
}

/** Simulated seconds per segment, by system: about 0.1–0.2 s of engine time for a whole run. */
const DURATION: Readonly<Record<string, number>> = { is707: 20, gsm: 8, phs: 5, dect: 4, geran: 20 };
export const durationOf = (system: string): number => DURATION[system] ?? 5;

/**
 * Keys whose random values would make a case slow or meaningless here: `duration` is drawn from the
 * segment's short range instead, `events` and `seed` have operations of their own.
 */
const NOT_EDITED = new Set(['duration', 'events', 'seed', 'system']);

/**
 * Which keys a sequence draws: `all`, or `pinned` — the keys there were when the pinned seeds and
 * found cases were drawn, so that they draw what they drew: without the remedy keys (remedies.md),
 * which came later. A fresh seed draws `all`.
 */
export type KeySet = 'all' | 'pinned';
const LATER_KEYS = new Set<string>([...STACK_REMEDIES, 'remedy']);

function specs(system: string, keys: KeySet): readonly ParamSpec[] {
  const def = getSystem(system);
  if (!def) throw new Error(`no engine model for ${system}`);
  return def.params.filter((p) => !NOT_EDITED.has(p.key) && (keys === 'all' || !LATER_KEYS.has(p.key)));
}

/**
 * Valid values left out of the draws, with the reason: none now. (DECT `hoScale` between 0 and
 * about 0.01 was, while a background call's look-ahead to its next handover need ran about
 * 100 / hoScale sojourns; background.ts bounds it at LOOK_AHEAD_PAST_END past the call's end.)
 */
const VALUES: Readonly<Record<string, fc.Arbitrary<string>>> = {};

/** A valid value text for a key (see VALUES). */
const valid = (p: ParamSpec): fc.Arbitrary<string> => VALUES[p.key] ?? validValue(p);

/** A value text for a key: a valid one most of the time, its default, or something the parser refuses. */
function valueText(p: ParamSpec): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: valid(p), weight: 6 },
    { arbitrary: fc.constant(String(p.default)), weight: 1 },
    { arbitrary: fc.constantFrom('nonsense', '-1e999', ''), weight: 1 },
  );
}

function editOf(system: string, durationMax: number, keys: KeySet): fc.Arbitrary<Op> {
  const all = specs(system, keys);
  const live = all.filter((p) => p.live);
  const key = (list: readonly ParamSpec[]) =>
    fc
      .constantFrom(...list)
      .chain((p) => valueText(p).map((value) => ({ op: 'edit' as const, key: p.key, value })));
  // `duration` restarts the run (not live): drawn short, sometimes shorter than the time reached.
  const duration = fc
    .integer({ min: 1, max: durationMax })
    .map((d) => ({ op: 'edit' as const, key: 'duration', value: String(d) }));
  return fc.oneof(
    { arbitrary: key(live.length > 0 ? live : all), weight: 6 },
    { arbitrary: key(all), weight: 2 },
    { arbitrary: duration, weight: 1 },
  );
}

/** The operations of one system (its keys, its phone if it has one). */
export function opOf(system: string, duration: number, keys: KeySet = 'all'): fc.Arbitrary<Op> {
  const drag = fc.record({
    op: fc.constant('drag' as const),
    moves: fc.array(
      fc.record({
        dx: fc.integer({ min: -60, max: 60 }),
        dy: fc.integer({ min: -60, max: 60 }),
        frames: fc.integer({ min: 0, max: 8 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  });
  const ops: { arbitrary: fc.Arbitrary<Op>; weight: number }[] = [
    {
      arbitrary: fc.record({
        op: fc.constant('play' as const),
        ticks: fc.integer({ min: 1, max: 6 }),
        frames: fc.integer({ min: 1, max: 120 }),
      }),
      weight: 6,
    },
    { arbitrary: fc.constant({ op: 'step' as const }), weight: 2 },
    { arbitrary: fc.constant({ op: 'toEnd' as const }), weight: 1 },
    {
      arbitrary: fc.record({
        op: fc.constant('seek' as const),
        at: fc.double({ min: 0, max: 1.25, noNaN: true }),
      }),
      weight: 2,
    },
    { arbitrary: fc.record({ op: fc.constant('seekSeen' as const), pick: fc.nat(64) }), weight: 2 },
    {
      arbitrary: fc.record({
        op: fc.constant('seekEvent' as const),
        pick: fc.nat(64),
        shift: fc.integer({ min: -1, max: 1 }),
      }),
      weight: 2,
    },
    { arbitrary: editOf(system, duration, keys), weight: 7 },
    { arbitrary: fc.constant({ op: 'revert' as const }), weight: 2 },
    { arbitrary: fc.constant({ op: 'restart' as const }), weight: 1 },
    { arbitrary: fc.constant({ op: 'clear' as const }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('seed' as const), seed: fc.nat() }), weight: 1 },
  ];
  if (getSystem(system)?.dragKeys) ops.push({ arbitrary: drag, weight: 3 });
  return fc.oneof(...ops);
}

/** Whether starting values `starts` make a link of `system` that parses (the rules between keys). */
function agreeing(system: string, starts: readonly { key: string; value: string }[]): boolean {
  const text = [`system=${system}`, ...starts.map(({ key, value }) => `${key}=${encodeURIComponent(value)}`)];
  return parseScenario(text.join('&')).errors.length === 0;
}

/** A segment of `system`: its link (seed, a few starting values and timed changes) and its operations. */
export function segmentOf(system: string, maxOps: number, keys: KeySet = 'all'): fc.Arbitrary<Segment> {
  const duration = durationOf(system);
  const all = specs(system, keys);
  const live = all.filter((p) => p.live);
  const pair = (list: readonly ParamSpec[]) =>
    fc.constantFrom(...list).chain((p) => valid(p).map((value) => ({ key: p.key, value })));
  return fc.record({
    system: fc.constant(system),
    duration: fc.constant(duration),
    seed: fc.nat(),
    // Starting values as a link holds them: each in its range and agreeing with the others and the
    // defaults (the rules between keys: DECT's bsd44 rtoMin of 1 s refuses rtoMax=0.01).
    starts: fc
      .uniqueArray(pair(all), { maxLength: 2, selector: (kv) => kv.key })
      .filter((starts) => agreeing(system, starts)),
    events:
      live.length === 0
        ? fc.constant([])
        : fc.array(
            fc
              .record({ tenths: fc.nat(duration * 10) })
              .chain(({ tenths }) => pair(live).map((kv) => ({ tenths, ...kv }))),
            { maxLength: 3 },
          ),
    ops: fc.array(opOf(system, duration, keys), { minLength: 1, maxLength: maxOps }),
  });
}

/** A sequence starting in `system`, perhaps switching to other systems (each switch a new segment). */
export function sequenceOf(
  system: string,
  systems: readonly string[],
  maxOps: number,
  keys: KeySet = 'all',
): fc.Arbitrary<Segment[]> {
  return fc
    .tuple(
      segmentOf(system, maxOps, keys),
      fc.array(
        fc.constantFrom(...systems).chain((s) => segmentOf(s, Math.ceil(maxOps / 2), keys)),
        { maxLength: 1 },
      ),
    )
    .map(([first, rest]) => [first, ...rest]);
}
