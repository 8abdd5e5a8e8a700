/** IS-707 RLP (is707.md): frames, endpoints and a two-ended link. */
export * from './frame';
export { Is707RlpEndpoint } from './endpoint';
export { Is707RlpReceiver } from './receiver';
export { Is707RlpSender } from './sender';
export * from './link';
