import { Q } from '../../quantity';
import type { FieldsOf, SummaryFields } from '../types';
import type { DectSummaryPath } from '../../../engine/systems/dect/contract';

/** The background terminal types of dect.md: P08j, P32, P80 (one bearer each) and Data (several). */
const TYPES = [
  ['p08j', 'P08j (half slot)'],
  ['p32', 'P32 (full slot)'],
  ['p80', 'P80 (double slot)'],
  ['data', 'Data (multibearer)'],
] as const;

const perType = (path: string, what: string): SummaryFields =>
  Object.fromEntries(
    TYPES.map(([key, name]) => [
      `${path}.${key}`,
      { label: `Background ${name} calls ${what}`, quantity: Q.count },
    ]),
  );

const perTypeShare = (path: string, what: string): SummaryFields =>
  Object.fromEntries(
    TYPES.map(([key, name]) => [
      `${path}.${key}`,
      { label: `Share of background ${name} calls ${what}`, quantity: Q.share },
    ]),
  );

const byBearers = (what: string) => ({
  label: `${what}, by bearers held (0 … target)`,
  quantity: Q.count,
});

/**
 * DECT's summary fields for people (dect.md; engine/systems/dect/summary.ts): TH and the delay D
 * of the TCP user's segments, its MAC, DLC and bearer counts, and the background calls.
 * `normalizedGoodput` is TH / TH_teo here, which the study gives as a percentage.
 */
export const DECT_SUMMARY_FIELDS: SummaryFields = {
  normalizedGoodput: { label: 'TH / TH_teo', quantity: Q.share },
  'app.th': { label: 'Throughput TH, each way (mean of the two)', quantity: Q.segps },
  'app.thDown': { label: 'Segments delivered per second, fixed host → mobile', quantity: Q.segps },
  'app.thUp': { label: 'Segments delivered per second, mobile → fixed host', quantity: Q.segps },
  'app.thId': { label: 'Ideal throughput TH_id = min(λ, TH_teo)', quantity: Q.segps },
  'app.thTeo': { label: 'Bearer capacity TH_teo = mean bearers × 5', quantity: Q.segps },
  'app.meanBearers': { label: 'Mean bearers', quantity: Q.bearers },
  'app.generated': { label: 'Segments generated (both ways)', quantity: Q.count },
  'app.delay.mean': { label: 'Delay D of a segment, mean', quantity: Q.seconds },
  'app.delay.p50': { label: 'Delay D, median', quantity: Q.seconds },
  'app.delay.p90': { label: 'Delay D, 90th percentile', quantity: Q.seconds },
  'app.delay.p99': { label: 'Delay D, 99th percentile', quantity: Q.seconds },
  'app.delay.fracOver10s': { label: 'Segments waiting more than 10 s', quantity: Q.share },
  'app.delay.censored': { label: 'Segments still waiting at the end (delay so far)', quantity: Q.count },
  'link.mac.packets': { label: 'MAC packets sent', quantity: Q.count },
  'link.mac.retransmissions': { label: 'MAC retransmissions', quantity: Q.count },
  'link.mac.subfieldErrors': { label: 'MAC subfields received in error', quantity: Q.count },
  'link.mac.givenUp': { label: 'MAC packets given up (10 attempts)', quantity: Q.count },
  'link.dlc.fragments': { label: 'DLC fragments sent', quantity: Q.count },
  'link.dlc.fragmentsResent': { label: 'DLC fragments sent again', quantity: Q.count },
  'link.dlc.timer1': { label: 'DLC timer 1 expiries', quantity: Q.count },
  'link.dlc.timer2': { label: 'DLC timer 2 expiries', quantity: Q.count },
  'link.dlc.framesGivenUp': { label: 'DLC frames given up', quantity: Q.count },
  'link.handovers.started': { label: 'Bearer handovers started', quantity: Q.count },
  'link.handovers.done': { label: 'Bearer handovers done', quantity: Q.count },
  'link.handovers.failed': { label: 'Bearer handovers failed', quantity: Q.count },
  'link.handoverFailFraction': { label: 'Share of bearer handovers that failed', quantity: Q.share },
  'link.connectionHandovers': { label: 'Connection handovers (to another RFP)', quantity: Q.count },
  'link.bearersLostInConnectionHandover': {
    label: 'Bearers lost in connection handovers',
    quantity: Q.count,
  },
  'link.modifications': { label: 'Connection_Modifications (bearers set up again)', quantity: Q.count },
  'link.modificationSetupsFailed': {
    label: 'Connection_Modification set-ups without a bearer in 3 s',
    quantity: Q.count,
  },
  'link.byBearers.frames': byBearers('Frames'),
  'link.byBearers.handovers': byBearers('Bearer handovers started'),
  'link.byBearers.failed': byBearers('Bearer handovers failed'),
  'link.byBearers.connectionHandovers': byBearers('Connection handovers'),
  'link.byBearers.lostInConnectionHandover': byBearers('Bearers lost in connection handovers'),
  'link.drops': { label: 'Connections dropped (no bearer left)', quantity: Q.count },
  'link.blockedSetups': { label: 'Connection set-ups blocked', quantity: Q.count },
  'link.setups': { label: 'Connection set-ups', quantity: Q.count },
  'link.refused.reserved': { label: 'Bearer requests refused: channel already reserved', quantity: Q.count },
  'link.refused.collision': { label: 'Bearer requests refused: two asked in one frame', quantity: Q.count },
  'link.mac.efficiency': {
    label: 'MAC Ip efficiency: new packets among all MAC packets sent',
    quantity: Q.share,
  },
  'link.channelsHeld.perRfp': {
    label: 'Channels held per RFP (mean over the run), RFP 1, 2, 3',
    quantity: Q.channels,
  },
  'link.channelsHeld.mean': { label: 'Channels held per RFP, mean of the three', quantity: Q.channels },
  'link.tcpTimeouts.count': { label: 'TCP timeouts traced to the link', quantity: Q.count },
  'link.tcpTimeouts.withoutBearer': {
    label: 'TCP timeouts with a stretch without any bearer in their wait',
    quantity: Q.count,
  },
  'link.tcpTimeouts.afterDrop': { label: 'TCP timeouts after a dropped connection', quantity: Q.count },
  'link.tcpTimeouts.firstNoBearerS': {
    label: 'First TCP timeout: seconds without any bearer while its timer ran',
    quantity: Q.seconds,
  },
  'link.tcpTimeouts.firstStretchS': {
    label: 'First TCP timeout: the whole stretch without any bearer',
    quantity: Q.seconds,
  },
  'link.tcpTimeouts.list': {
    label: 'Each TCP timeout with the stretch without a bearer behind it (the first 50)',
    quantity: Q.words,
  },
  'link.background.blocking.all': { label: 'Background calls blocked, all types', quantity: Q.share },
  ...perTypeShare('link.background.blocking', 'blocked'),
  ...perType('link.background.arrived', 'arrived'),
  ...perType('link.background.carried', 'carried'),
  ...perType('link.background.blocked', 'blocked'),
  ...perType('link.background.dropped', 'dropped'),
  'link.background.active': { label: 'Background calls active at the end', quantity: Q.count },
  'link.background.handovers.started': { label: 'Background bearer handovers started', quantity: Q.count },
  'link.background.handovers.done': { label: 'Background bearer handovers done', quantity: Q.count },
  'link.background.handovers.failed': { label: 'Background bearer handovers failed', quantity: Q.count },
} satisfies FieldsOf<DectSummaryPath>;
