/** The toy link's frame: a data unit (or none) and the sender's cumulative acknowledgement. */
export class ToyFrame<S> {
  /** Carries an SDU. */
  data = false;
  /** The SDU's sequence number (unbounded: a toy needs no modulus). */
  seq = 0;
  sdu: S | null = null;
  bytes = 0;
  /** The next sequence number this end expects from its peer. */
  ack = 0;
}

export function copyToyFrame<S>(from: Readonly<ToyFrame<S>>, to: ToyFrame<S>): ToyFrame<S> {
  to.data = from.data;
  to.seq = from.seq;
  to.sdu = from.sdu;
  to.bytes = from.bytes;
  to.ack = from.ack;
  return to;
}
