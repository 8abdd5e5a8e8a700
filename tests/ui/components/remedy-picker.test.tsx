// @vitest-environment jsdom
/**
 * The Remedies picker (remedies.md; issue 26 item 5): one radio per value of `remedy` with its
 * one-line note; a value the system refuses is disabled and says why in the parser's words.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { paramSpec } from '../../../src/engine/scenarios';
import { RemedyPicker } from '../../../src/ui/components/RemedyPicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement | null = null;
afterEach(() => host?.remove());

function mount(system: string, value: string, calls: [string, string][] = []): HTMLDivElement {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(
      <RemedyPicker
        system={system}
        spec={paramSpec(system, 'remedy')!}
        value={value}
        onChange={(k, t) => void calls.push([k, t])}
      />,
    ),
  );
  return host;
}

const choice = (h: HTMLElement, v: string) => h.querySelector<HTMLElement>(`[data-testid="remedy-${v}"]`)!;

describe('Remedies picker', () => {
  it('lists every remedy with its note; the stack remedies can be chosen, and choosing sets the key', () => {
    const calls: [string, string][] = [];
    const h = mount('phs', 'none', calls);
    const values = [...h.querySelectorAll('input[type="radio"]')].map((i) => (i as HTMLInputElement).value);
    expect(values).toEqual(['none', 'sack', 'timestamps', 'eifel', 'frto', 'snoop', 'eln', 'split']);
    expect(choice(h, 'frto').textContent).toContain('F-RTO (RFC 5682) at the sender');
    expect(choice(h, 'timestamps').textContent).toContain('Costs 12 bytes on every segment');
    expect(h.querySelector<HTMLInputElement>('#remedy-none')!.checked).toBe(true);
    for (const v of ['none', 'sack', 'timestamps', 'eifel', 'frto'])
      expect(choice(h, v).dataset.refused, v).toBe('false');
    act(() => h.querySelector<HTMLInputElement>('#remedy-eifel')!.click());
    expect(calls).toEqual([['remedy', 'eifel']]);
  });

  it('offers snoop, eln and split at PHS’s base station, with where they sit and what they cost', () => {
    const h = mount('phs', 'none');
    for (const v of ['snoop', 'eln', 'split']) {
      expect(choice(h, v).dataset.refused, v).toBe('false');
      expect(h.querySelector<HTMLInputElement>(`#remedy-${v}`)!.disabled).toBe(false);
      expect(choice(h, v).querySelector('.remedy-reason')).toBeNull();
    }
    expect(choice(h, 'split').textContent).toContain('acknowledged before the mobile has the data');
  });

  it('says "not applicable" where the model has no base-station point (GERAN)', () => {
    const h = mount('geran', 'none');
    expect(choice(h, 'split').querySelector('.remedy-reason')!.textContent).toContain(
      'not applicable: no base-station point in this model',
    );
  });
});
