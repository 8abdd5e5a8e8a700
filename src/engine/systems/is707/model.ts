import { ferFromDistance, MarkovFadingChannel } from '../../channel';
import { IpDrop, type Packet } from '../../core/packet';
import { seconds, type Nanos } from '../../core/time';
import { createIs707RlpLink, RlpFrameKind, type Is707RlpLinkBundle } from '../../link/is707-rlp';
import { IS707_PPP_OVERHEAD } from '../../link/ppp/framing-overhead';
import { WireDriver } from '../../link/wire/wire-driver';
import type { Scenario } from '../../scenario/types';
import { createTcpTraces, type TcpConnection, type TcpTraceSources } from '../../tcp';
import type { Scheduler } from '../../core/scheduler';
import type { TcpNode } from '../common/tcp-node';
import { round, scenarioProfiles, tcpSummary } from '../common/tcp-setup';
import { backoffNote, failureOf, tcpFailureWhat } from '../common/failure';
import { SwitchableChannel } from '../common/switchable-channel';
import type { BaseStationSetup } from '../common/base-station-setup';
import { TwoHostTopology, type StationPoint } from '../common/topology';
import { numberValue, ScenarioValues } from '../../scenario/typed-values';
import { IS707_MAP_RANGE, IS707_PARAMS, IS707_TCP } from './params';
import type { SystemContext, SystemModel, SystemView } from '../types';
import { phone } from '../stations';
import type { LiveHandlers } from '../contract';
import type { Is707LiveKey, Is707ModelSummary, Is707Summary } from './contract';
import { FRAME_NS } from './frame';

export { FRAME_NS } from './frame';

/** Net rate of the 9600 bit/s channel for user data: 19 bytes per 20 ms frame (is707.md). */
const CAPACITY_BPS = 7600;
const HOST = 1;
const MOBILE = 2;
const SENDER_PORT = 20;
const SINK_PORT = 5001;
/** Largest FER the scenario allows; the map mapping is clamped to it. */
const FER_MAX = 0.6;

/** Frames actually sent (every kind but the silent slot). */
function framesOnAir(byKind: readonly number[]): number {
  return (
    byKind[RlpFrameKind.Data] +
    byKind[RlpFrameKind.Retx] +
    byKind[RlpFrameKind.Idle] +
    byKind[RlpFrameKind.Nak]
  );
}

/**
 * System 1 — TCP over IS-707 RLP (is707.md). Remote host (TCP sender, bulk) —
 * wireline 1.5 Mbit/s, 200 ms — access point (RLP; PPP framing, 8 bytes per
 * packet) — 9600 bit/s radio, 20 ms frames, one Markov fading channel per
 * direction — mobile host (RLP, PPP, TCP sink). ACKs return the same way.
 */
export class Is707Model implements SystemModel<Is707Summary, Is707LiveKey> {
  private readonly sender: TcpConnection;
  /** The mobile's end; with a handshake it exists once the SYN has arrived. */
  private sink: TcpConnection | null = null;
  private readonly seed: number;
  private readonly rlp: Is707RlpLinkBundle<Packet>;
  private readonly forward: MarkovFadingChannel;
  private readonly reverse: SwitchableChannel;
  private fer: number;
  private fdt: number;
  private ms: { x: number; y: number };
  private radioFromMap: boolean;
  /**
   * Observed forward channel: slots in the Bad state and runs of them (the slots observed are the
   * link's own count, `rlp.link.slot`: one observation per link step, not a second counter).
   */
  private badSlots = 0;
  private badRuns = 0;
  private lastBad = false;
  private apDrops = 0;
  /** dir=up: the bulk transfer runs from the mobile to the fixed host. */
  private readonly upload: boolean;
  /** The remedy at the access point (remedies.md: snoop), or null. */
  private readonly station: BaseStationSetup | null;

  constructor(ctx: SystemContext, scenario: Scenario) {
    const v = ScenarioValues.of(scenario, IS707_PARAMS);
    this.seed = scenario.seed;
    this.fdt = v.number('fdt');
    this.ms = { x: v.number('msX'), y: v.number('msY') };
    this.radioFromMap = v.bool('radioFromMap');
    this.fer = this.radioFromMap ? this.mapFer() : v.number('fer');
    const { client, server } = scenarioProfiles(v.all, IS707_TCP);

    this.forward = new MarkovFadingChannel(ctx.rng.get('is707.forward.channel'), this.fer, this.fdt);
    this.reverse = new SwitchableChannel(
      new MarkovFadingChannel(ctx.rng.get('is707.reverse.channel'), this.fer, this.fdt),
      v.bool('reverse'),
    );
    this.rlp = createIs707RlpLink<Packet>(
      {
        nakRounds: v.numbers('nakRounds'),
        nakTimer: v.number('nakTimer'),
        abortTimer: v.number('abortTimer'),
        idle: v.number('idle'),
      },
      this.forward,
      this.reverse,
      { recorder: ctx.traces, slotNs: FRAME_NS, packetId: (p) => p.id },
    );

    const { scheduler, capture, packetIds } = ctx;
    const traces = createTcpTraces(ctx.traces);
    const apQueue = v.number('apQueue');
    // Access point: PPP-frame each packet onto the RLP byte stream toward the mobile (is707.md: 8 bytes per packet).
    const toRadio = (p: Packet, now: Nanos): void => {
      if (apQueue !== Infinity && this.rlp.txA.unstartedPackets >= apQueue) {
        this.apDrops++;
        packetIds.dropped(now, p, IpDrop.QueueFull);
        return;
      }
      this.rlp.txA.append(p, p.size + IS707_PPP_OVERHEAD);
    };
    const wireRate = v.number('wireRate');
    const wireDelay = seconds(v.number('wireDelay'));
    const hosts = new TwoHostTopology(
      ctx,
      { address: HOST, profile: server },
      { address: MOBILE, profile: client },
    );
    // The access point's upper face (remedies.md, "Where the base-station point sits").
    const point = hosts.station(
      v.all,
      {
        toMobile: toRadio,
        toMobileNext: (p) => this.rlp.txA.pushFront(p, p.size + IS707_PPP_OVERHEAD),
        toFixed: (p, now) => up.send(p, now),
      },
      (p, now) => capture.record(now, p),
    );
    this.station = point.setup;
    const down = new WireDriver(scheduler, wireRate, wireDelay, point.fromFixed);
    const { fixed: hostNode, mobile: mobileNode } = hosts.nodes({
      fixed: (p, now) => {
        capture.record(now, p);
        down.send(p, now);
      },
      mobile: (p) => {
        this.rlp.txB.append(p, p.size + IS707_PPP_OVERHEAD);
      },
    });
    const up = new WireDriver(scheduler, wireRate, wireDelay, (p, now) => {
      capture.record(now, p);
      hostNode.receive(p, now);
    });

    // dir=up (remedies.md, for ELN): the same bulk transfer from the mobile to the fixed host.
    this.upload = v.text('dir') === 'up';
    this.sender = this.openConnection(v, hosts, traces);
    this.sender.write(Infinity); // bulk transfer (is707.md: app=bulk)
    hostNode.flush(0);
    mobileNode.flush(0);
    this.armFrames(scheduler, mobileNode, point);
  }

  /**
   * The bulk transfer's connection, from the fixed host to the mobile (or back with dir=up): with
   * a handshake the sink listens and the sender connects; without, both open established.
   */
  private openConnection(v: ScenarioValues, hosts: TwoHostTopology, traces: TcpTraceSources): TcpConnection {
    const { fixedHost: hostTcp, mobileHost: mobileTcp } = hosts;
    const client = hosts.mobile.profile;
    const server = hosts.fixed.profile;
    const senderTrace = { sources: traces, conn: 1, sender: true, receiver: false };
    const sinkTrace = { sources: traces, conn: 1, sender: false, receiver: true };
    const [sendTcp, sinkTcp] = this.upload ? [mobileTcp, hostTcp] : [hostTcp, mobileTcp];
    const [sendProfile, sinkProfile] = this.upload ? [client, server] : [server, client];
    if (v.bool('handshake')) {
      sinkTcp.listen(SINK_PORT, sinkProfile, (conn) => {
        conn.setTrace(sinkTrace);
        this.sink = conn;
      });
      return sendTcp.connect(0, SENDER_PORT, SINK_PORT, sendProfile, senderTrace);
    }
    this.sink = sinkTcp.openEstablished(0, SINK_PORT, SENDER_PORT, sinkProfile, sinkTrace);
    return sendTcp.openEstablished(0, SENDER_PORT, SINK_PORT, sendProfile, senderTrace);
  }

  /** The 20 ms radio frames, from 0. */
  private armFrames(scheduler: Scheduler, mobileNode: TcpNode, point: StationPoint): void {
    // Completed packets move on: B's to the mobile's TCP, A's up the wire.
    const { rxA, rxB } = this.rlp;
    const deliver = (now: Nanos): void => {
      let p: Packet | undefined;
      while ((p = rxB.poll()) !== undefined) mobileNode.receive(p, now);
      while ((p = rxA.poll()) !== undefined) point.fromMobile(p, now);
    };
    // One 20 ms radio frame: both RLP ends exchange frames, then completed packets move on. The
    // next frame runs in place while nothing else is due before it (Scheduler.runsInPlace, checked
    // here from its two bounds: only delivering packets arms or cancels timers, so the next event's
    // time is asked again only after that).
    // Each frame's time is derived from the count `n` and handed to a call only in the branch
    // that needs it: V8 boxes a time in nanoseconds (past 2^31) on the heap where it becomes a
    // call's argument, and hoists that box out of any loop around the call — a time carried from
    // frame to frame, or passed inside the polling loops, cost one allocation per frame.
    // `start + n·20 ms` is exact (integers below 2^53).
    const link = this.rlp.link;
    const frame = scheduler.timer((start: Nanos) => {
      const limit = scheduler.inPlaceLimit();
      let next = scheduler.nextTime();
      let n = 0;
      for (;;) {
        const now = start + n * FRAME_NS;
        link.step(now);
        this.observeChannel();
        if (rxB.ready !== 0 || rxA.ready !== 0) {
          deliver(now);
          next = scheduler.nextTime();
        }
        n++;
        const t = start + n * FRAME_NS;
        if (!(t <= limit && t < next)) break;
        scheduler.passInPlace(t);
      }
      frame.set(start + n * FRAME_NS);
    });
    frame.set(0);
  }

  private mapFer(): number {
    return Math.min(FER_MAX, ferFromDistance(Math.hypot(this.ms.x, this.ms.y)));
  }

  private observeChannel(): void {
    const bad = this.forward.bad;
    if (bad) {
      this.badSlots++;
      if (!this.lastBad) this.badRuns++;
    }
    this.lastBad = bad;
  }

  private setRadio(fer: number, fdt: number): void {
    this.fer = fer;
    this.fdt = fdt;
    this.forward.setParams(fer, fdt);
    this.reverse.inner.setParams(fer, fdt);
  }

  /** Bulk transfer: the run ends at `duration`. */
  readonly endsOnlyAtDuration = true;

  isDone(): boolean {
    return false;
  }

  /** The live keys' handlers (contract.ts `Is707LiveKey`). */
  readonly live: LiveHandlers<Is707LiveKey> = {
    // The slider overrides the map until the phone moves again (ui.md: "the slider as override").
    fer: (value) => this.setRadio(numberValue('fer', value), this.fdt),
    fdt: (value) => this.setRadio(this.fer, numberValue('fdt', value)),
    idle: (value) => {
      this.rlp.link.a.setIdle(numberValue('idle', value));
      this.rlp.link.b.setIdle(numberValue('idle', value));
    },
    reverse: (value) => {
      this.reverse.enabled = value === true;
    },
    radioFromMap: (value) => {
      this.radioFromMap = value === true;
      if (this.radioFromMap) this.setRadio(this.mapFer(), this.fdt);
    },
    msX: (value) => this.movePhone({ ...this.ms, x: numberValue('msX', value) }),
    msY: (value) => this.movePhone({ ...this.ms, y: numberValue('msY', value) }),
  };

  private movePhone(ms: { x: number; y: number }): void {
    this.ms = ms;
    if (this.radioFromMap) this.setRadio(this.mapFer(), this.fdt);
  }

  summary(now: Nanos): Is707ModelSummary {
    const slots = this.rlp.link.slot;
    const delivered = this.sink ? this.sink.stats.bytesDelivered : 0;
    const tcp = tcpSummary([this.sender], delivered, now);
    const ap = this.rlp.link.a.counters;
    const ms = this.rlp.link.b.counters;
    const fwdSent = framesOnAir(ap.framesSent);
    const revSent = framesOnAir(ms.framesSent);
    const out: Is707ModelSummary = {
      system: 'is707',
      seed: this.seed,
      completed: false,
      capacityBps: CAPACITY_BPS,
      normalizedGoodput: round(tcp.goodputBps / CAPACITY_BPS),
      tcp,
      app: { kind: 'bulk', throughputKbps: round(tcp.goodputBps / 1000) },
      link: {
        framesSent: fwdSent,
        frameErrors: ms.frameErrors,
        frameErrorRate: round(fwdSent > 0 ? ms.frameErrors / fwdSent : 0),
        meanErrorBurst: round(this.badRuns > 0 ? this.badSlots / this.badRuns : 0),
        channelBadFraction: round(slots > 0 ? this.badSlots / slots : 0),
        naksSent: ap.naksSent + ms.naksSent,
        retransmittedFrames: ap.retransmittedFrames + ms.retransmittedFrames,
        aborts: ap.aborts + ms.aborts,
        framesAbandoned: ap.framesAbandoned + ms.framesAbandoned,
        idleFramesSent: ap.idleFramesSent + ms.idleFramesSent,
        seqAmbiguities: ap.seqAmbiguities + ms.seqAmbiguities,
        reverseFramesSent: revSent,
        reverseFrameErrors: ap.frameErrors,
        packetsDiscarded: this.rlp.rxB.discarded + this.rlp.rxA.discarded,
        apQueueDrops: this.apDrops,
        fer: round(this.fer),
        fdt: this.fdt,
      },
    };
    if (this.station)
      Object.assign(
        out,
        this.station.summary({
          now,
          fixed: this.upload ? this.sink : this.sender,
          mobile: this.upload ? this.sender : this.sink,
          down: !this.upload,
          mobileDoneAt: -1,
        }),
      );
    // Only with a finite dataRetries (the ns-2 stack never gives up): the bulk sender aborted.
    const f = this.sender.failure;
    if (f) {
      const why =
        `the forward channel was in its bad state ${round(slots > 0 ? (100 * this.badSlots) / slots : 0, 1)} % of the time ` +
        `(FER ${round(this.fer, 3)}, f_dT ${this.fdt}) and RLP abandoned ${ap.framesAbandoned + ms.framesAbandoned} frames`;
      out.failure = failureOf(tcpFailureWhat(f, "The sender's TCP"), why + backoffNote(f), f.at);
    }
    return out;
  }

  view(): SystemView {
    const ring = (km: number): { r: number; label: string } => ({
      r: km * 1000,
      label: `${km} km · FER ${(100 * Math.min(FER_MAX, ferFromDistance(km * 1000))).toFixed(km < 2 ? 1 : 0)} %`,
    });
    const fwd = this.forward.bad ? 'bad' : 'good';
    return {
      extent: [-IS707_MAP_RANGE, IS707_MAP_RANGE, -IS707_MAP_RANGE, IS707_MAP_RANGE],
      stations: [{ id: 'bs', label: 'Base station / access point', x: 0, y: 0 }],
      mobiles: [phone(this.ms.x, this.ms.y)],
      rings: [ring(1), ring(2), ring(3)],
      links: [{ n: 1, station: 'bs', state: fwd }],
      captions: {
        FER: `${(this.fer * 100).toFixed(1)} %${this.radioFromMap ? ' (from map)' : ''}`,
        f_dT: String(this.fdt),
        RTO: `${(this.sender.rtoEstimator.active / 1e9).toFixed(1)} s`,
      },
    };
  }
}
