/**
 * The student's own actions in a run (issue 20 item 24): the timed changes of `events` — a drag,
 * a toggle, a new FER — and the items of a timed list given as a starting value (PHS
 * `release=3@5.24`). An explanation whose chain runs through one names it ("you released link 3 at
 * 5.240 s") instead of blaming only what followed from it. Read from the scenario, which the CLI
 * runs and the lab's link holds, with the system's keys (their labels and groups).
 */
import type { Nanos } from '../../core/time';
import { NS_PER_SECOND } from '../../core/time';
import { formatTimedItem } from '../../scenario/value-forms';
import { formatValue } from '../../scenario/values';
import type { ParamGroup, ParamSpec, Scenario, TimedItem } from '../../scenario/types';
import { at } from './words';

export interface UserAction {
  /** When it took effect, ns: a timed change at the frame boundary at or after its time, a list item at its time. */
  readonly t: Nanos;
  readonly key: string;
  readonly group: ParamGroup;
  /** A timed change (`events`), or an item of a timed list (`release=3@5.24`, kept or set by a change). */
  readonly kind: 'change' | 'item';
  /** The value set by a change, canonical; an item's text (`3@5.24`). */
  readonly value: string;
  /** An item's link (0: all links). */
  readonly link?: number;
  /** An item with a length (`burst=2@10:370`): when it ends, ns. */
  readonly until?: Nanos;
  /** The action in words: "you set fer to 0.95 at 20.000 s". */
  readonly words: string;
  /** What it left in force, for a sentence about a later moment: "while fer was 0.95 (your timed change at 20.000 s)". */
  readonly inForce: string;
}

/** The seconds of a scenario time as nanoseconds at the first frame boundary at or after it. */
function boundary(t: number, frameNs: Nanos): Nanos {
  const ns = Math.round(t * NS_PER_SECOND);
  return Math.ceil(ns / frameNs) * frameNs;
}

/** How a label reads inside a sentence: "Link 3" → "link 3", an acronym ("FER", "MSS") as it is. */
function inSentence(label: string): string {
  return /^[A-Z][A-Z0-9]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function changeWords(spec: ParamSpec, value: string, t: Nanos): { words: string; inForce: string } {
  const unit = spec.unit ? ` ${spec.unit}` : '';
  if (spec.kind === 'bool') {
    const words = `you switched ${inSentence(spec.label)} ${value === '1' ? 'on' : 'off'} at ${at(t)}`;
    return { words, inForce: `after ${words}` };
  }
  if (spec.group === 'map')
    return {
      words: `you moved the phone (${spec.key} = ${value}${unit}) at ${at(t)}`,
      inForce: `with the phone where you moved it at ${at(t)} (${spec.key} = ${value}${unit})`,
    };
  return {
    words: `you set ${spec.key} to ${value} at ${at(t)}`,
    inForce: `while ${spec.key} was ${value}${unit} (your timed change at ${at(t)})`,
  };
}

/**
 * Every action of `scenario`, in time order. `frameNs`: the system's frame (a timed change lands
 * on the frame boundary at or after its time). A change of a timed list replaces its items still
 * to come (as the models schedule them), so the items are those that were in force when due.
 */
export function userActions(scenario: Scenario, params: readonly ParamSpec[], frameNs: Nanos): UserAction[] {
  const specs = new Map(params.map((p) => [p.key, p]));
  const out: UserAction[] = [];
  for (const spec of params) {
    if (spec.kind !== 'timedList') continue;
    let items: { item: TimedItem; from: number }[] = (scenario.values[spec.key] as readonly TimedItem[]).map(
      (item) => ({ item, from: 0 }),
    );
    for (const e of scenario.events) {
      if (e.key !== spec.key) continue;
      // Items due before the change have fired; the change replaces the rest.
      items = [
        ...items.filter((x) => x.item.at < e.t),
        ...(e.value as readonly TimedItem[]).filter((i) => i.at >= e.t).map((item) => ({ item, from: e.t })),
      ];
    }
    for (const { item } of items) {
      const t = Math.round(item.at * NS_PER_SECOND);
      const text = formatTimedItem(item);
      out.push({
        t,
        key: spec.key,
        group: spec.group,
        kind: 'item',
        value: text,
        link: item.link,
        ...(item.ms === undefined ? {} : { until: t + Math.round(item.ms * 1e6) }),
        inForce: `after ${spec.key}=${text} (${inSentence(spec.label)} at ${at(t)})`,
        words: `${spec.key}=${text} (${inSentence(spec.label)} at ${at(t)})`,
      });
    }
  }
  for (const e of scenario.events) {
    const spec = specs.get(e.key);
    if (!spec || spec.kind === 'timedList') continue;
    const t = boundary(e.t, frameNs);
    const value = formatValue(spec, e.value);
    out.push({ t, key: e.key, group: spec.group, kind: 'change', value, ...changeWords(spec, value, t) });
  }
  return out.sort((a, b) => a.t - b.t);
}

/**
 * The student's change of a radio or map key in force at `t` — the latest at or before it — if
 * any: what the channel was doing then came from it (`fer=0.95` from 20 s on, a drag away from the
 * base station).
 */
export function radioChangeAt(actions: readonly UserAction[], t: Nanos): UserAction | null {
  let found: UserAction | null = null;
  for (const a of actions) {
    if (a.t > t) break;
    if (a.kind === 'change' && (a.group === 'radio' || a.group === 'map')) found = a;
  }
  return found;
}

/**
 * Why a frame was erased, in words: the student's change in force then, else the fade it fell in
 * (`fade`: "a 0.68 s fade"), else the channel's good state. The change comes first: the fades that
 * followed it (FER 0.95 makes the channel bad most of the time) are its consequence, shown on the
 * channel's layer.
 */
export function channelWords(change: UserAction | null, fade: string | null): string {
  if (change) return change.inForce;
  return fade ? `during ${fade}` : 'while the channel was in its good state';
}
