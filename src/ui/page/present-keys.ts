/**
 * Presenter mode's keys for an activity's steps (issue 24): what a presentation clicker sends —
 * Page Down / Page Up — and the arrow keys move to the next or the previous step, unless the key
 * is for a field, a menu or a chart (whose arrows pan its time axis).
 */
export type StepMove = 'next' | 'previous' | null;

const NEXT = new Set(['PageDown', 'ArrowRight']);
const PREVIOUS = new Set(['PageUp', 'ArrowLeft']);

/** The step move a key asks for, or null. */
export function stepMoveFor(
  key: string,
  mods: { alt: boolean; ctrl: boolean; meta: boolean; shift: boolean },
  target: Element | null,
): StepMove {
  if (mods.alt || mods.ctrl || mods.meta || mods.shift) return null;
  if (target?.closest('input, select, textarea, [contenteditable], svg, .chart-host, [role="slider"]'))
    return null;
  if (NEXT.has(key)) return 'next';
  if (PREVIOUS.has(key)) return 'previous';
  return null;
}
