/**
 * The topology every system runs (docs/architecture.md, "How to add a system"):
 *
 *   fixed host ─ wired side ─ base-station point ─ link layer ─ mobile host
 *
 * Two TCP hosts, each driven from the scheduler by a {@link TcpNode}; an application on the two
 * hosts (an FTP transfer, netperf, a page loader, DECT's segment flows); and the base-station
 * point where a remedy of remedies.md may stand. What lies between the ends — the wires, the
 * link layer, the radio — is the system's own and stays in its model: the topology only names
 * the ends, drives them, and routes the two directions through the point.
 *
 * A model builds one {@link TwoHostTopology}, builds its application on `fixedHost` and
 * `mobileHost`, asks for the {@link TwoHostTopology.station | station point} where its system has
 * one, then drives the hosts with {@link TwoHostTopology.nodes}, telling each where its datagrams
 * go. The calls stay in the model's constructor where the hand wiring was, so trace sources are
 * declared and timers armed in the same order as before (the traceHash depends on both).
 */
import type { Packet, PacketIds } from '../../core/packet';
import type { Scheduler } from '../../core/scheduler';
import type { Nanos } from '../../core/time';
import type { TraceRecorder } from '../../core/trace';
import type { BaseStationPort } from '../../remedy/base-station';
import type { ParamValue } from '../../scenario/types';
import { TcpHost, type TcpProfile } from '../../tcp';
import { baseStation, type BaseStationSetup } from './base-station-setup';
import type { BaseStationNode } from './base-station-node';
import { TcpNode } from './tcp-node';

/** Where a datagram goes next. */
export type PacketOut = (p: Packet, now: Nanos) => void;

/** One end of the topology: its host number and its TCP profile (the scenario's, resolved). */
export interface TopologyEnd {
  readonly address: number;
  readonly profile: TcpProfile;
}

/** What the topology needs of the system's context. */
export type TopologyContext = {
  readonly scheduler: Scheduler;
  readonly packetIds: PacketIds;
  readonly traces: TraceRecorder;
};

/**
 * An application's handlers of the two hosts' events, called by each node after every input
 * (TcpNode.flush). FtpTransfer, NetperfTest and HttpPageLoader have this shape; the server is the
 * fixed host, the client the mobile.
 */
export interface HostEvents {
  readonly serverEvents: (now: Nanos) => boolean;
  readonly clientEvents: (now: Nanos) => boolean;
}

/** The two hosts' nodes. */
export interface HostNodes {
  readonly fixed: TcpNode;
  readonly mobile: TcpNode;
}

/**
 * The base-station point (remedies.md, "Where the base-station point sits"): the agent of the
 * remedy switched on, if any, and the two directions routed through it — to the agent when one
 * stands there, straight on (the port's `toMobile` / `toFixed`) when none does.
 */
export interface StationPoint {
  /** The remedy and its summary blocks, or null (no remedy switched on). */
  readonly setup: BaseStationSetup | null;
  readonly node: BaseStationNode | null;
  /** A datagram from the fixed side reaches the point. */
  readonly fromFixed: PacketOut;
  /** A datagram from the mobile reaches the point. */
  readonly fromMobile: PacketOut;
}

export class TwoHostTopology {
  readonly fixedHost = new TcpHost();
  readonly mobileHost = new TcpHost();

  constructor(
    private readonly ctx: TopologyContext,
    readonly fixed: TopologyEnd,
    readonly mobile: TopologyEnd,
  ) {}

  /**
   * The base-station point of a system whose link layer has an upper face for a remedy
   * (`port`: the queue toward the mobile and the wire toward the fixed host). `tap` is the
   * system's packet capture: it sees what the agent makes or changes.
   */
  station(
    values: Readonly<Record<string, ParamValue>>,
    port: BaseStationPort,
    tap?: PacketOut,
  ): StationPoint {
    const setup = baseStation(
      values,
      this.ctx,
      port,
      {
        mobileProfile: this.mobile.profile,
        fixedProfile: this.fixed.profile,
        fixedAddress: this.fixed.address,
        mobileAddress: this.mobile.address,
      },
      tap,
    );
    const node = setup?.node ?? null;
    // Chosen once: with no remedy the datagrams take the port's calls directly, as before there was one.
    return {
      setup,
      node,
      fromFixed: node ? (p, now) => node.fromFixed(p, now) : port.toMobile,
      fromMobile: node ? (p, now) => node.fromMobile(p, now) : port.toFixed,
    };
  }

  /**
   * Drive the two hosts from the scheduler: `out.fixed` and `out.mobile` take each host's
   * datagrams (its first hop), `events` the application's handlers (none: the hosts' events are
   * left unread, as a bulk sender's are).
   */
  nodes(out: { readonly fixed: PacketOut; readonly mobile: PacketOut }, events?: HostEvents): HostNodes {
    const { scheduler, packetIds } = this.ctx;
    const { fixed, mobile } = this;
    return {
      fixed: new TcpNode(
        scheduler,
        this.fixedHost,
        fixed.address,
        mobile.address,
        packetIds,
        out.fixed,
        events?.serverEvents,
      ),
      mobile: new TcpNode(
        scheduler,
        this.mobileHost,
        mobile.address,
        fixed.address,
        packetIds,
        out.mobile,
        events?.clientEvents,
      ),
    };
  }
}
