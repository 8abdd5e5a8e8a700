// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SpeedReached } from '../../../src/ui/components/SpeedReached';
import { renderInLab } from '../render-lab';

describe('the speed reached beside the selector (issue 20 item 30)', () => {
  it('says the speed reached, and plainly when it is below the chosen one', () => {
    const below = renderInLab(<SpeedReached />, (lab) =>
      lab.store.setState({ status: 'playing', speed: '100', speedReached: 41.2 }),
    ).host;
    expect(below.textContent).toBe('reached only 41×: the engine cannot keep up with 100× here');
    expect(below.querySelector('[data-below="true"]')).not.toBeNull();
    const max = renderInLab(<SpeedReached />, (lab) =>
      lab.store.setState({ status: 'playing', speed: 'max', speedReached: 3140 }),
    ).host;
    expect(max.textContent).toBe('reached 3140×');
    expect(max.querySelector('[data-below="false"]')).not.toBeNull();
    const paused = renderInLab(<SpeedReached />, (lab) =>
      lab.store.setState({ status: 'ready', speed: '100', speedReached: 41 }),
    ).host;
    expect(paused.textContent).toBe('');
  });
});
