/**
 * A/B on one realisation (issue 12, item 2): A is the live run's scenario, B the same scenario —
 * same system, same seed, so the same random streams (architecture.md "Randomness": one stream per
 * component) — with one or more keys changed. This module is pure: B's scenario text from A's,
 * the link items that hold B's changes (`#b.<key>=<value>`), and the check that A's and B's
 * channel draws are identical (their channel-state traces, compared record by record).
 */
import { EVENTS_KEY, paramSpec, parseScenario, serialiseScenario } from '../engine/scenarios';
import { formatValue, parseValue } from '../engine/scenario/values';
import type { SystemId } from '../engine/scenario/types';
import type { TraceData } from './trace-buffers';

/** One key B changes, its value in canonical form. */
export interface CompareChange {
  readonly key: string;
  readonly value: string;
}

/** Prefix of the link items holding B's changes: `#b.idle=inf&b.nakRounds=1,1,1`. */
export const COMPARE_PREFIX = 'b.';

/** Keys B may not change: B runs on A's system and seed, and holds its own values for the whole run. */
const FIXED_KEYS: ReadonlyMap<string, string> = new Map([
  ['system', 'B runs the same system as A'],
  ['seed', 'B keeps A’s seed, so that its channel draws are A’s (change the seed of A instead)'],
  [EVENTS_KEY, 'B keeps A’s timed changes; give B a starting value instead'],
]);

/** A change of B read from a link item, or why it cannot be used. */
export type ChangeCheck =
  { readonly ok: true; readonly change: CompareChange } | { readonly ok: false; readonly allowed: string };

/** Check one of B's changes against the system's schema; the value comes back canonical. */
export function checkChange(system: SystemId, key: string, value: string): ChangeCheck {
  const fixed = FIXED_KEYS.get(key);
  if (fixed !== undefined) return { ok: false, allowed: `a key other than ${key}: ${fixed}` };
  const spec = paramSpec(system, key);
  if (!spec) return { ok: false, allowed: `a key of ${system} (b.<key>=<value>, e.g. b.duration=100)` };
  const r = parseValue(spec, value);
  if (!r.ok) return { ok: false, allowed: `${r.message.replace(/^must be /, '')} (${spec.description})` };
  return { ok: true, change: { key, value: formatValue(spec, r.value) } };
}

/** Set `key` in a change list (a later change of a key replaces the earlier one, in place). */
export function withChange(changes: readonly CompareChange[], change: CompareChange): CompareChange[] {
  const i = changes.findIndex((c) => c.key === change.key);
  if (i < 0) return [...changes, change];
  const next = [...changes];
  next[i] = change;
  return next;
}

/**
 * B's scenario: A's (a canonical text) with the changed keys' starting values set, and A's timed
 * changes of those keys dropped — B holds its value for the whole run; every other timed change of
 * A stays, so B differs from A only in the keys it names.
 */
export function compareText(aText: string, changes: readonly CompareChange[]): string {
  const a = parseScenario(aText).scenario;
  const changed = new Set<string>();
  const values = { ...a.values };
  for (const c of changes) {
    const spec = paramSpec(a.system, c.key);
    const r = spec && !FIXED_KEYS.has(c.key) ? parseValue(spec, c.value) : null;
    if (!r?.ok) continue;
    values[c.key] = r.value;
    changed.add(c.key);
  }
  return serialiseScenario({
    ...a,
    values,
    events: a.events.filter((e) => !changed.has(e.key)),
  });
}

/** Keys whose values differ between two scenarios of one system (what B changes in fact). */
export function changedKeys(aText: string, bText: string): string[] {
  const a = parseScenario(aText).scenario;
  const b = parseScenario(bText).scenario;
  const spec = (k: string) => paramSpec(a.system, k);
  return Object.keys(b.values).filter((k) => {
    const s = spec(k);
    return s !== undefined && formatValue(s, a.values[k]) !== formatValue(s, b.values[k]);
  });
}

/** A trace source that records the channel's draws, compared one entity (link, bearer…) at a time. */
export interface RealisationSource {
  readonly name: string;
  /** The field naming the entity (e.g. `link`): only entities present in both runs are compared. */
  readonly per?: string;
  /** What one record is, in words, plural ("channel-state changes"); the source's name when absent. */
  readonly records?: string;
  /**
   * Why a run may hold no record of it (e.g. "it records a change only, and no link's channel left the
   * good state"): said when both runs have none, so that an empty check is never shown as a proof.
   */
  readonly none?: string;
}

/** One source's part in the check. */
export interface SourceCheck {
  readonly source: string;
  /** Records compared (equal in A and B, entity by entity, up to the first difference). */
  readonly records: number;
  /** Records A and B hold up to `until`, together: 0 means neither run has any to compare. */
  readonly held: number;
  /** False when a run did not keep the source at all (a frame-level trace made only for a reader). */
  readonly kept: boolean;
}

/** The outcome of comparing A's and B's channel-state traces. */
export interface RealisationCheck {
  /** True when every compared record is the same (time and every field). */
  readonly identical: boolean;
  /** Records compared (over both runs' common time span). */
  readonly records: number;
  /** Seconds both runs cover (the shorter run's end). */
  readonly until: number;
  /** Entities present in one run only (e.g. a link B never sets up), by source. */
  readonly onlyOne: readonly { readonly source: string; readonly per: string; readonly entity: number }[];
  /** The first difference, when not identical. */
  readonly first: {
    readonly source: string;
    readonly t: number;
    /** The entity's field (`link`) and value, or null for a source compared whole. */
    readonly per: string | null;
    readonly entity: number | null;
  } | null;
  /** Sources that lost their oldest records (memory cap): they could not be compared whole. */
  readonly incomplete: readonly string[];
  /** Each source's part, in the order given: what was compared, and what could not be. */
  readonly bySource: readonly SourceCheck[];
}

/** Indices of a source's records at or before `until`, grouped by entity (or one group). */
function groups(data: TraceData, src: RealisationSource, until: number): Map<number, number[]> {
  const s = data[src.name];
  const out = new Map<number, number[]>();
  if (!s) return out;
  const per = src.per ? s.cols[src.per] : undefined;
  for (let i = 0; i < s.length && s.t[i] <= until; i++) {
    const g = per ? per[i] : 0;
    let list = out.get(g);
    if (!list) out.set(g, (list = []));
    list.push(i);
  }
  return out;
}

/**
 * Compare A's and B's channel draws: each source's records up to the shorter run's end, entity by
 * entity, must agree in time and every field. Entities one run never has (a link not set up in B)
 * are listed, not counted as differences: their absence is B's change, not another draw.
 * `declared` lists the sources each run declared (`TracedRun.sources`): one missing from a run was
 * not kept (issue 20 item 8), which `bySource` says apart from a source kept with no record.
 */
export function checkRealisation(
  a: TraceData,
  b: TraceData,
  sources: readonly RealisationSource[],
  until: number,
  declared?: { readonly a: readonly string[]; readonly b: readonly string[] },
): RealisationCheck {
  let records = 0;
  const bySource: SourceCheck[] = [];
  const onlyOne: { source: string; per: string; entity: number }[] = [];
  const incomplete = sources.filter((s) => (a[s.name]?.dropped ?? 0) > 0 || (b[s.name]?.dropped ?? 0) > 0);
  let first: RealisationCheck['first'] = null;
  for (const src of sources) {
    const sa = a[src.name];
    const sb = b[src.name];
    const ga = groups(a, src, until);
    const gb = groups(b, src, until);
    const per = src.per ?? '';
    const before = records;
    let held = 0;
    for (const list of ga.values()) held += list.length;
    for (const list of gb.values()) held += list.length;
    for (const g of gb.keys()) if (!ga.has(g)) onlyOne.push({ source: src.name, per, entity: g });
    for (const [g, ia] of ga) {
      const ib = gb.get(g);
      if (!ib || !sa || !sb) {
        onlyOne.push({ source: src.name, per, entity: g });
        continue;
      }
      const fields = Object.keys(sa.cols);
      const n = Math.max(ia.length, ib.length);
      for (let k = 0; k < n; k++) {
        const i = ia[k];
        const j = ib[k];
        const same =
          i !== undefined &&
          j !== undefined &&
          sa.t[i] === sb.t[j] &&
          fields.every((f) => sa.cols[f][i] === sb.cols[f]?.[j]);
        if (!same) {
          const t = i !== undefined ? sa.t[i] : sb.t[j];
          if (!first || t < first.t)
            first = { source: src.name, t, per: src.per ?? null, entity: src.per ? g : null };
          break;
        }
        records++;
      }
    }
    const kept = declared ? declared.a.includes(src.name) && declared.b.includes(src.name) : true;
    bySource.push({ source: src.name, records: records - before, held, kept });
  }
  return {
    identical: first === null,
    records,
    until,
    onlyOne,
    first,
    incomplete: incomplete.map((s) => s.name),
    bySource,
  };
}
