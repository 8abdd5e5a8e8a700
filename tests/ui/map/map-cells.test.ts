// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createMap } from '../../../src/ui/map/map';
import type { SystemView } from '../../../src/engine/systems/types';

/** Three RFPs 40 m apart (DECT), a crowd of five terminals, the phone served by the middle one. */
const view: SystemView = {
  extent: [-70, 70, -30, 30],
  stations: [
    { id: 'rfp1', label: 'RFP 1', x: -40, y: 0 },
    { id: 'rfp2', label: 'RFP 2', x: 0, y: 0 },
    { id: 'rfp3', label: 'RFP 3', x: 40, y: 0 },
  ],
  mobiles: [{ id: 'ms', label: 'TCP user', x: 3, y: 0, dragged: true }],
  links: [],
  crowd: {
    label: 'background terminals',
    xy: Float32Array.from([-50, 5, -30, -5, 0, 10, 45, 0, 60, -20]),
    group: Uint8Array.from([0, 0, 1, 2, 2]),
    groups: ['served by RFP 1', 'served by RFP 2', 'served by RFP 3'],
  },
  cells: { hysteresis: 5, serving: 'rfp2' },
};

describe('map cells and crowds', () => {
  it('draws the crowd as one path per group with a mark each, and says so', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    createMap(el, { onMove: vi.fn(), sync: true }).update(view, { theme: 'light' });
    const paths = [...el.querySelectorAll('path.crowd')];
    expect(paths.map((p) => p.getAttribute('data-n'))).toEqual(['2', '1', '2']);
    // Circles, squares and triangles: group 0's path has two arcs per circle mark.
    expect(paths[0].getAttribute('d')?.match(/a/g)).toHaveLength(4);
    expect(paths[1].getAttribute('d')?.match(/Z/g)).toHaveLength(1);
    expect(el.querySelector('desc')?.textContent).toContain(
      'background terminals: 2 served by RFP 1 (circles), 1 served by RFP 2 (squares), 2 served by RFP 3 (triangles); serving cell rfp2',
    );
    // Distances are from the serving RFP.
    expect(el.querySelector('[data-testid="ms"]')?.getAttribute('aria-valuetext')).toBe(
      'x 3 m, y 0 m, 3 m from RFP 2',
    );
  });

  it('shades the serving cell, draws the two boundaries and a hysteresis band around each', () => {
    const el = document.createElement('div');
    document.body.appendChild(el);
    createMap(el, { onMove: vi.fn(), sync: true }).update(view, { theme: 'light' });
    const cells = [...el.querySelectorAll('path.cell')];
    expect(cells.map((c) => c.getAttribute('data-serving'))).toEqual(['false', 'true', 'false']);
    expect(cells[1].getAttribute('fill')).not.toBe('none');
    expect(cells[0].getAttribute('fill')).toBe('none');
    // Two boundaries (x = −20 m and x = 20 m), each a vertical move-line pair.
    expect(el.querySelector('path.cell-boundaries')?.getAttribute('d')?.match(/M/g)).toHaveLength(2);
    // Two bands; on the axis each is 5 m wide (from 2.5 m before the boundary to 2.5 m past it).
    const band = el.querySelector('path.hysteresis')?.getAttribute('d') ?? '';
    expect(band.match(/M/g)).toHaveLength(2);
    // 640 px wide map: (640 − 56) / 140 m px per metre; the middle vertex of each branch is on the axis.
    const scale = (640 - 56) / 140;
    const first = band
      .split('Z')[0]
      .slice(1)
      .split('L')
      .map((p) => p.split(',').map(Number));
    const onAxis = first.filter(([, y]) => Math.abs(y - first[24][1]) < 0.2).map(([x]) => x);
    expect(Math.abs(onAxis[1] - onAxis[0]) / scale).toBeCloseTo(5, 0);
  });
});
