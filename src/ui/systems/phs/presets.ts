/**
 * PHS presets (phs.md "Views" and "Must reproduce"; the study's Tables 1–2 and Figures 2–7):
 * the indoor distances of Table 1, the outdoor field-strength sweeps of Figures 3–4, the CRC
 * bursts of Figures 5–6, the links fixed at 1…6 of Figure 7, one link released (Table 2), the
 * monitor of Figure 2, and free play. Presets are data.
 */
import { remedySeries } from '../../presets/remedy-series';
import type { Preset, SweepSeries } from '../../presets/types';
import type { PhsSummaryPath } from '../../../engine/systems/phs/contract';
import { Q } from '../../quantity';
import { PHS_PUBLISHED as P } from './published';

const GET_PUT: readonly SweepSeries[] = [
  { label: 'FTP Get', keys: 'app=ftpGet' },
  { label: 'FTP Put', keys: 'app=ftpPut' },
];

const t1 = (d: number) => P.table1.find((r) => r.distance === d)!;

/** Outdoor distances of the field-strength sweep (units at the origin): ≈ 45 … 30 dBµV. */
const OUTDOOR_METRES = [140, 160, 180, 200, 220, 240, 260, 275, 290, 310, 330, 365];

export const PHS_PRESETS: readonly Preset<PhsSummaryPath>[] = [
  {
    id: 'phs-free',
    system: 'phs',
    title: 'Free play',
    description:
      'Six PIAFS links on three base-station units (indoors, all at the origin), the phone 20 m away, a 1 MB FTP Get. ' +
      'Drag the phone, switch links off and on, trigger a burst of CRC errors.',
    scenario: 'system=phs',
  },
  {
    id: 'phs-table1',
    system: 'phs',
    title: 'Indoors at 10, 20, 26.4 and 31.6 m (Table 1)',
    figure: 'Table 1',
    description:
      'A 1 MB FTP Get with the phone 20 m from the units: about 27 s. Move the phone to 10, 26.4 or 31.6 m (msX), ' +
      'or run the sweep: the field stays far above 40 dBµV, so distance hardly matters indoors. The study’s slow ' +
      '10 m Get and 31.6 m Put came from people walking through the path (try body = 2 per minute) and a slow client.',
    scenario: 'system=phs&msX=20',
    charts: ['seq', 'rto', 'throughput'],
    sweep: {
      base: 'system=phs',
      key: 'msX',
      values: P.table1.map((r) => r.distance),
      series: GET_PUT,
      seeds: 3,
      metric: 'app.throughputKbps',
      metricLabel: 'throughput (kbit/s)',
    },
    published: [
      {
        label: 'Get time at 20 m',
        quantity: Q.seconds,
        value: t1(20).getTime,
        live: 'app.transferTime',
        at: 'msX=20',
      },
      {
        label: 'Get throughput at 20 m',
        quantity: Q.kbps,
        value: t1(20).getKbps,
        live: 'app.throughputKbps',
        at: 'msX=20',
      },
      {
        label: 'Field strength at 20 m (unit 1)',
        quantity: Q.dbuv,
        value: t1(20).field,
        live: 'link.fieldDbuv.0',
        at: 'msX=20',
      },
      { label: 'Mean TCP RTT', quantity: Q.seconds, value: P.rttNormal, live: 'tcp.rttMean' },
      {
        label: 'Get throughput at 26.4 m / 31.6 m',
        quantity: Q.kbps,
        value: [t1(26.4).getKbps, t1(31.6).getKbps],
        fromSweep: true,
      },
    ],
  },
  {
    id: 'phs-fig3',
    system: 'phs',
    title: 'Outdoors: throughput against field strength (Figure 3)',
    figure: 'Figure 3',
    description:
      'Outdoors the field falls to 40 dBµV near 180 m, 35 near 275 m and 30 near 365 m; each unit has its own ' +
      'shadowing, so the units drift apart with distance. Above 40 dBµV the Get runs at full speed; below, every ' +
      'packet waits for its slowest fragment. Sweep the distance, or drag the phone out.',
    scenario: 'system=phs&env=outdoor&msX=180',
    charts: ['seq', 'rto', 'throughput', 'link'],
    sweep: {
      base: 'system=phs&env=outdoor',
      key: 'msX',
      values: OUTDOOR_METRES,
      series: GET_PUT,
      seeds: 3,
      metric: 'app.throughputKbps',
      metricLabel: 'throughput (kbit/s)',
    },
    published: [
      {
        label: 'Get throughput, every unit above 40 dBµV',
        quantity: Q.kbps,
        value: { about: P.outdoor.getKbpsAbove40 },
        fromSweep: true,
      },
      {
        label: 'Get throughput, a unit below 40 dBµV (this run at 180 m: units 2 and 3)',
        quantity: Q.kbps,
        value: { below: P.outdoor.kbpsBelow40Under },
        live: 'app.throughputKbps',
      },
      { label: 'No link set-up below', quantity: Q.dbuv, value: P.outdoor.noSetupBelow, fromSweep: true },
      {
        label: 'Field strength of units 1, 2, 3',
        quantity: Q.dbuv,
        value: 'Figure 3’s x axis',
        live: 'link.fieldDbuv',
      },
    ],
  },
  {
    id: 'phs-fig4',
    system: 'phs',
    title: 'Outdoors: CRC errors against field strength (Figure 4)',
    figure: 'Figure 4',
    description:
      'CRC errors per 1 MB transfer as the phone moves out (still phone: a steep waterfall between 40 and 30 dBµV). ' +
      'Above 40 dBµV (almost) none; between 35 and 40, tens per link, absorbed by PIAFS; below 35, hundreds, and TCP ' +
      'starts to time out.',
    scenario: 'system=phs&env=outdoor&msX=240',
    charts: ['seq', 'link'],
    sweep: {
      base: 'system=phs&env=outdoor',
      key: 'msX',
      values: OUTDOOR_METRES.slice(0, 9),
      series: [{ label: 'CRC errors (all links)', keys: 'app=ftpGet' }],
      seeds: 3,
      metric: 'link.crcErrors',
      metricLabel: 'CRC errors per transfer',
    },
    published: [
      { label: 'No CRC errors above', quantity: Q.dbuv, value: P.outdoor.noCrcErrorsAbove, fromSweep: true },
      {
        label: 'Large loss if any unit is below',
        quantity: Q.dbuv,
        value: P.outdoor.largeLossIfAnyUnitBelow,
        fromSweep: true,
      },
      {
        label: 'Field strength of units 1, 2, 3',
        quantity: Q.dbuv,
        value: 'Figure 4’s x axis',
        live: 'link.fieldDbuv',
      },
      {
        label: 'CRC errors (all links), a unit below 35 dBµV',
        quantity: Q.count,
        value: 'hundreds or more',
        live: 'link.crcErrors',
        check: { atLeast: 200 },
      },
      {
        label: 'TCP timeouts',
        quantity: Q.count,
        value: 'when the errors come in long bursts',
        live: 'tcp.timeouts',
      },
    ],
  },
  {
    id: 'phs-one-weak-unit',
    system: 'phs',
    title: 'One weak unit holds the whole bundle back',
    description:
      'Units 1 and 2 at 150 m receive 41.5 dBµV; unit 3, 300 m away, only 33.5 dBµV. Two links of six are bad, ' +
      'yet the whole transfer slows down: every IP packet is cut into six fragments and waits for the one on the ' +
      'slowest link.',
    scenario: 'system=phs&env=outdoor&shadowing=0&units=0,0;0,0;-150,0&msX=150',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'Get throughput',
        quantity: Q.kbps,
        value: 'clearly below 300',
        live: 'app.throughputKbps',
        check: { atMost: P.outdoor.kbpsBelow40Under },
      },
      {
        label: 'TCP timeouts',
        quantity: Q.count,
        value: 'when errors come in long bursts',
        live: 'tcp.timeouts',
      },
    ],
  },
  {
    id: 'phs-fig5',
    system: 'phs',
    title: 'A 370 ms burst of CRC errors times TCP out (Figures 5–6)',
    figure: 'Figures 5–6',
    description:
      'At 10 s, 370 ms of CRC errors on link 2 — people crossing the path. Every packet has a fragment on link 2, ' +
      'so nothing arrives for longer than the RTO in force (0.3 s minimum): TCP times out, resends data that was ' +
      'only delayed, and the sequence graph stalls. Compare the 60 ms burst and rtoMin = 0.5.',
    scenario: 'system=phs&burst=2@10:370',
    charts: ['seq', 'rto', 'link'],
    published: [
      { label: 'Burst causing a timeout', quantity: Q.seconds, value: P.crcBurstCausingRto },
      {
        label: 'TCP timeouts',
        quantity: Q.count,
        value: { atLeast: 1 },
        live: 'tcp.timeouts',
        check: { atLeast: 1 },
      },
      {
        label: 'Retransmitted segments (all spurious)',
        quantity: Q.count,
        value: { above: 0 },
        live: 'tcp.retransmits',
        check: { atLeast: 1 },
      },
    ],
  },
  {
    id: 'phs-burst60',
    system: 'phs',
    title: 'A 60 ms burst is repaired by PIAFS alone',
    description:
      'The same burst cut to 60 ms: shorter than the round trip, PIAFS re-sends the lost frames and TCP never ' +
      'notices.',
    scenario: 'system=phs&burst=2@10:60',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'TCP retransmissions',
        quantity: Q.count,
        value: 0,
        live: 'tcp.retransmits',
        check: { atMost: 0 },
      },
    ],
  },
  {
    id: 'phs-burst-rtomin',
    system: 'phs',
    title: '370 ms burst with rtoMin = 0.5 s',
    description:
      'The outcome hinges on TCP’s minimum RTO: with 0.5 s instead of Windows’ 0.3 s the same 370 ms burst passes ' +
      'unnoticed.',
    scenario: 'system=phs&burst=2@10:370&rtoMin=0.5',
    charts: ['seq', 'rto', 'link'],
    published: [
      { label: 'TCP timeouts', quantity: Q.count, value: 0, live: 'tcp.timeouts', check: { atMost: 0 } },
    ],
  },
  {
    id: 'phs-fig7',
    system: 'phs',
    title: 'Links fixed at 1 … 6 (Figure 7)',
    figure: 'Figure 7',
    description:
      'The number of links set up at the start (channels): throughput grows in proportion — each link adds ' +
      '58.4 kbit/s of PIAFS user rate, less PPP, Multilink and TCP/IP headers.',
    scenario: 'system=phs&channels=3',
    charts: ['seq', 'throughput'],
    sweep: {
      base: 'system=phs',
      key: 'channels',
      values: [1, 2, 3, 4, 5, 6],
      series: GET_PUT,
      seeds: 1,
      metric: 'app.throughputKbps',
      metricLabel: 'throughput (kbit/s)',
    },
    published: [
      {
        label: 'Get throughput',
        quantity: Q.kbps,
        value: 'proportional to the number of links',
        live: 'app.throughputKbps',
      },
    ],
  },
  {
    id: 'phs-table2',
    system: 'phs',
    title: 'One link released 5 s into the transfer (Table 2)',
    figure: 'Table 2',
    description:
      'Link 3 goes at 5 s, but Multilink notices only after 1–6 s (drawn per run): meanwhile a fragment of every ' +
      'packet goes onto the dead link and is lost, TCP backs off 0.3, 0.6, 1.2, 2.4 s … — worse than five links from ' +
      'the start. Try a few seeds (new seed) for the study’s spread.',
    scenario: 'system=phs&release=3@5',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'Get throughput, link released (three runs)',
        quantity: Q.kbps,
        value: P.table2.get.runs,
        live: 'app.throughputKbps',
      },
      { label: 'Get throughput, five links from the start', quantity: Q.kbps, value: P.table2.get.avg5 },
      { label: 'Get throughput, six links', quantity: Q.kbps, value: P.table2.get.avg6 },
      {
        label: 'Time until Multilink noticed the release',
        quantity: Q.seconds,
        value: { from: 1, to: 6 },
        live: 'link.releaseDetect.0',
        expect: 'drawn per run (phs.md)',
      },
    ],
  },
  {
    id: 'phs-five-links',
    system: 'phs',
    title: 'Five links from the start (Table 2 comparison)',
    description: 'Table 2’s reference: five links set up before the transfer, no release.',
    scenario: 'system=phs&channels=5',
    charts: ['seq', 'rto'],
    published: [
      {
        label: 'Get throughput, five links',
        quantity: Q.kbps,
        value: P.table2.get.avg5,
        live: 'app.throughputKbps',
      },
    ],
  },
  {
    id: 'phs-fig2',
    system: 'phs',
    title: 'The PIAFS monitor (Figure 2)',
    figure: 'Figure 2',
    description:
      'At 37 dBµV short runs of CRC errors hit the links. In the PIAFS monitor: a run of CRC ERR rows, the REQ the ' +
      'mobile sends stuck on the missing frame while new frames keep arriving, the sender re-sending it among them, ' +
      'then REQ jumping forward past every frame held meanwhile.',
    scenario: 'system=phs&env=outdoor&shadowing=0&msX=240',
    charts: ['seq', 'link'],
    published: [
      { label: 'CRC errors (all links)', quantity: Q.count, value: 'tens per link', live: 'link.crcErrors' },
      { label: 'TCP retransmissions', quantity: Q.count, value: 'none or few', live: 'tcp.retransmits' },
    ],
  },
  {
    id: 'phs-remedy-burst',
    system: 'phs',
    title: 'Remedy: Eifel undoes the timeout of the 370 ms burst',
    spec: 'remedies.md must-reproduce 2',
    description:
      'A is plain TCP through the 370 ms CRC burst on link 2: the timer fires, PIAFS then delivers everything, and ' +
      'TCP resends 5 segments the client already has. B is the same realisation with Eifel detection (RFC 3522, ' +
      'timestamps at both ends): the first ACK after the resend echoes the original’s timestamp, the timeout is ' +
      'undone and only 1 segment is resent. Try B with frto=1: the same result without option bytes.',
    scenario: 'system=phs&burst=2@10:370',
    compare: 'remedy=eifel',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'TCP segments resent (plain TCP)',
        quantity: Q.count,
        value: 5,
        live: 'tcp.retransmits',
        expect: 'B, with Eifel or F-RTO: at most 2 (the engine: 1)',
        check: { atLeast: 5, atMost: 5 },
      },
    ],
  },
  {
    id: 'phs-remedy-split',
    system: 'phs',
    title: 'Remedy: a split connection, and its price',
    spec: 'remedies.md must-reproduce 6',
    description:
      'A 1 MB FTP Get with link 3 released at 5 s. A is plain TCP; B is the same realisation with a split ' +
      'connection (I-TCP) at the base station’s control terminal: a relay answers the server’s SYN, takes its ' +
      'bytes into a 32,768-byte buffer and sends them on over its own connection to the phone. The server’s ' +
      'timeouts move to the relay’s radio half; the transfer ends 0.7 s sooner (38.68 s against 39.39 s). The ' +
      'price, shown and not hidden: the server has its last byte acknowledged 0.789 s before the phone has it ' +
      '(split.endLead) — end-to-end semantics are gone.',
    scenario: 'system=phs&release=3@5',
    compare: 'split=1',
    charts: ['seq', 'rto', 'link'],
    published: [
      {
        label: 'Transfer time, s (plain TCP)',
        quantity: Q.seconds,
        value: 'the phone has the file when the server is done',
        live: 'app.transferTime',
        expect: 'B, split: 38.68 s, but the server done 0.789 s before the phone (split.endLead ≥ 0.5 s)',
        check: { atLeast: 39.39, atMost: 39.4 },
      },
    ],
  },
  {
    id: 'phs-remedy-sweep',
    system: 'phs',
    title: 'Sweep: remedies against field strength',
    spec: 'issue 26 item 5: a sweep per system over remedy against its main radio knob',
    description:
      'TCP segments resent per 1 MB FTP Get as the phone moves out of doors (the field falls from ≈ 45 to ≈ 36 ' +
      'dBµV), for plain TCP, SACK, F-RTO and Eifel on the same seeds. Just below 40 dBµV runs of CRC errors hold ' +
      'packets back past the 0.3 s minimum RTO: nearly every timeout there is spurious, and plain TCP goes back N ' +
      'after each; F-RTO and Eifel undo them and resend about one segment per timeout. Further out packets are ' +
      'really lost, most timeouts are genuine, and no remedy helps much.',
    scenario: 'system=phs&env=outdoor&msX=220',
    charts: ['seq', 'rto', 'link'],
    sweep: {
      base: 'system=phs&env=outdoor',
      key: 'msX',
      values: [140, 180, 200, 220, 240, 260],
      series: remedySeries(['none', 'sack', 'frto', 'eifel']),
      seeds: 2,
      metric: 'tcp.retransmits',
      metricLabel: 'TCP segments resent',
    },
  },
];
