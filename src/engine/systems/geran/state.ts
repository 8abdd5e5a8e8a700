/**
 * What the GERAN summary and view read of the model (architecture.md "How to add a system": they
 * read a small state interface, never the model itself, so that no import cycle forms).
 */
import type { HttpPageLoader } from '../../app/http10';
import type { Packet } from '../../core/packet';
import type { GeranMuxLink } from '../../link/geran-mux';
import type { GeranConversation } from './conversation';
import type { GeranPage } from './params';

export interface GeranState {
  readonly seed: number;
  readonly page: GeranPage;
  /** Network delay each way, s. */
  readonly delay: number;
  readonly conversation: GeranConversation;
  readonly link: GeranMuxLink<Packet>;
  readonly loader: HttpPageLoader;
}
