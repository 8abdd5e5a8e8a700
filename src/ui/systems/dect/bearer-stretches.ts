/**
 * The stretches the bearer chart (bearer-chart.ts) shades behind its count: those with no bearer
 * at all, each labelled with its length, and those in Connection_Modification.
 */
import { visibleRange, type SourceView } from '../../charts/data';
import type { TimeDrawContext } from '../../charts/time-chart';
import { CHART_STYLE } from '../../theme/chart-style';

/** `dect.macState` code of Connection_Modification (engine systems/dect/terminal.ts MacState). */
const MODIFICATION = 5;

/**
 * Shade the stretches in view during which the TCP user held no bearer (the count at 0, from the
 * record that set it to 0 to the one that raised it again, or to now), each labelled with its
 * length; returns how many and their seconds in view.
 */
export function drawNoBearer(
  ctx: TimeDrawContext,
  s: SourceView | null,
  top: number,
  h: number,
  lengths: boolean,
): { n: number; seconds: number } {
  const { fx, t0, t1, view, frame, p } = ctx;
  const bands: { a: number; b: number; len: number }[] = [];
  if (s) {
    const c = s.req[0];
    const end = view.simTime > 0 ? view.simTime : t1;
    for (let i = 0; i < s.n; i++) {
      if (c[i] !== 0 || (i > 0 && c[i - 1] === 0)) continue;
      let j = i + 1;
      while (j < s.n && c[j] === 0) j++;
      const from = s.t[i];
      const to = j < s.n ? s.t[j] : end;
      if (to <= t0 || from >= t1) continue;
      bands.push({ a: Math.max(t0, from), b: Math.min(t1, to), len: to - from });
    }
  }
  const parts = bands.map(({ a, b }) => {
    const xa = Math.round(fx(a) * 10) / 10;
    const wd = Math.max(1.5, Math.round((fx(b) - fx(a)) * 10) / 10);
    return `M${xa},${top}h${wd}V${h}h${-wd}Z`;
  });
  const seconds = bands.reduce((x, { a, b }) => x + (b - a), 0);
  frame
    .layer('no-bearer')
    .selectAll('path.no-bearer')
    .data([parts.join('')])
    .join('path')
    .attr('class', 'no-bearer')
    .attr('data-n', parts.length)
    .attr('data-seconds', lengths ? seconds.toFixed(2) : null)
    // The stretches' ends (s), what a student reads off the time axis.
    .attr('data-spans', bands.map(({ a, b }) => `${a.toFixed(3)}-${b.toFixed(3)}`).join(' '))
    .attr('d', (d) => d)
    .attr('fill', p.status.error)
    .attr('fill-opacity', 0.16)
    .attr('stroke', p.status.error)
    .attr('stroke-width', 1);
  frame
    .layer('no-bearer')
    .selectAll('text.no-bearer-label')
    .data(bands)
    .join('text')
    .attr('class', 'no-bearer-label')
    .attr('x', ({ a, b }) => Math.round(((fx(a) + fx(b)) / 2) * 10) / 10)
    .attr('y', top + 26)
    .attr('text-anchor', 'middle')
    .attr('font-size', CHART_STYLE.tickFontPx)
    .attr('fill', p.neutral.ink)
    // The whole stretch's length (also when only part of it is in view), unless it is the question.
    .text(({ a, b, len }) =>
      !lengths
        ? fx(b) - fx(a) >= 70
          ? 'no bearer'
          : ''
        : fx(b) - fx(a) >= 70
          ? `${len.toFixed(2)} s without any bearer`
          : `${len.toFixed(1)} s`,
    );
  return { n: parts.length, seconds };
}

/** Shade the Connection_Modification stretches in view; returns how many. */
export function drawModification(ctx: TimeDrawContext, s: SourceView | null, top: number, h: number): number {
  const { fx, t0, t1, view, frame, p } = ctx;
  const parts: string[] = [];
  if (s) {
    const state = s.req[0];
    const [i0, i1] = visibleRange(s.t, s.n, t0, t1, true);
    const end = Math.min(t1, view.simTime > 0 ? view.simTime : t1);
    for (let i = i0; i < i1; i++) {
      if (state[i] !== MODIFICATION) continue;
      const a = Math.max(t0, s.t[i]);
      const b = i + 1 < s.n ? Math.min(s.t[i + 1], end) : end;
      if (!(b > a)) continue;
      const xa = Math.round(fx(a) * 10) / 10;
      const wd = Math.max(1, Math.round((fx(b) - fx(a)) * 10) / 10);
      parts.push(`M${xa},${top}h${wd}V${h}h${-wd}Z`);
    }
  }
  frame
    .layer('modification')
    .selectAll('path.modification')
    .data([parts.join('')])
    .join('path')
    .attr('class', 'modification')
    .attr('data-n', parts.length)
    .attr('d', (d) => d)
    .attr('fill', p.status.idle)
    .attr('fill-opacity', 0.22)
    .attr('stroke', p.status.idle)
    .attr('stroke-width', 1);
  return parts.length;
}
