/**
 * DECT presets (dect.md "Must reproduce"; the study's variations): free play with the phone on
 * the map, the reference case with its λ sweep (TH, TH_id and TH_teo against λ), the level TH
 * reaches above capacity, double BER, double handover rate, high load, batch arrivals, the
 * tenfold-BER episode and the capacity check; one preset for the bth rule, released by hand; and
 * the full cell at load=high, where TCP times out after a Connection_Handover moves no bearer.
 * Each shows the study's value beside the live one (published.ts). Presets are data.
 */
import type { Preset, SweepSpec } from '../../presets/types';
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

/** Above capacity (λ = 40, the reference load): the level TH reaches relative to TH_teo. */
const SATURATED = 'system=dect&lambda=40&duration=1200';

/**
 * The seed of the full-cell preset and exercise: at load=high it hands over into a full RFP at
 * 19.09 s, moves none of its 8 bearers in 3 s, drops at 22.10 s, and its re-set-ups block at 25.11
 * and 28.12 s: 6.63 s without any bearer, TCP timeouts from 23.08 s (tested: dect-presets.test.ts).
 */
export const DECT_FULL_CELL_SEED = 2;

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
    figure: 'reference case (TH, TH_teo, delay D) and the λ sweep',
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
      { label: 'Mean bearers', value: P.meanBearers, live: 'app.meanBearers', expect: 'dect.md' },
      {
        label: 'TH_teo',
        value: `${P.reference.thTeo} (dect.md: ${P.thTeoSpec})`,
        unit: 'seg/s',
        live: 'app.thTeo',
      },
      {
        label: 'Channels held per RFP',
        value: 'at most 90 of 120 (dect.md: a moderate load)',
        live: 'link.channelsHeld.mean',
      },
      {
        label: 'Background calls blocked',
        value: 'a few per cent at most (dect.md)',
        live: 'link.background.blocking.all',
        format: 'percent',
      },
      {
        label: 'Segments waiting more than 10 s',
        value: P.delay.fracOver10sAtLambda20,
        live: 'app.delay.fracOver10s',
        format: 'percent',
        expect: 'heavy tail; the study’s “mean below 1 s” cannot hold with it',
      },
      { label: 'TCP timeouts', value: P.tcpTimeouts, live: 'tcp.timeouts' },
    ],
  },
  {
    id: 'dect-release',
    system: 'dect',
    title: 'The bth rule: release two bearers by hand',
    figure: 'Connection_Modification (dect.md)',
    description:
      'A quiet cluster (low load, no bearer handovers, the phone staying in its cell) and bth = 9: the TCP user ' +
      'holds its 10 bearers. Play, then release two of them with the bearer buttons under the map: 8 are left, ' +
      'fewer than bth, and Connection_Modification sets bearers up again, one at a time, until it is back at 10 ' +
      '(the bearer chart’s blue band). Release one only and nothing comes back: 9 is not below bth. With the ' +
      'study’s bth = 4 you would release seven.',
    scenario: 'system=dect&mobility=map&load=low&hoScale=0&bth=9&duration=600',
    charts: ['seq', 'link'],
    published: [
      { label: 'Connection_Modifications', value: 'one per release below bth', live: 'link.modifications' },
      { label: 'TCP timeouts', value: P.tcpTimeouts, live: 'tcp.timeouts' },
    ],
  },
  {
    id: 'dect-capacity',
    system: 'dect',
    title: 'Capacity check: 10 fixed error-free bearers above capacity',
    figure: 'must-reproduce 1 (20 MAC packets per segment)',
    description:
      'No background load, no handovers, no bit errors, λ = 70 above capacity: a 512-byte segment is ' +
      'ceil((512 + 42) / 29) = 20 MAC packets, one per bearer per frame, so each of the 10 bearers carries 5 ' +
      'segments/s and TH measures 50 segments/s (slow start costs a little of the first seconds).',
    scenario: 'system=dect&load=0,0,0,0&hoScale=0&berScale=0&mobility=map&lambda=70&duration=300',
    charts: ['seq', 'throughput'],
    published: [
      {
        label: 'TH',
        value: P.nominal10Bearers.segmentsPerSecond,
        unit: 'seg/s',
        live: 'app.th',
        expect: '± 2 %',
      },
      { label: 'Mean bearers', value: 10, live: 'app.meanBearers' },
    ],
  },
  {
    id: 'dect-saturated',
    system: 'dect',
    title: 'Above capacity: the level TH reaches (λ = 40)',
    figure: 'TH / TH_teo at the reference load',
    description:
      'λ = 40 segments/s each way is more than the bearers carry on average: the queue grows without bound ' +
      '(only TH is meaningful) and TH levels off below TH_teo — MAC subfield retransmissions, DLC go-back-N ' +
      'and bearers lost in handovers take their share.',
    scenario: SATURATED,
    charts: ['seq', 'throughput', 'link'],
    published: [
      { label: 'TH', value: P.reference.thLimit, unit: 'seg/s', live: 'app.th' },
      {
        label: 'TH / TH_teo',
        value: P.level.reference,
        live: 'normalizedGoodput',
        format: 'percent',
        expect: `a faithful model of the mechanisms: ${P.level.faithful}`,
      },
      { label: 'TH_teo', value: P.reference.thTeo, unit: 'seg/s', live: 'app.thTeo' },
    ],
  },
  {
    id: 'dect-ber2',
    system: 'dect',
    title: 'Double BER (berScale = 2), λ = 40',
    figure: 'must-reproduce 3 (BER)',
    description:
      'Both Gilbert–Elliott bit error rates doubled: more subfields in error, more MAC retransmissions (the link ' +
      'timeline), so TH levels off lower relative to TH_teo than in “Above capacity”; the bearers themselves ' +
      'are lost as before.',
    scenario: `${SATURATED}&berScale=2`,
    charts: ['seq', 'throughput', 'link'],
    published: [
      {
        label: 'TH / TH_teo',
        value: P.level.doubleBer,
        live: 'normalizedGoodput',
        format: 'percent',
        expect: 'several points below the reference level',
      },
      { label: 'MAC retransmissions', value: 'more than at berScale = 1', live: 'link.mac.retransmissions' },
    ],
  },
  {
    id: 'dect-ho2',
    system: 'dect',
    title: 'Double bearer handover rate (hoScale = 2), λ = 40',
    figure: 'handover rate',
    description:
      'Each bearer asks for a handover twice as often: more handovers under load, more of them failing, ' +
      'fewer bearers held between Connection_Modifications (the bearer chart), so TH_teo and TH fall.',
    scenario: `${SATURATED}&hoScale=2`,
    charts: ['seq', 'throughput'],
    published: [
      { label: 'Mean bearers', value: 'fewer than at hoScale = 1', live: 'app.meanBearers' },
      { label: 'Bearer handovers failed', value: 'more', live: 'link.handovers.failed' },
      { label: 'TH_teo', value: 'lower', unit: 'seg/s', live: 'app.thTeo' },
    ],
  },
  {
    id: 'dect-high-load',
    system: 'dect',
    title: 'High background load, λ = 40',
    figure: 'must-reproduce 3 (load)',
    description:
      'Cells at their capacity: each RFP holds nearly all of its 120 channels and about half the background ' +
      'calls are blocked. Most bearer handovers fail, Connection_Modification set-ups fail again and again, and ' +
      'now and then a Connection_Handover into a full cell moves none of its bearers and the connection drops: ' +
      'the TCP user holds fewer bearers — a higher load lowers TH_teo itself — and TCP times out in the seconds ' +
      'without any bearer (the next preset shows one).',
    scenario: `${SATURATED}&load=high`,
    charts: ['seq', 'throughput'],
    published: [
      {
        label: 'TH / TH_teo',
        value: P.level.highLoad,
        live: 'normalizedGoodput',
        format: 'percent',
      },
      {
        label: 'TH_teo',
        value: `below the reference ${P.reference.thTeo}`,
        unit: 'seg/s',
        live: 'app.thTeo',
      },
      {
        label: 'Channels held per RFP',
        value: 'nearly all 120',
        live: 'link.channelsHeld.mean',
      },
    ],
  },
  {
    id: 'dect-full-cell',
    system: 'dect',
    title: 'A handover into a full cell: TCP times out (load = high)',
    figure: 'must-reproduce 4 (timeouts after a drop)',
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
      { label: 'TCP timeouts', value: 'after the drop, none before', live: 'tcp.timeouts' },
      {
        label: 'Seconds without any bearer (first timeout’s stretch)',
        value: 'longer than the 1 s RTO',
        unit: 's',
        live: 'link.tcpTimeouts.firstStretchS',
      },
      { label: 'Blocked set-ups', value: 'the re-set-ups after the drop', live: 'link.blockedSetups' },
    ],
  },
  {
    id: 'dect-batch',
    system: 'dect',
    title: 'Batch arrivals (mean batch 5), λ = 20',
    figure: 'must-reproduce 5 (batches)',
    description:
      'Segments arrive in geometric batches of mean 5 (still λ = 20 per second on average): the queue jumps, and ' +
      'the delay tail grows longer than with Poisson arrivals — read the share above 25 s off the delay ' +
      'histogram. Occasional spurious TCP timeouts may appear; the summary counts them.',
    scenario: 'system=dect&batch=5',
    charts: ['seq', 'rto'],
    published: [
      { label: 'Segments waiting more than 25 s', value: P.delay.batchFracOver25s, format: 'percent' },
      {
        label: 'Segments waiting more than 10 s',
        value: `more than the Poisson case’s ${Math.round(P.delay.fracOver10sAtLambda20 * 100)} %`,
        live: 'app.delay.fracOver10s',
        format: 'percent',
      },
      { label: 'TCP timeouts', value: 'occasional', live: 'tcp.timeouts' },
    ],
  },
  {
    id: 'dect-episode',
    system: 'dect',
    title: 'BER raised tenfold for frames 500–1000',
    figure: 'must-reproduce 6',
    description:
      'From 5 s to 10 s every bit error rate is ten times higher: subfield error rates ' +
      `${P.ser.good10x} (Good) and ${P.ser.bad10x} (Bad) instead of ${P.ser.good} and ${P.ser.bad}. MAC ` +
      'retransmits far more (the link timeline) and the round-trip times rise in that window (the RTO graph’s ' +
      'RTT samples) — and still no TCP timeout occurs.',
    scenario: 'system=dect&berEpisode=500-1000-10&duration=60',
    charts: ['seq', 'rto', 'link'],
    published: [
      { label: 'Subfield error rate, Good / Bad', value: `${P.ser.good10x} / ${P.ser.bad10x}` },
      { label: 'TCP timeouts', value: P.tcpTimeouts, live: 'tcp.timeouts' },
      { label: 'Largest RTO', value: 'rises in the window', live: 'tcp.maxRto' },
    ],
  },
];
