import type { Summary } from '../../../engine/scenario/summary';
import { Row } from '../../components/FigureRow';
import { sig } from '../../format';

/** GSM's study counts kbyte = 1024 bytes (gsm.md); the summary row shows its figure that way. */
export function GsmSummaryRows({ summary }: { summary: Summary }) {
  const k = summary.app.kbytesPerSecond;
  if (typeof k !== 'number') return null;
  return (
    <Row label="Throughput (study)" paths={['app.kbytesPerSecond']}>
      {sig(k, 3)}
      {'\u202f'}kbyte/s <span className="muted">(1 kbyte = 1024 bytes, as the study counts)</span>
    </Row>
  );
}
