/**
 * The DECT system's scenario keys (dect.md "Scenario keys"), in canonical order: the system's own
 * keys, the bearer toggles, then the common keys. Kept free of engine code (the UI bundles it).
 */
import { MAX_SCENARIO_SECONDS } from '../../scenario/numbers';
import type { ParamSpec } from '../../scenario/types';
import { commonParams, type TcpDefault } from '../common-params';
import type { BaseStation } from '../remedy-params';

/** The TCP user's stack (dect.md "TCP user"). */
export const DECT_TCP: TcpDefault = 'bsd44';
/** remedies.md: no base-station point — the server's TCP sits on the DLC at the fixed part. */
export const DECT_BASE: BaseStation | null = null;

/** The load words of `load` (config.ts LOAD_PRESETS holds their rates). */
export const DECT_LOAD_WORDS = ['low', 'reference', 'high'] as const;
export const DECT_MOBILITY = ['markov', 'map'] as const;
/** Most bearers a terminal can hold: one per duplex slot pair (dect.md "Air interface"). */
export const DECT_MAX_BEARERS = 12;
/** Half the map's width, m: the three RFPs sit at x = −40, 0, 40. */
export const DECT_MAP_RANGE = 80;
/** The `berEpisode` value that means none (frames 0 to 0). */
export const NO_EPISODE = { start: 0, end: 0, factor: 1 } as const;

/** `bearer1` … `bearer12`: setting one to 0 releases that bearer of the TCP user (dect.md Connection_Modification). */
function bearerToggles(): ParamSpec[] {
  return Array.from({ length: DECT_MAX_BEARERS }, (_, i): ParamSpec => ({
    key: `bearer${i + 1}`,
    kind: 'bool',
    label: `Bearer ${i + 1}`,
    description: `0 during a run releases the TCP user's bearer ${i + 1} (Connection_Modification restores bearers only below bth); 1 does nothing`,
    group: 'link',
    default: true,
    live: true,
  }));
}

const OWN: ParamSpec[] = [
  {
    key: 'lambda',
    kind: 'number',
    label: 'λ',
    description: 'TCP segments (512 bytes) generated per second at each end',
    group: 'workload',
    unit: 'seg/s',
    default: 20,
    min: 0.1,
    max: 200,
    step: 0.1,
    live: false,
  },
  {
    key: 'batch',
    kind: 'number',
    label: 'Batch size',
    description: 'mean of the geometric batch size of the arrivals (1 = Poisson)',
    group: 'workload',
    default: 1,
    min: 1,
    max: 100,
    step: 0.1,
    live: false,
  },
  {
    key: 'bearers',
    kind: 'number',
    label: 'Target bearers',
    description: 'full-slot bearers the TCP user sets up and returns to',
    group: 'link',
    default: 10,
    min: 1,
    max: DECT_MAX_BEARERS,
    integer: true,
    live: false,
  },
  {
    key: 'bth',
    kind: 'number',
    label: 'bth',
    description:
      'Connection_Modification threshold: bearers are set up again only when fewer than bth are held',
    group: 'link',
    default: 4,
    min: 1,
    max: DECT_MAX_BEARERS,
    integer: true,
    live: false,
  },
  {
    key: 'load',
    kind: 'wordOrNumbers',
    label: 'Background load',
    description:
      'background call arrivals: low, reference, high, or calls per hour per type p08j,p32,p80,data',
    group: 'radio',
    default: 'reference',
    words: DECT_LOAD_WORDS,
    count: 4,
    min: 0,
    max: 1e6,
    live: false,
  },
  {
    key: 'berScale',
    kind: 'number',
    label: 'BER scale',
    description: 'multiplies both Gilbert–Elliott bit error rates (1.7e-4 good, 3e-3 bad)',
    group: 'radio',
    default: 1,
    min: 0,
    max: 20,
    step: 0.1,
    live: false,
  },
  {
    key: 'hoScale',
    kind: 'number',
    label: 'Handover scale',
    description: 'multiplies the per-frame bearer handover need (1e-4 good, 1e-3 bad)',
    group: 'radio',
    default: 1,
    min: 0,
    max: 20,
    step: 0.1,
    live: false,
  },
  {
    key: 'hoTimer',
    kind: 'number',
    label: 'Handover timer',
    description: 'bearer handover timer: a bearer without a new channel by then is released',
    group: 'link',
    unit: 's',
    default: 1,
    min: 0.01,
    max: 10,
    step: 0.01,
    live: false,
  },
  {
    key: 'cellDwell',
    kind: 'number',
    label: 'Cell dwell',
    description: 'mobility=markov: mean time in one cell before a connection handover',
    group: 'map',
    unit: 's',
    default: 120,
    min: 1,
    max: 1e5,
    log: true,
    live: false,
  },
  {
    key: 'berEpisode',
    kind: 'episode',
    // 100 TDMA frames per second (10 ms frames, dect.md "Air interface"), up to the time bound.
    maxFrame: MAX_SCENARIO_SECONDS * 100,
    label: 'BER episode',
    description: 'frames start to end with the BER multiplied by factor (0-0-1 = none)',
    group: 'radio',
    default: NO_EPISODE,
    live: false,
  },
  {
    key: 'mobility',
    kind: 'enum',
    label: 'Mobility',
    description:
      'markov (the phone changes cell every cellDwell s on average) or map (the cell follows the dragged phone)',
    group: 'map',
    default: 'markov',
    options: DECT_MOBILITY,
    live: true,
  },
];

/** Every DECT key with its range and default, in canonical order. */
export const DECT_PARAMS: readonly ParamSpec[] = [
  ...OWN,
  ...bearerToggles(),
  ...commonParams({
    duration: 3600,
    app: { options: ['poisson'], default: 'poisson' },
    tcp: DECT_TCP,
    ms: { x: 0, y: 0, min: -DECT_MAP_RANGE, max: DECT_MAP_RANGE },
  }),
];
