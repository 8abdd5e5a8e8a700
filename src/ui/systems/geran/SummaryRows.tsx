import type { Summary } from '../../../engine/scenario/summary';
import { Row } from '../../components/FigureRow';
import { percent, sig } from '../../format';

const numberAt = (o: Record<string, unknown>, key: string): number | null =>
  typeof o[key] === 'number' ? o[key] : null;

/**
 * Why there is no best 5 s stretch (issue 20 item 28): "not yet" only while data may still come;
 * a failed download moved none, a finished one moved its data in under 5 s.
 */
function noStretch(summary: Summary, done: boolean): string {
  if (summary.failure) return 'none: no data was delivered (the download failed)';
  if (summary.completed) return 'none: the download took under 5 s';
  if (done) return 'none: the run ended with under 5 s of data';
  return 'not yet (under 5 s of data so far)';
}

/** The study's figures of a page download (geran.md "Metrics"): efficiency, best 5 s, objects. */
export function GeranSummaryRows({ summary, done = false }: { summary: Summary; done?: boolean }) {
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
          <span className="muted">{noStretch(summary, done)}</span>
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
