/**
 * Cross-layer explanation of TCP events (issue 12 item 1): shared by the CLI's `--explain` and the
 * lab's explanation panel. Each system adds its link layers through the `explain` of its
 * SystemDefinition (systems/<id>/explain.ts).
 */
export * from './types';
export * from './actions';
export * from './table';
export * from './tcp-events';
export * from './query';
export * from './datagram';
export * from './link-helpers';
export * from './explain';
export { sorted } from './chain';
export * from './format';
export * from './words';
export * from './skeleton';
