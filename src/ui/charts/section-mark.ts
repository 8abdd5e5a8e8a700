/**
 * Shift + drag on a time chart marks a section of the time axis and reads its rate below the
 * chart (section-rate.ts): the sequence-number graph's "mark a section and read its rate"
 * (geran.md "Metrics"). Escape on the chart clears the mark. Plain drags still pan
 * (interaction.ts leaves shift-drags alone).
 *
 * Nodes: `rect.section-mark` in the plot, and `p.section-rate` (test id `seq-section`, with
 * `data-from`, `data-to`, `data-bytes-per-second` once a section is marked) after the chart.
 */
import { bitRate, num } from '../format';
import { sectionRate } from './section-rate';
import type { TimeDrawContext } from './time-chart';
import { svgX } from './svg-width';

const HINT = 'Shift + drag on the graph marks a section and reads its rate.';

export interface SectionMark {
  /** Draw the mark with the chart's latest context (call from the chart's draw). */
  draw(ctx: TimeDrawContext): void;
  destroy(): void;
}

export function attachSectionMark(el: HTMLElement, svg: SVGSVGElement): SectionMark {
  let section: [number, number] | null = null;
  let last: TimeDrawContext | null = null;
  let dragging = false;
  const out = rateLine(el);

  const render = (): void => {
    if (!last) return;
    drawSection(last, section);
    showRate(out, last, section);
  };
  const onDown = (e: PointerEvent): void => {
    if (!e.shiftKey || e.button !== 0) return;
    const t = last && timeAt(svg, last, e);
    if (t === null) return;
    e.preventDefault();
    dragging = true;
    section = [t, t];
    render();
  };
  const onMove = (e: PointerEvent): void => {
    if (!dragging || !section) return;
    const t = last && timeAt(svg, last, e);
    if (t === null) return;
    section = [section[0], t];
    render();
  };
  const onUp = (): void => {
    if (!dragging) return;
    dragging = false;
    if (section && section[0] === section[1]) section = null;
    render();
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !section) return;
    section = null;
    render();
  };
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('pointermove', onMove);
  svg.addEventListener('pointerup', onUp);
  el.addEventListener('keydown', onKey);
  return {
    draw(ctx) {
      last = ctx;
      render();
    },
    destroy() {
      svg.removeEventListener('pointerdown', onDown);
      svg.removeEventListener('pointermove', onMove);
      svg.removeEventListener('pointerup', onUp);
      el.removeEventListener('keydown', onKey);
      out.remove();
    },
  };
}

/** The line after the chart that reads the marked section's rate (the hint until one is marked). */
function rateLine(el: HTMLElement): HTMLParagraphElement {
  const out = el.ownerDocument.createElement('p');
  out.className = 'section-rate small muted';
  out.setAttribute('data-testid', 'seq-section');
  out.setAttribute('aria-live', 'polite');
  out.textContent = HINT;
  el.appendChild(out);
  return out;
}

/** Time (s) under the pointer, by the last draw's scale; null off the plot. */
function timeAt(svg: SVGSVGElement, last: TimeDrawContext, e: PointerEvent | MouseEvent): number | null {
  const px = svgX(e, svg) - last.frame.margin.left;
  if (px < 0 || px > last.w) return null;
  return Math.max(0, last.x.invert(px));
}

/** The marked section as a shaded, dashed rect over the plot's height (none when nothing is marked). */
function drawSection(ctx: TimeDrawContext, section: [number, number] | null): void {
  const { frame, x, h, p } = ctx;
  const marks = section ? [section] : [];
  frame
    .layer('section')
    .selectAll('rect')
    .data(marks)
    .join('rect')
    .attr('class', 'section-mark')
    .attr('x', (s) => x(Math.min(s[0], s[1])))
    .attr('width', (s) => Math.max(1, Math.abs(x(s[1]) - x(s[0]))))
    .attr('y', 0)
    .attr('height', h)
    .attr('fill', p.neutral.focus)
    .attr('fill-opacity', 0.12)
    .attr('stroke', p.neutral.focus)
    .attr('stroke-dasharray', '4 2')
    .attr('pointer-events', 'none');
}

/** The section's delivered bytes and rate, read off `tcp.deliver`, in words and data attributes. */
function showRate(out: HTMLElement, ctx: TimeDrawContext, section: [number, number] | null): void {
  if (!section) {
    out.textContent = HINT;
    for (const a of ['data-from', 'data-to', 'data-bytes-per-second']) out.removeAttribute(a);
    return;
  }
  const r = sectionRate(ctx.data['tcp.deliver'], section[0], section[1]);
  out.setAttribute('data-from', r.from.toFixed(3));
  out.setAttribute('data-to', r.to.toFixed(3));
  out.setAttribute('data-bytes-per-second', r.bytesPerSecond.toFixed(1));
  out.textContent =
    `Marked ${r.from.toFixed(2)}–${r.to.toFixed(2)} s: ${num(r.bytes)} bytes delivered, ` +
    `${num(r.bytesPerSecond)} bytes/s (${bitRate(r.bytesPerSecond * 8)}). Escape clears the mark.`;
}
