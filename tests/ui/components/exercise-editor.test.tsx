// @vitest-environment jsdom
/**
 * The exercise editor by keyboard: the arrow keys on a closed select step to the next option, so
 * the trace and field lists must keep their order when one is chosen — each step must reach a new
 * option, and every option must be reachable (issue 12 item 4; ui.md "everything by keyboard").
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ExerciseEditorForm } from '../../../src/ui/components/ExerciseEditor';
import type { Harness } from '../../state/harness';
import { renderInLab } from '../render-lab';

const SOURCES = [
  { name: 'link.frame', fields: ['dir', 'seq', 'round'] },
  { name: 'link.nak', fields: ['dir', 'round'] },
  { name: 'tcp.rtoActive', fields: ['seconds'] },
  { name: 'tcp.timeout', fields: ['seq', 'rto'] },
  { name: 'tcp.cwnd', fields: ['bytes'] },
];

let h: Harness | null = null;
function render(): HTMLDivElement {
  const r = renderInLab(<ExerciseEditorForm />, (lab) => lab.store.setState({ sources: SOURCES } as never));
  h = r.h;
  return r.host;
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** What ArrowDown does on a closed select: the option after the selected one. */
function arrowDown(select: HTMLSelectElement): void {
  const next = select.options[select.selectedIndex + 1];
  if (next) choose(select, next.value);
}

const byId = (host: HTMLElement, id: string) =>
  host.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`)!;

describe('the exercise editor’s trace and field lists', () => {
  it('keep their order as the keyboard steps through them, so every trace and field is reached', () => {
    const host = render();
    choose(byId(host, 'exercise-edit-quantity'), 'measure');
    const source = byId(host, 'exercise-edit-source');
    // The form's default (tcp.rtoActive) is one of the run's traces: the list is the run's, in order.
    expect([...source.options].map((o) => o.value)).toEqual(SOURCES.map((s) => s.name));
    choose(source, 'link.frame');
    const seen = [source.value];
    for (let i = 0; i < SOURCES.length; i++) {
      arrowDown(source);
      seen.push(source.value);
    }
    expect(seen).toEqual([...SOURCES.map((s) => s.name), 'tcp.cwnd']);

    choose(source, 'link.frame');
    const field = byId(host, 'exercise-edit-field');
    const fields = [field.value];
    for (let i = 0; i < 4; i++) {
      arrowDown(field);
      fields.push(field.value);
    }
    expect(fields).toEqual(['dir', 'seq', 'round', 'round', 'round']);
  });

  it('still offers a chosen trace the run does not have (an exercise from another run), after the others', () => {
    const host = render();
    act(() => h!.store.setState({ sources: SOURCES.slice(0, 2) } as never));
    choose(byId(host, 'exercise-edit-quantity'), 'measure');
    const source = byId(host, 'exercise-edit-source');
    expect([...source.options].map((o) => o.value)).toEqual(['link.frame', 'link.nak', 'tcp.rtoActive']);
    expect(source.value).toBe('tcp.rtoActive');
  });
});
