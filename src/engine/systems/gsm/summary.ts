/**
 * The GSM summary (scenario.md "The summary JSON", gsm.md "Scenario keys" and "Views"):
 * the TCP block over the data-sending connections, the workload's figures, and the link's
 * counters — RLP, PPP, VJ, V.42 — with the byte budget of the data direction.
 */
import { toSeconds, type Nanos } from '../../core/time';
import type { FailureSummary } from '../../scenario/summary';
import type { TcpConnection } from '../../tcp';
import { round, tcpSummary } from '../common/tcp-setup';
import { GSM_RR_REQUEST, GSM_RR_RESPONSE } from './params';
import type { GsmAppSummary, GsmByteBudget, GsmModelSummary } from './contract';
import type { GsmState } from './state';
import { backoffNote, failureOf, firstFailure, secs, tcpFailureWhat } from '../common/failure';
import { RLP_SLOT_NS } from '../../link/gsm-rlp';

export type { GsmByteBudget } from './contract';

/**
 * The serial line's 960 bytes/s, the real bottleneck (gsm.md: `capacityBps` = 7680; the study
 * computed its ceiling from the radio's 1200 bytes/s).
 */
export const GSM_CAPACITY_BPS = 7680;

/**
 * The bottleneck's payload rate for a serial line of `charRate` characters/s: the line's bytes/s
 * (960 at the study's 9600 bit/s: {@link GSM_CAPACITY_BPS}), but never more than the radio's
 * 1200 bytes/s — a faster DTE line (`dteRate` 115200) leaves the 9600 bit/s bearer the bottleneck.
 */
export const gsmCapacityBps = (charRate: number): number => Math.min(charRate, GSM_LINK_BYTES_PER_SECOND) * 8;
/** Octets per second of one 9600 bit/s RLP direction (and of the V.42 line). */
export const GSM_LINK_BYTES_PER_SECOND = 1200;
/** The study's kbyte (gsm.md). */
const KBYTE = 1024;

/** The byte budget of the data direction over `seconds`. */
export function byteBudget(m: GsmState, seconds: number): GsmByteBudget {
  const dir = m.app === 'ftpPut' ? 'up' : 'down';
  const enc = dir === 'down' ? m.down.counters : m.up.counters;
  const rlp = dir === 'down' ? m.bearer.rlp.iwf.counters : m.bearer.rlp.ms.counters;
  const v42 = dir === 'down' ? m.bearer.v42.b.counters : m.bearer.v42.a.counters;
  const per = (x: number): number => (seconds > 0 ? round(x / seconds, 3) : 0);
  const b: GsmByteBudget = {
    dir,
    payload: per(enc.payloadBytes),
    headers: per(enc.headerBytes),
    pppFraming: per(enc.framingBytes),
    pppStuffing: per(enc.escapedBytes),
    retransmissions: per(enc.retxWireBytes + rlp.bytesRetransmitted),
    v42Overhead: per(v42.overheadOctets),
    spare: 0,
  };
  const used = b.payload + b.headers + b.pppFraming + b.pppStuffing + b.retransmissions + b.v42Overhead;
  b.spare = round(Math.max(0, GSM_LINK_BYTES_PER_SECOND - used), 3);
  return b;
}

/** Why the call dropped ('resets', 'sabm'), as seen by the end that dropped it; null while up. */
function dropReason(m: GsmState): string | null {
  const a = m.bearer.rlp.ms.dropReason;
  const b = m.bearer.rlp.iwf.dropReason;
  return a !== null && a !== 'peer' ? a : (b ?? a);
}

/** The data-sending TCP connections and the bytes their receivers got. */
function tcpParts(m: GsmState): { senders: TcpConnection[]; delivered: number } {
  const w = m.workload;
  switch (w.kind) {
    case 'ftpGet':
    case 'ftpPut': {
      const s = w.ftp.sender;
      return { senders: s ? [s] : [], delivered: w.ftp.delivered };
    }
    case 'rr':
    case 'crr': {
      let delivered = 0;
      for (const c of w.netperf.clientConns) delivered += c.stats.bytesDelivered;
      return { senders: w.netperf.serverConns, delivered };
    }
    case 'ping':
      return { senders: [], delivered: 0 };
  }
}

function appSummary(m: GsmState, now: Nanos): GsmAppSummary {
  const w = m.workload;
  switch (w.kind) {
    case 'ftpGet':
    case 'ftpPut': {
      const f = w.ftp;
      const t = f.transferTime;
      const elapsed = f.firstSynAt >= 0 ? toSeconds(now - f.firstSynAt) : 0;
      const span = t ?? elapsed;
      return {
        kind: w.kind,
        size: f.size,
        bytesDelivered: f.delivered,
        transferTime: t === null ? null : round(t),
        throughputKbps: round(span > 0 ? (f.delivered * 8) / span / 1000 : 0),
        kbytesPerSecond: round(span > 0 ? f.delivered / KBYTE / span : 0),
        failed: f.failed || m.bearer.down,
      };
    }
    case 'rr':
    case 'crr': {
      const s = w.netperf.stats(now);
      return {
        kind: w.kind,
        request: GSM_RR_REQUEST,
        response: GSM_RR_RESPONSE,
        transactions: s.transactions,
        transactionsPerSecond: round(s.transactionsPerSecond),
        meanTransactionTime: round(s.meanTransactionTime),
        connections: s.connections,
        failed: s.failed || m.bearer.down,
      };
    }
    case 'ping': {
      const s = w.ping.stats;
      return {
        kind: 'ping',
        dataBytes: w.ping.dataLen,
        sent: s.sent,
        received: s.received,
        rttMean: round(s.rttMean),
        rttMin: round(s.rttMin),
        rttMax: round(s.rttMax),
        failed: m.bearer.down,
      };
    }
  }
}

/** The connections whose give-up can fail the workload. */
function workloadConns(m: GsmState): (TcpConnection | null)[] {
  const w = m.workload;
  if (w.kind === 'ftpGet' || w.kind === 'ftpPut') return [w.ftp.server, w.ftp.client];
  if (w.kind === 'rr' || w.kind === 'crr') return [...w.netperf.clientConns, ...w.netperf.serverConns];
  return [];
}

/** "1 reset done", "2 resets done": the reset procedures the summary counts (`resetProcedures`). */
function resetsDone(n: number): string {
  return `${n} reset${n === 1 ? '' : 's'} done`;
}

/**
 * Why the workload failed (gsm.md "Call drop"; RLP 04.22 §5.2.2): the call dropped — too many
 * RLP resets within the window, or N2 unanswered SABMs — or a TCP connection gave up while the
 * radio lost a share of the RLP frames.
 */
function gsmFailure(m: GsmState, now: Nanos): FailureSummary {
  const rlp = m.bearer.rlp;
  const slots = rlp.slot;
  const errors = rlp.iwf.counters.frameErrors + rlp.ms.counters.frameErrors;
  const fer = slots > 0 ? errors / (2 * slots) : 0;
  const channel = `the radio lost ${round(100 * fer, 1)} % of RLP frames (${m.radio.settings.radio} radio, FER ${round(m.radio.pe, 3)})`;
  if (m.bearer.down) {
    const at = m.bearer.droppedAt * RLP_SLOT_NS;
    const reason = dropReason(m);
    const c = rlp.ms.config;
    const why =
      reason === 'resets'
        ? `RLP needed ${c.maxResets} resets within ${secs(toSeconds(c.resetWindowSlots * RLP_SLOT_NS))} (maxResets = ${c.maxResets}): instead of the last one the call dropped (${resetsDone(m.bearer.resetProcedures)} in the run); ${channel}`
        : reason === 'sabm'
          ? `the RLP reset handshake went unanswered ${c.n2} times (SABM without UA); ${channel}`
          : `the other end dropped it; ${channel}`;
    return failureOf('The GSM call dropped', why, at);
  }
  const f = firstFailure(workloadConns(m));
  const what = f ? tcpFailureWhat(f) : 'The workload failed';
  const resets = m.bearer.resetProcedures;
  const why = `${channel}${resets > 0 ? `, RLP reset ${resets} times` : ''}${f ? backoffNote(f) : ''}`;
  return failureOf(what, why, f?.at ?? now);
}

export function gsmSummary(m: GsmState, now: Nanos): GsmModelSummary {
  const simSeconds = toSeconds(now);
  const { senders, delivered } = tcpParts(m);
  const tcp = tcpSummary(senders, delivered, now);
  const w = m.workload;
  const completed =
    w.kind === 'ftpGet' || w.kind === 'ftpPut' ? w.ftp.done : !m.failed && now >= m.durationNs;
  const app = appSummary(m, now);
  if (app.kind === 'rr' || app.kind === 'crr') app.throughputKbps = round(tcp.goodputBps / 1000);
  const rlp = m.bearer.rlp;
  const ms = rlp.ms.counters;
  const iwf = rlp.iwf.counters;
  const slots = rlp.slot;
  const gw = m.bearer.gateway.decoder.counters;
  const lap = m.bearer.laptop.decoder.counters;
  const vjUp = m.up.compressor?.counts;
  const vjDown = m.down.compressor?.counts;
  const v42a = m.bearer.v42.a.counters;
  const v42b = m.bearer.v42.b.counters;
  const out: GsmModelSummary = {
    system: 'gsm',
    seed: m.seed,
    completed,
    capacityBps: gsmCapacityBps(m.bearer.serialUp.charRate),
    normalizedGoodput: round(tcp.goodputBps / gsmCapacityBps(m.bearer.serialUp.charRate)),
    tcp,
    app,
    link: {
      radio: m.radio.settings.radio,
      fer: round(m.radio.pe),
      fdt: m.radio.fdt,
      rlpFrames: slots,
      iFrames: rlp.total('iFramesSent'),
      iFramesRetransmitted: rlp.total('iFramesRetransmitted'),
      srej: rlp.total('srejSent'),
      rej: rlp.total('rejSent'),
      t1Expiries: rlp.total('t1Expiries'),
      polls: rlp.total('polls'),
      // "Reset" means one thing here: an RLP reset procedure (SABM/UA; both ends flush), counted
      // once even when both ends' N2 ran out together (a SABM collision). n2Exhausted counts each
      // end's N2 running out (each asks for a reset; the one too many drops the call instead),
      // sabmReceived the resets an end saw the other start (issue 20 item 7).
      n2Exhausted: rlp.total('n2Exhausted'),
      sabmReceived: rlp.total('sabmReceived'),
      resetProcedures: m.bearer.resetProcedures,
      resetsPerMinute: round(simSeconds > 0 ? (60 * m.bearer.resetProcedures) / simSeconds : 0),
      callDrops: m.bearer.down ? 1 : 0,
      callDropReason: dropReason(m),
      seqAliases: rlp.total('seqAliases'),
      frameErrorsUp: iwf.frameErrors,
      frameErrorsDown: ms.frameErrors,
      frameErrorRate: round(slots > 0 ? (iwf.frameErrors + ms.frameErrors) / (2 * slots) : 0),
      rlpBytesFlushed: rlp.total('bytesFlushed'),
      pppFramesUp: m.up.counters.frames,
      pppFramesDown: m.down.counters.frames,
      pppEscapedBytes: m.up.counters.escapedTotal + m.down.counters.escapedTotal,
      pppLostFrames: gw.lostFrames + lap.lostFrames,
      vjCompressed: (vjUp?.compressed ?? 0) + (vjDown?.compressed ?? 0),
      vjUncompressed: (vjUp?.uncompressed ?? 0) + (vjDown?.uncompressed ?? 0),
      vjTossed: gw.vjTossed + lap.vjTossed,
      vjBadChecksum: gw.vjBadChecksum + lap.vjBadChecksum,
      v42Frames: v42a.iFramesSent + v42b.iFramesSent + v42a.supervisoryFrames + v42b.supervisoryFrames,
      v42OverheadBytes: v42a.overheadOctets + v42b.overheadOctets,
      serialBacklogMax: Math.max(m.bearer.serialUp.maxBacklog, m.bearer.serialDown.maxBacklog),
      budget: byteBudget(m, simSeconds),
    },
  };
  if (m.failed) out.failure = gsmFailure(m, now);
  return out;
}
