// @vitest-environment jsdom
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import { IS707_PARAMS } from '../../../src/engine/systems/is707/params';
import { ParamField } from '../../../src/ui/components/ParamField';
import { typeInto } from '../render-lab';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const IDLE: ParamSpec = IS707_PARAMS.find((p) => p.key === 'idle')!;

let host: HTMLDivElement | null = null;
afterEach(() => host?.remove());

/** Render one field in a fresh div on the page. */
function mount(field: ReactElement): Root {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(field));
  return root;
}

/** Type `text` into the field and press Enter; returns what onChange received. */
function typeAndEnter(text: string): [string, string][] {
  const calls: [string, string][] = [];
  const root = mount(
    <ParamField
      spec={IDLE}
      value={0}
      shown="0"
      common={{ id: 'f' }}
      onChange={(k, t) => void calls.push([k, t])}
    />,
  );
  const input = host!.querySelector<HTMLInputElement>('input[type="text"]')!;
  act(() => input.focus());
  typeInto(input, text);
  act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
  act(() => root.unmount());
  return calls;
}

describe('ParamField text entry', () => {
  it('sends a number of the scenario grammar in canonical form, once', () => {
    expect(typeAndEnter('12.0')).toEqual([['idle', '12']]);
  });

  it('passes text a link would not accept to the parser as typed (not as the number JavaScript reads)', () => {
    expect(typeAndEnter('0x10')).toEqual([['idle', '0x10']]);
    expect(typeAndEnter('Infinity')).toEqual([['idle', 'Infinity']]);
    expect(typeAndEnter('inf')).toEqual([['idle', 'inf']]);
  });
});

describe('ParamField slider by keyboard', () => {
  it('→ then ← before the store has answered the first: both changes are sent (the second is not lost)', () => {
    const FER: ParamSpec = IS707_PARAMS.find((p) => p.key === 'fer')!;
    const calls: string[] = [];
    // The store answers no change during the test: the value in force stays 0.15 throughout.
    const never = new Promise<void>(() => {});
    const root = mount(
      <ParamField
        spec={FER}
        value={0.15}
        shown="0.15"
        common={{ id: 'f' }}
        onChange={(_k, t) => {
          calls.push(t);
          return never;
        }}
      />,
    );
    const slider = host!.querySelector<HTMLInputElement>('input[type="range"]')!;
    const press = (key: string) => {
      act(() => void slider.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
      act(() => void slider.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true })));
    };
    press('ArrowRight');
    press('ArrowLeft');
    expect(calls).toEqual(['0.16', '0.15']);
    act(() => root.unmount());
  });
});
