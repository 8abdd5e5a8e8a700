import type { Summary } from '../../../engine/scenario/summary';
import { Part, Row } from '../../components/FigureRow';
import { bitRate, sig } from '../../format';

/**
 * DECT's Goodput row. TCP's goodput counts both directions (λ segments/s are generated at each
 * end), while TH, TH/TH_teo and `capacityBps` = TH_teo × 4096 are of one direction (dect.md
 * "Summary"): the shell's "goodput — share of the bearer's rate" would read as 164 kbit/s being
 * 0.454 of 181 kbit/s. Here each figure says which direction it is of.
 */
export function DectGoodputRow({ summary }: { summary: Summary }) {
  const th = summary.app.th;
  return (
    <Row label="Goodput" paths={['tcp.goodputBps', 'app.th', 'normalizedGoodput']}>
      {bitRate(summary.tcp.goodputBps)} both ways together; each way TH ={' '}
      {typeof th === 'number' ? sig(th, 3) : '–'} segments/s,{' '}
      <strong>{sig(summary.normalizedGoodput, 3)}</strong> of TH_teo,{' '}
      <Part path="capacityBps">the {bitRate(summary.capacityBps)} the bearers held could carry each way</Part>
    </Row>
  );
}
