/**
 * The radio of a DECT connection's bearers (dect.md "Channel per bearer"): one subfield channel
 * per bearer index — one Gilbert–Elliott state each, its subfield errors drawn per direction —
 * judged through the shared bearer set (link/bearer-set.ts) as a {@link SubfieldRadio}. A bearer
 * keeps its channel while it moves between physical channels (a bearer handover changes its
 * carrier and slot, not its state); a bearer set up anew gets a fresh channel.
 *
 * Each TDMA frame the radio steps the channel of every active bearer once, before the frame's
 * down slots: the MAC ends then read the subfields that failed (bearer.ts). Each bearer draws
 * from its own streams, so the order in which bearers are stepped changes no draw.
 */
import type { Nanos } from '../../core/time';
import type { SubfieldRadio } from '../bearer-set';
import type { SubfieldChannel } from './channel';
import { DECT_DOWN, DECT_UP } from './packet';

export class DectBearerRadio<C extends SubfieldChannel = SubfieldChannel> implements SubfieldRadio {
  readonly verdict: Uint8Array;
  private readonly channels: (C | null)[];

  constructor(readonly capacity: number) {
    this.verdict = new Uint8Array(2 * capacity);
    this.channels = new Array<C | null>(capacity).fill(null);
  }

  /** Bearer `i`'s channel from now on (a bearer set up). */
  attach(i: number, channel: C): void {
    this.channels[i] = channel;
  }

  /** Bearer `i` has no channel (released). */
  detach(i: number): void {
    this.channels[i] = null;
  }

  /** Bearer `i`'s channel, or null. */
  channel(i: number): C | null {
    return this.channels[i];
  }

  /** Every channel attached, in index order (e.g. to set a BER episode on all). */
  forEach(f: (c: C) => void): void {
    for (const c of this.channels) if (c !== null) f(c);
  }

  step(_now: Nanos, active: Uint8Array): void {
    const v = this.verdict;
    for (let i = 0; i < this.capacity; i++) {
      const c = this.channels[i];
      if (active[i] === 0 || c === null) continue;
      c.step();
      v[2 * i + DECT_DOWN] = c.errors(DECT_DOWN) !== 0 ? 1 : 0;
      v[2 * i + DECT_UP] = c.errors(DECT_UP) !== 0 ? 1 : 0;
    }
  }

  errors(i: number, dir: number): number {
    const c = this.channels[i];
    return c === null ? 0 : c.errors(dir === DECT_DOWN ? DECT_DOWN : DECT_UP);
  }

  channelBad(i: number): boolean {
    return this.channels[i]?.bad ?? false;
  }
}
