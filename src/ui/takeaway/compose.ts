import type { Summary } from '../../engine/scenario/summary';
import { COMMON_RULES } from './common-rules';
import { figureWriter } from './figures';
import type { SystemTakeaway, TakeawayRule, TakeawaySentence } from './types';

/** Most sentences a takeaway shows. */
export const MAX_SENTENCES = 3;

/**
 * The takeaway of a finished run: every rule that applies (the system's and the common ones it
 * keeps), the heaviest `MAX_SENTENCES` in order of weight. A rule that throws is left out — a
 * takeaway never breaks the page.
 */
export function takeaway(summary: Summary, system?: SystemTakeaway): TakeawaySentence[] {
  const omit = new Set(system?.omit ?? []);
  const rules: TakeawayRule[] = [...(system?.rules ?? []), ...COMMON_RULES.filter((r) => !omit.has(r.id))];
  const out: TakeawaySentence[] = [];
  for (const rule of rules) {
    const f = figureWriter(summary);
    let r;
    try {
      r = rule.apply(summary, f);
    } catch {
      r = null;
    }
    if (r && Number.isFinite(r.weight))
      out.push({ rule: rule.id, text: r.text, figures: f.used, reads: [...f.reads], weight: r.weight });
  }
  return out.sort((a, b) => b.weight - a.weight).slice(0, MAX_SENTENCES);
}
