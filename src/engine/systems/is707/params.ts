/**
 * The IS-707 system's scenario keys (is707.md, "Scenario keys"), in canonical
 * order: the system's own keys in the order of that table, then the common keys.
 */
import type { KeyRule, ParamSpec } from '../../scenario/types';
import { commonParams, fdtParam, tcpRules, type TcpDefault } from '../common-params';
import type { BaseStation } from '../remedy-params';

/** The IS-707 study ran TCP Reno ported from ns-2 at both ends (is707.md, "Stack"). */
export const IS707_TCP: TcpDefault = 'ns2reno';
/** remedies.md: the base-station point of IS-707 is the access point. */
export const IS707_BASE: BaseStation | null = {
  point: 'the access point, between the wired link and RLP',
  built: ['snoop', 'eln', 'split'],
};

/** Default position of the mobile on the IS-707 map, metres from the base station. */
export const IS707_MS = { x: 500, y: 0 } as const;

/** Extent of the IS-707 map in each axis, metres (base station at the origin). */
export const IS707_MAP_RANGE = 5000;

const OWN: ParamSpec[] = [
  {
    key: 'fer',
    kind: 'number',
    label: 'FER',
    description: 'average frame error rate Pe of the radio link',
    group: 'radio',
    default: 0.1,
    min: 0,
    max: 0.6,
    step: 0.01,
    live: true,
  },
  fdtParam('normalized Doppler f_d·T of the fading (small = long fades)'),
  {
    key: 'idle',
    kind: 'number',
    label: 'Idle frames',
    description: 'idle frames RLP sends after its queue empties (inf = as long as it is idle)',
    group: 'link',
    unit: 'frames',
    default: 0,
    min: 0,
    max: 1000,
    integer: true,
    words: ['inf'],
    live: true,
  },
  {
    key: 'nakRounds',
    kind: 'numberList',
    label: 'NAK rounds',
    description: 'NAKs sent in each RLP NAK round, one number per round',
    group: 'link',
    default: [1, 2, 3],
    min: 1,
    max: 5,
    integer: true,
    minItems: 1,
    maxItems: 5,
    live: false,
  },
  {
    key: 'handshake',
    kind: 'bool',
    label: 'Handshake',
    description: 'open the TCP connection with a three-way handshake (0 = open at t = 0)',
    group: 'tcp',
    default: false,
    live: false,
  },
  {
    key: 'nakTimer',
    kind: 'number',
    label: 'NAK timer',
    description: 'RLP retransmission timer of a NAK round',
    group: 'link',
    unit: 'frames',
    default: 10,
    min: 1,
    max: 1000,
    integer: true,
    live: false,
  },
  {
    key: 'abortTimer',
    kind: 'number',
    label: 'Abort timer',
    description: 'RLP abort timer after the last NAK round, then the frame is given up',
    group: 'link',
    unit: 'frames',
    default: 25,
    min: 1,
    max: 1000,
    integer: true,
    live: false,
  },
  {
    key: 'reverse',
    kind: 'bool',
    label: 'Reverse errors',
    description: 'frame errors on the reverse radio link too (0 = error-free reverse link)',
    group: 'radio',
    default: true,
    live: true,
  },
  {
    key: 'wireRate',
    kind: 'number',
    label: 'Wire rate',
    description: 'bit rate of the wireline hop between the remote host and the access point',
    group: 'link',
    unit: 'bit/s',
    default: 1.5e6,
    min: 9600,
    max: 1e10,
    log: true,
    live: false,
  },
  {
    key: 'wireDelay',
    kind: 'number',
    label: 'Wire delay',
    description: 'one-way delay of the wireline hop',
    group: 'link',
    unit: 's',
    default: 0.2,
    min: 0,
    max: 10,
    step: 0.01,
    live: false,
  },
  {
    key: 'apQueue',
    kind: 'number',
    label: 'AP queue',
    description: 'access point queue toward the radio (inf = unlimited)',
    group: 'link',
    unit: 'packets',
    default: Infinity,
    min: 1,
    max: 100000,
    integer: true,
    words: ['inf'],
    live: false,
  },
  {
    key: 'dir',
    kind: 'enum',
    label: 'Direction',
    description:
      'the bulk transfer’s direction: down (fixed host → mobile, the study) or up (mobile → fixed host, for ELN; remedies.md)',
    group: 'workload',
    default: 'down',
    options: ['down', 'up'],
    live: false,
  },
  {
    key: 'radioFromMap',
    kind: 'bool',
    label: 'Radio from map',
    description: "1: the FER follows the phone's distance on the map (a fer change overrides it)",
    group: 'radio',
    default: false,
    live: true,
  },
];

/** Every IS-707 key with its range and default, in canonical order. */
export const IS707_PARAMS: readonly ParamSpec[] = [
  ...OWN,
  ...commonParams({
    duration: 1000,
    app: { options: ['bulk'], default: 'bulk' },
    tcp: IS707_TCP,
    ms: { x: IS707_MS.x, y: IS707_MS.y, min: -IS707_MAP_RANGE, max: IS707_MAP_RANGE },
    base: IS707_BASE,
  }),
];

/** The rules between IS-707 keys: those of the TCP keys (common-params.ts tcpRules). */
export const IS707_RULES: readonly KeyRule[] = tcpRules(IS707_TCP, IS707_BASE);
