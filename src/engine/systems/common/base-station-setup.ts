/**
 * The base-station remedies a scenario switches on (remedies.md), built for one system's
 * base-station point: the agent, its driver on the scheduler, and its block of the summary.
 * A system calls {@link baseStation} once and routes the datagrams crossing its point through
 * the node it returns (null: no remedy there, the datagrams go straight on).
 */
import type { PacketIds } from '../../core/packet';
import type { Scheduler } from '../../core/scheduler';
import type { TraceRecorder } from '../../core/trace';
import type { BaseStationPort } from '../../remedy/base-station';
import { SnoopAgent } from '../../remedy/snoop';
import type { Summary } from '../../scenario/summary';
import type { ParamValue } from '../../scenario/types';
import { baseStationRemedies } from '../remedy-params';
import { BaseStationNode } from './base-station-node';

/** What sits at a system's base-station point. */
export interface BaseStationSetup {
  readonly node: BaseStationNode;
  /** The summary blocks of the remedies on (`snoop`, …). */
  summary(): Pick<Summary, 'snoop'>;
  /** The Snoop agent, when `snoop` is on. */
  readonly snoop: SnoopAgent | null;
}

/** The remedy at the base-station point, or null when the scenario switches none on. */
export function baseStation(
  values: Readonly<Record<string, ParamValue>>,
  ctx: { scheduler: Scheduler; packetIds: PacketIds; traces: TraceRecorder },
  port: BaseStationPort,
): BaseStationSetup | null {
  const on = baseStationRemedies(values);
  if (!on.snoop) return null;
  const snoop = new SnoopAgent(ctx.traces);
  const node = new BaseStationNode(ctx.scheduler, snoop, port, ctx.packetIds);
  return {
    node,
    snoop,
    summary: () => ({
      snoop: {
        localRetransmits: snoop.counters.localRetransmits,
        suppressedDupAcks: snoop.counters.suppressedDupAcks,
        handedBack: snoop.counters.handedBack,
      },
    }),
  };
}
