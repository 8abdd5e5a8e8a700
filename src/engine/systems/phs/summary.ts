/**
 * The PHS summary (scenario.md "The summary JSON"; phs.md): `capacityBps` = 58 400 × links up,
 * averaged over the run; the FTP figures the study reports (transfer time, kbit/s with
 * kbit = 1000 bit, Kbytes/sec as Windows' ftp prints it); per-unit field strength; per-link
 * PIAFS counters; Multilink counters at both ends.
 */
import { LINK_SETUP_MIN_DBUV } from '../../channel';
import { PIAFS_USER_BPS } from '../../link/piafs';
import { toSeconds, type Nanos } from '../../core/time';
import type { PhsModelSummary } from './contract';
import { round, tcpSummary } from '../common/tcp-setup';
import { backoffNote, failureOf, firstFailure, secs, tcpFailureWhat } from '../common/failure';
import type { PhsState } from './state';
import { PHS_LINKS, PHS_UNITS } from './radio';

/**
 * Why the FTP transfer failed: the longest spell without any link (every fragment and every
 * retransmission in it was lost), else fragments lost on released links Multilink had not yet
 * noticed (phs.md "PPP Multilink"), else the radio's CRC errors.
 */
function phsFailure(m: PhsState, now: Nanos): Out['failure'] {
  const f = firstFailure([m.ftp.server, m.ftp.client]);
  const at = f?.at ?? now;
  const what = f ? tcpFailureWhat(f) : 'The FTP transfer failed';
  const none = m.control.longestNoLinkSpell(at);
  const b = m.bundle;
  const lostDead = b.bs.sender.counters.fragmentsLostDead + b.ms.sender.counters.fragmentsLostDead;
  let why: string;
  if (none.to > none.from) {
    const ongoing = none.to === at && m.control.linksUp === 0;
    const fields = Array.from(m.radio.field, (x) => `${round(x, 1)}`).join(', ');
    why =
      ongoing && m.control.counters.setups === 0
        ? `no link was ever up: set-up needs ${LINK_SETUP_MIN_DBUV} dBµV and the units gave ${fields} dBµV`
        : ongoing
          ? `no link had been up since ${secs(toSeconds(none.from))} (${secs(toSeconds(at - none.from))})`
          : `no link was up for ${secs(toSeconds(none.to - none.from))} (from ${secs(toSeconds(none.from))} to ${secs(toSeconds(none.to))}), so every segment sent then was lost`;
  } else if (lostDead > 0) {
    why = `Multilink lost ${lostDead} fragments on released links it had not yet noticed, and with them whole packets`;
  } else {
    let crc = 0;
    for (let i = 0; i < PHS_LINKS; i++) crc += b.counters(i).crcErrors;
    const weakest = Math.min(...Array.from(m.radio.field).slice(0, PHS_UNITS));
    why = `the radio corrupted ${crc} PIAFS frames (weakest unit at ${round(weakest, 1)} dBµV)`;
  }
  return failureOf(what, why + (f ? backoffNote(f) : ''), at);
}

type Out = PhsModelSummary;

export function phsSummary(m: PhsState, now: Nanos): Out {
  const tcp = phsTcp(m, now);
  const meanLinks = m.control.meanLinksUp(now);
  const capacityBps = round(PIAFS_USER_BPS * meanLinks, 3);
  const out: Out = {
    system: 'phs',
    seed: m.seed,
    completed: m.ftp.done,
    capacityBps,
    normalizedGoodput: round(capacityBps > 0 ? tcp.goodputBps / capacityBps : 0),
    tcp,
    app: phsApp(m),
    link: phsLink(m, meanLinks),
  };
  if (m.ftp.failed) out.failure = phsFailure(m, now);
  return out;
}

/** The TCP figures of the FTP transfer's data sender. */
function phsTcp(m: PhsState, now: Nanos): Out['tcp'] {
  const ftp = m.ftp;
  const sender = ftp.sender;
  const tcp = tcpSummary(sender ? [sender] : [], ftp.delivered, now);
  if (!sender && ftp.server) {
    // A Put whose SYN never reached the client has no data sender: the handshake figures are the
    // server's (it sent the SYNs).
    tcp.connectFailures = ftp.server.stats.connectFailed ? 1 : 0;
    tcp.synRetransmits = ftp.server.stats.synRetransmits;
  }
  return tcp;
}

/** The FTP figures the study reports: transfer time, kbit/s (kbit = 1000 bit) and Kbytes/sec as Windows' ftp prints it. */
function phsApp(m: PhsState): Out['app'] {
  const ftp = m.ftp;
  const t = ftp.transferTime;
  return {
    kind: m.app,
    size: ftp.size,
    bytesDelivered: ftp.delivered,
    transferTime: t === null ? null : round(t),
    throughputKbps: t === null ? null : round((ftp.size * 8) / t / 1000, 3),
    kbytesPerSecond: t === null ? null : round(ftp.size / t / 1000, 3),
    failed: ftp.failed,
  };
}

/** The radio, the PIAFS links (totals and per link), Multilink at both ends and the link control's counters. */
function phsLink(m: PhsState, meanLinks: number): Out['link'] {
  const perLink = piafsPerLink(m);
  const b = m.bundle;
  const ctl = m.control.counters;
  return {
    linksUp: m.control.linksUp,
    meanLinksUp: round(meanLinks),
    fieldDbuv: Array.from(m.radio.field, (x) => round(x, 2)),
    unitFer: Array.from(m.radio.fer, (x) => round(x, 6)),
    crcErrors: perLink.crcTotal,
    retransmittedFrames: perLink.resentTotal,
    crcErrorsPerLink: perLink.crc,
    retransmittedFramesPerLink: perLink.resent,
    repeatedFramesPerLink: perLink.repeated,
    framesSentPerLink: perLink.frames,
    longestErrorRunSlots: m.observer.longestRun,
    mpPacketsDiscarded: b.ms.receiver.counters.packetsDiscarded + b.bs.receiver.counters.packetsDiscarded,
    mpFragmentsLost: b.ms.receiver.counters.fragmentsLost + b.bs.receiver.counters.fragmentsLost,
    mpFragmentsLostDead: b.bs.sender.counters.fragmentsLostDead + b.ms.sender.counters.fragmentsLostDead,
    mpTimeouts: b.ms.receiver.counters.timeouts + b.bs.receiver.counters.timeouts,
    mpReorderOverflows: b.ms.receiver.counters.reorderOverflows + b.bs.receiver.counters.reorderOverflows,
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
}

/** Each PIAFS link's CRC errors, frames resent, repeated and sent, with the first two's totals. */
function piafsPerLink(m: PhsState) {
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
  return { crc, resent, repeated, frames, crcTotal, resentTotal };
}
