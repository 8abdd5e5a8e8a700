/**
 * System 2 — TCP over GSM 9.6 kbit/s non-transparent data (gsm.md). Laptop (Windows 98 TCP) —
 * async PPP over a 9600 bit/s serial line — phone — RLP over the radio (20 ms frames, Markov
 * fading per direction) — IWF — V.42 over a 9600 bit/s modem link plus `netDelay` — gateway
 * (PPP peer) — server (Windows NT 4). The workload is an FTP Get or Put, ping, or netperf's
 * TCP_RR / TCP_CRR.
 *
 * The frame (the unit of stepping) is the 20 ms RLP frame: each frame the radio preset moves
 * (driving schedule), then both RLP ends exchange one frame. Everything else — the serial
 * lines, V.42, TCP, the apps — runs on the scheduler at exact times.
 */
import { echoReply } from '../../app/ping';
import type { Packet } from '../../core/packet';
import { seconds, type Nanos } from '../../core/time';
import { rlpSlots, RLP_SLOT_NS } from '../../link/gsm-rlp';
import { CONTENT_TYPES } from '../../link/ppp/content';
import type { ParamValue, Scenario } from '../../scenario/types';
import { numberOrWordValue, ScenarioValues } from '../../scenario/typed-values';
import type { TcpProfile } from '../../tcp';
import { scenarioProfiles } from '../common/tcp-setup';
import type { TcpNode } from '../common/tcp-node';
import type { BaseStationSetup } from '../common/base-station-setup';
import { TwoHostTopology } from '../common/topology';
import { GSM_APPS, GSM_PARAMS, GSM_RADIOS, GSM_TCP } from './params';
import type { SystemContext, SystemModel, SystemView } from '../types';
import { GsmBearer, type GsmBearerOptions } from './bearer';
import { gsmWorkload } from './workload';
import { PppEncoder } from '../../link/ppp/datagram-codec';
import { GsmRadioModel } from './radio';
import { gsmSummary } from './summary';
import { gsmView } from './view';
import type { GsmApp, GsmState, GsmWorkload } from './state';
import type { LiveHandlers } from '../contract';
import type { GsmLiveKey, GsmModelSummary, GsmSummary } from './contract';

/** Host numbers (pcap shows 10.0.0.n): the server and the laptop. */
export const GSM_SERVER = 1;
export const GSM_LAPTOP = 2;

/** TCP profiles with MSS = MTU − 40 (gsm.md §Stack; an explicit `mss` may only lower it). */
function gsmProfiles(v: ScenarioValues): { client: TcpProfile; server: TcpProfile } {
  const { client, server } = scenarioProfiles(v.all, GSM_TCP);
  const fromMtu = v.number('mtu') - 40;
  const asked = v.numberOrWord('mss');
  const mss = typeof asked === 'number' ? Math.min(asked, fromMtu) : fromMtu;
  return { client: { ...client, mss }, server: { ...server, mss } };
}

/** Windows 95/98/NT number their IP datagrams in host byte order (link/ppp/datagram-codec.ts). */
function isWindows(p: TcpProfile): boolean {
  return p.name === 'win98' || p.name === 'winnt4';
}

/** The PPP encoders of the laptop (up) and of the gateway (down): ACCM, VJ and the content's bytes. */
function pppEncoders(
  ctx: SystemContext,
  v: ScenarioValues,
  client: TcpProfile,
  server: TcpProfile,
): [PppEncoder, PppEncoder] {
  const codec = {
    accm: parseInt(v.text('accm'), 16),
    vj: v.bool('vj'),
    content: v.option('content', CONTENT_TYPES),
    contentSeed: ctx.rng.get('gsm.content').nextU32(),
  };
  return [
    new PppEncoder({ ...codec, byteSwappedIpId: isWindows(client) }),
    new PppEncoder({ ...codec, byteSwappedIpId: isWindows(server) }),
  ];
}

/** The bearer's figures (gsm.md: DTE rate, RLP window and timers, radio and network delays). */
function bearerOptions(ctx: SystemContext, v: ScenarioValues): GsmBearerOptions {
  return {
    dteRate: v.number('dteRate'),
    radioDelaySlots: rlpSlots(v.number('radioDelay')),
    rlp: {
      window: v.number('rlpWindow'),
      t1Slots: rlpSlots(v.number('t1')),
      n2: v.number('n2'),
      maxResets: v.number('maxResets'),
      recovery: v.text('rlpRecovery') === 'rej' ? 'rej' : 'srej',
    },
    netDelay: seconds(v.number('netDelay')),
    vj: v.bool('vj'),
    recorder: ctx.traces,
  };
}

export class GsmModel implements SystemModel<GsmSummary, GsmLiveKey>, GsmState {
  readonly seed: number;
  readonly radio: GsmRadioModel;
  readonly bearer: GsmBearer;
  readonly up: PppEncoder;
  readonly down: PppEncoder;
  readonly workload: GsmWorkload;
  readonly app: GsmApp;
  readonly durationNs: Nanos;
  private readonly laptopNode: TcpNode;
  private readonly serverNode: TcpNode;
  /** The remedy at the ISP's PPP gateway (remedies.md), or null. */
  private readonly station: BaseStationSetup | null;

  constructor(ctx: SystemContext, scenario: Scenario) {
    const v = ScenarioValues.of(scenario, GSM_PARAMS);
    const { capture, packetIds } = ctx;
    this.seed = scenario.seed;
    this.app = v.option('app', GSM_APPS);
    const duration = v.number('duration');
    this.durationNs = Number.isFinite(duration) ? seconds(duration) : Infinity;
    this.radio = new GsmRadioModel(ctx.rng, {
      radio: v.option('radio', GSM_RADIOS),
      fer: v.number('fer'),
      fdt: v.number('fdt'),
      msX: v.number('msX'),
      msY: v.number('msY'),
    });
    const { client, server } = gsmProfiles(v);
    [this.up, this.down] = pppEncoders(ctx, v, client, server);

    const hosts = new TwoHostTopology(
      ctx,
      { address: GSM_SERVER, profile: server },
      { address: GSM_LAPTOP, profile: client },
    );
    const sendUp = (p: Packet, now: Nanos): void => this.bearer.sendUp(this.up.encode(p), now);
    const toPhone = (p: Packet, now: Nanos): void => this.bearer.sendDown(this.down.encode(p), now);
    // The PPP gateway's upper face (remedies.md). VJ compression codes each datagram against the one
    // before it as it is queued (RFC 1144 §3.2), so a local retransmission cannot overtake datagrams
    // already coded: it joins the tail of the queue.
    const point = hosts.station(
      v.all,
      {
        toMobile: toPhone,
        toMobileNext: toPhone,
        toFixed: (p, now) => {
          capture.record(now, p);
          this.serverNode.receive(p, now);
        },
      },
      (p, now) => capture.record(now, p),
    );
    this.station = point.setup;
    const station = point.node;
    const sendDown = (p: Packet, now: Nanos): void => {
      capture.record(now, p);
      point.fromFixed(p, now);
    };
    this.bearer = new GsmBearer(ctx.scheduler, this.radio, bearerOptions(ctx, v), {
      toServer: (p, now) => {
        if (station && !p.icmp) return station.fromMobile(p, now); // captured past the agent
        capture.record(now, p);
        if (p.icmp) {
          const reply = echoReply(p, packetIds);
          if (reply) sendDown(reply, now);
        } else this.serverNode.receive(p, now);
      },
      dropped: (p, now, where) => packetIds.dropped(now, p, where),
      toLaptop: (p, now) => {
        if (p.icmp) {
          if (this.workload.kind === 'ping') this.workload.ping.receive(p, now);
        } else this.laptopNode.receive(p, now);
      },
    });

    const { workload, events } = gsmWorkload(ctx, v, this.app, {
      hosts,
      client,
      server,
      serverAddress: GSM_SERVER,
      laptopAddress: GSM_LAPTOP,
      sendUp,
    });
    this.workload = workload;
    const nodes = hosts.nodes({ fixed: sendDown, mobile: sendUp }, events);
    this.serverNode = nodes.fixed;
    this.laptopNode = nodes.mobile;
    this.start(ctx);
  }

  /** Start the workload at 0 and the 20 ms RLP frames. */
  private start(ctx: SystemContext): void {
    const w = this.workload;
    if (w.kind === 'ftpGet' || w.kind === 'ftpPut') {
      w.ftp.start(0);
      this.serverNode.flush(0);
    } else if (w.kind === 'rr' || w.kind === 'crr') {
      w.netperf.start(0);
      this.laptopNode.flush(0);
    }
    // One 20 ms RLP frame: the radio preset moves, then both RLP ends exchange a frame.
    const frame = ctx.scheduler.timer((now: Nanos) => {
      this.radio.slot(this.bearer.rlp.slot);
      this.bearer.slot(now);
      if (!this.bearer.down) frame.set(now + RLP_SLOT_NS);
    });
    frame.set(0);
  }

  /** The workload cannot go on: the call dropped or a TCP connection gave up. */
  get failed(): boolean {
    const w = this.workload;
    if (this.bearer.down) return true;
    if (w.kind === 'ftpGet' || w.kind === 'ftpPut') return w.ftp.failed;
    if (w.kind === 'rr' || w.kind === 'crr') return w.netperf.failed;
    return false;
  }

  isDone(): boolean {
    const w = this.workload;
    if (this.failed) return true;
    return (w.kind === 'ftpGet' || w.kind === 'ftpPut') && w.ftp.done;
  }

  /** The live keys' handlers (contract.ts `GsmLiveKey`): each changes the radio. */
  readonly live: LiveHandlers<GsmLiveKey> = {
    radio: (value) => this.changeRadio('radio', value),
    fer: (value) => this.changeRadio('fer', value),
    fdt: (value) => this.changeRadio('fdt', value),
    msX: (value) => this.changeRadio('msX', value),
    msY: (value) => this.changeRadio('msY', value),
  };

  private changeRadio(key: GsmLiveKey, value: ParamValue): void {
    this.radio.change(key, numberOrWordValue(key, value), this.bearer.rlp.slot);
  }

  summary(now: Nanos): GsmModelSummary {
    const w = this.workload;
    const ftp = w.kind === 'ftpGet' || w.kind === 'ftpPut' ? w.ftp : null;
    const view = {
      now,
      fixed: ftp?.server ?? null,
      mobile: ftp?.client ?? null,
      down: w.kind !== 'ftpPut',
      mobileDoneAt: ftp && w.kind === 'ftpGet' ? ftp.lastByteAt : -1,
    };
    return { ...gsmSummary(this, now), ...this.station?.summary(view) };
  }

  view(): SystemView {
    return gsmView(this);
  }
}
