import { useMemo } from 'react';
import type { PublishedValue } from '../presets';
import { presetStatus } from '../presets/modified';
import { getPath } from '../../engine/analysis';
import { HIDDEN_TEXT, useHidden } from '../exercises/hidden';
import { useLab } from '../hooks/use-lab';
import { anyValue, percent } from '../format';

/** Units of summary figures (scenario.md: seconds, bit/s…), for published rows that give none. */
const LIVE_UNITS: readonly [RegExp, string][] = [
  [/^app\.throughputKbps$/, 'kbit/s'],
  [/^app\.kbytesPerSecond$/, 'kbyte/s'],
  [/^app\.(transferTime|rttMean|rttMin|meanTransactionTime)$|^tcp\.(maxRto|rttMean|rttMin)$/, 's'],
  [/^link\.releaseDetect\./, 's'],
  [/^link\.fieldDbuv\./, 'dBµV'],
  [/^link\.budget\./, 'bytes/s'],
  [/^link\.resetsPerMinute$/, 'per minute'],
  [/^app\.transactionsPerSecond$/, '/s'],
];

/** The unit of a published row's live figure: the row's own, else the summary path's. */
export function liveUnit(p: PublishedValue): string | undefined {
  if (p.unit) return p.unit;
  if (!p.live || p.format === 'percent') return undefined;
  return LIVE_UNITS.find(([re]) => re.test(p.live as string))?.[1];
}

function Live({ p }: { p: PublishedValue }) {
  const summary = useLab((s) => s.summary);
  const hidden = useHidden();
  if (!p.live) return <td className="muted">–</td>;
  if (hidden(p.live)) return <td className="muted">{HIDDEN_TEXT}</td>;
  const v = getPath(summary, p.live);
  const unit = liveUnit(p);
  return (
    <td data-live={p.live}>
      {Number.isNaN(v) ? '–' : p.format === 'percent' ? percent(v) : anyValue(v)}
      {unit && !Number.isNaN(v) ? ` ${unit}` : ''}
    </td>
  );
}

/**
 * The current preset: what it reproduces, and the published values beside the live result. Once
 * the scenario was changed from the preset's, it says "Modified from …" and shows the study's
 * values alone, marked as belonging to the unmodified preset (presets/modified.ts).
 */
/** The study's value of a published quantity, as printed (a number with its unit, or the study's words). */
function studyValue(p: PublishedValue): string {
  if (typeof p.value !== 'number') return p.value;
  return p.unit ? `${anyValue(p.value)} ${p.unit}` : anyValue(p.value);
}

export function PresetInfo() {
  const presetId = useLab((s) => s.view.preset);
  const system = useLab((s) => s.system);
  const text = useLab((s) => s.text);
  const status = useMemo(() => presetStatus(presetId, system, text), [presetId, system, text]);
  const hidden = useHidden();
  if (!status) return null;
  const { preset, modified } = status;
  const title = `${preset.figure && !/\b(Figures?|Tables?)\b/.test(preset.title) ? `${preset.figure}: ` : ''}${preset.title}`;
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
                    {studyValue(p)}
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
