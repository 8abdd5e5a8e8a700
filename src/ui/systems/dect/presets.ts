/**
 * DECT presets (dect.md "Must reproduce"): free play with the phone on the map, and the study's
 * reference case at λ = 20. The other variations (double BER, double handover rate, high load,
 * batch arrivals, the tenfold-BER episode) and the λ sweep come with the DECT panels. Presets are data.
 */
import type { Preset } from '../../presets/types';

export const DECT_PRESETS: readonly Preset[] = [
  {
    id: 'dect-free',
    system: 'dect',
    title: 'Free play',
    description:
      'The TCP user in a cluster of three DECT cells at the reference background load, λ = 20 segments/s each ' +
      'way, with mobility=map: drag the phone into another cell and its connection hands over (bearers not ' +
      'moved within 3 s are lost). Release bearers by hand (bearer toggles, Link layer group): below bth = 4 ' +
      'the connection sets them up again, one at a time.',
    scenario: 'system=dect&mobility=map',
    charts: ['seq', 'rto', 'throughput'],
  },
  {
    id: 'dect-reference',
    system: 'dect',
    title: 'Reference case: λ = 20 at the reference load',
    figure: 'reference case (TH, TH_teo, delay D)',
    description:
      'An hour at the reference background load with the phone changing cell every 120 s on average. Bearers ' +
      'are lost in failed handovers and set up again only below bth, so the TCP user holds far fewer than its ' +
      'ten; delays grow heavy-tailed, yet TCP does not time out. This model does not reach the study’s 6.4 ' +
      'bearers at the load where 30–50 % of handovers fail (docs/validation.md, dect-2).',
    scenario: 'system=dect',
    charts: ['seq', 'rto', 'throughput'],
    // TH against λ (dect.md "Views"), drawn with the study's TH_id and TH limit (published-curves.ts);
    // 10 minutes a run, as the bearer count moves on a scale of minutes.
    sweep: {
      base: 'system=dect&duration=600',
      key: 'lambda',
      values: [5, 10, 15, 20, 25, 30, 40],
      series: [],
      seeds: 2,
      metric: 'app.th',
      metricLabel: 'TH (segments/s)',
    },
    published: [
      { label: 'Mean bearers', value: 6.4, live: 'app.meanBearers', expect: 'this model: ≈ 4.7 (open gap)' },
      { label: 'TH_teo', value: '31–33', unit: 'seg/s', live: 'app.thTeo' },
      {
        label: 'Failed bearer handovers',
        value: '30–50 %',
        live: 'link.handoverFailFraction',
        format: 'percent',
      },
      { label: 'TCP timeouts', value: 0, live: 'tcp.timeouts' },
    ],
  },
];
