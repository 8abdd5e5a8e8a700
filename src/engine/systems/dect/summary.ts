/**
 * The DECT summary (dect.md, issue #10 "Summary"): TH, TH_id and TH_teo in segments per second
 * of one direction (the mean of the two), the mean bearer count, the delay D (with censored
 * segments, workload.ts), the MAC and DLC counters, the TCP user's handovers, drops and blocked
 * set-ups, the background calls carried and blocked, the common `tcp` block, and
 * `capacityBps` = TH_teo × 512 × 8.
 */
import type { Nanos } from '../../core/time';
import { round, tcpSummary } from '../common/tcp-setup';
import { BACKGROUND_TYPES } from './background';
import type { DectState } from './state';
import { zeroByBearerCounts } from './terminal-counters';
import type { DectBackgroundType, DectLinkSummary, DectModelSummary, DectTimeoutSummary } from './contract';
import { SEGMENT_BYTES } from './workload';

/** The timeout records with their times rounded (to the frame's 10 ms and below). */
function timeoutSummary(t: DectTimeoutSummary): DectTimeoutSummary {
  const r = (x: number | null): number | null => (x === null ? null : round(x, 4));
  return {
    ...t,
    firstNoBearerS: round(t.firstNoBearerS, 4),
    firstStretchS: round(t.firstStretchS, 4),
    list: t.list.map((x) => ({
      ...x,
      at: round(x.at, 4),
      waitS: round(x.waitS, 4),
      noBearerS: round(x.noBearerS, 4),
      stretchS: round(x.stretchS, 4),
      dropAt: r(x.dropAt),
      handoverAt: r(x.handoverAt),
    })),
  };
}

const sum = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0);

/** The TCP user's MAC counters: its bearers released so far plus the live ones. */
function macCounters(m: DectState): {
  packets: number;
  retransmissions: number;
  subfieldErrors: number;
  givenUp: number;
} {
  const u = m.user;
  const mac = { ...u.macGone };
  for (let i = 0; i < u.set.capacity; i++) {
    const b = u.set.get(i);
    if (!b) continue;
    for (const end of [b.rfp, b.portable]) {
      mac.packets += end.counters.packets;
      mac.retransmissions += end.counters.retransmissions;
      mac.subfieldErrors += end.counters.subfieldErrors;
      mac.givenUp += end.counters.givenUp;
    }
  }
  return mac;
}

/** The TCP user's DLC counters, both directions. */
function dlcCounters(m: DectState): DectLinkSummary['dlc'] {
  const dlc = { fragments: 0, fragmentsResent: 0, timer1: 0, timer2: 0, framesGivenUp: 0 };
  for (const e of m.user.dlc) {
    dlc.fragments += e.sender.counters.fragmentsSent;
    dlc.fragmentsResent += e.sender.counters.fragmentsResent;
    dlc.timer1 += e.receiver.counters.timer1;
    dlc.timer2 += e.receiver.counters.timer2;
    dlc.framesGivenUp += e.receiver.counters.framesGivenUp;
  }
  return dlc;
}

/** The background calls: blocking, arrivals, carried, blocked and dropped per type, those active, their handovers. */
function backgroundSummary(m: DectState): DectLinkSummary['background'] {
  const bg = m.background.counters;
  const perType = (a: number[]) =>
    Object.fromEntries(BACKGROUND_TYPES.map((t, k) => [t, a[k]])) as Record<DectBackgroundType, number>;
  // Blocked over the set-ups that ended (carried or blocked; a call still setting up is neither).
  const blocking = (carried: number, blocked: number) =>
    carried + blocked > 0 ? round(blocked / (carried + blocked), 5) : 0;
  return {
    blocking: {
      all: blocking(sum(bg.carried), sum(bg.blocked)),
      ...perType(BACKGROUND_TYPES.map((_, k) => blocking(bg.carried[k], bg.blocked[k]))),
    },
    arrived: perType(bg.arrived),
    carried: perType(bg.carried),
    blocked: perType(bg.blocked),
    dropped: perType(bg.dropped),
    active: m.background.active,
    handovers: { ...m.background.handovers },
  };
}

export function dectSummary(m: DectState, simSeconds: number, now: Nanos): DectModelSummary {
  const u = m.user;
  const [down, up] = m.flows;
  const th = simSeconds > 0 ? (down.delivered + up.delivered) / 2 / simSeconds : 0;
  const thTeo = m.thTeo;
  const lambda = m.cfg.lambda;
  const delay = m.delays.figures(m.flows, now);
  const mac = macCounters(m);
  const dlc = dlcCounters(m);
  const tc = u.terminal.counters;
  const byCount = tc.byCount ?? zeroByBearerCounts();
  const senders = m.server ? [m.client, m.server] : [m.client];
  const bytes = (down.delivered + up.delivered) * SEGMENT_BYTES;
  const tcp = tcpSummary(senders, bytes, now);
  const held = m.cluster.grids.map((_, r) => round(m.cluster.meanHeld(r), 3));
  return {
    system: 'dect',
    seed: m.seed,
    completed: true,
    capacityBps: round(thTeo * SEGMENT_BYTES * 8, 3),
    normalizedGoodput: thTeo > 0 ? round(th / thTeo, 6) : 0,
    tcp,
    app: {
      th: round(th, 4),
      thDown: round(simSeconds > 0 ? down.delivered / simSeconds : 0, 4),
      thUp: round(simSeconds > 0 ? up.delivered / simSeconds : 0, 4),
      thId: round(Math.min(lambda, thTeo), 4),
      thTeo: round(thTeo, 4),
      meanBearers: round(u.meanBearers, 4),
      generated: down.generated + up.generated,
      delay: {
        mean: round(delay.mean, 4),
        p50: round(delay.p50, 4),
        p90: round(delay.p90, 4),
        p99: round(delay.p99, 4),
        fracOver10s: round(delay.fracOver10s, 5),
        censored: delay.censored,
      },
    },
    link: {
      // MAC Ip's own efficiency: new packets over all packets sent (the rest are retransmissions).
      mac: {
        ...mac,
        efficiency: mac.packets > 0 ? round(mac.packets / (mac.packets + mac.retransmissions), 5) : 0,
      },
      dlc,
      handovers: { started: tc.handoversStarted, done: tc.handoversDone, failed: tc.handoversFailed },
      handoverFailFraction: tc.handoversStarted > 0 ? round(tc.handoversFailed / tc.handoversStarted, 4) : 0,
      connectionHandovers: tc.connectionHandovers,
      bearersLostInConnectionHandover: tc.bearersLostInConnectionHandover,
      modifications: tc.modifications,
      modificationSetupsFailed: tc.modificationSetupsFailed,
      // Per bearer count k = 0 … target: frames held, and what started with k bearers.
      byBearers: {
        frames: u.framesByCount.slice(0, m.cfg.bearers + 1),
        handovers: byCount.handovers.slice(0, m.cfg.bearers + 1),
        failed: byCount.failed.slice(0, m.cfg.bearers + 1),
        connectionHandovers: byCount.connectionHandovers.slice(0, m.cfg.bearers + 1),
        lostInConnectionHandover: byCount.lost.slice(0, m.cfg.bearers + 1),
      },
      drops: tc.drops,
      // Each TCP timeout with the time without any bearer in its wait, and the drop behind it.
      tcpTimeouts: timeoutSummary(u.timeoutLog.summary(now)),
      blockedSetups: tc.blocked,
      setups: tc.setups,
      refused: { reserved: tc.refusedReserved, collision: tc.refusedCollision },
      // Mean channels reserved per RFP (of 120), every terminal's, over the run's frames.
      channelsHeld: { perRfp: held, mean: round(sum(held) / held.length, 3) },
      background: backgroundSummary(m),
    },
  };
}
