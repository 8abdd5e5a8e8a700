/**
 * The GERAN system's scenario keys (geran.md "Scenario keys"), in canonical order: the system's
 * own keys, then the common keys.
 */
import type { KeyRule, ParamSpec } from '../../scenario/types';
import { commonParams, tcpRules, type TcpDefault } from '../common-params';
import type { BaseStation } from '../remedy-params';

/** The study's stacks (geran.md "TCP"): a Windows 98 client, a Windows NT 4 server. */
export const GERAN_TCP: TcpDefault = { client: 'win98', server: 'winnt4' };
/** remedies.md: no base-station point — the model's server feeds the BSS directly. */
export const GERAN_BASE: BaseStation | null = null;

/** Which directions carry speech. */
export const GERAN_SPEECH = ['both', 'up', 'down', 'off'] as const;
export type GeranSpeechMode = (typeof GERAN_SPEECH)[number];

/** Conversation models (channels.md §4). */
export const GERAN_SPEECH_MODELS = ['onoff', 'p59'] as const;

/** The study's pages, and `custom` (`objects` equal objects summing to `size`). */
export const GERAN_PAGES = ['text65k', 'image107k', 'images19x107k', 'custom'] as const;
export type GeranPage = (typeof GERAN_PAGES)[number];

/** The bytes the study counted for its 65 KB text page and its 107 KB image (geran.md "Application"). */
export const TEXT65K_BYTES = 67206;
export const IMAGE107K_BYTES = 109568;

/** Body bytes of each object of a page. */
export function pageObjects(page: GeranPage, objects: number, size: number): number[] {
  switch (page) {
    case 'text65k':
      return [TEXT65K_BYTES];
    case 'image107k':
      return [IMAGE107K_BYTES];
    case 'images19x107k':
      return equalObjects(19, IMAGE107K_BYTES);
    case 'custom':
      return equalObjects(objects, size);
  }
}

/** `n` objects as equal as whole bytes allow, summing to `total` (the first ones one byte larger). */
export function equalObjects(n: number, total: number): number[] {
  const count = Math.max(1, Math.min(n, total));
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

const OWN: ParamSpec[] = [
  {
    key: 'speech',
    kind: 'enum',
    label: 'Speech',
    description:
      'directions whose speech owns the slot while talking: both, up (mobile user only), down (far end only), off (pure data)',
    group: 'radio',
    default: 'both',
    options: GERAN_SPEECH,
    live: true,
  },
  {
    key: 'activity',
    kind: 'number',
    label: 'Voice activity',
    description: 'on–off model: share of time talking; the talkspurt mean stays 1.004 s, silences scale',
    group: 'radio',
    default: 0.45,
    min: 0.2,
    max: 0.8,
    step: 0.01,
    live: false,
  },
  {
    key: 'speechModel',
    kind: 'enum',
    label: 'Speech model',
    description:
      'onoff (independent directions) or p59 (ITU-T P.59 conversation, correlated, ≈ 39 % activity)',
    group: 'radio',
    default: 'onoff',
    options: GERAN_SPEECH_MODELS,
    live: false,
  },
  {
    key: 'bler',
    kind: 'number',
    label: 'Block error rate',
    description: 'radio blocks lost, with no link-layer recovery (0 = the study’s error-free channel)',
    group: 'radio',
    default: 0,
    min: 0,
    max: 0.5,
    step: 0.005,
    live: true,
  },
  {
    key: 'delay',
    kind: 'number',
    label: 'Network delay',
    description:
      'one-way delay the radio access network adds in each direction, from a packet’s last byte on the air',
    group: 'link',
    unit: 's',
    default: 0.25,
    min: 0,
    max: 15,
    step: 0.05,
    live: false,
  },
  {
    key: 'page',
    kind: 'enum',
    label: 'Page',
    description:
      'text65k (one 67 206-byte object), image107k (one of 109 568), images19x107k (19 objects summing to 109 568), custom (objects × size)',
    group: 'workload',
    default: 'text65k',
    options: GERAN_PAGES,
    live: false,
  },
  {
    key: 'objects',
    kind: 'number',
    label: 'Objects',
    description: 'page=custom: number of equal objects that share the page’s size bytes',
    group: 'workload',
    default: 1,
    min: 1,
    max: 100,
    integer: true,
    live: false,
  },
  {
    key: 'parallel',
    kind: 'number',
    label: 'Parallel',
    description: 'objects fetched side by side, one HTTP/1.0 connection each',
    group: 'workload',
    default: 1,
    min: 1,
    max: 4,
    integer: true,
    live: false,
  },
  {
    key: 'repeat',
    kind: 'number',
    label: 'Downloads',
    description: 'downloads of the page per run, one after the other',
    group: 'workload',
    default: 1,
    min: 1,
    max: 1000,
    integer: true,
    live: false,
  },
];

/** Every GERAN key with its range and default, in canonical order. */
export const GERAN_PARAMS: readonly ParamSpec[] = [
  ...OWN,
  ...commonParams({
    duration: 3600,
    app: { options: ['http'], default: 'http' },
    size: TEXT65K_BYTES,
    tcp: GERAN_TCP,
  }),
];

/** The rules between GERAN keys: those of the TCP keys (common-params.ts tcpRules). */
export const GERAN_RULES: readonly KeyRule[] = tcpRules(GERAN_TCP, GERAN_BASE);
