/**
 * The toy system's contract, as a new system writes its `systems/<id>/contract.ts`: its summary's
 * sections, their paths and its live keys. It imports no model: the engine folder (engine.ts) and
 * the lab folder (lab.ts) both read it.
 */
import type { ModelSummary, PathOf, SystemSummary } from '../../../src/engine/systems/contract';

export type ToyAppSummary = { kind: 'frames' };
export type ToyLinkSummary = {
  /** Frames run, and SDUs the toy link delivered at the base. */
  frames: number;
  good: number;
};
export type ToySummary = SystemSummary<ToyAppSummary, ToyLinkSummary>;
export type ToyModelSummary = ModelSummary<ToySummary>;
export type ToySummaryPath = PathOf<ToySummary>;

/** The keys a run can change while it plays (the params mark them `live: true`). */
export type ToyLiveKey = 'fer' | 'msX' | 'msY';
