/**
 * Whether the student is moving the phone right now: a pointer pressed on it (a mouse or touch
 * drag, d3-drag's gesture) until it is let go anywhere, or an arrow key held down on it until the
 * key comes up. The tour waits for the end of such a gesture before it changes step (tour-state.ts
 * `setGesture`), so it never scrolls the map away under a drag (issue 20, item 22).
 */

/** The phone on the map (map.ts). */
const PHONE = '[data-testid="ms"]';
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

const onPhone = (t: EventTarget | null): boolean => t instanceof Element && t.closest(PHONE) !== null;

/**
 * Watch `doc` for gestures on the phone and report each start and end through `report`; returns
 * the function that stops watching. Listens in the capture phase: d3-drag stops the pointer's
 * events from bubbling.
 */
export function watchPhoneGesture(doc: Document, report: (on: boolean) => void): () => void {
  let pointer = false;
  let keys = 0;
  let on = false;
  const update = (): void => {
    const now = pointer || keys > 0;
    if (now !== on) {
      on = now;
      report(now);
    }
  };
  const down = (e: Event): void => {
    if (onPhone(e.target)) {
      pointer = true;
      update();
    }
  };
  const up = (): void => {
    pointer = false;
    update();
  };
  const keyDown = (e: Event): void => {
    const k = (e as KeyboardEvent).key;
    if (!ARROWS.has(k) || !onPhone(e.target) || (e as KeyboardEvent).repeat) return;
    keys++;
    update();
  };
  const keyUp = (e: Event): void => {
    if (!ARROWS.has((e as KeyboardEvent).key) || keys === 0) return;
    keys--;
    update();
  };
  // The window losing focus ends everything held (a key up or a pointer up may never come).
  const reset = (): void => {
    pointer = false;
    keys = 0;
    update();
  };
  const win = doc.defaultView;
  const listeners: [EventTarget | null, string, (e: Event) => void][] = [
    [doc, 'pointerdown', down],
    [doc, 'mousedown', down],
    [doc, 'touchstart', down],
    [win, 'pointerup', up],
    [win, 'pointercancel', up],
    [win, 'mouseup', up],
    [win, 'touchend', up],
    [win, 'touchcancel', up],
    [doc, 'keydown', keyDown],
    [doc, 'keyup', keyUp],
    [win, 'blur', reset],
  ];
  for (const [target, type, fn] of listeners)
    target?.addEventListener(type, fn, { capture: true, passive: true });
  return () => {
    for (const [target, type, fn] of listeners) target?.removeEventListener(type, fn, true);
  };
}
