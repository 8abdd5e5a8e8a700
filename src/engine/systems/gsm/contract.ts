/**
 * GSM's contract (no model imported: the engine and the lab plug-in both read it): the summary's
 * `app` section, one per workload, and its `link` section — RLP, PPP, VJ, V.42 and the data
 * direction's byte budget (gsm.md "Scenario keys" and "Views") — and the live keys.
 */
import type { ModelSummary, PathOf, SystemSummary } from '../contract';

/** A file transfer's figures (`app=ftpGet`, `ftpPut`). */
export type GsmFtpAppSummary = {
  kind: 'ftpGet' | 'ftpPut';
  size: number;
  bytesDelivered: number;
  transferTime: number | null;
  throughputKbps: number;
  /** In the study's kbyte (1024 bytes). */
  kbytesPerSecond: number;
  failed: boolean;
};

/** Netperf's request/response figures (`app=rr`, `crr`). */
export type GsmNetperfAppSummary = {
  kind: 'rr' | 'crr';
  request: number;
  response: number;
  transactions: number;
  transactionsPerSecond: number;
  meanTransactionTime: number;
  connections: number;
  failed: boolean;
  /** The TCP goodput in kbit/s (set from the `tcp` block). */
  throughputKbps?: number;
};

/** Ping's figures (`app=ping`). */
export type GsmPingAppSummary = {
  kind: 'ping';
  dataBytes: number;
  sent: number;
  received: number;
  rttMean: number;
  rttMin: number;
  rttMax: number;
  failed: boolean;
};

export type GsmAppSummary = GsmFtpAppSummary | GsmNetperfAppSummary | GsmPingAppSummary;

/** Where the data direction's 1200 bytes/s went, bytes per second averaged over the run. */
export type GsmByteBudget = {
  /** Which direction carried the data: 'down' (ftpGet, ping, rr, crr) or 'up' (ftpPut). */
  dir: 'up' | 'down';
  payload: number;
  /** TCP/IP (or VJ-compressed, or ICMP/IP) headers. */
  headers: number;
  /** PPP flag, protocol field and FCS. */
  pppFraming: number;
  /** PPP escape octets (byte stuffing). */
  pppStuffing: number;
  /** Frames carrying TCP retransmissions, plus the octets RLP sent again. */
  retransmissions: number;
  /** V.42 frame overhead (flag, address, control, FCS) on the modem leg. */
  v42Overhead: number;
  /** Capacity left unused: mostly what the 960 bytes/s serial line cannot feed. */
  spare: number;
};

export type GsmLinkSummary = {
  radio: string;
  fer: number;
  fdt: number;
  rlpFrames: number;
  iFrames: number;
  iFramesRetransmitted: number;
  srej: number;
  rej: number;
  t1Expiries: number;
  polls: number;
  /** Each end's N2 running out (each asks for a reset; the one too many drops the call instead). */
  n2Exhausted: number;
  /** Resets an end saw the other start. */
  sabmReceived: number;
  /** RLP reset procedures (SABM/UA; both ends flush), counted once per procedure. */
  resetProcedures: number;
  resetsPerMinute: number;
  callDrops: number;
  /** Why the call dropped ('resets', 'sabm', 'peer'); null while up. */
  callDropReason: string | null;
  seqAliases: number;
  frameErrorsUp: number;
  frameErrorsDown: number;
  frameErrorRate: number;
  rlpBytesFlushed: number;
  pppFramesUp: number;
  pppFramesDown: number;
  pppEscapedBytes: number;
  pppLostFrames: number;
  vjCompressed: number;
  vjUncompressed: number;
  vjTossed: number;
  vjBadChecksum: number;
  v42Frames: number;
  v42OverheadBytes: number;
  serialBacklogMax: number;
  budget: GsmByteBudget;
};

export type GsmSummary = SystemSummary<GsmAppSummary, GsmLinkSummary>;
export type GsmModelSummary = ModelSummary<GsmSummary>;
export type GsmSummaryPath = PathOf<GsmSummary>;

/** The keys a run can change while it plays: the radio's. */
export type GsmLiveKey = 'radio' | 'fer' | 'fdt' | 'msX' | 'msY';
