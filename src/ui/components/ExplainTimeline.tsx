/**
 * The explanation's chain on one time axis (issue 12: "explains it from the layers below on the
 * same time axis"): a row per layer — TCP, IP, the link, the channel — with each item at its time
 * (an interval as a bar), coloured by what it means (lost, late, received, bad channel). The list
 * beside it holds the same items as text; this picture is one image for screen readers.
 */
import { at, type Explanation, type ExplainTone } from '../../engine/analysis/explain';
import { useSvgScale } from '../hooks/use-svg-scale';
import { CHART_STYLE } from '../theme/chart-style';
import { palette, type Palette } from '../theme/palette';

const ROW = 22;
const LABEL_W = 150;
const PAD = 10;

function toneColor(p: Palette, tone: ExplainTone): string {
  switch (tone) {
    case 'lost':
      return p.status.error;
    case 'late':
      return p.status.retx;
    case 'ok':
      return p.status.good;
    case 'bad':
      return p.status.bad;
    default:
      return p.neutral.ink;
  }
}

export function ExplainTimeline({ e, theme }: { e: Explanation; theme: 'light' | 'dark' }) {
  const p = palette(theme);
  // Laid out 720 wide and scaled to the panel; presenter mode (use-svg-scale.ts) lays it out at
  // the drawn width over its scale instead, so its labels are magnified whatever the panel's width.
  const { ref, width: W, scale } = useSvgScale(720);
  const [a, b] = e.span;
  const pad = Math.max(20e6, (b - a) * 0.04);
  const t0 = a - pad;
  const t1 = b + pad;
  const x = (t: number): number => LABEL_W + ((t - t0) / Math.max(1, t1 - t0)) * (W - LABEL_W - PAD);
  const rows = e.layers;
  const h = rows.length * ROW + 24;
  const label = `Timeline of the chain from ${at(a)} to ${at(b)}: ${rows.map((l) => `${l.name}, ${l.items.length} ${l.items.length === 1 ? 'item' : 'items'}`).join('; ')}.`;
  return (
    <svg
      ref={ref}
      className="explain-timeline"
      viewBox={`0 0 ${W} ${h}`}
      role="img"
      aria-label={label}
      data-testid="explain-timeline"
      style={{ width: '100%', height: scale > 1 ? h * scale : 'auto', display: 'block' }}
    >
      {rows.map((l, r) => {
        const y = r * ROW + ROW / 2;
        return (
          <g key={l.name}>
            <text x={4} y={y + 4} fontSize={CHART_STYLE.tickFontPx} fill={p.neutral.ink}>
              {l.name.length > 24 ? `${l.name.slice(0, 23)}…` : l.name}
            </text>
            <line x1={LABEL_W} x2={W - PAD} y1={y} y2={y} stroke={p.neutral.muted} strokeOpacity={0.35} />
            {l.items.map((it, k) =>
              it.t === null ? null : it.until !== undefined ? (
                <rect
                  key={k}
                  x={x(it.t)}
                  y={y - 5}
                  width={Math.max(2, x(it.until) - x(it.t))}
                  height={10}
                  fill={toneColor(p, it.tone)}
                  fillOpacity={0.55}
                />
              ) : (
                <circle
                  key={k}
                  cx={x(it.t)}
                  cy={y}
                  r={4}
                  fill={toneColor(p, it.tone)}
                  stroke={p.neutral.background}
                />
              ),
            )}
          </g>
        );
      })}
      <line
        x1={x(e.event.t)}
        x2={x(e.event.t)}
        y1={0}
        y2={h - 20}
        stroke={p.neutral.focus}
        strokeDasharray="3 3"
      />
      <text x={LABEL_W} y={h - 6} fontSize={CHART_STYLE.tickFontPx} fill={p.neutral.muted}>
        {at(t0 < 0 ? 0 : t0)}
      </text>
      <text x={W - PAD} y={h - 6} fontSize={CHART_STYLE.tickFontPx} fill={p.neutral.muted} textAnchor="end">
        {at(t1)}
      </text>
    </svg>
  );
}
