// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ChartFrame } from '../../../src/ui/charts/frame';
import { legendPositions } from '../../../src/ui/charts/legend-layout';
import { palette } from '../../../src/ui/theme/palette';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ label: `legend item ${i}`, color: '#000', kind: 'line' as const }));

describe('chart legend rows', () => {
  it('wraps items onto rows 15 px apart', () => {
    const { pos, rows } = legendPositions(['a'.repeat(20), 'b'.repeat(20), 'c'.repeat(20)], 340);
    expect(rows).toBe(2);
    expect(pos.map(([, y]) => y)).toEqual([0, 0, 15]);
    expect(legendPositions([], 300).rows).toBe(0);
  });

  it('a legend of more than two rows makes the top margin and the svg taller; the plot keeps its height', () => {
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: 360 });
    document.body.appendChild(el);
    const f = new ChartFrame(el, { kind: 'test', title: 'test', height: 240 });
    const plotH = f.innerH;
    const top = f.margin.top;
    f.legend(items(2), palette('light'));
    expect(f.height).toBe(240);
    f.legend(items(12), palette('light'));
    const rows = legendPositions(
      items(12).map((i) => i.label),
      360 - f.margin.left - 6,
    ).rows;
    expect(rows).toBeGreaterThan(2);
    expect(f.margin.top).toBe(top + (rows - 2) * 15);
    expect(f.height).toBe(240 + (rows - 2) * 15);
    expect(f.innerH).toBe(plotH);
    expect(f.svg.attr('height')).toBe(String(f.height));
    expect(f.plot.attr('transform')).toBe(`translate(${f.margin.left},${f.margin.top})`);
    // Fewer items again: back to the height asked for.
    f.legend(items(1), palette('light'));
    expect(f.height).toBe(240);
  });
});
