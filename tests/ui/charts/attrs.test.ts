// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { setAttrs } from '../../../src/ui/charts/attrs';

describe('setAttrs', () => {
  it('writes an attribute only when its value changes, and removes it for null', () => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    const set = vi.spyOn(el, 'setAttribute');
    setAttrs(el, { d: 'M0,0', 'data-t': 1.5, 'data-conn': null });
    setAttrs(el, { d: 'M0,0', 'data-t': 1.5, 'data-conn': null });
    expect(set).toHaveBeenCalledTimes(2);
    setAttrs(el, { d: 'M1,1', 'data-t': 1.5, 'data-conn': 3 });
    expect(set).toHaveBeenCalledTimes(4);
    expect([el.getAttribute('d'), el.getAttribute('data-t'), el.getAttribute('data-conn')]).toEqual([
      'M1,1',
      '1.5',
      '3',
    ]);
    setAttrs(el, { 'data-conn': null });
    expect(el.hasAttribute('data-conn')).toBe(false);
  });
});
