/**
 * The GERAN summary (geran.md "Metrics", scenario.md "The summary JSON"): the study's efficiency
 * in its two forms, the retransmission and stalling shares, the best 5 s stretch, objects fetched
 * and failed, per-download figures when a run repeats the page, the TCP block over the servers'
 * (data-sending) connections with the set-up failures and spurious fast retransmits, and the
 * slot's counters.
 */
import { serverEnds, type PageDownload } from '../../app/http10';
import { GERAN_BLOCK_NS } from '../../link/geran-mux';
import { toSeconds, type Nanos } from '../../core/time';
import type { TcpConnection } from '../../tcp';
import { failureOf, firstFailure, tcpFailureWhat } from '../common/failure';
import { round, tcpSummary } from '../common/tcp-setup';
import type { DownloadFigures, GeranAppSummary, GeranModelSummary } from './contract';
import { speaks } from './conversation';
import type { GeranState } from './state';

/** 32 kbit/s × 1460/1500: the user data rate of a slot with no speech (geran.md `capacityBps`). */
export const GERAN_CAPACITY_BPS = 31150;
/** The same in bytes per second, as the study's efficiency uses it. */
export const GERAN_DATA_BYTES_PER_SECOND = 3893;
/** Length of the "best uninterrupted stretch" of a download, s. */
export const BEST_STRETCH_SECONDS = 5;

const DOWN = 1;

export type { DownloadFigures } from './contract';

/**
 * The best rate over any stretch of at least `span` s between two in-order deliveries, counting
 * the air time behind the bytes: for each delivery i, the first later delivery j whose stretch
 * is at least `span` gives (bytes after i up to j) / (t_j − t_i + one block). The block is there
 * because deliveries land on block edges (a packet's delay starts at the end of the block that
 * carried its last byte) and that block may also have carried the first bytes after i: the bytes
 * counted were on the air for up to t_j − t_i + one block, so the rate cannot exceed the slot's
 * ceiling (without it, a stretch of 18-block packet gaps reads 31.21 kbit/s against 31.15).
 * `deliveries` is (time ns, cumulative bytes) pairs; `blockNs` the radio block.
 */
export function bestStretchBps(deliveries: readonly number[], span: number, blockNs: Nanos): number | null {
  const spanNs = span * 1e9;
  let best: number | null = null;
  let j = 0;
  for (let i = 0; i < deliveries.length; i += 2) {
    if (j < i) j = i;
    while (j < deliveries.length && deliveries[j] - deliveries[i] + blockNs < spanNs) j += 2;
    if (j >= deliveries.length) break;
    const air = toSeconds(deliveries[j] - deliveries[i] + blockNs);
    const rate = ((deliveries[j + 1] - deliveries[i + 1]) * 8) / air;
    if (best === null || rate > best) best = rate;
  }
  return best;
}

function retransmittedBytes(d: PageDownload): number {
  let n = 0;
  for (const f of d.fetches) for (const c of serverEnds(f)) n += c.stats.bytesRetransmitted;
  return n;
}

/** Figures of download `d`, up to `now` if it is still running. */
export function downloadFigures(m: GeranState, d: PageDownload, now: Nanos): DownloadFigures {
  const end = d.doneAt >= 0 ? (d.lastByteAt >= 0 ? d.lastByteAt : d.doneAt) : now;
  const time = toSeconds(end - d.startAt);
  const silence = toSeconds(m.conversation.silentTime(DOWN, d.startAt, end));
  const capacity = silence * GERAN_DATA_BYTES_PER_SECOND;
  const efficiency = capacity > 0 ? d.bytes / capacity : 0;
  const retransmissionShare = capacity > 0 ? retransmittedBytes(d) / capacity : 0;
  const activity = speaks(m.conversation.mode, DOWN) ? m.conversation.activity : 0;
  const rate = time > 0 ? d.bytes / time : 0;
  const best = bestStretchBps(d.deliveries, BEST_STRETCH_SECONDS, GERAN_BLOCK_NS);
  return {
    time: round(time),
    bytes: d.bytes,
    silence: round(silence),
    efficiency: round(efficiency),
    efficiencyAvailability: round(rate / (GERAN_DATA_BYTES_PER_SECOND * (1 - activity))),
    retransmissionShare: round(retransmissionShare),
    stallingShare: round(Math.max(0, 1 - efficiency - retransmissionShare)),
    bestStretchKbps: best === null ? null : round(best / 1000),
    fetched: d.fetched,
    failed: d.failed,
  };
}

const meanOf = (xs: readonly number[]): number =>
  xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;

/** The downloads the figures average: the finished ones, or the running one if none has finished. */
function countedDownloads(m: GeranState): PageDownload[] {
  const done = m.loader.downloads.filter((d) => d.doneAt >= 0);
  return done.length > 0 ? done : m.loader.downloads.slice(-1);
}

function appSummary(m: GeranState, now: Nanos): GeranAppSummary {
  const figs = countedDownloads(m).map((d) => downloadFigures(m, d, now));
  const time = figs.reduce((a, f) => a + f.time, 0);
  const bytes = figs.reduce((a, f) => a + f.bytes, 0);
  const bests = figs.map((f) => f.bestStretchKbps).filter((x): x is number => x !== null);
  let fetched = 0;
  let failed = 0;
  for (const d of m.loader.downloads) {
    fetched += d.fetched;
    failed += d.failed;
  }
  const app: GeranAppSummary = {
    kind: 'http',
    page: m.page,
    objectsPerPage: m.loader.downloads[0]?.fetches.length ?? 0,
    downloads: m.loader.downloads.filter((d) => d.doneAt >= 0).length,
    objectsFetched: fetched,
    objectsFailed: failed,
    bytes,
    transferTime: round(time),
    throughputKbps: round(time > 0 ? (bytes * 8) / time / 1000 : 0),
    efficiency: round(meanOf(figs.map((f) => f.efficiency))),
    efficiencyAvailability: round(meanOf(figs.map((f) => f.efficiencyAvailability))),
    retransmissionShare: round(meanOf(figs.map((f) => f.retransmissionShare))),
    stallingShare: round(meanOf(figs.map((f) => f.stallingShare))),
    bestStretchKbps: bests.length > 0 ? round(meanOf(bests)) : null,
  };
  if (m.loader.downloads.length > 1) app.perDownload = figs.map((f) => ({ ...f }));
  return app;
}

export function geranSummary(m: GeranState, now: Nanos): GeranModelSummary {
  const simSeconds = toSeconds(now);
  const fetches = m.loader.fetches;
  const senders: TcpConnection[] = [];
  let clientSynRtx = 0;
  let spurious = 0;
  let connectFailures = 0;
  for (const f of fetches) {
    clientSynRtx += f.client.stats.synRetransmits;
    if (f.failed && f.firstByteAt < 0 && (f.client.stats.connectFailed || f.server?.stats.connectFailed))
      connectFailures++;
    // A replaced server end's segments count too: without it the counters went down mid-run.
    for (const c of serverEnds(f)) {
      senders.push(c);
      spurious += c.stats.fastRetransmitsAfterTimeout;
    }
  }
  let delivered = 0;
  for (const d of m.loader.downloads) delivered += d.bytes;
  const tcp = tcpSummary(senders, delivered, now);
  tcp.connections = fetches.length;
  tcp.connectFailures = connectFailures;
  tcp.synRetransmits += clientSynRtx;
  tcp.spuriousFastRetransmits = spurious;
  const up = m.link.counters(0);
  const down = m.link.counters(1);
  const out: GeranModelSummary = {
    system: 'geran',
    seed: m.seed,
    completed: m.loader.done,
    capacityBps: GERAN_CAPACITY_BPS,
    normalizedGoodput: round(tcp.goodputBps / GERAN_CAPACITY_BPS),
    tcp,
    app: appSummary(m, now),
    link: {
      speech: m.conversation.mode,
      activity: round(m.conversation.activity),
      delay: m.delay,
      downlinkSilenceShare: round(simSeconds > 0 ? m.conversation.silentTime(DOWN, 0, now) / now : 0),
      uplinkSilenceShare: round(simSeconds > 0 ? m.conversation.silentTime(0, 0, now) / now : 0),
      dataBlocksUp: up.dataBlocks,
      dataBlocksDown: down.dataBlocks,
      erasedBlocks: up.erasedBlocks + down.erasedBlocks,
      packetsLost: up.packetsLost + down.packetsLost,
      maxBacklogUp: up.maxBacklogBytes,
      maxBacklogDown: down.maxBacklogBytes,
    },
  };
  const noneFetched = m.loader.downloads.every((d) => d.doneAt >= 0 && d.fetched === 0);
  if (m.loader.done && noneFetched) {
    const f = firstFailure(fetches.flatMap((x) => [x.client, x.server]));
    out.failure = failureOf(
      f ? tcpFailureWhat(f) : 'No object could be fetched',
      `every object's connection failed with ${m.delay} s of network delay each way and speech ${m.conversation.mode}`,
      f?.at ?? now,
    );
  }
  return out;
}
