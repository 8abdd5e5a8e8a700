/**
 * The remedy keys (remedies.md "Mechanisms"), common to every system, in the TCP group: `sack`,
 * `timestamps`, `eifel`, `frto` and the shorthand `remedy`; then the base-station remedies (`snoop`,
 * `eln`, `split` with `splitBuffer`) a system has built at its base-station point. The others are
 * refused: "not built yet" where remedies.md places a base-station point, "not applicable" where
 * the model has none (GERAN, DECT).
 */
import type { RefusedKey } from '../scenario/schema';
import type { KeyRule, ParamSpec, ParamValue } from '../scenario/types';

/** Where a system's base-station point sits (remedies.md's table), or null: none in this model. */
export interface BaseStation {
  /** The point, in words ("the access point, between the wired link and RLP"). */
  readonly point: string;
  /** The base-station remedies the system's model has built there. */
  readonly built: readonly BaseStationRemedy[];
}

/** The TCP-stack remedies: each one a key of its own. */
export const STACK_REMEDIES = ['sack', 'timestamps', 'eifel', 'frto'] as const;
export type StackRemedy = (typeof STACK_REMEDIES)[number];

/** The base-station remedies (remedies.md; the agents are in remedy/). */
export const BASE_STATION_REMEDIES = ['snoop', 'eln', 'split'] as const;
export type BaseStationRemedy = (typeof BASE_STATION_REMEDIES)[number];

/** remedies.md: the split relay's buffer, bytes: default 32,768, at most 65,535 (no window scaling). */
export const SPLIT_BUFFER_DEFAULT = 32768;
export const SPLIT_BUFFER_MAX = 65535;

/** Values of `remedy`. */
export const REMEDY_VALUES = ['none', ...STACK_REMEDIES, ...BASE_STATION_REMEDIES] as const;

const REMEDY_WORDS: Record<StackRemedy | BaseStationRemedy, string> = {
  sack: 'selective acknowledgments (RFC 2018) with SACK-based loss recovery (RFC 6675)',
  timestamps: 'TCP timestamps (RFC 7323): an RTT sample per ACK, 12 option bytes per segment',
  eifel:
    'Eifel detection of spurious timeouts (RFC 3522) with the Eifel response (RFC 4015); switches timestamps on',
  frto: 'F-RTO detection of spurious timeouts (RFC 5682) with the Eifel response (RFC 4015)',
  snoop:
    'a Snoop agent at the base station: caches segments towards the mobile, resends them locally and hides duplicate ACKs',
  eln: 'explicit loss notification: the base station marks duplicate ACKs for segments from the mobile lost on the radio',
  split:
    'a split connection (I-TCP): the base station terminates the fixed host’s connection and relays it on its own',
};

/**
 * One line per value of `remedy` for the lab's Remedies picker: what it does, where it sits, what it
 * costs (remedies.md "Mechanisms" and "Where the base-station point sits").
 */
const REMEDY_NOTES: Record<(typeof REMEDY_VALUES)[number], string> = {
  none: 'Plain TCP: the stacks as the study ran them.',
  sack: 'Selective acknowledgments (RFC 2018/6675) in both TCP stacks: the receiver reports the blocks it holds, the sender resends only the holes. Costs up to 36 option bytes on an ACK (28 beside timestamps).',
  timestamps:
    'TCP timestamps (RFC 7323) in both stacks: an RTT sample from every ACK, even a retransmission’s. Costs 12 bytes on every segment (and VJ compression on GSM).',
  eifel:
    'Eifel detection (RFC 3522) at the sender, with the Eifel response (RFC 4015): a timeout the first ACK shows to be spurious is undone, no go-back-N. Needs timestamps (their 12 bytes).',
  frto: 'F-RTO (RFC 5682) at the sender, with the Eifel response: after a timeout, two new segments before any go-back-N; ACKs for data never resent show it was spurious. No option bytes.',
  snoop:
    'A Snoop agent at the base station: caches segments towards the mobile and resends them locally, hiding radio losses from the sender.',
  eln: 'Explicit loss notification at the base station: marks duplicate ACKs for radio losses on uploads, so the mobile resends without cutting cwnd.',
  split:
    'A split connection (I-TCP) at the base station: the fixed host talks to a relay, which talks to the mobile. The fixed host is acknowledged before the mobile has the data.',
};

/** The keys a remedy value of `remedy` switches on (`eifel` needs timestamps, remedies.md). */
function keysOf(remedy: ParamValue | undefined): readonly (StackRemedy | BaseStationRemedy)[] {
  switch (remedy) {
    case 'sack':
    case 'timestamps':
    case 'frto':
    case 'snoop':
    case 'eln':
    case 'split':
      return [remedy];
    case 'eifel':
      return ['eifel', 'timestamps'];
    default:
      return [];
  }
}

/**
 * `sack`, `timestamps`, `eifel`, `frto`, `remedy`, then the base-station remedies built at `base`
 * (not live: a change restarts the run).
 */
export function remedyParams(base: BaseStation | null = null): ParamSpec[] {
  const flags = STACK_REMEDIES.map((key): ParamSpec => ({
    key,
    kind: 'bool',
    label: { sack: 'SACK', timestamps: 'Timestamps', eifel: 'Eifel', frto: 'F-RTO' }[key],
    description: `${REMEDY_WORDS[key]}, at both ends (remedies.md)`,
    group: 'tcp',
    default: false,
    live: false,
  }));
  return [
    ...flags,
    {
      key: 'remedy',
      kind: 'enum',
      label: 'Remedy',
      description: `one remedy by name, setting its keys (eifel sets timestamps too): ${REMEDY_VALUES.join(', ')}`,
      group: 'tcp',
      default: 'none',
      options: [...REMEDY_VALUES],
      optionNotes: REMEDY_NOTES,
      live: false,
    },
    ...baseStationParams(base),
  ];
}

/** The keys of the base-station remedies built at `base`, in the TCP group. */
function baseStationParams(base: BaseStation | null): ParamSpec[] {
  const built = base?.built ?? [];
  const out: ParamSpec[] = [];
  for (const key of BASE_STATION_REMEDIES) {
    if (!built.includes(key)) continue;
    out.push({
      key,
      kind: 'bool',
      label: { snoop: 'Snoop', eln: 'ELN', split: 'Split connection' }[key],
      description: `${REMEDY_WORDS[key]}, at ${base?.point ?? 'the base station'} (remedies.md)`,
      group: 'tcp',
      default: false,
      live: false,
    });
    if (key === 'split')
      out.push({
        key: 'splitBuffer',
        kind: 'number',
        label: 'Split buffer',
        description:
          'bytes the split relay holds between its two connections (no window scaling: at most 65,535)',
        group: 'tcp',
        unit: 'B',
        default: SPLIT_BUFFER_DEFAULT,
        min: 1460,
        max: SPLIT_BUFFER_MAX,
        integer: true,
        live: false,
      });
  }
  return out;
}

/** The base-station remedies a scenario switches on: their keys, and the one `remedy` names. */
export function baseStationRemedies(
  values: Readonly<Record<string, ParamValue>>,
): Record<BaseStationRemedy, boolean> & { splitBuffer: number } {
  const named = keysOf(values.remedy);
  const on = (k: BaseStationRemedy): boolean => values[k] === true || named.includes(k);
  const buffer = values.splitBuffer;
  return {
    snoop: on('snoop'),
    eln: on('eln'),
    split: on('split'),
    splitBuffer: typeof buffer === 'number' ? buffer : SPLIT_BUFFER_DEFAULT,
  };
}

/** The stack remedies a scenario switches on, at both ends: its keys, and those `remedy` sets. */
export function stackRemedies(values: Readonly<Record<string, ParamValue>>): Record<StackRemedy, boolean> {
  const on = new Set<StackRemedy>(
    keysOf(values.remedy).filter((k): k is StackRemedy => (STACK_REMEDIES as readonly string[]).includes(k)),
  );
  for (const key of STACK_REMEDIES) if (values[key] === true) on.add(key);
  if (on.has('eifel')) on.add('timestamps');
  return {
    sack: on.has('sack'),
    timestamps: on.has('timestamps'),
    eifel: on.has('eifel'),
    frto: on.has('frto'),
  };
}

function baseStationText(base: BaseStation | null, remedy: BaseStationRemedy): string {
  return base === null
    ? `not applicable: no base-station point in this model (remedies.md: ${REMEDY_WORDS[remedy]} needs one)`
    : `not built yet: ${REMEDY_WORDS[remedy]} would sit at ${base.point} (remedies.md)`;
}

/** Whether `base` has built `remedy`. */
function isBuilt(base: BaseStation | null, remedy: BaseStationRemedy): boolean {
  return base !== null && base.built.includes(remedy);
}

/**
 * The rules between the remedy keys: a remedy `remedy` names that its own key turns off
 * (`remedy=eifel&timestamps=0`), Eifel without timestamps (`eifel=1&timestamps=0`), and the
 * base-station remedies, which `remedy` cannot name yet (or ever, without a base-station point).
 */
export function remedyRules(base: BaseStation | null): KeyRule[] {
  const own = [...STACK_REMEDIES, ...BASE_STATION_REMEDIES.filter((k) => isBuilt(base, k))];
  const contradictions: KeyRule[] = own.map((key) => ({
    keys: ['remedy', key],
    resets: ['remedy', key],
    check(values, written) {
      if (!written.has(key) || values[key] !== false || !keysOf(values.remedy).includes(key))
        return undefined;
      return `remedy=${String(values.remedy)} switches ${key} on, which ${key}=0 turns off`;
    },
  }));
  return [
    {
      keys: ['remedy'],
      resets: ['remedy'],
      check(values) {
        const r = values.remedy;
        const station = BASE_STATION_REMEDIES.find((k) => k === r);
        return station !== undefined && !isBuilt(base, station) ? baseStationText(base, station) : undefined;
      },
    },
    ...contradictions,
    {
      keys: ['snoop', 'eln', 'split'],
      resets: ['snoop', 'eln', 'split', 'remedy'],
      check(values) {
        const on = baseStationRemedies(values);
        if (!on.split || (!on.snoop && !on.eln)) return undefined;
        const both = BASE_STATION_REMEDIES.filter((k) => on[k]);
        return `a split relay terminates TCP at the base-station point, where Snoop and ELN watch a connection passing through: choose ${both.join(' or ')}`;
      },
    },
    {
      keys: ['eifel', 'timestamps'],
      resets: ['eifel', 'timestamps'],
      check(values, written) {
        if (values.eifel !== true || !written.has('timestamps') || values.timestamps !== false)
          return undefined;
        return 'Eifel detection reads the timestamps option (RFC 3522): eifel=1 needs timestamps on (or leave timestamps out)';
      },
    },
  ];
}

/**
 * The base-station remedies' own keys the system has not built, refused with the reason
 * (scenario/schema.ts RefusedKey); `splitBuffer` with `split`.
 */
export function remedyRefusals(base: BaseStation | null): RefusedKey[] {
  const out: RefusedKey[] = [];
  for (const key of BASE_STATION_REMEDIES) {
    if (isBuilt(base, key)) continue;
    out.push({ key, reason: baseStationText(base, key) });
    if (key === 'split') out.push({ key: 'splitBuffer', reason: baseStationText(base, key) });
  }
  return out;
}
