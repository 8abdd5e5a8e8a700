import { useMemo } from 'react';
import type { PublishedValue } from '../presets';
import { presetStatus } from '../presets/modified';
import { presetTitle } from '../presets/title';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';
import { useLab } from '../hooks/use-lab';
import { formatQuantity, formatStudy } from '../quantity';
import { valueAt } from '../summary-fields';

/** Bring the sweep panel into view (a button, not a `#` link: the fragment holds the lab's view). */
function showSweep(): void {
  document.getElementById('sweep-title')?.scrollIntoView({ block: 'start' });
}

/**
 * The run's figure beside the study's, printed by the same formatter from the row's quantity
 * (issue 20 item 5); a figure only a sweep gives says so and points there.
 */
function Live({ p }: { p: PublishedValue }) {
  const summary = useLab((s) => s.summary);
  const hidden = useHidden();
  if (p.fromSweep)
    return (
      <td className="muted" data-from-sweep="true">
        a sweep finds it, not one run:{' '}
        <button type="button" className="small" onClick={showSweep}>
          go to the sweep
        </button>
      </td>
    );
  if (!p.live) return <td className="muted">–</td>;
  if (hidden(p.live)) return <td className="muted">{HIDDEN_TEXT}</td>;
  return <td data-live={p.live}>{formatQuantity(p.quantity, valueAt(summary, p.live))}</td>;
}

/**
 * The current preset: what it reproduces, and the published values beside the live result. Once
 * the scenario was changed from the preset's, it says "Modified from …" and shows the study's
 * values alone, marked as belonging to the unmodified preset (presets/modified.ts); the actions a
 * preset asks for (releasing bearers) keep it the preset.
 */
export function PresetInfo() {
  const presetId = useLab((s) => s.view.preset);
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const status = useMemo(() => presetStatus(presetId, system, text), [presetId, system, text]);
  const hidden = useHidden();
  if (!status) return null;
  const { preset, modified } = status;
  const title = presetTitle(preset);
  return (
    <section
      className="panel preset-info"
      aria-labelledby="preset-title"
      data-testid="preset-info"
      data-modified={String(modified)}
    >
      <h2 id="preset-title">{modified ? `Modified from: ${title}` : title}</h2>
      {modified && (
        <p className="preset-modified" data-testid="preset-modified">
          You changed this scenario from the preset, so this run is no longer the study’s experiment: its
          figures are not compared with the published ones. Choose the preset again to go back to it.
        </p>
      )}
      <p>{preset.description}</p>
      {preset.published && preset.published.length > 0 && (
        // A modified run is not the study's experiment: the study's values alone, not compared.
        <table className="published">
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">{modified ? 'Study value, for the unmodified preset' : 'Published'}</th>
              {!modified && <th scope="col">This run</th>}
            </tr>
          </thead>
          <tbody>
            {preset.published.map((p, i) => (
              <tr key={i}>
                <th scope="row">{p.label}</th>
                {/* The study's value of a quantity an open exercise hides is its answer too. */}
                {p.live && hidden(p.live) ? (
                  <td className="muted">{HIDDEN_TEXT}</td>
                ) : (
                  <td>
                    {formatStudy(p.quantity, p.value)}
                    {!modified && p.expect ? <span className="muted"> ({p.expect})</span> : null}
                  </td>
                )}
                {!modified && <Live p={p} />}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preset.sweep && (
        <p className="muted small">This figure is a sweep: run it in the Sweep panel below.</p>
      )}
    </section>
  );
}
