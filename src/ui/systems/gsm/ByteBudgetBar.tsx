/**
 * The byte-budget bar (gsm.md "Views"): where the data direction's 1200 bytes/s go — payload,
 * TCP/IP headers, PPP framing and stuffing, retransmissions, V.42 overhead — and what is left
 * spare because the 960 bytes/s serial line feeds the radio. Each slice has a pattern as well as
 * a colour, and the same figures are listed in words below the bar.
 */
import { HIDDEN_TEXT, useHidden } from '../../exercises/hidden';
import { num } from '../../format';
import { useLab } from '../../hooks/use-lab';
import { budgetSlices, GSM_BUDGET_TOTAL, shownSlices, type BudgetSlice } from './budget';

function fill(s: BudgetSlice): string {
  return s.pattern === 'none' ? 'none' : s.pattern === 'solid' ? s.color : `url(#gsm-budget-${s.key})`;
}

const NOTHING_HIDDEN = (): boolean => false;

const W = 600;
const H = 28;

/**
 * The bar for one summary (exported for tests). `hidden` says which summary paths an open
 * exercise hides: those slices (and the spare, which would give them away) are drawn as one
 * "hidden" slice and the legend says so instead of their figures.
 */
export function ByteBudget({
  summary,
  hidden = NOTHING_HIDDEN,
}: {
  summary: unknown;
  hidden?: (path: string) => boolean;
}) {
  const all = budgetSlices(summary);
  if (!all) return <p className="muted">No byte budget yet: press play.</p>;
  const { shown, hiddenLabels } = shownSlices(all.slices, hidden);
  const b = { dir: all.dir, slices: shown };
  return (
    <figure className="gsm-byte-budget" data-testid="gsm-byte-budget" data-dir={b.dir}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} role="img" aria-labelledby="gsm-budget-caption">
        <defs>
          {b.slices.map((s) => (
            <SlicePattern key={s.key} s={s} />
          ))}
        </defs>
        <rect x="0" y="0" width={W} height={H} fill="none" stroke="var(--line)" />
        <SliceRects slices={b.slices} hiddenLabels={hiddenLabels} />
      </svg>
      <figcaption id="gsm-budget-caption">
        Where the {b.dir === 'up' ? 'uplink' : 'downlink'}’s {num(GSM_BUDGET_TOTAL)} bytes/s go (average over
        the run):
        <BudgetLegend slices={b.slices} hiddenLabels={hiddenLabels} />
      </figcaption>
    </figure>
  );
}

/** A patterned slice's fill (hatch, dots or cross over its colour, faint); nothing for solid and empty ones. */
function SlicePattern({ s }: { s: BudgetSlice }) {
  if (s.pattern !== 'hatch' && s.pattern !== 'dots' && s.pattern !== 'cross') return null;
  return (
    <pattern id={`gsm-budget-${s.key}`} width="6" height="6" patternUnits="userSpaceOnUse">
      <rect width="6" height="6" fill={s.color} opacity="0.35" />
      {s.pattern === 'dots' ? (
        <circle cx="3" cy="3" r="1.4" fill={s.color} />
      ) : (
        <path
          d={s.pattern === 'hatch' ? 'M0,6 L6,0' : 'M0,0 L6,6 M0,6 L6,0'}
          stroke={s.color}
          strokeWidth="1.5"
        />
      )}
    </pattern>
  );
}

/** The slices side by side, each as wide as its share of the 1200 bytes/s, with its figure as a tooltip. */
function SliceRects({
  slices,
  hiddenLabels,
}: {
  slices: readonly BudgetSlice[];
  hiddenLabels: readonly string[];
}) {
  let x = 0;
  return slices.map((s) => {
    const w = Math.max(0, Math.min(W - x, (s.bytesPerSecond / GSM_BUDGET_TOTAL) * W));
    const r = (
      <rect
        key={s.key}
        data-slice={s.key}
        data-bps={s.key === 'hidden' ? undefined : s.bytesPerSecond}
        x={x}
        y="0"
        width={w}
        height={H}
        fill={fill(s)}
        stroke={s.pattern === 'none' ? 'var(--line)' : 'none'}
        strokeDasharray={s.pattern === 'none' ? '3 3' : undefined}
      >
        <title>
          {s.key === 'hidden'
            ? `${hiddenLabels.join(' and ')}: ${HIDDEN_TEXT}`
            : `${s.label}: ${s.bytesPerSecond.toFixed(0)} bytes/s`}
        </title>
      </rect>
    );
    x += w;
    return r;
  });
}

/** The same slices in words: a swatch, the label, bytes/s and share (or that they are hidden). */
function BudgetLegend({
  slices,
  hiddenLabels,
}: {
  slices: readonly BudgetSlice[];
  hiddenLabels: readonly string[];
}) {
  return (
    <ul className="gsm-budget-legend" style={{ listStyle: 'none', padding: 0, columns: '2 16em' }}>
      {slices.map((s) => (
        <li key={s.key} data-legend={s.key}>
          <svg width="14" height="14" aria-hidden="true">
            <rect width="14" height="14" fill={fill(s)} stroke="var(--line)" />
          </svg>{' '}
          {s.key === 'hidden' ? (
            <>
              {hiddenLabels.join(' and ')}: <span className="muted">{HIDDEN_TEXT}</span>
            </>
          ) : (
            <>
              {s.label}: {s.bytesPerSecond.toFixed(0)} bytes/s ({(100 * s.share).toFixed(1)} %)
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The panel: the live summary's budget. */
export function ByteBudgetPanel() {
  const summary = useLab((s) => s.summary);
  const hidden = useHidden();
  return <ByteBudget summary={summary} hidden={hidden} />;
}
