/**
 * Pieces of a lane timeline drawn in SVG by a system's panel (a download's connections, a
 * workload's transactions): one lane per item, LANE_PX high, under a time axis of vertical rules; a start as
 * ○, a request as ▷, a response as ■ — symbols as well as colours (ui.md).
 */
import { CHART_STYLE } from '../theme/chart-style';

/** Height of one lane, px. */
export const LANE_PX = 14;

/** The time axis: a rule and a label ("12 s") at each of `times`, in an svg `height` px high. */
export function TimeRules({
  times,
  x,
  height,
  digits,
}: {
  times: readonly number[];
  x(t: number): number;
  height: number;
  /** Decimals of the labels. */
  digits: number;
}) {
  return times.map((s) => (
    <g key={s}>
      <line x1={x(s)} x2={x(s)} y1={0} y2={height - 12} stroke="var(--line)" />
      <text x={x(s)} y={height - 2} fontSize={CHART_STYLE.tickFontPx} textAnchor="middle" fill="var(--muted)">
        {s.toFixed(digits)} s
      </text>
    </g>
  ));
}

/** ○ at x, centred on the lane whose top is y. */
export function StartMark({ x, y }: { x: number; y: number }) {
  return <circle cx={x} cy={y + LANE_PX / 2} r="3.5" fill="none" stroke="var(--ink)" />;
}

/** ▷ at x, filling the lane whose top is y. */
export function RequestMark({ x, y }: { x: number; y: number }) {
  return <path d={`M${x},${y + 2} l7,${LANE_PX / 2 - 2} l-7,${LANE_PX / 2 - 2}z`} fill="var(--accent)" />;
}

/** ■ at x, centred on the lane whose top is y. */
export function ResponseMark({ x, y }: { x: number; y: number }) {
  return <rect x={x - 3.5} y={y + LANE_PX / 2 - 3.5} width="7" height="7" fill="var(--good)" />;
}
