// @vitest-environment jsdom
/**
 * Issue 20, item 22: the tour changes step only between gestures on the phone — a drag (pointer
 * held) or an arrow key held — so the page never scrolls the map away under the pointer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchPhoneGesture } from '../../../src/ui/tour/gesture';
import { createTourStore } from '../../../src/ui/tour/tour-state';

afterEach(() => document.body.replaceChildren());

function page() {
  document.body.innerHTML = '<svg><g data-testid="ms" tabindex="0"><rect></rect></g></svg><button>x</button>';
  const phone = document.querySelector('rect')!;
  const other = document.querySelector('button')!;
  const seen: boolean[] = [];
  const stop = watchPhoneGesture(document, (on) => seen.push(on));
  return { phone, other, seen, stop };
}

describe('gestures on the phone', () => {
  it('a pointer pressed on the phone is a gesture until it is let go anywhere', () => {
    const { phone, other, seen, stop } = page();
    other.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(seen).toEqual([]);
    phone.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(seen).toEqual([true]);
    window.dispatchEvent(new MouseEvent('mouseup'));
    expect(seen).toEqual([true, false]);
    stop();
    phone.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(seen).toEqual([true, false]);
  });

  it('an arrow key held on the phone is a gesture until it comes up; the window losing focus ends it', () => {
    const { phone, seen } = page();
    const g = phone.parentElement!;
    g.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(seen).toEqual([]);
    g.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    g.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, repeat: true }));
    expect(seen).toEqual([true]);
    g.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowRight', bubbles: true }));
    expect(seen).toEqual([true, false]);
    g.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    window.dispatchEvent(new Event('blur'));
    expect(seen).toEqual([true, false, true, false]);
  });
});

describe('the tour during a gesture', () => {
  it('waits for the gesture to end before it moves on', () => {
    const t = createTourStore(() => null);
    t.getState().start();
    t.getState().advance('play');
    expect(t.getState().step).toBe('drag');
    t.getState().setGesture(true);
    t.getState().advance('drag');
    expect(t.getState().step).toBe('drag');
    t.getState().setGesture(false);
    expect(t.getState().step).toBe('rto');
  });

  it('a Next pressed meanwhile is not taken twice, and a skip drops the waiting step', () => {
    const t = createTourStore(() => null);
    t.getState().start();
    t.getState().setGesture(true);
    t.getState().advance('play');
    t.getState().dismiss();
    t.getState().setGesture(false);
    expect(t.getState().step).toBeNull();
  });
});
