/**
 * The DECT slot grid in presenter mode (issue 24): laid out at width ÷ scale and drawn magnified,
 * as the charts are, so its 12 px carrier and slot labels show at 18 px and the grid keeps its
 * proportions. A recording stand-in for the 2-D context (jsdom has no canvas).
 */
import { describe, expect, it } from 'vitest';
import { CHART_STYLE } from '../../../../src/ui/theme/chart-style';
import { CARRIERS, SLOTS, type RfpGrid } from '../../../../src/ui/systems/dect/grid-cells';
import { drawGrid, gridLayout } from '../../../../src/ui/systems/dect/grid-canvas';

interface Drawn {
  canvas: HTMLCanvasElement;
  font: string[];
  transforms: number[][];
}

function draw(width: number, dpr: number, scale?: number): Drawn {
  const font: string[] = [];
  const transforms: number[][] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (t, k) =>
      k in t ? t[k as string] : (...args: number[]) => (k === 'setTransform' ? transforms.push(args) : 0),
    set: (t, k, v) => {
      if (k === 'font') font.push(String(v));
      t[k as string] = v;
      return true;
    },
  });
  const canvas = { width: 0, height: 0, style: {}, getContext: () => ctx } as unknown as HTMLCanvasElement;
  const grid: RfpGrid = {
    id: 'rfp1',
    label: 'RFP 1',
    codes: new Uint8Array(SLOTS * CARRIERS),
    counts: { free: SLOTS * CARRIERS, interfered: 0, background: 0, tcp: 0, handover: 0 },
    serving: true,
    tcpChannels: [],
  };
  drawGrid(canvas, grid, width, 'light', dpr, scale);
  return { canvas, font, transforms };
}

describe('DECT slot grid magnified in presenter mode', () => {
  it('without a scale it is drawn at its own layout, labels at the tick size', () => {
    const d = draw(600, 2);
    const L = gridLayout(600);
    expect(d.canvas.style.width).toBe(`${L.width}px`);
    expect(d.canvas.width).toBe(Math.round(L.width * 2));
    expect(d.transforms[0]).toEqual([2, 0, 0, 2, 0, 0]);
    expect(d.font[0]).toContain(`${CHART_STYLE.tickFontPx}px`);
  });

  it('at scale 1.5 it is laid out at width ÷ 1.5 and drawn 1.5 times: labels show at ≥ 18 px', () => {
    const d = draw(600, 2, 1.5);
    const L = gridLayout(400);
    expect(d.canvas.style.width).toBe(`${L.width * 1.5}px`);
    expect(d.canvas.style.height).toBe(`${L.height * 1.5}px`);
    expect(d.canvas.width).toBe(Math.round(L.width * 2 * 1.5));
    const [sx] = d.transforms[0];
    // On screen: the font's size × the context's scale ÷ the device pixel ratio.
    const px = Number.parseFloat(d.font[0]) * (sx / 2);
    expect(px).toBeGreaterThanOrEqual(18);
  });
});
