/**
 * The PHS system's scenario keys (phs.md, "Scenario keys"), in canonical order:
 * the system's own keys in the order of that list (plus the live link toggles,
 * the manual burst trigger and the shadowing and Multilink-format options the
 * spec describes in prose), then the common keys.
 */
import type { ParamSpec } from '../../scenario/types';
import { commonParams, type TcpDefault } from '../common-params';
import type { BaseStation } from '../remedy-params';

/** The study's stacks (phs.md "Stack"): a Windows 98 notebook client, a Windows NT 4 server. */
export const PHS_TCP: TcpDefault = { client: 'win98', server: 'winnt4' };
/** remedies.md: the base-station point of PHS is the base station / control terminal. */
export const PHS_BASE: BaseStation | null = {
  point: "the base station's control terminal, between the server's wire and the PIAFS links",
  built: ['snoop', 'eln', 'split'],
};

/** Default phone position: 20 m from the units (the study's reference point, Table 1). */
export const PHS_MS = { x: 20, y: 0 } as const;

/** Coordinate range of the phone and the units, metres (outdoor runs reach ≈ 400 m). */
export const PHS_MAP_RANGE = 1000;

/** Base-station units of the experimental system, and PIAFS links per unit (phs.md "Topology"). */
export const PHS_UNITS = 3;
export const LINKS_PER_UNIT = 2;

/** PIAFS links bundled by PPP Multilink. */
export const PHS_LINKS = PHS_UNITS * LINKS_PER_UNIT;

/**
 * Fixed one-way delay of serial ports, terminal adapters and host processing, seconds
 * (phs.md "Latency"). Calibrated so that the clean six-link 1 MB FTP Get's mean TCP RTT is
 * 150 ± 10 ms while the transfer stays link-limited (tests/engine/systems/phs/calibration.test.ts):
 * 27 ms gives a mean RTT of 145 ms and 25.2 s; from about 29.5 ms on, the client's 8 kB window
 * (five segments, ≈ 180 ms of the bundle's time) rather than the links limits the transfer.
 */
export const PHS_HOST_DELAY = 0.027;

/** Words of `releaseDetect` and of the `shadowing` and `hit` keys. */
export const RANDOM_WORD = 'random';
export const AUTO_WORD = 'auto';
export const NONE_WORD = 'none';
export const ALL_WORD = 'all';

/** `link1` … `link6`: the live toggles of the lab's link panel (`link-<n>` test ids). */
function linkToggles(): ParamSpec[] {
  const out: ParamSpec[] = [];
  for (let n = 1; n <= PHS_LINKS; n++) {
    out.push({
      key: `link${n}`,
      kind: 'bool',
      label: `Link ${n}`,
      description: `link ${n} switched on (1) or released by the user (0); a change during a run is a toggle`,
      group: 'link',
      default: true,
      live: true,
    });
  }
  return out;
}

const OWN: ParamSpec[] = [
  {
    key: 'env',
    kind: 'enum',
    label: 'Environment',
    description: 'path-loss model: indoor (fit to the study, 68.3 dBµV at 10 m) or outdoor open field',
    group: 'radio',
    default: 'indoor',
    options: ['indoor', 'outdoor'],
    live: false,
  },
  {
    key: 'units',
    kind: 'points',
    label: 'Unit positions',
    description: 'positions of the three base-station units x,y;x,y;x,y (two links each: 1–2, 3–4, 5–6)',
    group: 'map',
    unit: 'm',
    default: [
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    count: PHS_UNITS,
    min: -PHS_MAP_RANGE,
    max: PHS_MAP_RANGE,
    live: false,
  },
  {
    key: 'setupTime',
    kind: 'number',
    label: 'Set-up time',
    description: 'time to set up a PIAFS link (only while its unit is received at ≥ 30 dBµV)',
    group: 'link',
    unit: 's',
    default: 2,
    min: 0,
    max: 60,
    step: 0.1,
    live: false,
  },
  {
    key: 'dropLevel',
    kind: 'number',
    label: 'Drop level',
    description: 'a link whose unit stays below this field strength for dropTime is released',
    group: 'radio',
    unit: 'dBµV',
    default: 25,
    min: 0,
    max: 80,
    step: 0.5,
    live: false,
  },
  {
    key: 'dropTime',
    kind: 'number',
    label: 'Drop time',
    description: 'how long the field must stay below dropLevel before the links of that unit are released',
    group: 'radio',
    unit: 's',
    default: 3,
    min: 0,
    max: 60,
    step: 0.1,
    live: false,
  },
  {
    key: 'autoRedial',
    kind: 'number',
    label: 'Auto redial',
    description:
      'seconds after a release before the link is set up again automatically (0 = never, as in the study)',
    group: 'link',
    unit: 's',
    default: 0,
    min: 0,
    max: 600,
    step: 0.5,
    live: false,
  },
  {
    key: 'mpReorder',
    kind: 'number',
    label: 'MP reorder limit',
    description: 'PPP Multilink reorder-buffer limit; past it the first gap is given up',
    group: 'link',
    unit: 'fragments',
    default: 128,
    min: 1,
    max: 100000,
    integer: true,
    live: false,
  },
  {
    key: 'mpTimeout',
    kind: 'number',
    label: 'MP timeout',
    description: 'longest wait of the Multilink head of line for a missing fragment',
    group: 'link',
    unit: 's',
    default: 1,
    min: 0.01,
    max: 60,
    step: 0.01,
    live: false,
  },
  {
    key: 'channels',
    kind: 'number',
    label: 'Links at start',
    description: 'PIAFS links set up at the start (links 1 … channels)',
    group: 'link',
    default: PHS_LINKS,
    min: 1,
    max: PHS_LINKS,
    integer: true,
    live: false,
  },
  {
    key: 'release',
    kind: 'timedList',
    label: 'Release',
    description:
      'links released at given times, link@seconds (e.g. 3@5); a change during a run replaces the future ones',
    group: 'link',
    default: [],
    withMs: false,
    maxLink: PHS_LINKS,
    allowAll: true,
    maxItems: 24,
    live: true,
  },
  {
    key: 'add',
    kind: 'timedList',
    label: 'Add',
    description:
      'links set up at given times, link@seconds (set-up takes setupTime); a change replaces the future ones',
    group: 'link',
    default: [],
    withMs: false,
    maxLink: PHS_LINKS,
    allowAll: true,
    maxItems: 24,
    live: true,
  },
  ...linkToggles(),
  {
    key: 'window',
    kind: 'number',
    label: 'PIAFS window',
    description: 'frames a PIAFS sender may have unacknowledged',
    group: 'link',
    unit: 'frames',
    default: 32,
    min: 1,
    max: 64,
    integer: true,
    live: false,
  },
  {
    key: 'piafsDelay',
    kind: 'number',
    label: 'PIAFS delay',
    description: 'slots between sending a PIAFS frame and its arrival at the peer',
    group: 'link',
    unit: 'slots',
    default: 2,
    min: 1,
    max: 50,
    integer: true,
    live: false,
  },
  {
    key: 'resendSlack',
    kind: 'number',
    label: 'Resend slack',
    description: 'slots past the due acknowledgement before the frame REQ names is re-sent',
    group: 'link',
    unit: 'slots',
    default: 3,
    min: 0,
    max: 100,
    integer: true,
    live: false,
  },
  {
    key: 'hostDelay',
    kind: 'number',
    label: 'Host delay',
    description: 'fixed one-way delay of serial ports, terminal adapters and host processing',
    group: 'link',
    unit: 's',
    default: PHS_HOST_DELAY,
    min: 0,
    max: 2,
    step: 0.001,
    live: false,
  },
  {
    key: 'releaseDetect',
    kind: 'number',
    label: 'Release detection',
    description: 'time before Multilink notices a released link (random = uniform 1–6 s per release)',
    group: 'link',
    unit: 's',
    default: RANDOM_WORD,
    min: 0,
    max: 30,
    step: 0.1,
    words: [RANDOM_WORD],
    live: false,
  },
  {
    key: 'mpMinFragment',
    kind: 'number',
    label: 'MP min fragment',
    description: 'packets shorter than this go whole on the least-loaded link instead of being split',
    group: 'link',
    unit: 'B',
    default: 256,
    min: 1,
    max: 65535,
    integer: true,
    live: false,
  },
  {
    key: 'mpShortSeq',
    kind: 'bool',
    label: 'MP short sequence',
    description: 'Multilink 12-bit short sequence-number header (0 = 24-bit long format)',
    group: 'link',
    default: false,
    live: false,
  },
  {
    key: 'fading',
    kind: 'enum',
    label: 'Fading',
    description:
      'frame-error curve: still phone (steep waterfall, f_dT 0.01) or walking (Rayleigh, f_dT 0.06)',
    group: 'radio',
    default: 'still',
    options: ['still', 'walking'],
    live: true,
  },
  {
    key: 'shadowing',
    kind: 'number',
    label: 'Shadowing σ',
    description: 'σ of each unit’s own shadowing term (auto = 1 dB at 10 m to 4 dB at 300 m; 0 = none)',
    group: 'radio',
    unit: 'dB',
    default: AUTO_WORD,
    min: 0,
    max: 20,
    step: 0.5,
    words: [AUTO_WORD],
    live: false,
  },
  {
    key: 'body',
    kind: 'number',
    label: 'Body shadowing',
    description: 'people crossing the path: bursts of CRC errors on one unit’s links, events per minute',
    group: 'radio',
    unit: '/min',
    default: 0,
    min: 0,
    max: 60,
    step: 0.5,
    live: true,
  },
  {
    key: 'bodyMs',
    kind: 'number',
    label: 'Burst length',
    description: 'duration of a body-shadowing burst or of a burst triggered by hand',
    group: 'radio',
    unit: 'ms',
    default: 370,
    min: 10,
    max: 10000,
    step: 10,
    live: true,
  },
  {
    key: 'burst',
    kind: 'timedList',
    label: 'Forced bursts',
    description:
      'CRC-error bursts hitting both directions of a link, link@seconds:ms (* = all links), e.g. 2@10:370',
    group: 'radio',
    default: [],
    withMs: true,
    maxLink: PHS_LINKS,
    allowAll: true,
    maxItems: 24,
    live: true,
  },
  {
    key: 'hit',
    kind: 'number',
    label: 'Burst now',
    description:
      'trigger a bodyMs burst of CRC errors now on link n (or all); during a run each change is one burst',
    group: 'radio',
    default: NONE_WORD,
    min: 1,
    max: PHS_LINKS,
    integer: true,
    words: [NONE_WORD, ALL_WORD],
    live: true,
  },
  {
    key: 'clientStall',
    kind: 'number',
    label: 'Client stall',
    description:
      'slow client: mean processing delay of each packet the client sends (uniform 0 to 2×; 0 = off)',
    group: 'workload',
    unit: 's',
    default: 0,
    min: 0,
    max: 1,
    step: 0.005,
    live: true,
  },
];

/** Every PHS key with its range and default, in canonical order. */
export const PHS_PARAMS: readonly ParamSpec[] = [
  ...OWN,
  ...commonParams({
    duration: 600,
    app: { options: ['ftpGet', 'ftpPut'], default: 'ftpGet' },
    size: 1_000_000,
    tcp: PHS_TCP,
    ms: { x: PHS_MS.x, y: PHS_MS.y, min: -PHS_MAP_RANGE, max: PHS_MAP_RANGE },
    base: PHS_BASE,
  }),
];
