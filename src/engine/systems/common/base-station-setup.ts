/**
 * The base-station remedies a scenario switches on (remedies.md), built for one system's
 * base-station point: the agent, its driver on the scheduler, and its blocks of the summary.
 * A system calls {@link baseStation} once and routes the datagrams crossing its point through
 * the node it returns (null: no remedy there, the datagrams go straight on).
 */
import type { Packet, PacketIds } from '../../core/packet';
import type { Scheduler } from '../../core/scheduler';
import { toSeconds, type Nanos } from '../../core/time';
import type { TraceRecorder } from '../../core/trace';
import type { BaseStationAgent, BaseStationPort } from '../../remedy/base-station';
import { ChainAgent } from '../../remedy/chain';
import { ElnMarker } from '../../remedy/eln';
import { SnoopAgent } from '../../remedy/snoop';
import { SplitRelay } from '../../remedy/split';
import type { Summary } from '../../scenario/summary';
import type { ParamValue } from '../../scenario/types';
import type { TcpConnection, TcpProfile } from '../../tcp';
import { baseStationRemedies } from '../remedy-params';
import { BaseStationNode } from './base-station-node';
import { round, tcpSummary } from './tcp-setup';

/** The two ends a split relay stands between. */
export interface StationEnds {
  /** The mobile's TCP profile, and its peer's (the fixed host's). */
  readonly mobileProfile: TcpProfile;
  readonly fixedProfile: TcpProfile;
  /** Host numbers (the relay speaks with the mobile's towards the fixed host, and back). */
  readonly fixedAddress: number;
  readonly mobileAddress: number;
}

/** The run as the summary needs it: the data connection's two ends and when the mobile had all. */
export interface StationView {
  readonly now: Nanos;
  /** The fixed host's end of the data connection, and the mobile's (null until they exist). */
  readonly fixed: TcpConnection | null;
  readonly mobile: TcpConnection | null;
  /**
   * Whether the data flows from the fixed host to the mobile (the application's direction: FTP Get,
   * IS-707's bulk download). Known from the start: a guess from the bytes sent so far switched the
   * summary's radio half from the mobile's connection to the relay's once the first data byte left
   * the fixed host, and its counters went down mid-run (rtoInit=0.01: the mobile's SYN resends).
   */
  readonly down: boolean;
  /** When the mobile's application had the last byte of a sized transfer, ns (−1: not yet, or endless). */
  readonly mobileDoneAt: Nanos;
}

type StationSummary = Partial<Pick<Summary, 'snoop' | 'eln' | 'split' | 'tcp'>>;

/** What sits at a system's base-station point. */
export interface BaseStationSetup {
  readonly node: BaseStationNode;
  /** The summary blocks of the remedy on (`snoop`; `split` and the radio half's `tcp`). */
  summary(view: StationView): StationSummary;
  readonly snoop: SnoopAgent | null;
  readonly eln: ElnMarker | null;
  readonly split: SplitRelay | null;
}

/** The remedy at the base-station point, or null when the scenario switches none on. */
export function baseStation(
  values: Readonly<Record<string, ParamValue>>,
  ctx: { scheduler: Scheduler; packetIds: PacketIds; traces: TraceRecorder },
  port: BaseStationPort,
  ends: StationEnds,
  /** The system's packet capture: sees what the agent makes or changes (BaseStationNode). */
  tap?: (p: Packet, now: Nanos) => void,
): BaseStationSetup | null {
  const on = baseStationRemedies(values);
  let agent: BaseStationAgent;
  let snoop: SnoopAgent | null = null;
  let eln: ElnMarker | null = null;
  let split: SplitRelay | null = null;
  if (on.split) {
    split = new SplitRelay(
      {
        buffer: on.splitBuffer,
        wiredProfile: ends.mobileProfile,
        radioProfile: ends.fixedProfile,
        fixedAddress: ends.fixedAddress,
        mobileAddress: ends.mobileAddress,
      },
      ctx.packetIds,
    );
    agent = split;
  } else if (on.snoop || on.eln) {
    if (on.snoop) snoop = new SnoopAgent(ctx.traces);
    if (on.eln) eln = new ElnMarker(ctx.traces);
    // Both: ELN faces the fixed host, Snoop the mobile (its resends stay next in the radio queue).
    agent = snoop && eln ? new ChainAgent(eln, snoop) : (snoop ?? eln)!;
  } else return null;
  const node = new BaseStationNode(ctx.scheduler, agent, port, ctx.packetIds, tap);
  return {
    node,
    snoop,
    eln,
    split,
    summary: (view) => {
      if (snoop || eln)
        return {
          ...(snoop ? { snoop: { ...snoop.counters } } : {}),
          ...(eln ? { eln: { marked: eln.marked } } : {}),
        };
      if (split) return splitSummary(split, view);
      return {};
    },
  };
}

/**
 * remedies.md: the `tcp` block describes the radio half (the mobile's connection), `split.wired`
 * the fixed host's; `split.endLead` is the seconds from the fixed host's last byte being
 * acknowledged to the mobile having it (null until both happened).
 */
function splitSummary(split: SplitRelay, v: StationView): StationSummary {
  const pair = split.pairs[0];
  if (v.fixed === null) return { split: { ...split.counters, endLead: null, wired: null } };
  const down = v.down;
  // Each half's data sender, and the bytes its receiver delivered. Until the relay has taken the
  // connection (no pair yet) the radio half of a download has no sender: its block reads zero, not
  // the fixed host's (the wired half's) counters, which it showed before and then dropped from.
  const [radioSender, radioDelivered] = down
    ? [pair?.radio ?? null, v.mobile?.stats.bytesDelivered ?? 0]
    : [v.mobile, pair?.radio.stats.bytesDelivered ?? 0];
  const [wiredSender, wiredDelivered] = down
    ? [v.fixed, pair?.wired.stats.bytesDelivered ?? 0]
    : [pair?.wired ?? null, v.fixed.stats.bytesDelivered];
  const half = (c: TcpConnection | null, delivered: number): Summary['tcp'] =>
    tcpSummary(c ? [c] : [], delivered, v.now);
  const endLead =
    down && v.mobileDoneAt >= 0 && v.fixed.dataAckedAt >= 0
      ? round(toSeconds(v.mobileDoneAt - v.fixed.dataAckedAt), 3)
      : null;
  return {
    tcp: half(radioSender, radioDelivered),
    split: { ...split.counters, endLead, wired: pair ? half(wiredSender, wiredDelivered) : null },
  };
}
