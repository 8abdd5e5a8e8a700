// @vitest-environment jsdom
/**
 * No two x tick labels run together: a label at the right edge ends at its tick (so it does not
 * run past the svg), which moves it half its width left — against the label before it on a narrow
 * chart. layout.spec's long run met it in a full suite: a seq chart drawn to ≈ 181 000 s showed
 * "160 000" and "180 000" touching.
 */
import * as d3 from 'd3';
import { describe, expect, it } from 'vitest';
import { ChartFrame } from '../../../src/ui/charts/frame';
import { CHART_STYLE } from '../../../src/ui/theme/chart-style';
import { palette } from '../../../src/ui/theme/palette';

/** Label extents as the frame places them (its width estimate: 0.6 em a character). */
function extents(f: ChartFrame, scale: d3.ScaleLinear<number, number>) {
  const fs = CHART_STYLE.tickFontPx;
  return [...f.axisX.node()!.querySelectorAll<SVGTextElement>('.tick text')]
    .filter((t) => (t.textContent ?? '') !== '')
    .map((t) => {
      const x = scale(Number(d3.select(t.parentNode as SVGGElement).datum()));
      const w = (t.textContent ?? '').length * fs * 0.6;
      return t.getAttribute('text-anchor') === 'end' ? [x - w, x] : [x - w / 2, x + w / 2];
    });
}

describe('x tick labels', () => {
  for (const width of [520, 600, 700, 900, 1200]) {
    for (const end of [181_000, 185_500, 199_000, 200_000]) {
      it(`keep apart on a ${width} px chart drawn to ${end} s`, () => {
        const el = document.createElement('div');
        Object.defineProperty(el, 'clientWidth', { value: width });
        document.body.appendChild(el);
        const f = new ChartFrame(el, { kind: 'test', title: 'test', height: 240 });
        const scale = d3.scaleLinear().domain([0, end]).range([0, f.innerW]);
        f.xAxis(scale, 'time (s)', palette('light'));
        const boxes = extents(f, scale);
        expect(boxes.length).toBeGreaterThan(2);
        for (let i = 1; i < boxes.length; i++) expect(boxes[i][0]).toBeGreaterThan(boxes[i - 1][1]);
        el.remove();
      });
    }
  }
});
