/**
 * System 4 — TCP over a DECT multibearer connection (dect.md). A cluster of three RFPs, the
 * background terminals on their slot grids, and the TCP user: one bidirectional TCP connection
 * (`bsd44`, 1 MB receive window) between a host behind the RFPs and the phone, over DLC LU2 and
 * MAC Ip on up to `bearers` full-slot bearers.
 *
 * Each 10 ms TDMA frame: mobility (the `cellDwell` Markov chain), the background terminals'
 * MAC, the TCP user's MAC, the RFPs' answers to the frame's requests, then the TCP user's
 * traffic on the bearers it holds. TCP segments enter and leave at frame boundaries.
 */
import type { Packet } from '../../core/packet';
import type { RandomStream } from '../../core/rng';
import { toSeconds, type Nanos } from '../../core/time';
import { DECT_FRAME_NS } from '../../link/dect-mac';
import { createTcpTraces, resolveProfile, TcpHost, type TcpConnection } from '../../tcp';
import { TwoHostTopology, type HostNodes } from '../common/topology';
import type { Scheduler } from '../../core/scheduler';
import type { SystemContext, SystemModel, SystemView } from '../types';
import { DECT_RFPS, DectCluster, servingRfp } from './air';
import { RequestArbiter } from './arbiter';
import { BackgroundPopulation } from './background';
import { DECT_DEFAULTS, FRAMES_PER_SECOND, type DectConfig } from './config';
import { DelayStats } from './delay-stats';
import { dectSummary } from './summary';
import { TcpUserLink } from './tcp-user';
import { dectView } from './view';
import { SEGMENT_BYTES, SegmentFlow } from './workload';
import type { DectState } from './state';
import { numberedHandlers, type LiveHandlers } from '../contract';
import type { DectBearerKey, DectLiveKey, DectModelSummary, DectSummary } from './contract';
import { DECT_MAX_BEARERS } from './params';

/** The frame a change at frame boundary `now` acts in. */
const frameOf = (now: Nanos): number => Math.round(now / DECT_FRAME_NS);

const SERVER = 1;
const CLIENT = 2;
const PORT = 5001;
/** dect.md "TCP": bsd44 with the receive window raised to 1 MB. */
export const DECT_RWND = 1 << 20;

export class DectModel implements SystemModel<DectSummary, DectLiveKey>, DectState {
  readonly cfg: DectConfig;
  readonly cluster: DectCluster;
  readonly arbiter: RequestArbiter;
  readonly background: BackgroundPopulation;
  readonly user: TcpUserLink;
  /** [0] generated at the fixed host (down), [1] at the phone (up). */
  readonly flows: [SegmentFlow, SegmentFlow];
  /** The delay D of both directions, kept as segments are delivered (delay-stats.ts). */
  readonly delays = new DelayStats();
  readonly client: TcpConnection;
  server: TcpConnection | null = null;
  private serverPending = 0;
  frame = 0;
  ms: { x: number; y: number };
  /** Markov mobility: frame of the next cell change. */
  private nextMove = Infinity;
  private readonly mobilityRng: RandomStream;
  /** Connection handovers caused by the Markov chain or the map. */
  cellChanges = 0;

  constructor(
    ctx: SystemContext,
    config: Partial<DectConfig> = {},
    readonly seed = 0,
  ) {
    const cfg = (this.cfg = { ...DECT_DEFAULTS, ...config });
    const { scheduler, capture } = ctx;
    this.cluster = new DectCluster(
      ctx.traces.enabled
        ? ctx.traces.source('dect.slot', ['rfp', 'terminal', 'carrier', 'slot', 'kind'], {
            kind: ['reserve', 'release'],
          })
        : null,
    );
    this.arbiter = new RequestArbiter(this.cluster, DECT_FRAME_NS);
    const hoTimerFrames = Math.max(1, Math.round(cfg.hoTimer * FRAMES_PER_SECOND));
    this.background = new BackgroundPopulation(
      ctx.rng,
      cfg.fixedBearers ? [0, 0, 0, 0] : cfg.load,
      this.cluster,
      this.arbiter,
      cfg.hoScale,
      hoTimerFrames,
    );
    this.ms = { x: cfg.msX, y: cfg.msY };
    this.mobilityRng = ctx.rng.get('dect.mobility');
    const rfp = servingRfp(this.ms.x, this.ms.y, -1);
    this.user = new TcpUserLink(
      ctx.rng,
      cfg,
      this.cluster,
      this.arbiter,
      rfp,
      ctx.traces,
      (dir, p, frame) => {
        const now = frame * DECT_FRAME_NS;
        capture.record(now, p);
        (dir === 0 ? nodes.mobile : nodes.fixed).receive(p, now);
      },
    );
    if (cfg.mobility === 'markov' && !cfg.fixedBearers) this.nextMove = this.dwell(0);
    const ends = this.tcpEnds(ctx);
    this.flows = ends.flows;
    this.client = ends.client;
    const nodes = ends.nodes;
    this.user.terminal.setUp(0);
    nodes.mobile.flush(0);
    this.startFlows(scheduler, nodes);
    this.armFrames(scheduler);
  }

  /**
   * The TCP ends (dect.md "TCP"): bsd44 at both ends with a 1 MB window and 512-byte segments, the
   * phone connecting to the host, the segment flows of both directions, and the LU2 queues' hooks.
   */
  private tcpEnds(ctx: SystemContext): {
    flows: [SegmentFlow, SegmentFlow];
    client: TcpConnection;
    nodes: HostNodes;
  } {
    const { cfg } = this;
    const { capture } = ctx;

    // TCP: bsd44 at both ends with a 1 MB window; segments of 512 bytes.
    const tuned = { rwnd: DECT_RWND, mss: SEGMENT_BYTES, ...cfg.tcpOverrides };
    const profile = resolveProfile(cfg.tcpServer, tuned);
    const clientProfile = resolveProfile(cfg.tcpClient, tuned);
    const traces = createTcpTraces(ctx.traces);
    const hosts = new TwoHostTopology(
      ctx,
      { address: SERVER, profile },
      { address: CLIENT, profile: clientProfile },
    );
    const { fixedHost: serverHost, mobileHost: clientHost } = hosts;
    const flows: [SegmentFlow, SegmentFlow] = [
      new SegmentFlow(ctx.rng.get('dect.app.down'), cfg.lambda, cfg.batch, this.delays),
      new SegmentFlow(ctx.rng.get('dect.app.up'), cfg.lambda, cfg.batch, this.delays),
    ];
    serverHost.listen(PORT, profile, (c) => {
      c.setTrace({ sources: traces, conn: 1, sender: true, receiver: true });
      this.server = c;
      c.write(this.serverPending);
      this.serverPending = 0;
    });
    const nodes = hosts.nodes(
      {
        fixed: (p: Packet) => this.user.send(0, p),
        mobile: (p: Packet, now) => {
          capture.record(now, p);
          this.user.send(1, p);
        },
      },
      {
        serverEvents: (now) => this.events(serverHost, 1, now),
        clientEvents: (now) => this.events(clientHost, 0, now),
      },
    );
    const client = clientHost.connect(0, 1025, PORT, clientProfile, null);
    // The acknowledgement number of a segment is the sending end's receive point when the
    // segment enters the LU2 sender (dlc-queue.ts): down from the host, up from the phone.
    this.user.queues[0].ackSource = () => (this.server ? this.server.rcvNxt : -1);
    this.user.queues[1].ackSource = () => this.client.rcvNxt;
    // With options, TSecr and SACK blocks are taken then too (remedies.md, DECT's row).
    this.user.queues[0].optionSource = (seg) => (this.server ? this.server.refreshAck(seg) : 0);
    this.user.queues[1].optionSource = (seg) => this.client.refreshAck(seg);
    return { flows, client, nodes };
  }

  /** Each direction's segment arrivals (workload.ts), on the scheduler. */
  private startFlows(scheduler: Scheduler, nodes: HostNodes): void {
    for (const dir of [0, 1] as const) {
      const flow = this.flows[dir];
      const timer = scheduler.timer((now: Nanos) => {
        const bytes = flow.arrive() * SEGMENT_BYTES;
        if (dir === 1) this.client.write(bytes);
        else if (this.server) this.server.write(bytes);
        else this.serverPending += bytes;
        (dir === 1 ? nodes.mobile : nodes.fixed).flush(now);
        timer.set(flow.nextAt);
      });
      if (flow.nextAt < Infinity) timer.set(flow.nextAt);
    }
  }

  /**
   * Each 10 ms TDMA frame: mobility, the background terminals' MAC, the TCP user's MAC, the RFPs'
   * answers to the frame's requests, then the TCP user's traffic on the bearers it holds.
   */
  private armFrames(scheduler: Scheduler): void {
    const frameTimer = scheduler.timer((now: Nanos) => {
      const f = this.frame++;
      if (f >= this.nextMove) this.markovMove(f);
      this.background.step(f);
      this.user.macStep(f);
      this.arbiter.resolve(f);
      this.cluster.tally();
      this.user.trafficStep(f);
      frameTimer.set(now + DECT_FRAME_NS);
    });
    frameTimer.set(0);
  }

  /** Data timeouts seen so far: [0] the phone's (client) sender, [1] the fixed host's. */
  private readonly timeoutsSeen = [0, 0];

  /**
   * Deliveries to an application: dir 0 = at the phone (client), 1 = at the fixed host. Also a
   * timeout of that host's sender, with the moment its timer was armed (timeout-log.ts).
   */
  private events(host: TcpHost, dir: 0 | 1, now: Nanos): boolean {
    const c = dir === 0 ? this.client : this.server;
    if (c && c.stats.timeouts !== this.timeoutsSeen[dir]) {
      this.timeoutsSeen[dir] = c.stats.timeouts;
      // The timeout doubled the RTO once more: more than one doubling since the last valid sample
      // means the timer that fired was already backed off.
      const backedOff = c.rtoEstimator.backoffs > 1;
      this.user.timeoutLog.timeout(now, c.lastTimeoutArmedAt, dir === 0 ? 'phone' : 'host', backedOff);
    }
    let any = false;
    for (let e = host.pollEvent(); e !== null; e = host.pollEvent()) {
      any = true;
      if (e.event.type === 'data') this.flows[dir].onDelivered(now, e.event.bytes);
    }
    return any;
  }

  private dwell(frame: number): number {
    return (
      frame + Math.max(1, Math.round(this.mobilityRng.exponential(this.cfg.cellDwell) * FRAMES_PER_SECOND))
    );
  }

  /** dect.md Connection_Handover: a three-state Markov chain over the cells, mean dwell `cellDwell`. */
  private markovMove(frame: number): void {
    const cur = this.user.terminal.rfp;
    const to = (cur + 1 + Math.floor(this.mobilityRng.next() * 2)) % DECT_RFPS.length;
    this.ms = { x: DECT_RFPS[to].x, y: DECT_RFPS[to].y };
    this.moveTo(to, frame);
    this.nextMove = this.dwell(frame);
  }

  private moveTo(rfp: number, frame: number): void {
    if (rfp === this.user.terminal.rfp) return;
    this.cellChanges++;
    this.user.terminal.connectionHandover(rfp, frame);
  }

  /** `mobility` changed mid-run: map follows the phone's position at once; markov restarts the chain. */
  private setMobility(mobility: DectConfig['mobility'], frame: number): void {
    if (mobility === this.cfg.mobility) return;
    this.cfg.mobility = mobility;
    if (mobility === 'map') {
      this.nextMove = Infinity;
      this.moveTo(servingRfp(this.ms.x, this.ms.y, this.user.terminal.rfp), frame);
    } else if (!this.cfg.fixedBearers) this.nextMove = this.dwell(frame);
  }

  /** TH_teo, segments/s: mean bearers × 5 (dect.md "Capacity"). */
  get thTeo(): number {
    return this.user.meanBearers * 5;
  }

  isDone(): boolean {
    return false;
  }

  /** The live keys' handlers (contract.ts `DectLiveKey`); each acts at the frame of `now`. */
  readonly live: LiveHandlers<DectLiveKey> = {
    ...numberedHandlers<DectBearerKey>('bearer', DECT_MAX_BEARERS, (i, value, now) => {
      if (value === false) this.user.terminal.releaseBearer(i, frameOf(now));
    }),
    msX: (value, now) => {
      if (typeof value === 'number') this.movePhone({ x: value, y: this.ms.y }, frameOf(now));
    },
    msY: (value, now) => {
      if (typeof value === 'number') this.movePhone({ x: this.ms.x, y: value }, frameOf(now));
    },
    mobility: (value, now) => {
      if (value === 'map' || value === 'markov') this.setMobility(value, frameOf(now));
    },
  };

  private movePhone(ms: { x: number; y: number }, frame: number): void {
    this.ms = ms;
    if (this.cfg.mobility === 'map')
      this.moveTo(servingRfp(this.ms.x, this.ms.y, this.user.terminal.rfp), frame);
  }

  summary(now: Nanos): DectModelSummary {
    return dectSummary(this, toSeconds(now), now);
  }

  view(now: Nanos): SystemView {
    return dectView(this, now);
  }

  /** Terminals simulated: the TCP user's and the background calls' frames. */
  work(): Readonly<Record<string, number>> {
    return { 'terminal-frames': this.frame + this.background.terminalFrames };
  }
}
