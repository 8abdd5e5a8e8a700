export { blockAtOrAfter, blockStart, GERAN_BLOCK_BYTES, GERAN_BLOCK_NS, MuxBlock } from './block';
export { MuxSender } from './sender';
export { MuxReceiver, type MuxArrival } from './receiver';
export { MuxService } from './service';
export { GeranMuxDriver } from './driver';
export {
  GeranMuxLink,
  MUX_DIR_LABELS,
  type GeranMuxOptions,
  type MuxCounters,
  type MuxDir,
  type SlotSpeech,
} from './link';
