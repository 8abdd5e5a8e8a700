/**
 * System 3 — TCP over 384 kbit/s PHS (phs.md). Server (Windows NT 4) — Ethernet and the fixed
 * `hostDelay` of serial ports, terminal adapters and host processing — base-station control
 * terminal (PPP Multilink) — six PIAFS links on three base-station units — mobile control
 * terminal (PPP Multilink) — Ethernet — client (Windows 98). An FTP Get or Put of `size` bytes
 * runs over one TCP connection.
 *
 * Everything on the radio side happens in 10 ms slots (the system's frame): each slot the radio
 * gives every live link's two directions a CRC verdict, PIAFS exchanges one frame each way, and
 * the Multilink receivers reassemble what arrived.
 */
import type { RandomStream } from '../../core/rng';
import { millis, seconds, type Nanos } from '../../core/time';
import { detailRecorder } from '../../link/link-trace';
import { declarePiafsMonitorTrace, PIAFS_SLOT_NS, PiafsMonitorTrace } from '../../link/piafs';
import { WireDriver } from '../../link/wire/wire-driver';
import { multilinkPacketTraceSource } from '../../link/packet-trace';
import type { Scenario } from '../../scenario/types';
import { createTcpTraces } from '../../tcp';
import { FtpTransfer } from '../../app/ftp';
import { scenarioProfiles } from '../common/tcp-setup';
import type { BaseStationSetup } from '../common/base-station-setup';
import { TwoHostTopology, type HostNodes, type StationPoint } from '../common/topology';
import type { Scheduler } from '../../core/scheduler';
import { numberValue, ScenarioValues, timedListValue } from '../../scenario/typed-values';
import { ALL_WORD, PHS_PARAMS, PHS_TCP } from './params';
import type { SystemContext, SystemModel, SystemView } from '../types';
import { ClientStall } from './client-stall';
import { LINK_STATE_LABELS, LinkControl } from './control';
import { PhsBundle } from './links';
import { PHS_LINKS, PHS_UNITS, PhsRadio, unitOfLink } from './radio';
import { PhsObserver } from './observe';
import { phsSummary } from './summary';
import { phsView } from './view';
import type { PhsState } from './state';
import { numberedHandlers, type LiveHandlers } from '../contract';
import type { PhsLinkKey, PhsLiveKey, PhsModelSummary, PhsSummary } from './contract';

/** Ethernet on both wired sides (10BASE-T). */
const ETHERNET_BPS = 10e6;
const SERVER = 1;
const CLIENT = 2;
const SLOTS_PER_MINUTE = 6000;

/** What the wired sides hand the rest of the model. */
interface WiredSides {
  readonly ftp: FtpTransfer;
  readonly point: StationPoint;
  readonly stall: ClientStall;
  readonly nodes: HostNodes;
  /** The mobile control terminal's Ethernet toward the client. */
  readonly toClient: WireDriver;
}

/**
 * The bundle (links.ts) with its frame-level trace sources, declared only for a reader that keeps
 * them (outside traceHash, link/link-trace.ts): without one (the CLI, sweeps, benchmarks) the
 * entities get no monitor at all, one call less per frame.
 */
function phsBundle(ctx: SystemContext, v: ScenarioValues): PhsBundle {
  const frames = detailRecorder(ctx.traces);
  const monitor = frames ? declarePiafsMonitorTrace(frames) : null;
  const monitors = Array.from({ length: PHS_LINKS }, (_, i) =>
    monitor ? new PiafsMonitorTrace(monitor, i) : null,
  );
  return new PhsBundle(
    {
      piafs: {
        window: v.number('window'),
        piafsDelay: v.number('piafsDelay'),
        resendSlack: v.number('resendSlack'),
      },
      mpMinFragment: v.number('mpMinFragment'),
      mpReorder: v.number('mpReorder'),
      mpTimeout: seconds(v.number('mpTimeout')),
      seqBits: v.bool('mpShortSeq') ? 12 : 24,
    },
    monitors,
    frames ? multilinkPacketTraceSource(frames, ['down', 'up']) : null,
  );
}

export class PhsModel implements SystemModel<PhsSummary, PhsLiveKey>, PhsState {
  readonly seed: number;
  readonly radio: PhsRadio;
  readonly bundle: PhsBundle;
  readonly control: LinkControl;
  readonly ftp: FtpTransfer;
  readonly observer: PhsObserver;
  readonly stall: ClientStall;
  readonly app: 'ftpGet' | 'ftpPut';
  private slot = 0;
  private bodyPerSlot: number;
  private bodyMs: number;
  private readonly bodyRng: RandomStream;
  /** Body-shadowing events so far. */
  bodyEvents = 0;
  /** Forced bursts (list items and manual triggers) so far. */
  forcedBursts = 0;
  /** The remedy at the control terminal (remedies.md), or null. */
  readonly station: BaseStationSetup | null;

  constructor(ctx: SystemContext, scenario: Scenario) {
    const v = ScenarioValues.of(scenario, PHS_PARAMS);
    this.seed = scenario.seed;
    this.app = v.text('app') === 'ftpPut' ? 'ftpPut' : 'ftpGet';
    this.radio = new PhsRadio(ctx.rng, {
      env: v.text('env') === 'outdoor' ? 'outdoor' : 'indoor',
      units: v.points('units'),
      ms: { x: v.number('msX'), y: v.number('msY') },
      fading: v.text('fading') === 'walking' ? 'walking' : 'still',
      shadowing: numberOrAuto(v.numberOrWord('shadowing')),
    });
    this.bundle = phsBundle(ctx, v);
    this.observer = new PhsObserver(ctx.traces, this.radio, this.bundle);
    this.control = new LinkControl(
      ctx.scheduler,
      this.radio,
      this.bundle,
      ctx.rng.get('phs.releaseDetect'),
      {
        setupTime: v.number('setupTime'),
        dropLevel: v.number('dropLevel'),
        dropTime: v.number('dropTime'),
        autoRedial: v.number('autoRedial'),
        releaseDetect: numberOrNull(v.numberOrWord('releaseDetect')),
      },
      ctx.traces.source('phs.link', ['link', 'state'], { state: LINK_STATE_LABELS }),
      (i, until) => this.force(i, until),
    );
    this.bodyRng = ctx.rng.get('phs.body');
    this.bodyPerSlot = v.number('body') / SLOTS_PER_MINUTE;
    this.bodyMs = v.number('bodyMs');

    const wired = this.wiredSides(ctx, v);
    this.ftp = wired.ftp;
    this.station = wired.point.setup;
    this.stall = wired.stall;
    this.startUp(v, wired.nodes);
    this.armSlots(ctx.scheduler, wired);
  }

  /**
   * TCP ends, the wired sides and the FTP transfer: server — Ethernet and `hostDelay` — control
   * terminal (the base-station point) — the bundle — control terminal — Ethernet (and the client's
   * stalls) — client.
   */
  private wiredSides(ctx: SystemContext, v: ScenarioValues): WiredSides {
    const { scheduler, capture } = ctx;
    const { client, server } = scenarioProfiles(v.all, PHS_TCP);
    const hosts = new TwoHostTopology(
      ctx,
      { address: SERVER, profile: server },
      { address: CLIENT, profile: client },
    );
    const ftp = new FtpTransfer(hosts.fixedHost, hosts.mobileHost, {
      direction: this.app === 'ftpPut' ? 'put' : 'get',
      size: v.number('size'),
      serverProfile: server,
      clientProfile: client,
      traces: createTcpTraces(ctx.traces),
    });
    const hostDelay = seconds(v.number('hostDelay'));
    // The control terminal's upper face (remedies.md). PPP Multilink numbers fragments as they are
    // made and the receiver delivers in that order (RFC 1990 §4.1), so "next in the queue" is the
    // next packet Multilink fragments: nothing already numbered can be overtaken.
    const point = hosts.station(
      v.all,
      {
        toMobile: (p, now) => this.bundle.sendDown(p, now),
        toMobileNext: (p, now) => this.bundle.sendDown(p, now),
        toFixed: (p, now) => fromBs.send(p, now),
      },
      (p, now) => capture.record(now, p),
    );
    const toBs = new WireDriver(scheduler, ETHERNET_BPS, hostDelay, point.fromFixed);
    const fromBs = new WireDriver(scheduler, ETHERNET_BPS, hostDelay, (p, now) => {
      capture.record(now, p);
      nodes.fixed.receive(p, now);
    });
    const toMs = new WireDriver(scheduler, ETHERNET_BPS, 0, (p, now) => this.bundle.sendUp(p, now));
    const stall = new ClientStall(
      scheduler,
      ctx.rng.get('phs.client.stall'),
      v.number('clientStall'),
      (p, now) => toMs.send(p, now),
    );
    const nodes = hosts.nodes(
      {
        fixed: (p, now) => {
          capture.record(now, p);
          toBs.send(p, now);
        },
        mobile: (p, now) => stall.send(p, now),
      },
      ftp,
    );
    const toClient = new WireDriver(scheduler, ETHERNET_BPS, 0, (p, now) => nodes.mobile.receive(p, now));
    return { ftp, point, stall, nodes, toClient };
  }

  /** Links up before the run, the timed lists, a hit asked for at 0; then the transfer starts. */
  private startUp(v: ScenarioValues, nodes: HostNodes): void {
    const wanted: boolean[] = [];
    for (let i = 0; i < PHS_LINKS; i++)
      wanted.push(i < v.number('channels') && v.raw(`link${i + 1}`) !== false);
    for (let i = 0; i < PHS_LINKS; i++) if (v.raw(`link${i + 1}`) === false) this.control.userOff[i] = 1;
    this.control.startUp(wanted);
    this.control.schedule('release', v.timed('release'), 0);
    this.control.schedule('add', v.timed('add'), 0);
    this.control.schedule('burst', v.timed('burst'), 0);
    const hit = v.numberOrWord('hit');
    if (hit !== 'none') this.live.hit(hit, 0);
    this.observer.fields(0);

    this.ftp.start(0);
    nodes.fixed.flush(0);
    nodes.mobile.flush(0);
  }

  /** One 10 ms slot: body shadowing, radio verdicts, PIAFS on every live link, reassembly. */
  private armSlots(scheduler: Scheduler, wired: WiredSides): void {
    const { toClient, point } = wired;
    const slotTimer = scheduler.timer((now: Nanos) => {
      const slot = this.slot++;
      if (this.bodyPerSlot > 0 && this.bodyRng.next() < this.bodyPerSlot) this.bodyEvent(now);
      this.radio.step(now, this.bundle.active);
      this.bundle.step(slot, now, this.radio.verdict);
      this.observer.slot(now);
      const { ms, bs } = this.bundle;
      for (let p = ms.pollDelivered(); p !== null; p = ms.pollDelivered()) toClient.send(p, now);
      for (let p = bs.pollDelivered(); p !== null; p = bs.pollDelivered()) point.fromMobile(p, now);
      slotTimer.set(now + PIAFS_SLOT_NS);
    });
    slotTimer.set(0);
  }

  /** A person walks through the path to one unit: both its links fail for `bodyMs`. */
  private bodyEvent(now: Nanos): void {
    this.bodyEvents++;
    const u = Math.min(PHS_UNITS - 1, Math.floor(this.bodyRng.next() * PHS_UNITS));
    const until = now + millis(this.bodyMs);
    for (let i = 0; i < PHS_LINKS; i++) if (unitOfLink(i) === u) this.radio.force(i, until);
  }

  private force(i: number, until: Nanos): void {
    this.forcedBursts++;
    this.radio.force(i, until);
  }

  isDone(): boolean {
    return this.ftp.done || this.ftp.failed;
  }

  /** The live keys' handlers (contract.ts `PhsLiveKey`). */
  readonly live: LiveHandlers<PhsLiveKey> = {
    ...numberedHandlers<PhsLinkKey>('link', PHS_LINKS, (i, value, now) =>
      this.control.toggle(i, value === true, now),
    ),
    msX: (value, now) => this.movePhone(numberValue('msX', value), this.radio.ms.y, now),
    msY: (value, now) => this.movePhone(this.radio.ms.x, numberValue('msY', value), now),
    fading: (value, now) => {
      this.radio.setFading(value === 'walking' ? 'walking' : 'still');
      this.observer.fields(now);
    },
    body: (value) => {
      this.bodyPerSlot = numberValue('body', value) / SLOTS_PER_MINUTE;
    },
    bodyMs: (value) => {
      this.bodyMs = numberValue('bodyMs', value);
    },
    release: (value, now) => this.control.schedule('release', timedListValue('release', value), now),
    add: (value, now) => this.control.schedule('add', timedListValue('add', value), now),
    burst: (value, now) => this.control.schedule('burst', timedListValue('burst', value), now),
    hit: (value, now) => {
      if (value === 'none') return;
      const until = now + millis(this.bodyMs);
      for (let i = 0; i < PHS_LINKS; i++) if (value === ALL_WORD || value === i + 1) this.force(i, until);
    },
    clientStall: (value) => this.stall.setMean(numberValue('clientStall', value)),
  };

  private movePhone(x: number, y: number, now: Nanos): void {
    this.radio.moveTo(x, y);
    this.control.checkDrops(now);
    this.observer.fields(now);
  }

  summary(now: Nanos): PhsModelSummary {
    const f = this.ftp;
    const down = this.app === 'ftpGet';
    const view = { now, fixed: f.server, mobile: f.client, down, mobileDoneAt: down ? f.lastByteAt : -1 };
    return { ...phsSummary(this, now), ...this.station?.summary(view) };
  }

  view(now: Nanos): SystemView {
    return phsView(this, now);
  }
}

/** `shadowing`: a number of dB, or the word `auto` (phs.md, "Scenario keys"). */
function numberOrAuto(value: number | string): number | 'auto' {
  return typeof value === 'number' ? value : 'auto';
}

/** `releaseDetect`: seconds, or the word `random` (drawn by the model: null here). */
function numberOrNull(value: number | string): number | null {
  return typeof value === 'number' ? value : null;
}
