import type { PublishedCurve } from '../types';
import type { GsmSummaryPath } from '../../../engine/systems/gsm/contract';
import { GSM_PUBLISHED as P } from './published';

/**
 * GSM's published FTP throughput by content (kbyte/s of 1024 bytes, over good radio), drawn across
 * the file-size sweep: the study reports one figure per content over its file sizes.
 */
export const GSM_CURVES: readonly PublishedCurve<GsmSummaryPath>[] = (
  ['ascii', 'text', 'binary'] as const
).map((content): PublishedCurve<GsmSummaryPath> => ({
  label: `${content}: ${P.ftp[content]} kbyte/s`,
  source: `${P.source} (FTP over good radio, MTU ${P.ftp.mtu})`,
  x: 'size',
  metric: 'app.kbytesPerSecond',
  when: { content, app: 'ftpGet' },
  kind: 'line',
  points: [
    { x: 0, y: P.ftp[content] },
    { x: 1e8, y: P.ftp[content] },
  ],
}));
