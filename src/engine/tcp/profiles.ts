/**
 * TCP stack profiles (tcp.md, "Profiles"): the knobs that made late-1990s
 * stacks behave differently, as plain data. Times are seconds, windows bytes.
 */

/** Names of the stack profiles. `modern` is the optional contrast profile (tcp.md, last paragraph of Profiles). */
export type TcpProfileName = 'ns2reno' | 'win98' | 'winnt4' | 'bsd44' | 'modern';

/** One stack's parameters. Every value can be overridden per scenario (scenario.md, common keys). */
export interface TcpProfile {
  name: TcpProfileName;
  /** Maximum segment size: payload bytes per segment (both ends use their own value; no MSS option is modelled). */
  mss: number;
  /** Clock tick, seconds: only rounds the RTO up (timers fire at exact times; tcp.md, RTO estimator). */
  tick: number;
  /** RTO before the first RTT sample (the SYN's), seconds. */
  rtoInit: number;
  /** Lower clamp of the RTO, seconds. */
  rtoMin: number;
  /** Upper clamp of the RTO (also of the backed-off RTO), seconds. */
  rtoMax: number;
  /** SYN (and SYN-ACK) retransmissions before the connection attempt fails. */
  synRetries: number;
  /** Data retransmission timeouts in a row (without an advancing ACK) before the connection is aborted with a RST; Infinity = unlimited. */
  dataRetries: number;
  /** Duplicate ACKs that trigger a fast retransmit. */
  dupThresh: number;
  /** Delayed-ACK timer, seconds; 0 = ACK every segment at once. */
  delAck: number;
  /** Advertised receive window, bytes. */
  rwnd: number;
  /** Initial congestion window, segments. */
  initCwnd: number;
  /** Nagle's algorithm (RFC 896; RFC 1122 §4.2.3.4). */
  nagle: boolean;
  /** ns-2's rule: duplicate ACKs for data sent before a timeout do not trigger a fast retransmit. */
  recoverGuard: boolean;
  /** Cap on the Karn backoff multiplier (ns-2 and 4.4BSD: 64); absent = only rtoMax limits. */
  maxBackoff?: number;
  /** Connection-establishment timer, seconds after the first SYN (4.4BSD TCPTV_KEEP_INIT = 75 s); absent = none. */
  connTimeout?: number;
  /** NewReno partial-ACK handling in fast recovery (RFC 6582); only the `modern` profile sets it. */
  newReno?: boolean;
  /**
   * The remedies of remedies.md, off in every profile and switched on by the scenario keys (both
   * ends): SACK (RFC 2018 + RFC 6675) and timestamps (RFC 7323), each offered on the SYN and used
   * when both ends offered it; Eifel detection (RFC 3522, needs timestamps) and F-RTO (RFC 5682),
   * each answered by the Eifel response (RFC 4015). See options.ts, sack.ts, spurious.ts.
   */
  sack: boolean;
  timestamps: boolean;
  eifel: boolean;
  frto: boolean;
  /**
   * A retransmitted SYN reaching SYN_RECEIVED is answered with the SYN-ACK again (Linux, for a
   * pending request) instead of a pure ACK (RFC 793 §3.9; 4.4BSD `dropafterack`); only `modern`.
   */
  synAckOnDuplicateSyn?: boolean;
}

/** Every remedy off (the profiles' values). */
const NO_REMEDY = { sack: false, timestamps: false, eifel: false, frto: false } as const;

/** MSS of the IS-707 study's stack (is707.md). */
const NS2RENO_MSS = 536;
/** IS-707 study: a 20-segment window (is707.md, tcp.md). */
const NS2RENO_WINDOW_SEGMENTS = 20;

// Windows 98 client: SYN at 0, 3, 9 s, give up at 21 s (TcpMaxConnectRetransmissions = 2);
// TcpMaxDataRetransmissions = 5.
const WIN98: TcpProfile = {
  name: 'win98',
  mss: 1460,
  tick: 0.1,
  rtoInit: 3,
  rtoMin: 0.3,
  rtoMax: 240,
  synRetries: 2,
  dataRetries: 5,
  dupThresh: 3,
  delAck: 0.2,
  rwnd: 8192,
  initCwnd: 2,
  nagle: true,
  recoverGuard: false,
  ...NO_REMEDY,
};

/**
 * The profiles of tcp.md's table. `ns2reno`'s rwnd is 20 × mss (recomputed by
 * `resolveProfile` when `mss` is overridden); `modern`'s initCwnd follows
 * RFC 3390 for its mss (recomputed likewise).
 */
export const PROFILES: Readonly<Record<TcpProfileName, Readonly<TcpProfile>>> = {
  // TCP Reno as ported from ns-2 for the IS-707 study (1999). ns-2's one-way agent has no handshake;
  // with one, 6 SYN retries. The RTO multiplier is capped at 64 (ns-2 `maxrto_`/`t_backoff_`).
  ns2reno: {
    name: 'ns2reno',
    mss: NS2RENO_MSS,
    tick: 0.1,
    rtoInit: 6,
    rtoMin: 0.2,
    rtoMax: 64,
    synRetries: 6,
    dataRetries: Infinity,
    dupThresh: 3,
    delAck: 0,
    rwnd: NS2RENO_WINDOW_SEGMENTS * NS2RENO_MSS,
    initCwnd: 1,
    nagle: false,
    recoverGuard: true,
    maxBackoff: 64,
    ...NO_REMEDY,
  },
  win98: WIN98,
  // Windows NT 4 server: as win98 but a duplicate-ACK threshold of 2 and an 8760-byte receive window (rwnd).
  winnt4: { ...WIN98, name: 'winnt4', dupThresh: 2, rwnd: 8760 },
  // 4.4BSD-Lite reference stack: 500 ms slow tick, TCP_MAXRXTSHIFT = 12, tcp_backoff[] capped at 64,
  // connection-establishment timer 75 s, default MSS 512 (tcp_mssdflt).
  bsd44: {
    name: 'bsd44',
    mss: 512,
    tick: 0.5,
    rtoInit: 6,
    rtoMin: 1,
    rtoMax: 64,
    synRetries: 12,
    dataRetries: 12,
    dupThresh: 3,
    delAck: 0.2,
    rwnd: 16384,
    initCwnd: 1,
    nagle: true,
    recoverGuard: false,
    maxBackoff: 64,
    connTimeout: 75,
    ...NO_REMEDY,
  },
  // Contrast profile ("would today's TCP have done better here?"): RFC 6298 (1 s initial and minimum RTO,
  // 60 s maximum), NewReno (RFC 6582, whose `recover` variable also guards after a timeout),
  // RFC 3390 initial window (3 segments at MSS 1460).
  modern: {
    name: 'modern',
    mss: 1460,
    tick: 0.001,
    rtoInit: 1,
    rtoMin: 1,
    rtoMax: 60,
    synRetries: 6,
    dataRetries: 15,
    dupThresh: 3,
    delAck: 0.2,
    rwnd: 65535,
    initCwnd: 3,
    nagle: true,
    recoverGuard: true,
    newReno: true,
    ...NO_REMEDY,
    synAckOnDuplicateSyn: true,
  },
};

/** RFC 3390 §1: initial window min(4·MSS, max(2·MSS, 4380 bytes)), in whole segments. */
export function rfc3390InitialSegments(mss: number): number {
  return Math.max(1, Math.floor(Math.min(4 * mss, Math.max(2 * mss, 4380)) / mss));
}

/**
 * A profile by name with scenario overrides applied (undefined entries are
 * ignored). Derived values follow the override of `mss` unless set
 * explicitly: `ns2reno`'s rwnd (20 segments) and `modern`'s initial window (initCwnd).
 */
export function resolveProfile(name: TcpProfileName, overrides: Partial<TcpProfile> = {}): TcpProfile {
  const base = PROFILES[name];
  if (!base) throw new Error(`unknown TCP profile ${String(name)}`);
  const p: TcpProfile = { ...base };
  const target = p as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined && key !== 'name') target[key] = value;
  }
  if (name === 'ns2reno' && overrides.rwnd === undefined) p.rwnd = NS2RENO_WINDOW_SEGMENTS * p.mss;
  if (name === 'modern' && overrides.initCwnd === undefined) p.initCwnd = rfc3390InitialSegments(p.mss);
  return p;
}
