/**
 * GERAN presets (geran.md "Must reproduce" and "Views"): the pure data channel at the ceiling,
 * speech on with its best 5 s stretch, ack starvation from uplink speech alone, one object
 * against nineteen, the 65 KB download's spread and the pinned unlucky draw, the delay sweeps with
 * and without speech, the 9 s set-up give-up (`synRetries=1`), and free play. Presets are data.
 */
import { remedySeries } from '../../presets/remedy-series';
import type { Preset, SweepSpec } from '../../presets/types';
import type { GeranSummaryPath } from '../../../engine/systems/geran/contract';
import { Q } from '../../quantity';
import { GERAN_PUBLISHED as P } from './published';

/** The seed whose 65 KB download resembles the study's unlucky example (cli/validation/geran.ts). */
export const GERAN_UNLUCKY_SEED = 6;
/** A seed whose `speech=up` 65 KB download has TCP timeouts (two, with the default keys). */
export const GERAN_ACK_STARVED_SEED = 9;

const DELAYS = [0.25, 2, 4, 6, 8, 9, 10, 11, 12];
const WITH_AND_WITHOUT = [
  { label: 'speech off', keys: 'speech=off' },
  { label: 'speech on (both)', keys: 'speech=both' },
];

const delaySweep = (
  metric: GeranSummaryPath,
  metricLabel: string,
  base = 'system=geran',
): SweepSpec<GeranSummaryPath> => ({
  base,
  key: 'delay',
  values: DELAYS,
  series: WITH_AND_WITHOUT,
  seeds: 4,
  metric,
  metricLabel,
});

const SPEECH_CHARTS = ['seq', 'link', 'rto'] as const;

export const GERAN_PRESETS: readonly Preset<GeranSummaryPath>[] = [
  {
    id: 'geran-free',
    system: 'geran',
    title: 'Free play',
    description:
      'A 65 KB page over one GERAN timeslot shared with a voice call (45 % activity each way, 0.25 s network ' +
      'delay). Speech owns every block while its speaker talks (hatched in the slot timeline under the sequence ' +
      'graph); data gets the silences. Switch speech off and on while it runs; try another page or delay.',
    scenario: 'system=geran',
    charts: [...SPEECH_CHARTS],
  },
  {
    id: 'geran-speech-off',
    system: 'geran',
    title: 'Speech off: a long download at the 31.15 kbit/s ceiling',
    spec: 'geran.md: maximum user data rate',
    description:
      'A pure data channel: every 20 ms block carries 80 bytes, and 1460 of every 1500 bytes are payload, so the ' +
      'ceiling is 32 kbit/s × 1460/1500 = 31.15 kbit/s. After the handshake and slow start the 107 KB image runs ' +
      'at the ceiling: no timeouts, no retransmissions.',
    scenario: 'system=geran&speech=off&page=image107k',
    charts: ['seq', 'link', 'throughput'],
    published: [
      {
        label: 'Best 5 s stretch',
        quantity: Q.kbps,
        value: P.maxUserRateKbps,
        live: 'app.bestStretchKbps',
        check: { atLeast: P.maxUserRateKbps * 0.98 },
      },
      {
        label: 'Whole download',
        quantity: Q.kbps,
        value: { about: 31 },
        live: 'app.throughputKbps',
        expect: 'set-up and slow start cost a little',
      },
      { label: 'TCP timeouts', quantity: Q.count, value: 0, live: 'tcp.timeouts', check: { atMost: 0 } },
    ],
  },
  {
    id: 'geran-speech-on',
    system: 'geran',
    title: 'Speech on: the best uninterrupted 5 s stretch',
    spec: 'geran.md: sequence-number graph with talkspurts',
    description:
      'The same 107 KB image with speech in both directions. Even the best 5 s stretch runs below the ceiling — ' +
      'downlink talkspurts take blocks from it — and over the whole download the rate is about half. Mark a ' +
      'section of the sequence graph (shift + drag) to read its rate.',
    scenario: 'system=geran&page=image107k',
    charts: [...SPEECH_CHARTS],
    published: [
      {
        label: 'Best 5 s stretch',
        quantity: Q.kbps,
        value: P.bestStretchKbps,
        live: 'app.bestStretchKbps',
        expect: 'mid-20s',
      },
      {
        label: 'Whole download',
        quantity: Q.kbps,
        value: 'about half the ceiling',
        live: 'app.throughputKbps',
      },
    ],
  },
  {
    id: 'geran-ack-starvation',
    system: 'geran',
    title: 'Ack starvation: uplink speech alone makes TCP time out',
    spec: 'geran.md: ack starvation',
    description:
      'Speech only in the uplink: the downlink is a clean 32 kbit/s pipe, yet while the mobile user talks no ACK ' +
      'can leave the phone. The server’s retransmission timer fires, it resends a segment that was never lost, ' +
      'and the duplicate ACKs that follow make Windows NT (threshold 2) fast-retransmit spuriously. Compare the ' +
      'flat stretches of the sequence graph with the uplink talkspurts under it; then switch speech off.',
    scenario: `system=geran&speech=up&seed=${GERAN_ACK_STARVED_SEED}`,
    charts: [...SPEECH_CHARTS],
    published: [
      {
        label: 'TCP timeouts on an error-free channel',
        quantity: Q.count,
        value: { atLeast: 1 },
        live: 'tcp.timeouts',
        expect: 'with speech=off: 0',
        check: { atLeast: 1 },
      },
      { label: 'TCP retransmissions', quantity: Q.count, value: '> 0, none lost', live: 'tcp.retransmits' },
      {
        label: 'Spurious fast retransmits',
        quantity: Q.count,
        value: 'expected',
        live: 'tcp.spuriousFastRetransmits',
      },
    ],
  },
  {
    id: 'geran-one-object',
    system: 'geran',
    title: 'One 107 KB object, 25 downloads',
    spec: 'geran.md: efficiency: 1 object vs 19 objects',
    description:
      'One connection carries the whole 107 KB: the set-up and slow start are paid once. Efficiency counts the ' +
      'bytes against the downlink’s measured silence (the capacity speech leaves to data); averaged over 25 ' +
      'downloads as the study did.',
    scenario: 'system=geran&page=image107k&repeat=25',
    charts: ['seq', 'link'],
    published: [
      {
        label: 'Efficiency',
        quantity: Q.share,
        value: P.download107k.singleEfficiency,
        live: 'app.efficiency',
      },
      { label: 'Retransmission share', quantity: Q.share, value: 'small', live: 'app.retransmissionShare' },
    ],
  },
  {
    id: 'geran-19-objects',
    system: 'geran',
    title: 'Nineteen images of the same 107 KB, one connection each',
    spec: 'geran.md: efficiency: 1 object vs 19 objects',
    description:
      'HTTP/1.0 fetches each of the 19 objects over its own connection: each pays a handshake, a 300-byte GET ' +
      'and slow start, and each of those waits for a silence in the right direction. The connection timeline ' +
      'shows one row per object. The study measured 60 % against 82 % for one object; a faithful model of these ' +
      'stacks gives a wider gap.',
    scenario: 'system=geran&page=images19x107k&repeat=25',
    charts: ['seq', 'link'],
    published: [
      {
        label: 'Efficiency',
        quantity: Q.share,
        value: P.download107k.nineteenEfficiency,
        live: 'app.efficiency',
        expect: 'below 60 % (a wider gap than the study’s)',
      },
      {
        label: 'Objects fetched (25 downloads)',
        quantity: Q.count,
        value: 19 * 25,
        live: 'app.objectsFetched',
        expect: '19 per download',
      },
      { label: 'Objects that failed', quantity: Q.count, value: 0, live: 'app.objectsFailed' },
    ],
  },
  {
    id: 'geran-65k-spread',
    system: 'geran',
    title: 'The 65 KB page, 25 downloads: a wide spread',
    spec: 'geran.md: 65 KB download',
    description:
      'The study showed one 65 KB download (61 % efficiency, 22 % lost to retransmissions). Over 25 downloads the ' +
      'efficiency ranges widely and its mean is well above that example: see the per-download figures in the ' +
      'summary JSON.',
    scenario: 'system=geran&repeat=25',
    charts: ['seq', 'link'],
    published: [
      {
        label: 'Efficiency',
        quantity: Q.share,
        value: P.download65k.efficiency,
        live: 'app.efficiency',
        expect: 'the study’s is one download; the mean of 25 is well above',
      },
      {
        label: 'Retransmission share',
        quantity: Q.share,
        value: P.download65k.retransmissionShare,
        live: 'app.retransmissionShare',
      },
    ],
  },
  {
    id: 'geran-unlucky-65k',
    system: 'geran',
    title: 'The study’s “unlucky” 65 KB download (one draw of a spread)',
    spec: 'geran.md: 65 KB download, sections A–D',
    description:
      `Seed ${GERAN_UNLUCKY_SEED} is one draw whose download resembles the study’s example — one draw of a wide ` +
      'spread, pinned as a regression case, not a typical run (see “The 65 KB page, 25 downloads”). Mark its ' +
      `sections on the sequence graph (shift + drag) and compare their rates with the study’s: A–B ${P.download65k.sectionAB}, ` +
      `B–C ${P.download65k.sectionBC}, C–D ${P.download65k.sectionCD} bytes/s.`,
    scenario: `system=geran&seed=${GERAN_UNLUCKY_SEED}`,
    charts: [...SPEECH_CHARTS],
    published: [
      { label: 'Efficiency', quantity: Q.share, value: P.download65k.efficiency, live: 'app.efficiency' },
      {
        label: 'Retransmission share',
        quantity: Q.share,
        value: P.download65k.retransmissionShare,
        live: 'app.retransmissionShare',
      },
      {
        label: 'Stalling share',
        quantity: Q.share,
        value: P.download65k.stallingShare,
        live: 'app.stallingShare',
      },
      {
        label: 'Download time',
        quantity: Q.seconds,
        value: P.download65k.duration,
        live: 'app.transferTime',
      },
    ],
  },
  {
    id: 'geran-delay-setup',
    system: 'geran',
    title: 'Delay sweep: where connection set-up fails',
    spec: 'geran.md: connection success vs delay',
    description:
      'The 65 KB page at growing network delay, with and without speech. Without speech set-up holds up to ≈ 10 s ' +
      'one way: the server drops a half-open connection 21 s after the SYN. With speech, talkspurts delay SYNs ' +
      'and SYN-ACKs further and failures begin earlier and rise gradually. The study: with speech a sharp limit at ' +
      '4.5 s, without speech “beyond 8 s”. Run the sweep (Sweep panel).',
    scenario: 'system=geran&speech=off&delay=10',
    charts: ['seq', 'rto'],
    sweep: delaySweep('tcp.connectFailures', 'connections failed per run'),
    published: [
      {
        label: 'Set-up limit without speech, one way',
        quantity: Q.seconds,
        value: { above: P.setupLimit.withoutSpeechAtLeast },
        fromSweep: true,
        expect: 'this model: ≈ 10 s, the 21 s set-up give-up',
      },
      {
        label: 'Set-up limit with speech, one way',
        quantity: Q.seconds,
        value: P.setupLimit.withSpeech,
        fromSweep: true,
        expect: 'this model: failures from ≈ 9 s, rising',
      },
      {
        label: 'Connections failed at 10 s one way, no speech',
        quantity: Q.count,
        value: `none: set-up holds beyond ${P.setupLimit.withoutSpeechAtLeast} s`,
        live: 'tcp.connectFailures',
        at: 'delay=10&speech=off',
        check: { atMost: 0 },
      },
    ],
  },
  {
    id: 'geran-delay-rate',
    system: 'geran',
    title: 'Delay sweep: the data rate falls steeply',
    spec: 'geran.md: data rate vs delay',
    description:
      'Each object pays its handshake and slow-start round trips at the network delay: the rate of the 65 KB page ' +
      'falls steeply as the delay grows, with and without speech.',
    scenario: 'system=geran&speech=off&delay=4',
    charts: ['seq', 'rto'],
    sweep: delaySweep('app.throughputKbps', 'download rate (kbit/s)'),
    published: [
      { label: 'Download rate against the delay', quantity: Q.kbps, value: 'falls steeply', fromSweep: true },
      {
        label: 'Download rate at 4 s one way, no speech',
        quantity: Q.kbps,
        value: `far below the ${P.maxUserRateKbps} kbit/s ceiling`,
        live: 'app.throughputKbps',
        at: 'delay=4&speech=off',
      },
    ],
  },
  {
    id: 'geran-syn-retries-1',
    system: 'geran',
    title: 'A 9 s set-up give-up (synRetries = 1): the study’s 4.5 s limit',
    spec: 'geran.md: connection success vs delay',
    description:
      'With one SYN retry the client gives up the connection ≈ 9 s after its first SYN, so a round trip of 9 s — ' +
      '4.5 s each way — is the limit, with or without speech: the study’s sharp 4.5 s is what such a stack ' +
      'produces. At 4.5 s this run fails.',
    scenario: 'system=geran&speech=off&synRetries=1&delay=4.5',
    charts: ['seq', 'rto'],
    sweep: {
      ...delaySweep('tcp.connectFailures', 'connections failed per run', 'system=geran&synRetries=1'),
      values: [0.25, 2, 3, 4, 4.4, 4.5, 5, 6],
    },
    published: [
      {
        label: 'Set-up limit, one way',
        quantity: Q.seconds,
        value: P.setupLimit.withSpeech,
        fromSweep: true,
      },
      {
        label: `Connections failed at ${P.setupLimit.withSpeech} s one way`,
        quantity: Q.count,
        value: 'the limit: set-up fails',
        live: 'tcp.connectFailures',
        at: `delay=${P.setupLimit.withSpeech}&synRetries=1`,
        check: { atLeast: 1 },
      },
    ],
  },
  {
    id: 'geran-remedy-frto',
    system: 'geran',
    title: 'Remedy: F-RTO undoes the spurious timeout behind a talkspurt',
    spec: 'remedies.md must-reproduce 1',
    description:
      'A is plain TCP with uplink speech: a talkspurt holds the ACKs back, the server times out and goes back N, ' +
      'resending six segments the phone already had. B is the same channel realisation with F-RTO (RFC 5682) at ' +
      'both ends: after the timeout it sends new data first, the ACKs show the timeout was spurious, and the Eifel ' +
      'response (RFC 4015) carries on — one segment resent. Try B with eifel=1 too (against timestamps=1 alone: the same ' +
      'header bytes). Over 25 seeds F-RTO detects 7 of 9 spurious timeouts: where the timer fires twice before any ' +
      'ACK, RFC 5682 leaves both to conventional recovery (npm run validate, geran-remedy-1).',
    scenario: 'system=geran&speech=up&seed=8',
    compare: 'frto=1',
    charts: [...SPEECH_CHARTS],
    published: [
      {
        label: 'Spurious timeouts (plain TCP; ground truth)',
        quantity: Q.count,
        value: 1,
        live: 'tcp.spuriousTimeouts',
        expect: 'B, with F-RTO: the same timeout, detected (tcp.spuriousDetected 1)',
        check: { atLeast: 1, atMost: 1 },
      },
      {
        label: 'TCP retransmissions (plain TCP)',
        quantity: Q.count,
        value: 6,
        live: 'tcp.retransmits',
        expect: 'B, with F-RTO: 1 (no go-back-N)',
        check: { atLeast: 6, atMost: 6 },
      },
    ],
  },
  {
    id: 'geran-remedy-sweep',
    system: 'geran',
    title: 'Sweep: remedies against voice activity',
    spec: 'issue 26 item 5: a sweep per system over remedy against its main radio knob',
    description:
      'TCP segments resent per five 65 KB downloads with uplink speech, against the voice activity, for plain TCP, ' +
      'F-RTO, timestamps alone and Eifel on the same seeds. Every resend here is spurious (the channel loses ' +
      'nothing): plain TCP and timestamps alone go back N after each talkspurt that outlasts the RTO; F-RTO and ' +
      'Eifel resend about one segment per timeout. Timestamps alone are Eifel’s fair baseline (the same header bytes).',
    scenario: 'system=geran&speech=up&repeat=5',
    charts: [...SPEECH_CHARTS],
    sweep: {
      base: 'system=geran&speech=up&repeat=5',
      key: 'activity',
      values: [0.2, 0.3, 0.45, 0.6, 0.8],
      series: remedySeries(['none', 'frto', 'timestamps', 'eifel']),
      seeds: 3,
      metric: 'tcp.retransmits',
      metricLabel: 'TCP segments resent',
    },
  },
];
