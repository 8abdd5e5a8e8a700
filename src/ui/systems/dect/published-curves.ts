import type { PublishedCurve } from '../types';
import type { DectSummaryPath } from '../../../engine/systems/dect/contract';
import { DECT_PUBLISHED as P } from './published';

/**
 * DECT's published TH against λ (dect.md "Views": TH, TH_id and TH_teo against λ), from
 * spec/published-values.json "dect": the study's reference case reaches TH_teo = 30 and TH levels
 * off at a limit of 25 segments/s (Baiocchi, Cautelier, Di Benedetto, Poscetti, Simeoni).
 */
const SOURCE =
  'Baiocchi, Cautelier, Di Benedetto, Poscetti, Simeoni: Performance of TCP/IP data transfer over the DECT radio interface (reference case)';
/** The reference case (segments/s). */
const REFERENCE = P.reference;
const LAMBDA_MAX = 100;

export const DECT_CURVES: readonly PublishedCurve<DectSummaryPath>[] = [
  {
    label: `TH_id = min(λ, ${REFERENCE.thTeo})`,
    source: SOURCE,
    x: 'lambda',
    metric: 'app.th',
    when: { load: 'reference' },
    kind: 'line',
    points: [
      { x: 0, y: 0 },
      { x: REFERENCE.thTeo, y: REFERENCE.thTeo },
      { x: LAMBDA_MAX, y: REFERENCE.thTeo },
    ],
  },
  {
    label: `TH limit ${REFERENCE.thLimit} seg/s`,
    source: SOURCE,
    x: 'lambda',
    metric: 'app.th',
    when: { load: 'reference' },
    kind: 'line',
    points: [
      { x: 0, y: REFERENCE.thLimit },
      { x: LAMBDA_MAX, y: REFERENCE.thLimit },
    ],
  },
];
