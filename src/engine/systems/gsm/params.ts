/**
 * The GSM system's scenario keys (gsm.md, "Scenario keys"), in canonical order: the system's
 * own keys in the order of that list, then the common keys.
 */
import type { KeyRule, ParamSpec } from '../../scenario/types';
import { commonParams, fdtParam, tcpRules, type TcpDefault } from '../common-params';
import type { BaseStation } from '../remedy-params';

/** The study's stacks (gsm.md "Stack"): a Windows 98 laptop client, a Windows NT 4 server. */
export const GSM_TCP: TcpDefault = { client: 'win98', server: 'winnt4' };
/** remedies.md: the base-station point of GSM is the ISP's PPP gateway (the whole path to the phone is its last hop). */
export const GSM_BASE: BaseStation | null = {
  point: "the ISP's PPP gateway, the first IP node seen from the phone",
  built: ['snoop', 'eln', 'split'],
};

/** Radio presets (gsm.md §Channel). */
export const GSM_RADIOS = ['good', 'poor', 'driving', 'map', 'custom'] as const;
export type GsmRadio = (typeof GSM_RADIOS)[number];

/** The workloads GSM allows (gsm.md §Workloads). */
export const GSM_APPS = ['ftpGet', 'ftpPut', 'ping', 'rr', 'crr'] as const;

/** Default `size`: a 500 000-byte file (the study's files were 100–1800 kB). */
export const GSM_SIZE_DEFAULT = 500000;

/** Payload of an echo when `size` is left at its default (gsm.md: "an echo of `size` bytes (default 56)"). */
export const GSM_PING_DEFAULT = 56;

/** Seconds between pings (gsm.md §Workloads). */
export const GSM_PING_INTERVAL = 2;

/** netperf's request and response sizes in the study (gsm.md §Workloads: 200 and 2000 bytes). */
export const GSM_RR_REQUEST = 200;
export const GSM_RR_RESPONSE = 2000;

/** Default position of the phone on the map, metres from the base station ("good" coverage). */
export const GSM_MS = { x: 400, y: 0 } as const;

/** Extent of the GSM map in each axis, metres (base station at the origin). */
export const GSM_MAP_RANGE = 4000;

/**
 * Default `netDelay`, seconds one way: IWF, telephone network and modems, outside the RLP loop
 * (gsm.md "Latency"). Calibrated so that a 56-byte ping's round trip is ≈ 0.92 s on good radio
 * at dteRate 9600 (tests/engine/systems/gsm/calibration.test.ts); most of the round trip is
 * serialisation and RLP/V.42 framing, so this is not RTT/2.
 */
export const GSM_NET_DELAY = 0.1825;

const OWN: ParamSpec[] = [
  {
    key: 'radio',
    kind: 'enum',
    label: 'Radio',
    description:
      'radio conditions: good (Pe 0.001), poor (Pe 0.05), driving (f_dT 0.8, Pe 0.01/0.1 stretches, holes), ' +
      'map (FER from the phone position), custom (fer, fdt)',
    group: 'radio',
    default: 'good',
    options: GSM_RADIOS,
    live: true,
  },
  {
    key: 'fer',
    kind: 'number',
    label: 'FER',
    description: 'RLP frame error rate per 20 ms frame (used when radio=custom)',
    group: 'radio',
    default: 0.05,
    min: 0,
    max: 0.95,
    step: 0.01,
    live: true,
  },
  fdtParam('normalized Doppler of the fading (radio=custom and map; small = long fades)'),
  {
    key: 'dteRate',
    kind: 'number',
    label: 'DTE rate',
    description: 'laptop–phone serial line, asynchronous, 10 bits per byte (9600 ⇒ 960 bytes/s)',
    group: 'link',
    unit: 'bit/s',
    default: 9600,
    min: 300,
    max: 115200,
    integer: true,
    live: false,
  },
  {
    key: 'rlpRecovery',
    kind: 'enum',
    label: 'RLP recovery',
    description: 'RLP error recovery: srej (selective reject) or rej (go-back-N)',
    group: 'link',
    default: 'srej',
    options: ['srej', 'rej'],
    live: false,
  },
  {
    key: 'radioDelay',
    kind: 'number',
    label: 'Radio delay',
    description:
      'one-way interleaving and processing delay inside the RLP loop (whole 20 ms frames); RLP works while ' +
      'its round trip (2 × radioDelay + 20 ms) stays below T1',
    group: 'link',
    unit: 's',
    default: 0.1,
    min: 0.02,
    max: 1,
    step: 0.02,
    live: false,
  },
  {
    key: 'mtu',
    kind: 'number',
    label: 'MTU',
    description: 'PPP MTU; TCP segments carry MTU − 40 bytes',
    group: 'link',
    unit: 'B',
    default: 808,
    min: 296,
    max: 1500,
    integer: true,
    live: false,
  },
  {
    key: 'content',
    kind: 'enum',
    label: 'Content',
    description: 'file content: ascii (letters, spaces), text (prose, CR LF lines), binary (random bytes)',
    group: 'workload',
    default: 'binary',
    options: ['ascii', 'text', 'binary'],
    live: false,
  },
  {
    key: 'vj',
    kind: 'bool',
    label: 'VJ compression',
    description: 'Van Jacobson TCP/IP header compression (RFC 1144) on the PPP link',
    group: 'link',
    default: true,
    live: false,
  },
  {
    key: 'accm',
    kind: 'hex',
    label: 'ACCM',
    description: 'async control character map: control characters to escape (ffffffff = all 32)',
    group: 'link',
    default: 'ffffffff',
    minLength: 1,
    maxLength: 8,
    live: false,
  },
  {
    key: 'netDelay',
    kind: 'number',
    label: 'Network delay',
    description:
      'one-way delay outside the RLP loop: IWF, telephone network, modems (calibrated for a 0.92 s ping)',
    group: 'link',
    unit: 's',
    default: GSM_NET_DELAY,
    min: 0,
    max: 5,
    step: 0.0005,
    live: false,
  },
  {
    key: 'rlpWindow',
    kind: 'number',
    label: 'RLP window',
    description: 'RLP window k: outstanding I frames (modulo-62 numbering)',
    group: 'link',
    unit: 'frames',
    default: 61,
    min: 1,
    max: 61,
    integer: true,
    live: false,
  },
  {
    key: 't1',
    kind: 'number',
    label: 'T1',
    description: 'RLP acknowledgement timer (whole 20 ms frames)',
    group: 'link',
    unit: 's',
    default: 0.48,
    min: 0.04,
    max: 10,
    step: 0.02,
    live: false,
  },
  {
    key: 'n2',
    kind: 'number',
    label: 'N2',
    description: 'RLP retransmission attempts (T1 expiries without progress) before a reset',
    group: 'link',
    default: 6,
    min: 1,
    max: 100,
    integer: true,
    live: false,
  },
  {
    key: 'maxResets',
    kind: 'number',
    label: 'Max resets',
    description: 'RLP resets within any 60 s that drop the call (inf = never drop)',
    group: 'link',
    default: 3,
    min: 1,
    max: 100,
    integer: true,
    words: ['inf'],
    live: false,
  },
];

/** Every GSM key with its range and default, in canonical order. */
export const GSM_PARAMS: readonly ParamSpec[] = [
  ...OWN,
  ...commonParams({
    duration: 3600,
    app: { options: GSM_APPS, default: 'ftpGet' },
    size: GSM_SIZE_DEFAULT,
    tcp: GSM_TCP,
    ms: { x: GSM_MS.x, y: GSM_MS.y, min: -GSM_MAP_RANGE, max: GSM_MAP_RANGE },
    base: GSM_BASE,
  }),
];

/** The rules between GSM keys: those of the TCP keys (common-params.ts tcpRules). */
export const GSM_RULES: readonly KeyRule[] = tcpRules(GSM_TCP, GSM_BASE);
