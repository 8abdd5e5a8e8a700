/**
 * Rendering lab components in jsdom for a test: a fresh store harness (tests/state/harness.ts),
 * the components inside LabProvider in a div on the page, all of it torn down when the test
 * finishes (after the test file's own afterEach hooks, which Vitest runs first). The teardown is
 * registered by each render for its own test (`onTestFinished`), not by this module once: the
 * jsdom project shares loaded modules between the files of a worker (vitest.config.ts), so a
 * module-level `afterEach` would serve only the first file that imported this one.
 */
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';
import { LabProvider } from '../../src/ui/hooks/use-lab';
import { harness, type Harness } from '../state/harness';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  /** The div the components were rendered into. */
  readonly host: HTMLDivElement;
  readonly h: Harness;
}

/** Render `node` in a lab of its own; `prepare` sets the store up before the first render. */
export function renderInLab(node: ReactNode, prepare?: (h: Harness) => void): Rendered {
  const h = harness();
  prepare?.(h);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  onTestFinished(() => {
    act(() => root.unmount());
    host.remove();
    h.close();
  });
  act(() => root.render(<LabProvider store={h.store}>{node}</LabProvider>));
  return { host, h };
}

/** Type `text` into a text input as a user would (React listens to the native value setter's input event). */
export function typeInto(input: HTMLInputElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
