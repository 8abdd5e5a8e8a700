// @vitest-environment jsdom
/**
 * The engine banner says what stopped once (issue 20 item 21: "The simulation engine stopped."
 * was written twice, once by the banner and once by the worker client's message).
 */
import { describe, expect, it } from 'vitest';
import { ErrorBanner } from '../../../src/ui/components/ErrorBanner';
import { renderInLab } from '../render-lab';

const said = (text: string) => text.split('The simulation engine stopped').length - 1;

describe('the engine banner', () => {
  it('says “The simulation engine stopped.” once, with the why and Restart engine', () => {
    for (const message of [
      'The simulation engine stopped: the worker failed to start',
      'Its worker failed to start.',
      'It has not answered for 30 s: its worker may have been closed or run out of memory without saying so.',
    ]) {
      const { host } = renderInLab(<ErrorBanner />, (lab) =>
        lab.store.setState({ engineError: message, status: 'failed' }),
      );
      const text = host.textContent ?? '';
      expect(said(text), text).toBe(1);
      expect(host.querySelector('[data-testid="restart-engine"]')).not.toBeNull();
      host.remove();
    }
  });
});
