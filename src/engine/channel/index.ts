/**
 * Channel models (channels.md): Gilbert–Elliott, Markov fading from (FER, f_dT), path loss →
 * field strength → FER with shadowing, speech activity, and scripted drop lists for tests.
 */
export type { FrameChannel } from './types';
export * from './gilbert-elliott';
export * from './markov-fading';
export * from './path-loss';
export * from './speech';
export * from './scripted';
export { erfc, detLn } from './special-functions';
export { drawExponential, drawStandardNormal } from './draws';
