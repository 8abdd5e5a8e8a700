/// <reference lib="webworker" />
/**
 * The simulation worker: one SimSession exposed with comlink. The page spawns it
 * with `new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' })`;
 * sweeps spawn several of the same kind and use `runHeadless`.
 */
import { expose } from 'comlink';
import { getSystem, parseScenario, serialiseScenario } from '../engine';
import { exposedApi } from './expose';
import { runHeadlessYielding } from './headless';
import { SimSession } from './session';

const deps = { parseScenario, serialiseScenario, getSystem };
const session = new SimSession(deps);
// Headless runs yield to the event loop every few ms, so that the page's terminate() stops them at once.
expose(exposedApi(session, (text) => runHeadlessYielding(deps, text, () => performance.now())));
