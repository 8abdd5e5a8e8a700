import { describe, expect, it } from 'vitest';
import { delayRedrawWait } from '../../../../src/ui/systems/dect/DelayPanel';

describe('the DECT delay histogram’s redraw throttle', () => {
  it('while playing, waits until 250 ms after its last draw', () => {
    expect(delayRedrawWait(1000, 1100, true)).toBe(150);
    expect(delayRedrawWait(1000, 1250, true)).toBe(0);
    expect(delayRedrawWait(1000, 2000, true)).toBe(0);
  });

  it('once the run has stopped (ended or paused), draws the last figures at once', () => {
    // A run that ended 100 ms after the last draw: its final figures must not wait 150 ms more,
    // or a reader of the finished page (and chartsDrawn, which counts only budget draws) sees the old ones.
    expect(delayRedrawWait(1000, 1100, false)).toBe(0);
  });
});
