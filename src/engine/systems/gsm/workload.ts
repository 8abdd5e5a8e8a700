/**
 * GSM's application on the two hosts (gsm.md §Workload): an FTP Get or Put, netperf's TCP_RR or
 * TCP_CRR, or ping from the laptop. Built by the model after its link layer and before it drives
 * the hosts, so trace sources are declared and the pinger's timer armed where they always were
 * (the traceHash depends on both orders).
 */
import { PingApp } from '../../app/ping';
import { FtpTransfer } from '../../app/ftp';
import { NetperfTest } from '../../app/netperf';
import type { Packet } from '../../core/packet';
import type { Nanos } from '../../core/time';
import type { ScenarioValues } from '../../scenario/typed-values';
import { createTcpTraces, type TcpProfile } from '../../tcp';
import type { HostEvents, TwoHostTopology } from '../common/topology';
import type { SystemContext } from '../types';
import {
  GSM_PING_DEFAULT,
  GSM_PING_INTERVAL,
  GSM_RR_REQUEST,
  GSM_RR_RESPONSE,
  GSM_SIZE_DEFAULT,
} from './params';
import type { GsmApp, GsmWorkload } from './state';

/** The workload and its handlers of the hosts' events (none for ping: its hosts only echo). */
export interface GsmWorkloadSetup {
  readonly workload: GsmWorkload;
  readonly events: HostEvents | undefined;
}

/** Where the hosts are and what the workload needs of the scenario. */
export interface GsmWorkloadEnds {
  readonly hosts: TwoHostTopology;
  readonly client: TcpProfile;
  readonly server: TcpProfile;
  /** The host numbers of the server and the laptop. */
  readonly serverAddress: number;
  readonly laptopAddress: number;
  /** The laptop's first hop (its serial line toward the phone): where ping's echoes go. */
  readonly sendUp: (p: Packet, now: Nanos) => void;
}

export function gsmWorkload(
  ctx: SystemContext,
  v: ScenarioValues,
  app: GsmApp,
  ends: GsmWorkloadEnds,
): GsmWorkloadSetup {
  const { hosts, client, server } = ends;
  const traces = createTcpTraces(ctx.traces);
  const size = v.number('size');
  switch (app) {
    case 'ftpGet':
    case 'ftpPut': {
      const ftp = new FtpTransfer(hosts.fixedHost, hosts.mobileHost, {
        direction: app === 'ftpGet' ? 'get' : 'put',
        size,
        serverProfile: server,
        clientProfile: client,
        traces,
      });
      return { workload: { kind: app, ftp }, events: ftp };
    }
    case 'rr':
    case 'crr': {
      const netperf = new NetperfTest(hosts.fixedHost, hosts.mobileHost, {
        mode: app,
        request: GSM_RR_REQUEST,
        response: GSM_RR_RESPONSE,
        serverProfile: server,
        clientProfile: client,
        traces,
        recorder: ctx.traces,
      });
      return { workload: { kind: app, netperf }, events: netperf };
    }
    case 'ping': {
      // gsm.md: an echo of `size` bytes, 56 when `size` is left at its default; no fragmentation.
      const dataLen = size === GSM_SIZE_DEFAULT ? GSM_PING_DEFAULT : Math.min(size, v.number('mtu') - 28);
      const ping = new PingApp(ctx.packetIds, {
        dataLen,
        interval: GSM_PING_INTERVAL,
        src: ends.laptopAddress,
        dst: ends.serverAddress,
        recorder: ctx.traces,
      });
      const pinger = ctx.scheduler.timer((now) => {
        const p = ping.poll(now);
        if (p) ends.sendUp(p, now);
        pinger.set(ping.nextTime());
      });
      pinger.set(ping.nextTime());
      return { workload: { kind: 'ping', ping }, events: undefined };
    }
  }
}
