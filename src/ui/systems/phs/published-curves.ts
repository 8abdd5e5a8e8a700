import { fieldStrengthOutdoor } from '../../../engine/channel/path-loss';
import type { PublishedCurve } from '../types';
import type { PhsSummaryPath } from '../../../engine/systems/phs/contract';
import { PHS_PUBLISHED as P } from './published';

/**
 * PHS's published figures on the sweep plots: Table 1's indoor Get and Put against distance, Table
 * 2's static five and six links beside Figure 7's links fixed at 1…6 (with the proportional growth
 * the study reports through its six-link Get), and the outdoor field-strength thresholds of
 * Figures 3–4. The study plots those against field strength; the sweeps move the phone, so each
 * threshold is drawn at the distance where the outdoor model's mean field (no shadowing; units at
 * the base station, the presets' set-up) falls to it (channels.md §3, `fieldStrengthOutdoor`).
 */

/** Distance (m) at which the outdoor model's mean field strength falls to `dbuv` (bisection). */
export function outdoorDistanceFor(dbuv: number): number {
  let lo = 1;
  let hi = 5000;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (fieldStrengthOutdoor(mid) > dbuv) lo = mid;
    else hi = mid;
  }
  return Math.round(lo);
}

const T1 = `${P.source}, Table 1 (indoor, mean of 3 runs)`;
const T2 = `${P.source}, Table 2 (static 5 and 6 links)`;
const OUT = `${P.source}, Figures 3–4 (outdoor; thresholds placed at the model’s mean field strength)`;
/** The units at the base station (the presets' outdoor set-up, where distance maps to field strength). */
const AT_ORIGIN = { env: 'outdoor', units: '0,0;0,0;0,0' };
const d40 = outdoorDistanceFor(P.outdoor.noCrcErrorsAbove);
const d35 = outdoorDistanceFor(P.outdoor.largeLossIfAnyUnitBelow);
const d30 = outdoorDistanceFor(P.outdoor.noSetupBelow);
const sixLinks = P.table1.find((r) => r.distance === 20)?.getKbps ?? NaN;

export const PHS_CURVES: readonly PublishedCurve<PhsSummaryPath>[] = [
  ...(['ftpGet', 'ftpPut'] as const).map((app): PublishedCurve<PhsSummaryPath> => ({
    label: `Table 1: ${app === 'ftpGet' ? 'Get' : 'Put'}`,
    source: T1,
    x: 'msX',
    metric: 'app.throughputKbps',
    when: { env: 'indoor', app },
    kind: 'points',
    points: P.table1.map((r) => ({ x: r.distance, y: app === 'ftpGet' ? r.getKbps : r.putKbps })),
  })),
  ...(['get', 'put'] as const).map((dir): PublishedCurve<PhsSummaryPath> => ({
    label: `Table 2: ${dir === 'get' ? 'Get' : 'Put'}, 5 and 6 links`,
    source: T2,
    x: 'channels',
    metric: 'app.throughputKbps',
    when: { app: dir === 'get' ? 'ftpGet' : 'ftpPut' },
    kind: 'points',
    points: [
      { x: 5, y: P.table2[dir].avg5 },
      { x: 6, y: P.table2[dir].avg6 },
    ],
  })),
  {
    label: 'Figure 7: k/6 of the 6-link Get',
    source: `${P.source}, Figure 7 and Table 1 (six links, 20 m: ${sixLinks} kbit/s)`,
    x: 'channels',
    metric: 'app.throughputKbps',
    when: { app: 'ftpGet' },
    kind: 'line',
    points: [1, 2, 3, 4, 5, 6].map((k) => ({ x: k, y: (k / 6) * sixLinks })),
  },
  {
    label: `Get ≈ ${P.outdoor.getKbpsAbove40} above ${P.outdoor.noCrcErrorsAbove} dBµV`,
    source: OUT,
    x: 'msX',
    metric: 'app.throughputKbps',
    when: { ...AT_ORIGIN, app: 'ftpGet' },
    kind: 'line',
    points: [
      { x: 0, y: P.outdoor.getKbpsAbove40 },
      { x: d40, y: P.outdoor.getKbpsAbove40 },
    ],
  },
  {
    label: `< ${P.outdoor.kbpsBelow40Under} below ${P.outdoor.noCrcErrorsAbove} dBµV`,
    source: OUT,
    x: 'msX',
    metric: 'app.throughputKbps',
    when: AT_ORIGIN,
    kind: 'line',
    points: [
      { x: d40, y: P.outdoor.kbpsBelow40Under },
      { x: d30, y: P.outdoor.kbpsBelow40Under },
    ],
  },
  {
    label: 'field-strength thresholds',
    source: OUT,
    x: 'msX',
    metric: 'app.throughputKbps',
    when: AT_ORIGIN,
    kind: 'rule',
    points: [
      { x: d40, y: 0, label: `${P.outdoor.noCrcErrorsAbove} dBµV` },
      { x: d30, y: 0, label: `${P.outdoor.noSetupBelow} dBµV: no set-up` },
    ],
  },
  {
    label: 'field-strength thresholds',
    source: OUT,
    x: 'msX',
    metric: 'link.crcErrors',
    when: AT_ORIGIN,
    kind: 'rule',
    points: [
      { x: d40, y: 0, label: `${P.outdoor.noCrcErrorsAbove} dBµV: none above` },
      { x: d35, y: 0, label: `${P.outdoor.largeLossIfAnyUnitBelow} dBµV: large loss` },
    ],
  },
];
