/**
 * DECT presets (dect.md "Must reproduce"; the study's variations): free play with the phone on
 * the map, the reference case with its λ sweep (TH, TH_id and TH_teo against λ), the level TH
 * reaches above capacity, double BER, double handover rate, high load, batch arrivals, the
 * tenfold-BER episode and the capacity check; one preset for the bth rule, released by hand; and
 * the full cell at load=high, where TCP times out after a Connection_Handover moves no bearer.
 * Each shows the study's value beside the live one (published.ts). Presets are data.
 */
import type { Preset, SweepSpec } from '../../presets/types';
import type { DectSummaryPath } from '../../../engine/systems/dect/contract';
import { Q } from '../../quantity';
import { remedySeries } from '../../presets/remedy-series';
import { DECT_PUBLISHED as P } from './published';

/** TH, TH_id and TH_teo against λ at the reference load (dect.md "Views"; must-reproduce 2). */
const LAMBDA_SWEEP: SweepSpec<DectSummaryPath> = {
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

/**
 * The seed of the full-cell preset and exercise: at load=high it hands over into a full RFP at
 * 19.09 s, moves none of its 8 bearers in 3 s, drops at 22.10 s, and its re-set-ups block at 25.11
 * and 28.12 s: 6.63 s without any bearer, TCP timeouts from 23.08 s (tested: dect-presets.test.ts).
 */
export const DECT_FULL_CELL_SEED = 2;

export const DECT_PRESETS: readonly Preset<DectSummaryPath>[] = [
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
      'An hour at the reference background load — the study’s moderate load: each RFP holds about 88 of its 120 ' +
      'channels and hardly any background call is blocked — with the phone changing cell every 120 s on ' +
      'average. A bearer handover fails only when the few slots its radio has free are full, so bearers are ' +
      'lost slowly and set up again only below bth: the bearer chart’s saw-tooth is slow, resting at 4 or 5 ' +
      'bearers for minutes. At 4 bearers the connection carries less than λ, so the queue builds and delays ' +
      'grow heavy-tailed (the delay histogram, logarithmic) — yet TCP never times out: the study saw none, and ' +
      'neither does this model at this load (validation items dect-2 and dect-4). The sweep runs TH, TH_id ' +
      'and TH_teo against λ (2 seeds × 10 minutes per point; npm run sim -- --sweep for longer runs).',
    scenario: 'system=dect',
    charts: ['seq', 'rto', 'link'],
    sweep: LAMBDA_SWEEP,
    published: [
      {
        label: 'Mean bearers',
        quantity: Q.bearers,
        value: P.meanBearers,
        live: 'app.meanBearers',
        expect: `dect.md: ${P.meanBearersRange.from}–${P.meanBearersRange.to}`,
      },
      {
        label: 'TH_teo',
        quantity: Q.segps,
        value: P.reference.thTeo,
        live: 'app.thTeo',
        expect: `dect.md: ${P.thTeoSpec}`,
      },
      {
        label: 'Channels held per RFP',
        quantity: Q.channels,
        value: { atMost: P.moderateLoad.channelsHeld },
        live: 'link.channelsHeld.mean',
        expect: `of ${P.moderateLoad.channelsPerRfp} (dect.md: a moderate load)`,
      },
      {
        label: 'Background calls blocked',
        quantity: Q.share,
        value: 'a few per cent at most (dect.md)',
        live: 'link.background.blocking.all',
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
      'Cells at their capacity: each RFP holds nearly all of its 120 channels and about half the background ' +
      'calls are blocked. Most bearer handovers fail, Connection_Modification set-ups fail again and again, and ' +
      'now and then a Connection_Handover into a full cell moves none of its bearers and the connection drops: ' +
      'the TCP user holds fewer bearers — a higher load lowers TH_teo itself — and TCP times out in the seconds ' +
      'without any bearer (the next preset shows one).',
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
        label: 'Channels held per RFP',
        quantity: Q.channels,
        value: `nearly all ${P.moderateLoad.channelsPerRfp}`,
        live: 'link.channelsHeld.mean',
      },
    ],
  },
  {
    id: 'dect-full-cell',
    system: 'dect',
    title: 'A handover into a full cell: TCP times out (load = high)',
    spec: 'dect.md: load=high, a Connection_Handover into a full cell (timeouts after a drop, must-reproduce 4)',
    description:
      'Forty seconds at the high load on a seed where it happens early. At 19.1 s the phone changes cell and ' +
      'its Connection_Handover must move its 8 bearers into a cell with no idle channel: in 3 s it moves none, ' +
      'all are lost and the connection drops (■ on the bearer chart). The new set-up finds no channel in its ' +
      '3 s and is blocked (▲), twice — the red band is the seconds without any bearer. TCP’s RTO sits at ' +
      'bsd44’s 1 s floor, so it times out in that band, and again with the timer doubled. Ask “Why did it ' +
      'happen?” on a timeout mark of the RTO graph: the chain runs from the handover to the timer. The study ' +
      'saw no timeout: at its moderate load (the reference preset) a handover always finds channels.',
    scenario: `system=dect&load=high&seed=${DECT_FULL_CELL_SEED}&duration=40`,
    charts: ['seq', 'rto'],
    published: [
      {
        label: 'TCP timeouts',
        quantity: Q.count,
        value: 'after the drop, none before',
        live: 'tcp.timeouts',
        check: { atLeast: 1 },
      },
      {
        label: 'TCP timeouts after a drop',
        quantity: Q.count,
        value: 'all of them',
        live: 'link.tcpTimeouts.afterDrop',
        check: { atLeast: 1 },
      },
      {
        label: 'Seconds without any bearer (first timeout’s stretch)',
        quantity: Q.seconds,
        value: 'longer than the 1 s RTO',
        live: 'link.tcpTimeouts.firstStretchS',
        check: { atLeast: 1 },
      },
      {
        label: 'Blocked set-ups',
        quantity: Q.count,
        value: 'the re-set-ups after the drop',
        live: 'link.blockedSetups',
        check: { atLeast: 1 },
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
  {
    id: 'dect-remedy-sweep',
    system: 'dect',
    title: 'Sweep: remedies against the bit error rate',
    spec: 'issue 26 item 5: a sweep per system over remedy against its main radio knob',
    description:
      'Normalized goodput against the BER scale (both Gilbert–Elliott error rates multiplied; λ = 40, above ' +
      'capacity, 300 s runs), for plain TCP, SACK, F-RTO and Eifel on the same seeds. LU2 resends every ' +
      'errored fragment, so TCP sees delay, not loss: SACK and F-RTO stay within 1.5 % of plain TCP at every ' +
      'point (three seeds: 0.820 at ×1, 0.412 at ×20), and plain TCP times out only at ×10 and above. ' +
      'Eifel is lowest everywhere, by 0.6–1.9 points: its timestamps take 12 bytes of every segment’s payload.',
    scenario: 'system=dect&lambda=40&berScale=10&duration=300',
    charts: ['seq', 'throughput'],
    sweep: {
      base: 'system=dect&lambda=40&duration=300',
      key: 'berScale',
      values: [1, 5, 10, 20],
      series: remedySeries(['none', 'sack', 'frto', 'eifel']),
      seeds: 3,
      metric: 'normalizedGoodput',
      metricLabel: 'normalized goodput',
    },
  },
];
