/**
 * The PHS summary (scenario.md "The summary JSON"; phs.md): `capacityBps` = 58 400 × links up,
 * averaged over the run; the FTP figures the study reports (transfer time, kbit/s with
 * kbit = 1000 bit, Kbytes/sec as Windows' ftp prints it); per-unit field strength; per-link
 * PIAFS counters; Multilink counters at both ends.
 */
import { PIAFS_USER_BPS } from '../../link/piafs';
import { toSeconds, type Nanos } from '../../core/time';
import type { SystemModel } from '../types';
import { round, tcpSummary } from '../common/tcp-setup';
import type { PhsModel } from './model';
import { PHS_LINKS } from './radio';

type Out = ReturnType<SystemModel['summary']>;

export function phsSummary(m: PhsModel, now: Nanos): Out {
  const simSeconds = toSeconds(now);
  const ftp = m.ftp;
  const sender = ftp.sender;
  const tcp = tcpSummary(
    sender ? [sender] : [],
    ftp.delivered,
    simSeconds,
    sender ? sender.rtoAtMaxTime(now) : 0,
  );
  if (!sender && ftp.server) {
    // A Put whose SYN never reached the client has no data sender: the handshake figures are the
    // server's (it sent the SYNs).
    tcp.connectFailures = ftp.server.stats.connectFailed ? 1 : 0;
    tcp.synRetransmits = ftp.server.stats.synRetransmits;
  }
  const meanLinks = m.control.meanLinksUp(now);
  const capacityBps = round(PIAFS_USER_BPS * meanLinks, 3);
  const t = ftp.transferTime;
  const app: Out['app'] = {
    kind: m.app,
    size: ftp.size,
    bytesDelivered: ftp.delivered,
    transferTime: t === null ? null : round(t),
    throughputKbps: t === null ? null : round((ftp.size * 8) / t / 1000, 3),
    kbytesPerSecond: t === null ? null : round(ftp.size / t / 1000, 3),
    failed: ftp.failed,
  };

  const crc: number[] = [];
  const resent: number[] = [];
  const repeated: number[] = [];
  const frames: number[] = [];
  let crcTotal = 0;
  let resentTotal = 0;
  for (let i = 0; i < PHS_LINKS; i++) {
    const c = m.bundle.counters(i);
    crc.push(c.crcErrors);
    resent.push(c.resentFrames);
    repeated.push(c.repeatedFrames);
    frames.push(c.framesSent);
    crcTotal += c.crcErrors;
    resentTotal += c.resentFrames;
  }
  const b = m.bundle;
  const ctl = m.control.counters;
  const link: Out['link'] = {
    linksUp: m.control.linksUp,
    meanLinksUp: round(meanLinks),
    fieldDbuv: Array.from(m.radio.field, (x) => round(x, 2)),
    unitFer: Array.from(m.radio.fer, (x) => round(x, 6)),
    crcErrors: crcTotal,
    retransmittedFrames: resentTotal,
    crcErrorsPerLink: crc,
    retransmittedFramesPerLink: resent,
    repeatedFramesPerLink: repeated,
    framesSentPerLink: frames,
    longestErrorRunSlots: m.observer.longestRun,
    mpPacketsDiscarded: b.msReceiver.counters.packetsDiscarded + b.bsReceiver.counters.packetsDiscarded,
    mpFragmentsLost: b.msReceiver.counters.fragmentsLost + b.bsReceiver.counters.fragmentsLost,
    mpFragmentsLostDead: b.bsSender.counters.fragmentsLostDead + b.msSender.counters.fragmentsLostDead,
    mpTimeouts: b.msReceiver.counters.timeouts + b.bsReceiver.counters.timeouts,
    mpReorderOverflows: b.msReceiver.counters.reorderOverflows + b.bsReceiver.counters.reorderOverflows,
    lostStreamBytes: b.lostStreamBytes,
    setups: ctl.setups,
    setupFailures: ctl.setupFailures,
    releases: ctl.releases,
    drops: ctl.drops,
    releaseDetect: m.control.detectDelays.map((x) => round(x, 3)),
    bodyEvents: m.bodyEvents,
    forcedBursts: m.forcedBursts,
    clientStalls: m.stall.stalled,
  };
  return {
    system: 'phs',
    seed: m.seed,
    completed: ftp.done,
    capacityBps,
    normalizedGoodput: round(capacityBps > 0 ? tcp.goodputBps / capacityBps : 0),
    tcp,
    app,
    link,
  };
}
