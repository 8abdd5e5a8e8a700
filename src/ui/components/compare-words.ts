/**
 * What the Compare panel says in words (issue 12 item 2): what stays identical between A and B and
 * whether these two runs bear it out, and the summaries side by side with their differences.
 * Pure, so the sentences are tested without a page.
 */
import { getPath } from '../../engine/analysis';
import { paramSpec } from '../../engine/scenarios';
import type { CompareChange, RealisationCheck, RealisationSource } from '../../state/ab-compare';
import { flattenSummary } from '../../state/summary-fields';
import type { Realisation } from '../systems/types';
import { num, seconds, sig } from '../format';

/** Three significant digits without trailing zeros (0.100 → 0.1). */
function short(x: number): string {
  const t = sig(x, 3);
  return t.includes('.') ? t.replace(/\.?0+$/, '') : t;
}

/** Groups whose keys change the radio itself: B's channel differs from A's by design. */
const RADIO_GROUPS = new Set(['radio', 'map']);

/** Why B's channel may differ from A's, one line per changed key that can change it. */
export function drawChangers(
  system: string,
  changes: readonly CompareChange[],
  realisation: Realisation | undefined,
): { key: string; why: string }[] {
  const out: { key: string; why: string }[] = [];
  for (const c of changes) {
    const spec = paramSpec(system, c.key);
    if (spec && RADIO_GROUPS.has(spec.group))
      out.push({
        key: c.key,
        why: `${spec.label} is a radio setting: B’s channel differs from A’s by design`,
      });
    else {
      const why = realisation?.changedBy?.[c.key];
      if (why !== undefined) out.push({ key: c.key, why });
    }
  }
  return out;
}

/** A source's records in words: "channel-state changes (channel.state)". */
function recordsOf(name: string, sources: readonly RealisationSource[]): string {
  const words = sources.find((s) => s.name === name)?.records;
  return words ? `${words} (${name})` : `${name} records`;
}

/**
 * The result of the channel check in a sentence or two. A check over nothing is never shown as a
 * proof (issue 20 item 8): a source neither run holds a record of is named with why (it records a
 * change only, and nothing changed; or a run did not keep it), and a check that compared no record
 * at all says so instead of "all 0 … are the same".
 */
export function realisationSentence(
  check: RealisationCheck,
  changers: readonly { key: string }[],
  sources: readonly RealisationSource[] = [],
): string {
  const span = `up to ${seconds(check.until)} (the shorter run’s end)`;
  if (check.incomplete.length > 0)
    return `Not checked whole: ${check.incomplete.join(', ')} lost its oldest records in one run (memory cap).`;
  if (check.identical) {
    const compared = check.bySource.filter((s) => s.records > 0);
    const gaps: string[] = [];
    for (const s of check.bySource) {
      const words = recordsOf(s.source, sources);
      if (!s.kept) gaps.push(`${words}: not kept by one of the runs (a frame-level trace), so not compared`);
      else if (s.held === 0) {
        const why = sources.find((x) => x.name === s.source)?.none;
        gaps.push(`${words}: none in either run${why ? ` — ${why}` : ''}`);
      }
    }
    const gapText = gaps.length > 0 ? ` Not compared: ${gaps.join('; ')}.` : '';
    if (check.records === 0 || compared.length === 0)
      return (
        `Nothing to compare ${span}: these two runs hold no record of the channel’s draws, so this check ` +
        `cannot tell whether A and B drew alike (the shared seed is all that ties them).${gapText}`
      );
    const list = compared.map((s) => `${num(s.records)} ${recordsOf(s.source, sources)}`).join(' and ');
    return `Checked on these two runs: all ${list} ${span} are the same in A and B.${gapText}`;
  }
  const f = check.first;
  const where = f
    ? ` from ${seconds(f.t)} (${f.source}${f.entity !== null ? `, ${f.per} ${f.entity + 1}` : ''})`
    : '';
  const cause =
    changers.length > 0
      ? `B changes ${changers.map((c) => c.key).join(', ')}, which changes the channel’s draws (see above)`
      : 'no key B changes is known to do that: please report it, with this link';
  return `These two runs’ channel states differ${where}: ${cause}.`;
}

/** Entities (links, bearers…) one run has and the other does not, in words, or ''. */
export function onlyOneSentence(check: RealisationCheck): string {
  if (check.onlyOne.length === 0) return '';
  const names = check.onlyOne.map((o) => `${o.per} ${o.entity + 1} (${o.source})`).join(', ');
  return `Present in one run only (not compared; B’s change decides whether they exist): ${names}.`;
}

/** A figure of the summaries side by side. */
export interface DiffRow {
  readonly path: string;
  readonly a: number;
  readonly b: number;
}

/** The figures shown first (those of the summary panel); every other one that differs follows. */
export const MAIN_FIGURES: readonly string[] = [
  'normalizedGoodput',
  'tcp.goodputBps',
  'tcp.bytesDelivered',
  'tcp.segmentsSent',
  'tcp.retransmits',
  'tcp.timeouts',
  'tcp.fastRetransmits',
  // A remedy's story (remedies.md): the same spurious timeouts in A and B, detected only in B.
  'tcp.spuriousTimeouts',
  'tcp.spuriousDetected',
  'tcp.maxRto',
  'tcp.rtoAtMaxFraction',
  'tcp.rttMean',
  'app.transferTime',
  'app.throughputKbps',
  'simTime',
];

/** The main figures both summaries have, then every other numeric field whose values differ. */
export function summaryDiff(a: unknown, b: unknown): { main: DiffRow[]; others: DiffRow[] } {
  const main = MAIN_FIGURES.map((path) => ({ path, a: getPath(a, path), b: getPath(b, path) })).filter(
    (r) => Number.isFinite(r.a) || Number.isFinite(r.b),
  );
  const fa = flattenSummary(a);
  const fb = flattenSummary(b);
  const others: DiffRow[] = [];
  for (const path of new Set([...fa.keys(), ...fb.keys()])) {
    if (MAIN_FIGURES.includes(path)) continue;
    const va = fa.get(path);
    const vb = fb.get(path);
    if (typeof va !== 'number' && typeof vb !== 'number') continue;
    if (va === vb) continue;
    others.push({ path, a: typeof va === 'number' ? va : NaN, b: typeof vb === 'number' ? vb : NaN });
  }
  return { main, others };
}

/** B − A in words: "+12.5 (+8 %)", "same", or "—" when either is missing. */
export function differenceText(r: DiffRow): string {
  if (!Number.isFinite(r.a) || !Number.isFinite(r.b)) return '—';
  const d = r.b - r.a;
  if (d === 0) return 'same';
  const sign = d > 0 ? '+' : '−';
  const rel = r.a !== 0 ? ` (${sign}${short(Math.abs(d / r.a) * 100)} %)` : '';
  const size = Number.isInteger(r.a) && Number.isInteger(r.b) ? num(Math.abs(d)) : short(Math.abs(d));
  return `${sign}${size}${rel}`;
}
