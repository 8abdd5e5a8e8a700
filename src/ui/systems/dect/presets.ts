/**
 * DECT presets (dect.md "Must reproduce"; the study's variations): free play with the phone on
 * the map, the reference case with its λ sweep (TH, TH_id and TH_teo against λ), the level TH
 * reaches above capacity, double BER, double handover rate, high load, batch arrivals, the
 * tenfold-BER episode and the capacity check; and one preset for the bth rule, released by hand.
 * Each shows the study's value beside the live one (published.ts). Presets are data.
 */
import type { Preset, SweepSpec } from '../../presets/types';
import { Q } from '../../quantity';
import { DECT_PUBLISHED as P } from './published';

/** TH, TH_id and TH_teo against λ at the reference load (dect.md "Views"; must-reproduce 2). */
const LAMBDA_SWEEP: SweepSpec = {
  base: 'system=dect&duration=600',
  key: 'lambda',
  values: [5, 10, 15, 20, 25, 30, 40, 50],
  series: [{ label: 'reference load', keys: '' }],
  seeds: 2,
  metric: 'app.th',
  metricLabel: 'segments/s (one direction)',
  metrics: [
    { label: 'TH', path: 'app.th' },
    { label: 'TH_id = min(λ, TH_teo)', path: 'app.thId' },
    { label: 'TH_teo = mean bearers × 5', path: 'app.thTeo' },
  ],
};

/**
 * The bth preset's keys (dect.md Connection_Modification): the target (the engine's default) and a
 * bth one below it, so releasing two bearers leaves fewer than bth. Its text is written from them.
 */
export const RELEASE_KEYS = { bearers: 10, bth: 9, studyBth: 4 } as const;
const R = RELEASE_KEYS;

/** Above capacity (λ = 40, the reference load): the level TH reaches relative to TH_teo. */
const SATURATED = 'system=dect&lambda=40&duration=1200';

export const DECT_PRESETS: readonly Preset[] = [
  {
    id: 'dect-free',
    system: 'dect',
    title: 'Free play',
    description:
      'The TCP user in a cluster of three DECT cells at the reference background load, λ = 20 segments/s each ' +
      'way, with mobility=map: drag the phone across a cell boundary (past the 5 m hysteresis band) and its ' +
      'connection hands over — watch the bearer chart and the grids. Release bearers with the buttons under ' +
      'the map: below bth = 4 the connection sets them up again, one at a time.',
    scenario: 'system=dect&mobility=map',
    charts: ['seq', 'rto', 'link'],
  },
  {
    id: 'dect-reference',
    system: 'dect',
    title: 'Reference case: λ = 20 at the reference load',
    spec: 'dect.md: the reference case (TH, TH_teo, delay D) and the λ sweep, must-reproduce 2',
    description:
      'An hour at the reference background load with the phone changing cell every 120 s on average. Bearers ' +
      'are lost in failed handovers and set up again only below bth, so the TCP user holds far fewer than its ' +
      'ten (the bearer chart’s saw-tooth); delays grow heavy-tailed (the delay histogram, logarithmic), yet TCP ' +
      'rarely times out: the study saw none; this model shows a few an hour, each after a drop whose new ' +
      'set-up found the cell full, leaving 3 s or more without a bearer (validation item dect-4). The sweep runs TH, TH_id and TH_teo against λ (2 seeds × 10 minutes per point; npm run sim -- --sweep for longer runs).',
    scenario: 'system=dect',
    charts: ['seq', 'rto', 'link'],
    sweep: LAMBDA_SWEEP,
    published: [
      {
        label: 'Mean bearers',
        quantity: Q.bearers,
        value: P.meanBearers,
        live: 'app.meanBearers',
        expect: 'dect.md',
      },
      {
        label: 'TH_teo',
        quantity: Q.segps,
        value: P.reference.thTeo,
        live: 'app.thTeo',
        expect: `dect.md: ${P.thTeoSpec}`,
      },
      {
        label: 'Share of bearer handovers that failed',
        quantity: Q.share,
        value: P.handoverFail,
        live: 'link.handoverFailFraction',
      },
      {
        label: 'Segments waiting more than 10 s',
        quantity: Q.share,
        value: P.delay.fracOver10sAtLambda20,
        live: 'app.delay.fracOver10s',
        expect: 'heavy tail; the study’s “mean below 1 s” cannot hold with it',
      },
      { label: 'TCP timeouts', quantity: Q.count, value: P.tcpTimeouts, live: 'tcp.timeouts' },
    ],
  },
  {
    id: 'dect-release',
    system: 'dect',
    title: 'The bth rule: release two bearers by hand',
    spec: 'dect.md: Connection_Modification and the bth rule',
    description:
      `A quiet cluster (low load, no bearer handovers, the phone staying in its cell) and bth = ${R.bth}: the TCP ` +
      `user holds its ${R.bearers} bearers. Play, then release ${R.bearers - R.bth + 1} of them with the bearer ` +
      `buttons under the map: ${R.bth - 1} are left, fewer than bth, and Connection_Modification sets bearers up ` +
      `again, one at a time, until it is back at ${R.bearers} (the bearer chart’s blue band). Release one only and ` +
      `nothing comes back: ${R.bearers - 1} is not below bth. With the study’s bth = ${R.studyBth} you would ` +
      `release ${R.bearers - R.studyBth + 1}. Releasing bearers is the lesson: the table keeps this run beside ` +
      'the study’s values.',
    scenario: `system=dect&mobility=map&load=low&hoScale=0&bth=${R.bth}&duration=600`,
    charts: ['seq', 'link'],
    actions: [
      {
        keys: /^bearer\d+$/,
        words: 'release bearers with the buttons under the map',
        // Two releases as the buttons record them (each key set back to 1 a moment later).
        example: '20@bearer1=0;20.15@bearer1=1;21@bearer2=0;21.15@bearer2=1',
      },
    ],
    published: [
      {
        label: 'Connection_Modifications',
        quantity: Q.count,
        value: 'one per release that leaves fewer than bth',
        live: 'link.modifications',
        check: { atLeast: 1 },
      },
      {
        label: 'TCP timeouts',
        quantity: Q.count,
        value: P.tcpTimeouts,
        live: 'tcp.timeouts',
        check: { atMost: P.tcpTimeouts },
      },
    ],
  },
  {
    id: 'dect-capacity',
    system: 'dect',
    title: 'Capacity check: 10 fixed error-free bearers above capacity',
    spec: 'dect.md must-reproduce 1 (20 MAC packets per segment)',
    description:
      'No background load, no handovers, no bit errors, λ = 70 above capacity: a 512-byte segment is ' +
      'ceil((512 + 42) / 29) = 20 MAC packets, one per bearer per frame, so each of the 10 bearers carries 5 ' +
      'segments/s and TH measures 50 segments/s (slow start costs a little of the first seconds).',
    scenario: 'system=dect&load=0,0,0,0&hoScale=0&berScale=0&mobility=map&lambda=70&duration=300',
    charts: ['seq', 'throughput'],
    published: [
      {
        label: 'TH',
        quantity: Q.segps,
        value: P.nominal10Bearers.segmentsPerSecond,
        live: 'app.th',
        expect: '± 2 %',
        check: {
          atLeast: P.nominal10Bearers.segmentsPerSecond * 0.98,
          atMost: P.nominal10Bearers.segmentsPerSecond * 1.02,
        },
      },
      {
        label: 'Mean bearers',
        quantity: Q.bearers,
        value: 10,
        live: 'app.meanBearers',
        check: { atLeast: 10 },
      },
    ],
  },
  {
    id: 'dect-saturated',
    system: 'dect',
    title: 'Above capacity: the level TH reaches (λ = 40)',
    spec: 'dect.md: TH / TH_teo at the reference load',
    description:
      'λ = 40 segments/s each way is more than the bearers carry on average: the queue grows without bound ' +
      '(only TH is meaningful) and TH levels off below TH_teo — MAC subfield retransmissions, DLC go-back-N ' +
      'and bearers lost in handovers take their share.',
    scenario: SATURATED,
    charts: ['seq', 'throughput', 'link'],
    published: [
      { label: 'TH', quantity: Q.segps, value: P.reference.thLimit, live: 'app.th' },
      {
        label: 'TH / TH_teo',
        quantity: Q.share,
        value: P.level.reference,
        live: 'normalizedGoodput',
        expect: `a faithful model of the mechanisms: ${P.level.faithful}`,
      },
      { label: 'TH_teo', quantity: Q.segps, value: P.reference.thTeo, live: 'app.thTeo' },
    ],
  },
  {
    id: 'dect-ber2',
    system: 'dect',
    title: 'Double BER (berScale = 2), λ = 40',
    spec: 'dect.md must-reproduce 3 (BER)',
    description:
      'Both Gilbert–Elliott bit error rates doubled: more subfields in error, more MAC retransmissions (the link ' +
      'timeline), so TH levels off lower relative to TH_teo than in “Above capacity”; the bearers themselves ' +
      'are lost as before.',
    scenario: `${SATURATED}&berScale=2`,
    charts: ['seq', 'throughput', 'link'],
    published: [
      {
        label: 'TH / TH_teo',
        quantity: Q.share,
        value: P.level.doubleBer,
        live: 'normalizedGoodput',
        expect: 'several points below the reference level',
      },
      {
        label: 'MAC retransmissions',
        quantity: Q.count,
        value: 'more than at berScale = 1',
        live: 'link.mac.retransmissions',
      },
    ],
  },
  {
    id: 'dect-ho2',
    system: 'dect',
    title: 'Double bearer handover rate (hoScale = 2), λ = 40',
    spec: 'dect.md must-reproduce 3 (handover rate)',
    description:
      'Each bearer asks for a handover twice as often: more handovers under load, more of them failing, ' +
      'fewer bearers held between Connection_Modifications (the bearer chart), so TH_teo and TH fall.',
    scenario: `${SATURATED}&hoScale=2`,
    charts: ['seq', 'throughput'],
    published: [
      {
        label: 'Mean bearers',
        quantity: Q.bearers,
        value: 'fewer than at hoScale = 1',
        live: 'app.meanBearers',
      },
      { label: 'Bearer handovers failed', quantity: Q.count, value: 'more', live: 'link.handovers.failed' },
      { label: 'TH_teo', quantity: Q.segps, value: 'lower', live: 'app.thTeo' },
    ],
  },
  {
    id: 'dect-high-load',
    system: 'dect',
    title: 'High background load, λ = 40',
    spec: 'dect.md must-reproduce 3 (load)',
    description:
      'More voice and data calls in the three cells: fuller grids, more failed set-ups and handovers, so the ' +
      'TCP user holds fewer bearers — a higher load lowers TH_teo itself.',
    scenario: `${SATURATED}&load=high`,
    charts: ['seq', 'throughput'],
    published: [
      { label: 'TH / TH_teo', quantity: Q.share, value: P.level.highLoad, live: 'normalizedGoodput' },
      {
        label: 'TH_teo',
        quantity: Q.segps,
        value: { below: P.reference.thTeo },
        live: 'app.thTeo',
        expect: 'below the reference load’s',
      },
      {
        label: 'Share of bearer handovers that failed',
        quantity: Q.share,
        value: 'more',
        live: 'link.handoverFailFraction',
      },
    ],
  },
  {
    id: 'dect-batch',
    system: 'dect',
    title: 'Batch arrivals (mean batch 5), λ = 20',
    spec: 'dect.md must-reproduce 5 (batches)',
    description:
      'Segments arrive in geometric batches of mean 5 (still λ = 20 per second on average): the queue jumps, and ' +
      'the delay tail grows longer than with Poisson arrivals — read the share above 25 s off the delay ' +
      'histogram. Occasional spurious TCP timeouts may appear; the summary counts them.',
    scenario: 'system=dect&batch=5',
    charts: ['seq', 'rto'],
    published: [
      { label: 'Segments waiting more than 25 s', quantity: Q.share, value: P.delay.batchFracOver25s },
      {
        label: 'Segments waiting more than 10 s',
        quantity: Q.share,
        value: { above: P.delay.fracOver10sAtLambda20 },
        live: 'app.delay.fracOver10s',
        expect: 'more than the Poisson case’s',
      },
      { label: 'TCP timeouts', quantity: Q.count, value: 'occasional', live: 'tcp.timeouts' },
    ],
  },
  {
    id: 'dect-episode',
    system: 'dect',
    title: 'BER raised tenfold for frames 500–1000',
    spec: 'dect.md must-reproduce 6',
    description:
      'From 5 s to 10 s every bit error rate is ten times higher: subfield error rates ' +
      `${P.ser.good10x} (Good) and ${P.ser.bad10x} (Bad) instead of ${P.ser.good} and ${P.ser.bad}. MAC ` +
      'retransmits far more (the link timeline) and the round-trip times rise in that window (the RTO graph’s ' +
      'RTT samples) — and still no TCP timeout occurs.',
    scenario: 'system=dect&berEpisode=500-1000-10&duration=60',
    charts: ['seq', 'rto', 'link'],
    published: [
      { label: 'Subfield error rate, Good / Bad', quantity: Q.ratio, value: [P.ser.good10x, P.ser.bad10x] },
      {
        label: 'TCP timeouts',
        quantity: Q.count,
        value: P.tcpTimeouts,
        live: 'tcp.timeouts',
        check: { atMost: P.tcpTimeouts },
      },
      { label: 'Largest RTO', quantity: Q.seconds, value: 'rises in the window', live: 'tcp.maxRto' },
    ],
  },
];
