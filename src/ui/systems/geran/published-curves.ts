import type { PublishedCurve } from '../types';
import type { GeranSummaryPath } from '../../../engine/systems/geran/contract';
import { GERAN_PUBLISHED as P } from './published';

/**
 * GERAN's published figures on the delay sweeps (geran.md "Views": data rate and connection
 * success against `delay`): the slot's ceiling without speech, the study's one 65 KB download with
 * speech at the default 0.25 s (1505 bytes/s, an unlucky draw), and its set-up limits — 4.5 s one
 * way with speech, "beyond 8 s" without.
 */
const SOURCE = `${P.source}`;

export const GERAN_CURVES: readonly PublishedCurve<GeranSummaryPath>[] = [
  {
    label: `ceiling ${P.maxUserRateKbps} kbit/s`,
    source: `${SOURCE}: 32 kbit/s × 1460/1500`,
    x: 'delay',
    metric: 'app.throughputKbps',
    kind: 'line',
    points: [
      { x: 0, y: P.maxUserRateKbps },
      { x: 15, y: P.maxUserRateKbps },
    ],
  },
  {
    label: `65 KB with speech: ${P.download65k.overall} B/s`,
    source: `${SOURCE}: one download at 0.25 s (an unlucky draw, geran.md)`,
    x: 'delay',
    metric: 'app.throughputKbps',
    when: { speech: 'both' },
    kind: 'points',
    points: [{ x: 0.25, y: (P.download65k.overall * 8) / 1000 }],
  },
  {
    label: 'set-up limits',
    source: `${SOURCE}: set-up fails beyond ${P.setupLimit.withSpeech} s with speech, beyond ${P.setupLimit.withoutSpeechAtLeast} s without`,
    x: 'delay',
    metric: 'tcp.connectFailures',
    kind: 'rule',
    points: [
      { x: P.setupLimit.withSpeech, y: 0, label: `${P.setupLimit.withSpeech} s with speech` },
      {
        x: P.setupLimit.withoutSpeechAtLeast,
        y: 0,
        label: `> ${P.setupLimit.withoutSpeechAtLeast} s without`,
      },
    ],
  },
];
