import { describe, expect, it } from 'vitest';
import { doubleFields, mutableFields, objectElements } from '../../../src/engine/core/field-shape';

describe('field shapes (speed only: values unchanged)', () => {
  it('doubleFields leaves every value as it was, -0 and Infinity included', () => {
    const o = { a: 0, b: 7, c: -0, d: Infinity, e: 2.5 };
    doubleFields(o, ['a', 'b', 'c', 'd', 'e']);
    expect(o).toEqual({ a: 0, b: 7, c: -0, d: Infinity, e: 2.5 });
    expect(Object.is(o.c, -0)).toBe(true);
    expect(Object.keys(o)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('mutableFields leaves numbers and booleans as they were, and ignores other fields', () => {
    const list = [1];
    const o = { n: 1, z: 0, neg: -1, inf: Infinity, nan: NaN, t: true, f: false, list, s: 'x' };
    mutableFields(o);
    expect(o.n).toBe(1);
    expect(o.z).toBe(0);
    expect(o.neg).toBe(-1);
    expect(o.inf).toBe(Infinity);
    expect(o.nan).toBeNaN();
    expect(o.t).toBe(true);
    expect(o.f).toBe(false);
    expect(o.list).toBe(list);
    expect(o.s).toBe('x');
    mutableFields(o, ['n', 't']);
    expect(o.n).toBe(1);
    expect(o.t).toBe(true);
  });

  it('a misspelt or mistyped field is an error, never a new property', () => {
    const o = { count: 0, label: 'x' };
    expect(() => mutableFields(o, ['cuont'])).toThrow(/cuont/);
    expect(() => doubleFields(o, ['cuont'])).toThrow(/cuont/);
    expect(() => doubleFields(o, ['label'])).toThrow(/label/);
    expect(() => mutableFields(o, ['label'])).toThrow(/label/);
    expect(Object.keys(o)).toEqual(['count', 'label']);
  });

  it('a named array field keeps its own array; objectElements leaves an array empty', () => {
    const list = [1, 2];
    const o = { list };
    mutableFields(o, ['list']);
    expect(o.list).toBe(list);
    expect(list).toEqual([1, 2]);
    const held: Array<[number, number]> = [];
    objectElements(held, [0, 0]);
    expect(held).toEqual([]);
    expect(() => objectElements([1], 2)).toThrow(/empty/);
  });
});
