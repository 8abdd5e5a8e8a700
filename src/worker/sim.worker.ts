/// <reference lib="webworker" />
/**
 * The simulation worker: one SimSession exposed with comlink. The page spawns it
 * with `new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' })`;
 * sweeps spawn several of the same kind and use `runHeadless`.
 */
import { expose } from 'comlink';
import { getSystem, parseScenario, serialiseScenario } from '../engine';
import { exposedApi } from './expose';
import { SimSession } from './session';

const session = new SimSession({ parseScenario, serialiseScenario, getSystem });
expose(exposedApi(session));
