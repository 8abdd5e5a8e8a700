/**
 * What every system's contract (`systems/<id>/contract.ts`) is made of: the summary's typed
 * sections, its paths, and the live keys with their handlers. A contract imports no model, so the
 * engine and the system's lab plug-in read the same declarations (issue 22 item 4).
 */
import type { Nanos } from '../core/time';
import type { Summary, SummaryPath, SummarySection } from '../scenario/summary';
import type { ParamSpec, ParamValue } from '../scenario/types';

/** A system's summary: the common figures and its own `app` and `link` sections. */
export type SystemSummary<App extends SummarySection, Link extends SummarySection> = Summary<App, Link>;

/** What a model returns as its summary (the simulation fills in the scenario, simTime and traceHash). */
export type ModelSummary<S extends Summary = Summary> = Omit<S, 'scenario' | 'simTime' | 'traceHash'>;

/** A dotted path into summaries of type `S` (`tcp.goodputBps`, `link.budget.headers`). */
export type PathOf<S extends Summary> = SummaryPath<Omit<S, 'scenario' | 'failure' | 'traceHash'>>;

/** Applies a change of one live key at the current frame boundary (`now`). */
export type LiveHandler = (value: ParamValue, now: Nanos) => void;

/** A handler for every live key `K` of a system, and for no other key. */
export type LiveHandlers<K extends string> = { readonly [P in K]: LiveHandler };

/** The keys a system's params mark `live: true`, in their order. */
export function liveKeysOf(params: readonly ParamSpec[]): string[] {
  return params.filter((p) => p.live).map((p) => p.key);
}

/** The handler of live key `key`, if the model has one (an own property, never the prototype's). */
export function liveHandler(live: LiveHandlers<string>, key: string): LiveHandler | undefined {
  return Object.prototype.hasOwnProperty.call(live, key) ? live[key] : undefined;
}

/**
 * Handlers of numbered live keys (`link1`…`link6`, `bearer1`…`bearer12`): `handle(i, …)` for key
 * `${prefix}${i + 1}`. `K` names the keys; the contract test holds them equal to the params'.
 */
export function numberedHandlers<K extends string>(
  prefix: string,
  count: number,
  handle: (i: number, value: ParamValue, now: Nanos) => void,
): LiveHandlers<K> {
  const out: Record<string, LiveHandler> = {};
  for (let i = 0; i < count; i++) out[`${prefix}${i + 1}`] = (value, now) => handle(i, value, now);
  return out as LiveHandlers<K>;
}
