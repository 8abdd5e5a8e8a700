/**
 * The byte-budget bar's data (gsm.md "Views": "a byte-budget bar showing where the 1200 bytes/s
 * go"): the summary's `link.budget` as ordered slices of the data direction's 1200 bytes/s.
 */

/** One slice of the bar. */
export interface BudgetSlice {
  readonly key: string;
  readonly label: string;
  /** Bytes per second. */
  readonly bytesPerSecond: number;
  /** Share of 1200 bytes/s. */
  readonly share: number;
  /** Colour token (a CSS custom property of the theme). */
  readonly color: string;
  /** Fill pattern for colour-blind-safe distinction (ui.md: never colour alone). */
  readonly pattern: 'solid' | 'hatch' | 'dots' | 'cross' | 'none';
}

export const GSM_BUDGET_TOTAL = 1200;

/** The slices in the bar's order, with their words and look. */
export const BUDGET_SLICES: readonly Omit<BudgetSlice, 'bytesPerSecond' | 'share'>[] = [
  { key: 'payload', label: 'payload', color: 'var(--good)', pattern: 'solid' },
  { key: 'headers', label: 'TCP/IP headers', color: 'var(--accent, #4477aa)', pattern: 'dots' },
  { key: 'pppFraming', label: 'PPP framing (flag, protocol, FCS)', color: 'var(--idle)', pattern: 'solid' },
  { key: 'pppStuffing', label: 'PPP byte stuffing', color: 'var(--bad)', pattern: 'hatch' },
  { key: 'retransmissions', label: 'retransmissions (TCP and RLP)', color: 'var(--retx)', pattern: 'cross' },
  { key: 'v42Overhead', label: 'V.42 overhead', color: 'var(--muted)', pattern: 'dots' },
  {
    key: 'spare',
    label: 'spare (the serial line carries 960 bytes/s)',
    color: 'transparent',
    pattern: 'none',
  },
];

/**
 * The slices of a summary's `link.budget`, or null when it has none — also before the run has
 * carried a byte: at 0 s every slice is 0 and all 1200 bytes/s would read as "spare", beside a
 * label saying the serial line carries 960 (not a budget, just no data yet).
 */
export function budgetSlices(summary: unknown): { dir: string; slices: BudgetSlice[] } | null {
  const link = (summary as { link?: Record<string, unknown> } | null)?.link;
  const b = link?.budget as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return null;
  const slices = BUDGET_SLICES.map((s) => {
    const v = typeof b[s.key] === 'number' ? (b[s.key] as number) : 0;
    return { ...s, bytesPerSecond: v, share: v / GSM_BUDGET_TOTAL };
  });
  if (slices.every((s) => s.key === 'spare' || s.bytesPerSecond === 0)) return null;
  return { dir: String(b.dir ?? 'down'), slices };
}

/** The summary path of a slice (what an exercise's `hides` names). */
export function slicePath(key: string): string {
  return `link.budget.${key}`;
}

/**
 * The slices to draw while `hidden` paths are hidden by an open exercise: the visible ones, then
 * one grey "hidden" slice for the rest. The spare is folded in with the hidden ones, since
 * 1200 bytes/s less the others would give a hidden slice away.
 */
export function shownSlices(
  slices: readonly BudgetSlice[],
  hidden: (path: string) => boolean,
): { shown: BudgetSlice[]; hiddenLabels: string[] } {
  const hide = (s: BudgetSlice) => hidden(slicePath(s.key));
  if (!slices.some((s) => s.key !== 'spare' && hide(s))) return { shown: [...slices], hiddenLabels: [] };
  const out = slices.filter((s) => s.key !== 'spare' && !hide(s));
  const rest = slices.filter((s) => s.key === 'spare' || hide(s));
  const bps = rest.reduce((a, s) => a + s.bytesPerSecond, 0);
  out.push({
    key: 'hidden',
    label: 'hidden',
    bytesPerSecond: bps,
    share: bps / GSM_BUDGET_TOTAL,
    color: 'var(--muted)',
    pattern: 'cross',
  });
  return { shown: out, hiddenLabels: rest.map((s) => (s.key === 'spare' ? 'spare' : s.label)) };
}
