/**
 * A/B on one realisation (issue 12 item 2): for every system, B — A's scenario with one TCP,
 * link-layer or workload key changed — draws the same channel as A. Proved on the traces the
 * Compare panel checks (each plug-in's `realisation.sources`, compared by the panel's own
 * `checkRealisation`): identical for every such key, except the keys the plug-in declares as
 * changing the draws — and those must really change them (so the panel's warning is true).
 * One file per system (realisation/<id>.test.ts) and one test per key: the runs spread over
 * Vitest's workers, and no single test holds a system's 30-odd runs under one time-out.
 */
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, SYSTEMS } from '../../../src/engine';
import { schemaFor } from '../../../src/engine/scenarios';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import { formatValue } from '../../../src/engine/scenario/values';
import { checkRealisation, compareText } from '../../../src/state/ab-compare';
import { TraceBuffers, type TraceData } from '../../../src/state/trace-buffers';
import { LAB_PLUGINS } from '../../../src/ui/systems';

/** Groups whose keys must leave the channel's draws alone (radio and map keys change the radio). */
const NOT_RADIO = new Set(['tcp', 'link', 'workload', 'run']);

/**
 * Per system: a base that keeps its channel busy within a short run; values for keys whose effect
 * shows only with them (a generic other value is chosen for the rest), keys A needs beside them,
 * and a longer base for the declared exceptions when their effect takes longer to show.
 */
interface Case {
  readonly base: string;
  readonly values?: Readonly<Record<string, string>>;
  readonly with?: Readonly<Record<string, string>>;
  readonly exceptionsBase?: string;
}
const CASES: Readonly<Record<string, Case>> = {
  is707: { base: 'fer=0.3&fdt=0.1&duration=60' },
  gsm: { base: 'radio=poor&duration=60' },
  phs: {
    base: 'env=outdoor&msX=250&duration=20',
    values: { release: '3@5', add: '3@10' },
    // `add` re-adds a link only after a release.
    with: { add: 'release=3@5' },
  },
  // A busy cluster and frequent bearer handovers, so that handovers fail and bearers are lost and
  // set up again within the run (at the reference load that takes minutes).
  dect: {
    base: 'load=high&hoScale=20&duration=30',
    exceptionsBase: 'load=high&hoScale=20&duration=60',
    values: { bearers: '8', bth: '8', hoTimer: '3' },
  },
  geran: { base: 'bler=0.05&duration=60' },
};

/**
 * Other values of the keys a rule ties to another (engine/scenario/rules.ts): the generic pick
 * (a quarter of the range, 150 s) would put rtoMin or rtoInit above every profile's rtoMax.
 */
const RULED: Readonly<Record<string, string>> = { rtoMin: '0.5', rtoInit: '2' };

/** A valid value of `spec` other than `current` (null when the key has no other value worth a run). */
function otherValue(spec: ParamSpec, current: string): string | null {
  const pick = (options: string[]) => options.find((o) => o !== current) ?? null;
  switch (spec.kind) {
    case 'number': {
      const mid = spec.integer ? Math.round((spec.min + spec.max) / 2) : (spec.min + spec.max) / 2;
      const low = spec.integer
        ? Math.ceil(spec.min + (spec.max - spec.min) / 4)
        : spec.min + (spec.max - spec.min) / 4;
      return pick(
        [String(Math.max(spec.min, Number(current) * 2 || low)), String(low), String(mid)].filter(
          (v) => Number(v) <= spec.max,
        ),
      );
    }
    case 'bool':
      return current === '1' ? '0' : '1';
    case 'enum':
      return pick([...spec.options]);
    case 'numberList':
      return pick([Array.from({ length: spec.minItems }, () => spec.max).join(','), String(spec.min)]);
    case 'timedList':
      return pick(['1@5']);
    case 'hex':
      return pick(['0'.repeat(spec.minLength), 'f'.repeat(spec.maxLength)]);
    case 'episode':
      return pick(['500-1000-10']);
    default:
      return null;
  }
}

function traces(text: string): { data: TraceData; end: number; canonical: string } {
  const { scenario, errors } = parseScenario(text);
  expect(errors, text).toEqual([]);
  const sim = createSimulation(scenario, { keepTraces: true });
  sim.runToEnd();
  const buffers = new TraceBuffers();
  buffers.declare(sim.traces.sources());
  buffers.append(sim.traces.sources().map((s) => sim.traces.read(s.name)));
  return { data: buffers.snapshot(), end: sim.summary().simTime, canonical: text };
}

/** The realisation tests of system `id` (called by realisation/<id>.test.ts). */
export function describeRealisation(id: string): void {
  const plugin = LAB_PLUGINS.find((p) => p.id === id);
  const def = SYSTEMS.find((s) => s.id === id);
  describe(`${id}: A and B draw the same channel`, () => {
    it('is a system with a lab plug-in', () => {
      expect(plugin, id).toBeDefined();
      expect(def, id).toBeDefined();
    });
    if (!plugin || !def) return;
    const realisation = plugin.realisation;

    it('declares the traces of its channel, and its exceptions are keys outside the radio', () => {
      expect(realisation, `${id} has no realisation`).toBeDefined();
      expect(realisation!.sources.length).toBeGreaterThan(0);
      for (const key of Object.keys(realisation!.changedBy ?? {})) {
        const spec = def.params.find((p) => p.key === key);
        expect(spec, `${id}: ${key}`).toBeDefined();
        expect(NOT_RADIO.has(spec!.group), `${id}: ${key} is a ${spec!.group} key`).toBe(true);
      }
    });

    it('on its default scenario the check compares real records, and says what it compared (issue 20 item 8)', () => {
      // A TCP key changed: the channel must be the same, and proved on records, not on none.
      const text = `system=${id}&duration=20`;
      const a = traces(text);
      const b = traces(compareText(a.canonical, [{ key: 'rtoMin', value: '2' }]));
      const check = checkRealisation(a.data, b.data, realisation!.sources, Math.min(a.end, b.end));
      expect(check.identical).toBe(true);
      expect(check.records, `${id}: ${JSON.stringify(check.bySource)}`).toBeGreaterThan(0);
      expect(check.bySource.map((s) => s.source)).toEqual(realisation!.sources.map((s) => s.name));
    });

    const c = CASES[id] ?? { base: 'duration=30' };
    const aText = `system=${id}&${c.base}`;
    const keys = (schemaFor(id) ?? []).filter((p) => NOT_RADIO.has(p.group) && p.key !== 'duration');
    const sources = realisation?.sources ?? [];
    const runsOfA = new Map<string, ReturnType<typeof traces>>();
    const a0 = parseScenario(aText).scenario;
    const cases = keys.flatMap((spec) => {
      const value =
        c.values?.[spec.key] ?? RULED[spec.key] ?? otherValue(spec, formatValue(spec, a0.values[spec.key]));
      return value === null ? [] : [{ key: spec.key, value }];
    });
    let compared = 0;

    it(`has TCP, link and workload keys to change (${cases.length} of ${keys.length})`, () => {
      expect(cases.length).toBeGreaterThan(0);
    });

    it.each(cases.map((k) => [`${k.key}=${k.value}`, k] as const))(
      "%s keeps the channel's draws, unless declared as changing them",
      (_, { key, value }) => {
        const declared = realisation?.changedBy?.[key] !== undefined;
        const aBase = declared && c.exceptionsBase ? `system=${id}&${c.exceptionsBase}` : aText;
        const aWith = c.with?.[key] ? `${aBase}&${c.with[key]}` : aBase;
        const a = runsOfA.get(aWith) ?? traces(aWith);
        runsOfA.set(aWith, a);
        const b = traces(compareText(a.canonical, [{ key, value }]));
        const check = checkRealisation(a.data, b.data, sources, Math.min(a.end, b.end));
        expect(check.incomplete).toEqual([]);
        compared += check.records;
        expect(
          check.identical,
          check.identical
            ? 'identical although declared as changing the draws'
            : `differs at ${check.first?.t} s (${check.first?.source}, entity ${check.first?.entity})`,
        ).toBe(!declared);
      },
    );

    it('compared real records: the channel traces are not empty', () => {
      expect(compared).toBeGreaterThan(cases.length * 10);
    });
  });
}
