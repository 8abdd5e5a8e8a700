/**
 * IS-707 presets (is707.md "Views" and "Must reproduce"): the sample paths of
 * Figures 5–8, the sweeps of Figures 3, 4 and 9, the goodput histograms of
 * Figures 10–12, a low-loss check, and free play. Presets are data.
 */
import { IS707_PUBLISHED as P } from './published';
import { remedySeries } from '../../presets/remedy-series';
import type { Preset } from '../../presets/types';
import type { Is707SummaryPath } from '../../../engine/systems/is707/contract';
import { Q } from '../../quantity';

const FDT_SERIES = P.fdtCases.map((f) => ({ label: `f_dT = ${f}`, keys: `fdt=${f}` }));

export const IS707_PRESETS: readonly Preset<Is707SummaryPath>[] = [
  {
    id: 'is707-free',
    system: 'is707',
    title: 'Free play',
    description:
      'The phone 2 km from the base station with radio from map on: the map gives FER ≈ 11 % there, and ' +
      'dragging the phone changes it (the rings give the FER at 1, 2 and 3 km). f_dT 0.1, no idle frames. ' +
      'Change anything.',
    // Map radio on, explicitly in the URL: the engine's default stays off, so that `system=is707`
    // (the CLI, the validation and every older link) keeps its fixed FER of 10 %.
    scenario: 'system=is707&radioFromMap=1&msX=2000',
  },
  {
    id: 'is707-low-loss',
    system: 'is707',
    title: 'Low loss: goodput near the ceiling (Pe = 0.01)',
    description:
      'At a 1 % frame error rate RLP repairs almost every loss; TCP runs near the ceiling of 536/584 of 7600 bit/s.',
    scenario: 'system=is707&fer=0.01&fdt=0.1&duration=300',
    charts: ['seq', 'throughput', 'link'],
    published: [
      {
        label: 'Normalized goodput',
        quantity: Q.ratio,
        value: { atLeast: 0.85 },
        live: 'normalizedGoodput',
        expect: 'never above min(0.918, 1 − Pe)',
        check: { atLeast: 0.85, atMost: Math.min(P.ceiling, 1 - 0.01) },
      },
      { label: 'Ceiling (PPP framing)', quantity: Q.ratio, value: Number(P.ceiling.toFixed(3)) },
    ],
  },
  {
    id: 'is707-fig5',
    system: 'is707',
    title: 'Sample path without idle frames (Figures 5 and 6)',
    figure: 'Figures 5–6',
    description:
      'Pe = 0.3, f_dT = 0.01 (long fades), no idle frames. Watch runs of consecutive timeouts: the backed-off ' +
      'RTO climbs to 64 s and sits there while the computed RTO stays at a few seconds; the sequence graph stalls.',
    scenario: 'system=is707&fer=0.3&fdt=0.01&idle=0',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'Backed-off RTO reaches',
        quantity: Q.seconds,
        value: P.rtoMax,
        live: 'tcp.maxRto',
        check: { atLeast: P.rtoMax },
      },
      {
        label: 'Time with the RTO at 64 s',
        quantity: Q.share,
        value: 'long stretches',
        live: 'tcp.rtoAtMaxFraction',
        expect: 'higher than with idle frames (Figures 7–8)',
      },
    ],
  },
  {
    id: 'is707-fig7',
    system: 'is707',
    title: 'Same channel with idle frames (Figures 7 and 8)',
    figure: 'Figures 7–8',
    description:
      'The same seed and channel as Figures 5–6, with idle frames whenever the link is idle (idle = inf). The link ' +
      'finds lost tail frames early: shorter stalls, fewer stretches at RTO 64 s.',
    scenario: 'system=is707&fer=0.3&fdt=0.01&idle=inf',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'Time with the RTO at 64 s',
        quantity: Q.share,
        value: { atMost: 0.6 },
        live: 'tcp.rtoAtMaxFraction',
        expect: 'as a mean over a few seeds',
      },
      {
        label: 'Normalized goodput',
        quantity: Q.ratio,
        value: 'above the run without idle frames',
        live: 'normalizedGoodput',
      },
    ],
  },
  {
    id: 'is707-fig3',
    system: 'is707',
    title: 'Sweep: goodput vs FER, no idle frames (Figure 3)',
    figure: 'Figure 3',
    description:
      'Normalized goodput against the frame error rate for f_dT = 0.01, 0.1 and 1, without idle frames. ' +
      'Compare with Figure 4 (idle frames): the gain is largest at high FER.',
    scenario: 'system=is707&fer=0.3&fdt=0.1&idle=0',
    charts: ['seq', 'throughput'],
    sweep: {
      base: 'system=is707&idle=0&duration=1000',
      key: 'fer',
      values: [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5],
      series: FDT_SERIES,
      seeds: 3,
      metric: 'normalizedGoodput',
      metricLabel: 'normalized goodput',
    },
    published: [
      { label: 'Goodput bound', quantity: Q.ratio, value: 'min(0.918, 1 − Pe)', fromSweep: true },
      { label: 'Goodput at Pe = 0.01', quantity: Q.ratio, value: { atLeast: 0.85 }, fromSweep: true },
    ],
  },
  {
    id: 'is707-fig4',
    system: 'is707',
    title: 'Sweep: goodput vs FER with idle frames (Figure 4)',
    figure: 'Figure 4',
    description:
      'As Figure 3 with idle frames sent whenever the link is idle (idle = inf): long-run goodput is above that ' +
      'without idle frames, most at high FER.',
    scenario: 'system=is707&fer=0.3&fdt=0.1&idle=inf',
    charts: ['seq', 'throughput'],
    sweep: {
      base: 'system=is707&idle=inf&duration=1000',
      key: 'fer',
      values: [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5],
      series: FDT_SERIES,
      seeds: 3,
      metric: 'normalizedGoodput',
      metricLabel: 'normalized goodput',
    },
    published: [
      { label: 'Gain from idle frames', quantity: Q.ratio, value: 'largest at high FER', fromSweep: true },
    ],
  },
  {
    id: 'is707-fig9',
    system: 'is707',
    title: 'Sweep: goodput vs number of idle frames at Pe = 0.3 (Figure 9)',
    figure: 'Figure 9',
    description:
      'Goodput rises clearly with idle frames for f_dT = 0.1, steeply for 1.0, and is nearly flat beyond about ' +
      '5 idle frames; for f_dT = 0.01 it keeps rising only slowly.',
    scenario: 'system=is707&fer=0.3&fdt=1&idle=5',
    charts: ['seq', 'throughput'],
    sweep: {
      base: 'system=is707&fer=0.3&duration=1000',
      key: 'idle',
      values: [0, 1, 2, 3, 5, 7, 10, 15, 20, 'inf'],
      series: FDT_SERIES,
      seeds: 3,
      metric: 'normalizedGoodput',
      metricLabel: 'normalized goodput',
    },
    published: [
      {
        label: 'Knee (goodput nearly flat beyond)',
        quantity: { form: 'count', unit: 'idle frames' },
        value: { about: P.idleFramesKnee },
        fromSweep: true,
      },
      {
        label: 'Goodput, f_dT = 1 at idle = 5',
        quantity: Q.ratio,
        value: 'within 10 % of idle = inf',
        fromSweep: true,
      },
    ],
  },
  ...([10, 100, 1000] as const).map((w, i): Preset<Is707SummaryPath> => ({
    id: `is707-fig${10 + i}`,
    system: 'is707',
    title: `Goodput histogram over ${w} s windows (Figure ${10 + i})`,
    figure: `Figure ${10 + i}`,
    description:
      `Goodput measured over ${w} s windows of a long run at Pe = 0.3, f_dT = 1. Histograms narrow as the window ` +
      'grows — roughly as 1/√window for f_dT = 1, much more slowly for f_dT = 0.01 (set fdt to compare). ' +
      `The study used ${P.histogramIntervals} intervals; this preset runs 100 000 s (${100000 / w} windows of ${w} s).`,
    scenario: 'system=is707&fer=0.3&fdt=1&duration=100000',
    charts: ['seq', 'histogram', 'throughput'],
    histogramWindow: w,
    published: [
      ...(w === 10
        ? [{ label: 'At most per 10 s window', quantity: Q.segments, value: P.maxSegmentsPer10s } as const]
        : []),
      { label: 'Spread of the goodput', quantity: Q.ratio, value: 'narrows as the window grows' },
    ],
  })),
  {
    id: 'is707-remedy-sack',
    system: 'is707',
    title: 'Remedy: SACK where several segments die in one window',
    spec: 'remedies.md must-reproduce 4',
    description:
      'FER 0.2, f_dT 0.1 and a 40-segment window (rwnd = 21440 bytes): RLP gives up on several segments of one ' +
      'window. A is plain Reno, which recovers one hole per round trip and often times out; B is the same ' +
      'realisation with SACK (RFC 2018/6675), which resends every hole the blocks report. Over 6 paired seeds × ' +
      '3000 s: 57.7 timeouts on average against 35.7. At Pe 0.3 SACK has little to work on: almost every loss ends ' +
      'in a timeout, with too few segments after the hole to report it.',
    scenario: 'system=is707&fer=0.2&fdt=0.1&rwnd=21440&duration=3000',
    compare: 'sack=1',
    charts: ['seq', 'rto', 'cwnd'],
    published: [
      {
        label: 'TCP timeouts (plain TCP)',
        quantity: Q.count,
        value: 'more than with SACK',
        live: 'tcp.timeouts',
        expect: 'B, with SACK: fewer (seed 1: 49 against 38)',
        check: { atLeast: 49, atMost: 49 },
      },
    ],
  },
  {
    id: 'is707-remedy-snoop',
    system: 'is707',
    title: 'Remedy: a Snoop agent hides the radio losses',
    spec: 'remedies.md must-reproduce 3',
    description:
      'Pe 0.3 with long fades (f_dT 0.01) and no idle frames: RLP gives up on frames, whole segments die, and the ' +
      'sender times out again and again with its RTO backed off towards 64 s. A is plain TCP; B is the same ' +
      'realisation with a Snoop agent at the access point, which caches each segment it forwards, resends it ' +
      'locally on the first duplicate ACK or after its own timer (max(2 × local RTT, 200 ms), doubling, 3 tries) ' +
      'and keeps the duplicate ACKs from the server. Seed 1: 36 timeouts against 21, normalized goodput 0.071 ' +
      'against 0.144 (99 local resends); over 6 paired seeds 34.0 against 21.0. At Pe 0.01 RLP repairs every ' +
      'loss and Snoop never acts.',
    scenario: 'system=is707&fer=0.3&fdt=0.01&idle=0&duration=1000',
    compare: 'snoop=1',
    charts: ['seq', 'rto', 'cwnd'],
    published: [
      {
        label: 'TCP timeouts (plain TCP)',
        quantity: Q.count,
        value: 'more than with Snoop',
        live: 'tcp.timeouts',
        expect: 'B, with Snoop: fewer (seed 1: 36 against 21)',
        check: { atLeast: 36, atMost: 36 },
      },
    ],
  },
  {
    id: 'is707-remedy-eln',
    system: 'is707',
    title: 'Remedy: ELN on the upload',
    spec: 'remedies.md must-reproduce 7',
    description:
      'The bulk transfer runs the other way (dir=up: phone → server) at FER 0.1. With ELN the access point notes ' +
      'the segments that never arrived from the radio and marks the server’s duplicate ACKs for them (a reserved ' +
      'TCP header bit, shown in the pcap); the phone resends without halving cwnd. A is plain TCP, B is ELN on the ' +
      'same realisation. Seed 1: 57 ACKs marked, cwnd never cut for them — and goodput 0.789 against 0.785: at ' +
      '9600 bit/s the 20-segment window is several times the pipe, so halving it cost plain TCP little, and one ' +
      'resend lost again on the radio costs B a timeout. Over 20 seeds ELN is 0.2 % ahead.',
    scenario: 'system=is707&dir=up&fer=0.1&duration=1000',
    compare: 'eln=1',
    charts: ['seq', 'cwnd', 'rto'],
    published: [
      {
        label: 'Fast retransmits (plain TCP)',
        quantity: Q.count,
        value: 'each halves cwnd',
        live: 'tcp.fastRetransmits',
        expect: 'B, with ELN: the same resends, cwnd kept (eln.marked 57)',
        check: { atLeast: 3, atMost: 3 },
      },
    ],
  },
  {
    id: 'is707-remedy-sweep',
    system: 'is707',
    title: 'Sweep: remedies against FER',
    spec: 'issue 26 item 5: a sweep per system over remedy against its main radio knob',
    description:
      'Normalized goodput against the frame error rate (f_dT 0.1, a 40-segment window, 1000 s runs), for plain ' +
      'TCP, SACK, F-RTO and Eifel on the same seeds: each point pairs the same channel realisations. At low FER ' +
      'RLP repairs every loss and no remedy has anything to fix (Eifel pays its 12 timestamp bytes); at FER 0.2 ' +
      'SACK repairs several holes per window and gains most; at FER 0.3 almost every loss ends in a timeout and ' +
      'none of them helps much.',
    scenario: 'system=is707&fer=0.2&fdt=0.1&rwnd=21440&duration=1000',
    charts: ['seq', 'rto', 'cwnd'],
    sweep: {
      base: 'system=is707&fdt=0.1&rwnd=21440&duration=1000',
      key: 'fer',
      values: [0.01, 0.05, 0.1, 0.2, 0.3],
      series: remedySeries(['none', 'sack', 'frto', 'eifel']),
      seeds: 3,
      metric: 'normalizedGoodput',
      metricLabel: 'normalized goodput',
    },
  },
  {
    id: 'is707-snoop-sweep',
    system: 'is707',
    title: 'Sweep: the Snoop agent against FER',
    spec: 'issue 26 item 5 (remedies.md item 3): the base-station remedy against the main radio knob',
    description:
      'TCP timeouts in 1000 s against the frame error rate (f_dT 0.01, idle 0, as remedies.md item 3), for plain ' +
      'TCP, the Snoop agent at the access point and SACK, on the same seeds. Snoop resends from its cache what ' +
      'RLP gave up on and holds back the duplicate ACKs, so the server times out far less: three-seed means ' +
      '11.0 → 0.3 timeouts at FER 0.1 (goodput 0.593 → 0.698), 33.3 → 9.0 at 0.2, 41.7 → 19.0 at 0.3. SACK ' +
      'repairs several holes per window but cannot stop the timer: 4.7 at 0.1, 38.0 at 0.2. At FER 0.01 RLP ' +
      'repairs every loss and all three curves meet at 0.',
    scenario: 'system=is707&fer=0.1&fdt=0.01&idle=0&duration=1000',
    charts: ['seq', 'rto', 'link'],
    sweep: {
      base: 'system=is707&fdt=0.01&idle=0&duration=1000',
      key: 'fer',
      values: [0.01, 0.05, 0.1, 0.2, 0.3],
      series: remedySeries(['none', 'snoop', 'sack']),
      seeds: 3,
      metric: 'tcp.timeouts',
      metricLabel: 'TCP timeouts',
    },
  },
];
