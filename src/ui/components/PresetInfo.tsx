import { findPreset, type PublishedValue } from '../presets';
import { getPath } from '../../engine/analysis';
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
  if (!p.live) return <td className="muted">–</td>;
  const v = getPath(summary, p.live);
  const unit = liveUnit(p);
  return (
    <td data-live={p.live}>
      {Number.isNaN(v) ? '–' : p.format === 'percent' ? percent(v) : anyValue(v)}
      {unit && !Number.isNaN(v) ? ` ${unit}` : ''}
    </td>
  );
}

/** The current preset: what it reproduces, and the published values beside the live result. */
export function PresetInfo() {
  const presetId = useLab((s) => s.view.preset);
  const system = useLab((s) => s.system);
  const preset = findPreset(presetId);
  if (!preset || preset.system !== system) return null;
  return (
    <section className="panel preset-info" aria-labelledby="preset-title" data-testid="preset-info">
      <h2 id="preset-title">
        {preset.figure && !/\b(Figures?|Tables?)\b/.test(preset.title) ? `${preset.figure}: ` : ''}
        {preset.title}
      </h2>
      <p>{preset.description}</p>
      {preset.published && preset.published.length > 0 && (
        <table className="published">
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">Published</th>
              <th scope="col">This run</th>
            </tr>
          </thead>
          <tbody>
            {preset.published.map((p, i) => (
              <tr key={i}>
                <th scope="row">{p.label}</th>
                <td>
                  {typeof p.value === 'number' ? anyValue(p.value) : p.value}
                  {p.unit && typeof p.value === 'number' ? ` ${p.unit}` : ''}
                  {p.expect ? <span className="muted"> ({p.expect})</span> : null}
                </td>
                <Live p={p} />
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
