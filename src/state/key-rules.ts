/**
 * The rules between keys (engine/scenario/rules.ts) for what the link holds besides the scenario:
 * A/B's `b.<key>` changes and a sweep's alternatives are each checked against their key's range
 * where they are read; here they are checked together, through the parser itself, so that a B or
 * a sweep run the page would start is one the engine takes without an error (`b.rtoMax=0.01` on a
 * stack whose RTO minimum is 0.2 s is refused as the URL `rtoMax=0.01` is).
 */
import { expandSweep, paramSpec, parseScenario } from '../engine/scenarios';
import { strictError } from '../engine/scenario/errors';
import { safeDecode } from '../engine/scenario/text';
import { formatValue } from '../engine/scenario/values';
import type { SystemId } from '../engine/scenario/types';
import { compareText, type CompareChange } from './ab-compare';

/** A change or an alternative a rule refused, with the parser's words. */
export interface RuleRefusal {
  readonly key: string;
  readonly value: string;
  readonly message: string;
}

/** What a refused value should have been, for the banner's "expected …". */
export function agreeingText(r: RuleRefusal): string {
  return `a value that agrees with the other keys (${r.message})`;
}

/**
 * B's changes (each valid alone) that agree with one another and with the system's defaults under
 * its rules between keys; those a rule sets back are refused. A's own keys are not known here: a
 * conflict with them is named when B runs.
 */
export function agreeingChanges(
  system: SystemId,
  changes: readonly CompareChange[],
): { kept: CompareChange[]; refused: RuleRefusal[] } {
  let kept = [...changes];
  const refused: RuleRefusal[] = [];
  for (let round = 0; round < changes.length; round++) {
    const b = parseScenario(compareText(`system=${system}`, kept));
    if (b.errors.length === 0) break;
    const message = strictError(b.errors[0]).message;
    const reset = kept.filter((c) => {
      const spec = paramSpec(system, c.key);
      return spec !== undefined && formatValue(spec, b.scenario.values[c.key]) !== c.value;
    });
    if (reset.length === 0) break;
    for (const c of reset) refused.push({ key: c.key, value: c.value, message });
    kept = kept.filter((c) => !reset.includes(c));
  }
  return { kept, refused };
}

/** `key=a|b|c` segments of a clean sweep text (each key once, alternatives canonical). */
interface Segment {
  readonly key: string;
  options: string[];
}

/**
 * A clean sweep text (each alternative valid alone) without the alternatives a rule between keys
 * refuses in some run: the runs are the engine's own expansion, and each refusal names the run's
 * keys (`rtoMin=600&rtoMax=0.01`). `maxRuns`: larger sweeps are left as they are (the page refuses
 * them for their size anyway).
 */
export function agreeingSweep(text: string, maxRuns: number): { text: string; refused: RuleRefusal[] } {
  const segments: Segment[] = text.split('&').map((seg) => {
    const eq = seg.indexOf('=');
    return { key: seg.slice(0, eq), options: seg.slice(eq + 1).split('|') };
  });
  const refused: RuleRefusal[] = [];
  const join = (): string =>
    segments
      .filter((s) => s.options.length > 0)
      .map((s) => `${s.key}=${s.options.join('|')}`)
      .join('&');
  for (;;) {
    const runs = segments.reduce((n, s) => n * Math.max(1, s.options.length), 1);
    if (runs > maxRuns) break;
    const expanded = expandSweep(join(), 1);
    const e = expanded.errors[0];
    if (!e) break;
    // The keys of the run the rule names, with that run's values: drop the value of the one with
    // the most alternatives (a sweep's point), else the whole key.
    const named = e.value.split('&').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]);
    const holds = (s: Segment, v: string): boolean => s.options.some((o) => safeDecode(o) === v);
    const hits = segments.filter((s) => named.some(([k, v]) => k === s.key && holds(s, v)));
    if (hits.length === 0) break;
    const seg = hits.reduce((a, b) => (b.options.length > a.options.length ? b : a));
    const value = named.find(([k]) => k === seg.key)![1];
    seg.options = seg.options.filter((o) => safeDecode(o) !== value);
    refused.push({ key: seg.key, value, message: strictError(e).message });
  }
  return { text: join(), refused };
}
