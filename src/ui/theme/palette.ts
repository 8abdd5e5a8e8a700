/**
 * The lab's visual language (ui.md "Visual language"): one meaning, one colour, everywhere — map,
 * charts, monitor tables and legends all read their colours from here.
 *
 * Hues are the Okabe–Ito colour-blind-safe set (Okabe & Ito, "Color Universal Design", 2008). The
 * dark theme keeps each hue and only raises its lightness so lines stay visible on a dark
 * background. Colour is never the only cue: every meaning also has a marker shape and/or a dash
 * pattern ({@link MARKERS}, {@link DASHES}), and the bad-channel band is hatched.
 */

export type ThemeName = 'light' | 'dark';

/** Status meanings shared by the map, link timelines, monitor tables and legends. */
export type StatusMeaning =
  /** Good channel state, frame received OK. */
  | 'good'
  /** Bad channel state (fade, talkspurt occupying the slot…). */
  | 'bad'
  /** Frame error (CRC ERR). */
  | 'error'
  /** Retransmission, TCP or link layer. */
  | 'retx'
  /** Idle and control frames: NAK, idle, SREJ, REJ. */
  | 'idle'
  /** Released or down link/bearer. */
  | 'down';

/** Series meanings of the TCP charts. */
export type SeriesMeaning =
  | 'data'
  | 'ack'
  | 'rwnd'
  | 'cwnd'
  | 'ssthresh'
  | 'flight'
  | 'rtoComputed'
  | 'rtoActive'
  | 'rtt'
  | 'timeout'
  | 'goodput'
  | 'abort';

/** Neutral colours of a theme (not meanings). */
export interface ThemeNeutrals {
  readonly background: string;
  /** Text, axes and the ACK line. */
  readonly ink: string;
  /** Secondary text (captions, tick labels). */
  readonly muted: string;
  /** Grid lines. */
  readonly grid: string;
  /** Focus ring and selection highlight. */
  readonly focus: string;
}

export interface Palette {
  readonly name: ThemeName;
  readonly neutral: ThemeNeutrals;
  readonly status: Readonly<Record<StatusMeaning, string>>;
  readonly series: Readonly<Record<SeriesMeaning, string>>;
  /** Colours for sweep/compare series in order (cycled), each paired with a marker and dash. */
  readonly categorical: readonly string[];
}

/** Okabe–Ito hues with a lighter variant of the same hue for dark backgrounds. */
export const OKABE_ITO = {
  orange: { light: '#E69F00', dark: '#F0B43C' },
  skyBlue: { light: '#56B4E9', dark: '#7CC6F0' },
  bluishGreen: { light: '#009E73', dark: '#2BC497' },
  yellow: { light: '#F0E442', dark: '#F5EC7A' },
  blue: { light: '#0072B2', dark: '#3C9BE0' },
  vermillion: { light: '#D55E00', dark: '#F07A2A' },
  reddishPurple: { light: '#CC79A7', dark: '#DC9BC0' },
  grey: { light: '#8C8C8C', dark: '#9E9E9E' },
} as const;

function build(name: ThemeName): Palette {
  const h = (c: { light: string; dark: string }): string => c[name];
  const neutral: ThemeNeutrals =
    name === 'light'
      ? { background: '#ffffff', ink: '#1a1a1a', muted: '#555555', grid: '#e3e3e3', focus: '#0072B2' }
      : { background: '#17191c', ink: '#ececec', muted: '#b4b4b4', grid: '#33373c', focus: '#7CC6F0' };
  return {
    name,
    neutral,
    status: {
      good: h(OKABE_ITO.bluishGreen),
      bad: h(OKABE_ITO.orange),
      error: h(OKABE_ITO.vermillion),
      retx: h(OKABE_ITO.reddishPurple),
      idle: h(OKABE_ITO.skyBlue),
      down: h(OKABE_ITO.grey),
    },
    series: {
      // Data segments and the windows that govern them (cwnd, flight) share the data hue and
      // differ by shape (ticks / line / area).
      data: h(OKABE_ITO.blue),
      cwnd: h(OKABE_ITO.blue),
      flight: h(OKABE_ITO.blue),
      // The receiver's side (ACK, receive window) and limits (ssthresh) are ink.
      ack: neutral.ink,
      rwnd: neutral.ink,
      ssthresh: neutral.ink,
      // Computed RTO: data hue dashed; RTO in force: ink solid; RTT samples: hollow ink circles.
      rtoComputed: h(OKABE_ITO.blue),
      rtoActive: neutral.ink,
      rtt: neutral.ink,
      // A timeout is followed by a retransmission: same meaning, same colour.
      timeout: h(OKABE_ITO.reddishPurple),
      goodput: h(OKABE_ITO.blue),
      // An RLP abort is a frame given up: an error.
      abort: h(OKABE_ITO.vermillion),
    },
    categorical: [
      h(OKABE_ITO.blue),
      h(OKABE_ITO.vermillion),
      h(OKABE_ITO.bluishGreen),
      h(OKABE_ITO.reddishPurple),
      h(OKABE_ITO.orange),
      h(OKABE_ITO.skyBlue),
      neutral.ink,
      h(OKABE_ITO.grey),
    ],
  };
}

export const PALETTES: Readonly<Record<ThemeName, Palette>> = { light: build('light'), dark: build('dark') };

/** The palette of a theme (unknown names fall back to light). */
export function palette(theme: ThemeName | undefined): Palette {
  return theme === 'dark' ? PALETTES.dark : PALETTES.light;
}

/** d3-shape symbol names used as markers (see `symbolFor` in chart-style.ts). */
export type MarkerName =
  'circle' | 'diamond' | 'square' | 'triangle' | 'triangleDown' | 'cross' | 'times' | 'star';

/**
 * Marker shape per meaning, so no meaning relies on colour alone:
 * retransmission ◆ (diamond), timeout ▼, fast retransmit ■, RTT sample ○ (hollow),
 * frame error ×, abort ▲, NAK + (cross), sweep points cycle through {@link CATEGORICAL_MARKERS}.
 */
export const MARKERS = {
  retx: 'diamond',
  timeout: 'triangleDown',
  fastRetransmit: 'square',
  rtt: 'circle',
  error: 'times',
  abort: 'triangle',
  nak: 'cross',
  selection: 'circle',
} as const satisfies Record<string, MarkerName>;

/** Marker order for categorical series (sweeps, compare). */
export const CATEGORICAL_MARKERS: readonly MarkerName[] = [
  'circle',
  'square',
  'triangle',
  'diamond',
  'triangleDown',
  'star',
  'cross',
  'times',
];

/** SVG `stroke-dasharray` values; `null` = solid. */
export const DASHES = {
  solid: null,
  /** Computed RTO, ssthresh. */
  computed: '6 4',
  ssthresh: '8 3 2 3',
  /** Receive window line. */
  rwnd: '2 3',
  /** Released / down link on the map. */
  down: '4 4',
  /** Bad-state link on the map. */
  bad: '10 3',
  /** Frame-error link on the map. */
  error: '2 2',
  /** Idle link on the map. */
  idle: '1 5',
} as const;

/** Dash order for categorical series. */
export const CATEGORICAL_DASHES: readonly (string | null)[] = [null, '6 4', '2 3', '10 3 2 3', '1 4', '12 4'];

/** How a link/bearer in a given state is drawn on the map (colour + dash + width). */
export interface LinkStyle {
  readonly color: string;
  readonly dash: string | null;
  readonly width: number;
  /** Short word shown in legends and aria labels. */
  readonly label: string;
}

/** Map line style per link state ({@link import('../../engine/systems/types').LinkVisualState}). */
export function linkStyle(state: string, theme: ThemeName | undefined): LinkStyle {
  const p = palette(theme).status;
  switch (state) {
    case 'good':
      return { color: p.good, dash: null, width: 4, label: 'good' };
    case 'bad':
      return { color: p.bad, dash: DASHES.bad, width: 4, label: 'bad channel' };
    case 'error':
      return { color: p.error, dash: DASHES.error, width: 4, label: 'CRC error' };
    case 'idle':
      return { color: p.idle, dash: DASHES.idle, width: 3, label: 'idle' };
    default:
      return { color: p.down, dash: DASHES.down, width: 2, label: 'released' };
  }
}

/** Human labels of the status meanings, for legends. */
export const STATUS_LABELS: Readonly<Record<StatusMeaning, string>> = {
  good: 'good / frame OK',
  bad: 'bad channel state',
  error: 'frame error (CRC ERR)',
  retx: 'retransmission',
  idle: 'idle / control (NAK, idle, SREJ)',
  down: 'released / down',
};
