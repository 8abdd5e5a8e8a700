// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createMap } from '../../../src/ui/map/map';
import { clampToExtent, keyStep, mapTransform, niceLength } from '../../../src/ui/map/geometry';
import { linkStyle } from '../../../src/ui/theme/palette';
import type { SystemView } from '../../../src/engine/systems/types';

const view: SystemView = {
  extent: [0, 1000, 0, 500],
  stations: [
    { id: 'cs1', label: 'CS 1', x: 100, y: 250 },
    { id: 'cs2', label: 'CS 2', x: 900, y: 250 },
  ],
  mobiles: [{ id: 'ms', label: 'Mobile station', x: 500, y: 250, dragged: true }],
  rings: [
    { r: 100, label: '100 m' },
    { r: 300, label: '300 m' },
  ],
  links: [
    { n: 1, station: 'cs1', state: 'good' },
    { n: 2, station: 'cs1', state: 'error' },
    { n: 3, station: 'cs2', state: 'bad' },
    { n: 4, station: 'cs2', state: 'down' },
  ],
  captions: { FER: '12 %' },
};

function setup() {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const onMove = vi.fn();
  const map = createMap(el, { onMove, sync: true });
  map.update(view, { radioFromMap: true, theme: 'light' });
  // jsdom has no layout: the map is 640 px wide; extent 1000 m × 500 m fits at (640 − 56) / 1000 px/m.
  const tf = mapTransform(view.extent, 640, 460);
  return { el, onMove, map, tf, ms: el.querySelector('[data-testid="ms"]') as SVGGElement };
}

describe('map geometry', () => {
  it('keeps one scale for both axes, y up, and round scale-bar lengths', () => {
    const tf = mapTransform([0, 1000, 0, 500], 640, 460);
    expect(tf.scale).toBeCloseTo(0.584, 12);
    expect(tf.toPx(0, 500)).toEqual([28, 28]);
    const [x, y] = tf.toMetres(...tf.toPx(123, 456));
    expect(x).toBeCloseTo(123, 9);
    expect(y).toBeCloseTo(456, 9);
    expect(tf.toPx(0, 0)[1]).toBeGreaterThan(tf.toPx(0, 500)[1]);
    expect(niceLength(340)).toBe(200);
    expect(niceLength(99)).toBe(50);
    expect(clampToExtent(-5, 900, [0, 1000, 0, 500])).toEqual([0, 500]);
    expect(keyStep([0, 1000, 0, 500], false)).toEqual({ dx: 10, dy: 5 });
    expect(keyStep([0, 1000, 0, 500], true)).toEqual({ dx: 100, dy: 50 });
  });
});

describe('map', () => {
  it('draws stations, rings, a scale bar and one line per link coloured and dashed by state', () => {
    const { el, map } = setup();
    expect(el.querySelectorAll('g.station')).toHaveLength(2);
    expect(el.querySelectorAll('circle.ring')).toHaveLength(2);
    expect([...el.querySelectorAll('text.ring-label')].map((t) => t.textContent)).toEqual(['100 m', '300 m']);
    const lines = [...el.querySelectorAll('line.link')];
    expect(lines.map((l) => l.getAttribute('data-state'))).toEqual(['good', 'error', 'bad', 'down']);
    for (const l of lines) {
      const s = linkStyle(l.getAttribute('data-state')!, 'light');
      expect(l.getAttribute('stroke')).toBe(s.color);
      expect(l.getAttribute('stroke-dasharray')).toBe(s.dash);
    }
    expect(new Set(lines.map((l) => l.getAttribute('stroke'))).size).toBe(4);
    expect(lines[0].getAttribute('stroke-dasharray')).toBeNull();
    expect(lines[3].getAttribute('stroke-dasharray')).toBe('4 4');
    // Two links to the same station are drawn side by side, not on top of each other.
    expect(lines[0].getAttribute('y1')).not.toBe(lines[1].getAttribute('y1'));
    expect(el.querySelector('g.scale-bar')!.getAttribute('data-metres')).toBe('200');
    // No caption block inside the svg (the page writes the captions as wrapping text), so the svg
    // is exactly as tall as the drawn map area.
    expect(el.querySelectorAll('text.caption')).toHaveLength(0);
    expect(el.querySelector('svg')!.getAttribute('height')).toBe(
      String(mapTransform(view.extent, 640, 460).height),
    );
    expect(el.querySelector('svg desc')!.textContent).toContain('x 500 m, y 250 m, 400 m from CS 1');
    map.update(
      { ...view, links: [{ n: 1, station: 'cs1', state: 'down' }] },
      { radioFromMap: false, theme: 'dark' },
    );
    expect(el.querySelectorAll('line.link')).toHaveLength(1);
    expect(el.querySelector('line.link')!.getAttribute('stroke')).toBe(linkStyle('down', 'dark').color);
    expect(el.querySelector('svg')!.getAttribute('data-theme')).toBe('dark');
    map.destroy();
    expect(el.childElementCount).toBe(0);
  });

  it('draws every mobile of a many-station view; the dragged one is the phone', () => {
    const { el, map, tf } = setup();
    const mobiles = [
      { id: 't1', label: 'Terminal 1', x: 200, y: 100 },
      { id: 'ms', label: 'Mobile station', x: 500, y: 250, dragged: true },
      { id: 't2', label: 'Terminal 2', x: 800, y: 400 },
    ];
    map.update({ ...view, mobiles }, { radioFromMap: true, theme: 'light' });
    const marks = [...el.querySelectorAll('g.mobiles circle')];
    expect(marks.map((c) => c.getAttribute('data-mobile'))).toEqual(['t1', 't2']);
    expect(Number(marks[1].getAttribute('cx'))).toBeCloseTo(tf.toPx(800, 400)[0], 1);
    const phone = el.querySelector('[data-testid="ms"]');
    const [px, py] = tf.toPx(500, 250);
    expect(phone?.getAttribute('transform')).toBe(`translate(${px},${py})`);
  });

  it('a view with no dragged mobile draws its first mobile as the phone, which stays put', () => {
    const { el, map, tf, onMove, ms } = setup();
    const mobiles = [
      { id: 'call', label: 'Mobile in a call', x: 400, y: 250 },
      { id: 't2', label: 'Terminal 2', x: 800, y: 400 },
    ];
    map.update({ ...view, mobiles }, { radioFromMap: true, theme: 'light' });
    const [px, py] = tf.toPx(400, 250);
    expect(ms.getAttribute('transform')).toBe(`translate(${px},${py})`);
    // A picture, not a slider: no focus, no position to set (issue 20, item 23).
    expect(ms.getAttribute('role')).toBe('img');
    expect(ms.getAttribute('tabindex')).toBeNull();
    expect(ms.getAttribute('aria-valuenow')).toBeNull();
    expect([...el.querySelectorAll('g.mobiles circle')].map((c) => c.getAttribute('data-mobile'))).toEqual([
      't2',
    ]);
    ms.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(onMove).not.toHaveBeenCalled();
    expect(ms.getAttribute('transform')).toBe(`translate(${px},${py})`);
    map.destroy();
  });

  it('the phone is focusable, labelled with its position and moved by the arrow keys', () => {
    const { onMove, ms, map } = setup();
    expect(ms.getAttribute('tabindex')).toBe('0');
    expect(ms.getAttribute('role')).toBe('slider');
    expect(ms.getAttribute('aria-valuetext')).toContain('x 500 m, y 250 m');
    ms.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(onMove).toHaveBeenLastCalledWith(510, 250);
    ms.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', shiftKey: true, bubbles: true }));
    expect(onMove).toHaveBeenLastCalledWith(510, 300);
    // The marker moved at once, before the engine answered.
    expect(ms.getAttribute('aria-valuetext')).toContain('x 510 m, y 300 m');
    // Clamped to the extent.
    for (let i = 0; i < 12; i++)
      ms.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', shiftKey: true }));
    expect(onMove).toHaveBeenLastCalledWith(510, 500);
    map.destroy();
  });

  it('dragging with the mouse moves the phone and reports metres, clamped to the extent', () => {
    const { onMove, ms, tf, map } = setup();
    const [px, py] = tf.toPx(500, 250);
    const win = document.defaultView!;
    // jsdom (under Vitest) rejects `view` in the MouseEvent constructor; d3-drag reads event.view
    // to listen for the rest of the gesture on the window, so set it on the event afterwards.
    const mouse = (type: string, clientX: number, clientY: number): MouseEvent => {
      const e = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX, clientY });
      Object.defineProperty(e, 'view', { value: win });
      return e;
    };
    ms.dispatchEvent(mouse('mousedown', px, py));
    win.dispatchEvent(mouse('mousemove', px + 0.584 * 200, py));
    expect(onMove).toHaveBeenCalledTimes(1);
    const [x, y] = onMove.mock.calls[0];
    expect(x).toBeCloseTo(700, 6);
    expect(y).toBeCloseTo(250, 6);
    // Engine updates with the old position do not pull the marker back mid-drag.
    map.update(view, { radioFromMap: true, theme: 'light' });
    const [tx, ty] = /translate\(([-\d.]+),([-\d.]+)\)/
      .exec(ms.getAttribute('transform')!)!
      .slice(1)
      .map(Number);
    expect(tx).toBeCloseTo(tf.toPx(700, 250)[0], 1);
    expect(ty).toBeCloseTo(tf.toPx(700, 250)[1], 1);
    win.dispatchEvent(mouse('mousemove', px + 5000, py - 5000));
    expect(onMove).toHaveBeenLastCalledWith(1000, 500);
    win.dispatchEvent(mouse('mouseup', px + 5000, py - 5000));
    // Once the engine reports the new position, it is used.
    map.update(
      { ...view, mobiles: [{ id: 'ms', label: 'Mobile station', x: 1000, y: 500, dragged: true }] },
      { radioFromMap: true, theme: 'light' },
    );
    map.update(
      { ...view, mobiles: [{ id: 'ms', label: 'Mobile station', x: 900, y: 400, dragged: true }] },
      { radioFromMap: true, theme: 'light' },
    );
    expect(ms.getAttribute('aria-valuetext')).toContain('x 900 m, y 400 m');
    map.destroy();
  });

  it('stations at one place are drawn one above the other, labels clear of links, phone and each other', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    const map = createMap(el, { onMove: vi.fn(), sync: true });
    const units: SystemView = {
      extent: [-100, 100, -100, 100],
      stations: [1, 2, 3].map((u) => ({
        id: `u${u}`,
        label: `Unit ${u} (links ${2 * u - 1}–${2 * u})`,
        x: 0,
        y: 0,
      })),
      mobiles: [{ id: 'ms', label: 'Mobile station', x: 50, y: 0, dragged: true }],
      links: [1, 2, 3, 4, 5, 6].map((n) => ({ n, station: `u${Math.ceil(n / 2)}`, state: 'good' as const })),
    };
    map.update(units, { theme: 'light' });
    const at = [...el.querySelectorAll('g.station')].map((g) =>
      /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute('transform')!)!.slice(1).map(Number),
    );
    // Three spots 32 px apart around the units' place, not one.
    expect(new Set(at.map(([, y]) => y)).size).toBe(3);
    expect(at[1][1] - at[0][1]).toBe(32);
    const lines = [...el.querySelectorAll('line.link')];
    // Six distinct lines, each ending at its own unit.
    expect(new Set(lines.map((l) => `${l.getAttribute('y2')}`)).size).toBe(6);
    // The phone is to the east: every label sits west of its unit (end-anchored), away from the links.
    for (const t of el.querySelectorAll('g.station text')) {
      expect(t.getAttribute('text-anchor')).toBe('end');
      expect(Number(t.getAttribute('x'))).toBeLessThan(0);
    }
    map.destroy();
  });

  it('keeps ring labels inside the map area (moved left at the right edge, hidden when off the area)', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    const map = createMap(el, { onMove: vi.fn(), sync: true });
    const v: SystemView = {
      extent: [-1000, 1000, -1000, 1000],
      stations: [{ id: 'bs', label: 'BS', x: 0, y: 0 }],
      mobiles: [{ id: 'ms', label: 'Mobile station', x: 0, y: 0, dragged: true }],
      rings: [
        { r: 500, label: 'near' },
        { r: 1250, label: 'edge · FER 30.0 %' },
        { r: 5000, label: 'far away' },
      ],
      links: [],
    };
    map.update(v, { theme: 'light' });
    const area = el.querySelector('rect.map-area')!;
    const right = Number(area.getAttribute('x')) + Number(area.getAttribute('width'));
    const labels = [...el.querySelectorAll('text.ring-label')];
    expect(labels.map((t) => t.textContent)).toEqual(['near', 'edge · FER 30.0 %', 'far away']);
    const edge = labels[1];
    // 17 characters at 12 px ≈ 122 px: its start moved left so that its end stays inside.
    expect(Number(edge.getAttribute('x')) + 17 * 12 * 0.6).toBeLessThanOrEqual(right - 4 + 1e-9);
    expect(edge.getAttribute('display')).toBeNull();
    expect(labels[2].getAttribute('display')).toBe('none');
    map.destroy();
  });
});
