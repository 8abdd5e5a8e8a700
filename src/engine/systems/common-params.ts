/**
 * Builders for the common scenario keys (scenario.md, "Common keys") with each
 * system's defaults. A system's params file composes them after its own keys;
 * scenario/schema.ts then validates every scenario against that list.
 */
import { MAX_SCENARIO_SECONDS, formatNumber } from '../scenario/numbers';
import type { KeyRule, ParamSpec, ParamValue } from '../scenario/types';
// The profiles' values are plain data (tcp/profiles.ts): the rules between the TCP keys read
// them; the params stay free of engine code otherwise (the UI bundles them).
import { PROFILES, type TcpProfileName } from '../tcp/profiles';
import { remedyParams, remedyRules, type BaseStation } from './remedy-params';

/**
 * TCP stack profiles (tcp.md, "Profiles"). `modern` is the optional contrast
 * profile tcp.md welcomes (RFC 6298, NewReno, RFC 3390 initial window).
 */
export const TCP_PROFILES = [
  'ns2reno',
  'win98',
  'winnt4',
  'bsd44',
  'modern',
] as const satisfies readonly TcpProfileName[];

/** The workloads of scenario.md's `app` key; each system allows a subset. */
export const APP_KINDS = ['bulk', 'ftpGet', 'ftpPut', 'http', 'rr', 'crr', 'ping', 'poisson'] as const;
export type AppKind = (typeof APP_KINDS)[number];

/** Default word of the TCP override keys: "use the profile's value". */
export const PROFILE_WORD = 'profile';

/** Word of `tcpClient`/`tcpServer` meaning "as the `tcp` key". */
export const SAME_AS_TCP = 'tcp';

/**
 * Word of `tcp` (offered only by systems whose study ran different stacks at
 * the two ends, e.g. GSM's Windows 98 client and Windows NT 4 server).
 */
export const STUDY_PAIR = 'study';

/** The TCP profile overrides of scenario.md, applied to both ends. */
export const TCP_OVERRIDE_KEYS = [
  'mss',
  'rwnd',
  'rtoInit',
  'rtoMin',
  'rtoMax',
  'tick',
  'delAck',
  'synRetries',
  'dataRetries',
  'dupThresh',
  'nagle',
] as const;
export type TcpOverrideKey = (typeof TCP_OVERRIDE_KEYS)[number];

/** A system's default stack: one profile at both ends, or the study's pair. */
export type TcpDefault =
  TcpProfileName | { readonly client: TcpProfileName; readonly server: TcpProfileName };

export interface CommonParamsOptions {
  /** Default `duration`, simulated seconds. */
  readonly duration: number;
  /** The workloads the system allows and its default. */
  readonly app: { readonly options: readonly AppKind[]; readonly default: AppKind };
  /** Default `size` in bytes; omit when the system has no sized transfer (IS-707's bulk is endless). */
  readonly size?: number;
  /** The default stack profile(s). */
  readonly tcp: TcpDefault;
  /** Mobile position default and the map's coordinate range, metres; omit for systems without a map. */
  readonly ms?: { readonly x: number; readonly y: number; readonly min: number; readonly max: number };
  /** The system's base-station point (remedies.md; null or omitted: none): its built remedies' keys. */
  readonly base?: BaseStation | null;
}

/** Longest `duration` a scenario may ask for, s: the one bound of every time-valued key. */
export const DURATION_MAX = MAX_SCENARIO_SECONDS;

/** `duration`: simulated seconds after which the run stops (not live: the run restarts). */
export function durationParam(defaultSeconds: number): ParamSpec {
  return {
    key: 'duration',
    kind: 'number',
    label: 'Duration',
    description: 'simulated seconds after which the run stops, if the workload has not completed first',
    group: 'run',
    unit: 's',
    default: defaultSeconds,
    min: 1,
    max: DURATION_MAX,
    live: false,
  };
}

/** `app`: the workload, one of the system's allowed subset. */
export function appParam(options: readonly AppKind[], defaultApp: AppKind): ParamSpec {
  return {
    key: 'app',
    kind: 'enum',
    label: 'Workload',
    description: `the workload: ${options.join(', ')}`,
    group: 'workload',
    default: defaultApp,
    options: [...options],
    live: false,
  };
}

/** `size`: bytes of a file transfer or of a whole web page. */
export function sizeParam(defaultBytes: number): ParamSpec {
  return {
    key: 'size',
    kind: 'number',
    label: 'Size',
    description: 'bytes of a file transfer, or total bytes of a web page',
    group: 'workload',
    unit: 'B',
    default: defaultBytes,
    min: 1,
    max: 1e9,
    integer: true,
    live: false,
  };
}

/** `tcp`, `tcpClient`, `tcpServer`: stack profiles (not live: a profile change restarts the run). */
export function profileParams(tcp: TcpDefault): ParamSpec[] {
  const pair = typeof tcp !== 'string';
  const options: string[] = pair ? [STUDY_PAIR, ...TCP_PROFILES] : [...TCP_PROFILES];
  const pairText = pair ? `; ${STUDY_PAIR} = the study's ${tcp.client} client and ${tcp.server} server` : '';
  return [
    {
      key: 'tcp',
      kind: 'enum',
      label: 'TCP profile',
      description: `stack profile for both ends (tcp.md)${pairText}`,
      group: 'tcp',
      default: pair ? STUDY_PAIR : tcp,
      options,
      live: false,
    },
    {
      key: 'tcpClient',
      kind: 'enum',
      label: 'Client profile',
      description: `profile of the mobile's stack, overriding tcp (${SAME_AS_TCP} = as the tcp key)`,
      group: 'tcp',
      default: SAME_AS_TCP,
      options: [SAME_AS_TCP, ...TCP_PROFILES],
      live: false,
    },
    {
      key: 'tcpServer',
      kind: 'enum',
      label: 'Server profile',
      description: `profile of the fixed host's stack, overriding tcp (${SAME_AS_TCP} = as the tcp key)`,
      group: 'tcp',
      default: SAME_AS_TCP,
      options: [SAME_AS_TCP, ...TCP_PROFILES],
      live: false,
    },
  ];
}

type OverrideShape = Pick<
  Extract<ParamSpec, { kind: 'number' }>,
  'label' | 'description' | 'unit' | 'min' | 'max' | 'integer' | 'step'
> & { readonly inf?: boolean };

/** Ranges of the TCP overrides: wide enough for every profile of tcp.md and for experiments. */
const OVERRIDES: Record<TcpOverrideKey, OverrideShape> = {
  mss: { label: 'MSS', description: 'maximum segment size', unit: 'B', min: 64, max: 1460, integer: true },
  rwnd: {
    label: 'Receive window',
    description: 'advertised receive window',
    unit: 'B',
    min: 1,
    max: 1073741824,
    integer: true,
  },
  rtoInit: {
    label: 'Initial RTO',
    description: 'RTO before the first RTT sample',
    unit: 's',
    min: 0.01,
    max: 600,
  },
  rtoMin: { label: 'RTO min', description: 'lower clamp of the RTO', unit: 's', min: 0, max: 600 },
  rtoMax: {
    label: 'RTO max',
    description: 'upper clamp of the RTO and its backoff',
    unit: 's',
    min: 0.01,
    max: 3600,
  },
  tick: {
    label: 'Clock tick',
    description: 'the RTO is rounded up to this tick (0 = none)',
    unit: 's',
    min: 0,
    max: 10,
  },
  delAck: {
    label: 'Delayed ACK',
    description: 'delayed-ACK timer (0 = ACK every segment)',
    unit: 's',
    min: 0,
    max: 1,
  },
  synRetries: {
    label: 'SYN retries',
    description: 'SYN retransmissions before connection set-up gives up',
    min: 0,
    max: 20,
    integer: true,
  },
  dataRetries: {
    label: 'Data retries',
    description: 'retransmissions of a segment before the connection is aborted',
    min: 0,
    max: 100,
    integer: true,
    inf: true,
  },
  dupThresh: {
    label: 'Dup-ACK threshold',
    description: 'duplicate ACKs that trigger a fast retransmit',
    min: 1,
    max: 20,
    integer: true,
  },
  nagle: {
    label: 'Nagle',
    description: "Nagle's algorithm (1 = on, 0 = off)",
    min: 0,
    max: 1,
    integer: true,
  },
};

/** The TCP override keys, each defaulting to the word `profile` (the profile's own value). */
export function tcpOverrideParams(): ParamSpec[] {
  return TCP_OVERRIDE_KEYS.map((key): ParamSpec => {
    const { inf, description, ...shape } = OVERRIDES[key];
    return {
      key,
      kind: 'number',
      ...shape,
      description: `${description}, overriding the profile at both ends (${PROFILE_WORD} = the profile's value)`,
      group: 'tcp',
      default: PROFILE_WORD,
      words: inf ? [PROFILE_WORD, 'inf'] : [PROFILE_WORD],
      live: false,
    };
  });
}

/**
 * `fdt`: normalised Doppler f_d·T of a system's Markov fading channels (channels.md §2); its
 * floor is the model's (f_dT is never 0: FADING_DEFAULTS.minFdt).
 */
export function fdtParam(description: string): ParamSpec {
  return {
    key: 'fdt',
    kind: 'number',
    label: 'f_d·T',
    description,
    group: 'radio',
    default: 0.1,
    min: 0.001,
    max: 1,
    log: true,
    live: true,
  };
}

/** `msX`, `msY`: the mobile's position on the map, metres (live: the phone can be dragged). */
export function positionParams(ms: NonNullable<CommonParamsOptions['ms']>): ParamSpec[] {
  const axis = (key: 'msX' | 'msY', label: string, value: number): ParamSpec => ({
    key,
    kind: 'number',
    label,
    description: `mobile station ${label.slice(-1).toLowerCase()} position on the map`,
    group: 'map',
    unit: 'm',
    default: value,
    min: ms.min,
    max: ms.max,
    step: 1,
    live: true,
  });
  return [axis('msX', 'Mobile x', ms.x), axis('msY', 'Mobile y', ms.y)];
}

/**
 * The common keys in canonical order: duration, app, size, tcp, tcpClient,
 * tcpServer, the TCP overrides, the remedies (remedy-params.ts), msX, msY.
 */
export function commonParams(o: CommonParamsOptions): ParamSpec[] {
  return [
    durationParam(o.duration),
    appParam(o.app.options, o.app.default),
    ...(o.size === undefined ? [] : [sizeParam(o.size)]),
    ...profileParams(o.tcp),
    ...tcpOverrideParams(),
    ...remedyParams(o.base ?? null),
    ...(o.ms ? positionParams(o.ms) : []),
  ];
}

/**
 * The profiles the two ends run: `tcpClient`/`tcpServer` unless they say `tcp`,
 * then the `tcp` key, whose word `study` means the system's default pair.
 */
export function resolveTcpProfiles(
  values: Readonly<Record<string, ParamValue>>,
  tcpDefault: TcpDefault,
): { client: TcpProfileName; server: TcpProfileName } {
  const pair = typeof tcpDefault === 'string' ? { client: tcpDefault, server: tcpDefault } : tcpDefault;
  const both = values.tcp;
  const pick = (end: unknown, fallback: TcpProfileName): TcpProfileName => {
    if (isProfile(end)) return end;
    return isProfile(both) ? both : fallback;
  };
  return { client: pick(values.tcpClient, pair.client), server: pick(values.tcpServer, pair.server) };
}

/** The TCP overrides the scenario sets (numbers; `inf` is Infinity); keys left at `profile` are absent. */
export function tcpOverrides(
  values: Readonly<Record<string, ParamValue>>,
): Partial<Record<TcpOverrideKey, number>> {
  const out: Partial<Record<TcpOverrideKey, number>> = {};
  for (const key of TCP_OVERRIDE_KEYS) {
    const v = values[key];
    if (typeof v === 'number') out[key] = v;
  }
  return out;
}

function isProfile(v: unknown): v is TcpProfileName {
  return typeof v === 'string' && (TCP_PROFILES as readonly string[]).includes(v);
}

/** One RTO bound that must not exceed `rtoMax` (`rtoMin`, `rtoInit`). */
interface RtoOrder {
  readonly low: 'rtoMin' | 'rtoInit';
  /** Checked only when the text sets `low` itself (else the profile's value is cut to rtoMax). */
  readonly whenWritten: boolean;
  readonly why: string;
}

const RTO_ORDERS: readonly RtoOrder[] = [
  {
    low: 'rtoMin',
    whenWritten: false,
    why: 'the RTO is clamped between the two (RFC 6298 §2.4–2.5), so its lower bound cannot lie above its upper one',
  },
  {
    low: 'rtoInit',
    // A profile's initial RTO above a smaller rtoMax asked for is cut to it: the maximum RFC 6298
    // §2.5 allows, as a stack does. Only an rtoInit asked for that can never apply is refused.
    whenWritten: true,
    why: 'the RTO before the first RTT sample is cut to rtoMax, so a larger rtoInit never applies',
  },
];

/**
 * The rules between the TCP keys (scenario/types.ts KeyRule), for a system whose default stack is
 * `tcp` and whose base-station point is `base` (remedies.md; null: none): at each end, with the
 * profile's value where a key says `profile`, `rtoMin` must not exceed `rtoMax` — each key's range
 * alone allows `rtoMin=600&rtoMax=0.01`, which ran 9,997 timeouts in 100 s — and an `rtoInit`
 * asked for must not exceed it either (the keys a text set go back to `profile` when they
 * disagree); then the remedy keys' rules (remedy-params.ts).
 */
export function tcpRules(tcp: TcpDefault, base: BaseStation | null): KeyRule[] {
  return [...rtoRules(tcp), ...remedyRules(base)];
}

function rtoRules(tcp: TcpDefault): KeyRule[] {
  return RTO_ORDERS.map(({ low, whenWritten, why }): KeyRule => ({
    keys: [low, 'rtoMax'],
    resets: [low, 'rtoMax'],
    check(values, written) {
      if (whenWritten && !written.has(low)) return undefined;
      const ends = resolveTcpProfiles(values, tcp);
      for (const name of new Set([ends.client, ends.server])) {
        const p = PROFILES[name];
        const lo = typeof values[low] === 'number' ? (values[low] as number) : p[low];
        const hi = typeof values.rtoMax === 'number' ? (values.rtoMax as number) : p.rtoMax;
        if (lo <= hi) continue;
        const from = (key: string): string =>
          typeof values[key] === 'number' ? '' : ` (the ${name} profile's value)`;
        return `${low} ${formatNumber(lo)} s${from(low)} is above rtoMax ${formatNumber(hi)} s${from('rtoMax')}: ${why}`;
      }
      return undefined;
    },
  }));
}
