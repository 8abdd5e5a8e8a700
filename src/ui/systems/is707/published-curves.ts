import type { PublishedCurve } from '../types';
import type { Is707SummaryPath } from '../../../engine/systems/is707/contract';
import { IS707_PUBLISHED as P } from './published';

/**
 * IS-707's published curves on the sweep plots (is707.md "Views"). The study drew Figures 3, 4 and
 * 9 without printing their values (published-values.json: "curves without printed values"), so
 * what is drawn is what it states in numbers: the bound goodput ≤ 1 − Pe under the PPP ceiling
 * 536/584 (Figures 3–4), and the knee of Figure 9 at about five idle frames.
 */
export const IS707_CURVES: readonly PublishedCurve<Is707SummaryPath>[] = [
  {
    label: 'bound: min(0.918, 1 − Pe)',
    source: `${P.source}, Figures 3–4: goodput ≤ ${P.goodputBound}; PPP ceiling 536/584`,
    x: 'fer',
    metric: 'normalizedGoodput',
    kind: 'line',
    points: [
      { x: 0, y: P.ceiling },
      { x: 1 - P.ceiling, y: P.ceiling },
      { x: 0.6, y: 0.4 },
    ],
  },
  {
    label: `knee: ≈ ${P.idleFramesKnee} idle frames`,
    source: `${P.source}, Figure 9 (Pe = ${P.highLossCase.pe}): nearly flat beyond about ${P.idleFramesKnee} idle frames`,
    x: 'idle',
    metric: 'normalizedGoodput',
    when: { fer: String(P.highLossCase.pe) },
    kind: 'rule',
    points: [{ x: P.idleFramesKnee, y: 0, label: `knee ≈ ${P.idleFramesKnee}` }],
  },
];
