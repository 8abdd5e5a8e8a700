import type { Summary } from '../../../engine/scenario/summary';
import { Row } from '../../components/FigureRow';
import { percent, sig } from '../../format';

const numberAt = (o: Record<string, unknown>, key: string): number | null =>
  typeof o[key] === 'number' ? o[key] : null;

/** The study's figures of a page download (geran.md "Metrics"): efficiency, best 5 s, objects. */
export function GeranSummaryRows({ summary }: { summary: Summary }) {
  const app = summary.app as Record<string, unknown>;
  const eff = numberAt(app, 'efficiency');
  if (eff === null) return null;
  const best = numberAt(app, 'bestStretchKbps');
  const fetched = numberAt(app, 'objectsFetched') ?? 0;
  const failed = numberAt(app, 'objectsFailed') ?? 0;
  return (
    <>
      <Row label="Efficiency (study)" paths={['app.efficiency']}>
        {percent(eff)} <span className="muted">of the downlink’s silent time × 3893 bytes/s</span>
      </Row>
      <Row label="Best 5 s stretch" paths={['app.bestStretchKbps']}>
        {best === null ? (
          <span className="muted">not yet (under 5 s of data)</span>
        ) : (
          <>
            {sig(best, 3)}
            {'\u202f'}kbit/s <span className="muted">(ceiling 31.15)</span>
          </>
        )}
      </Row>
      <Row label="Objects fetched / failed" paths={['app.objectsFetched', 'app.objectsFailed']}>
        {fetched} / {failed}
      </Row>
    </>
  );
}
