/**
 * The bearers one connection uses, and the radio that judges their frames slot by slot. PHS
 * bundles up to six PIAFS links (phs.md "Topology"); DECT's TCP user up to twelve MAC Ip bearers
 * (dect-mac/radio.ts: a {@link SubfieldRadio}, one Gilbert–Elliott state per bearer); IS-707 and GSM
 * are the one-bearer case: their link drivers hold a set of one and read each slot's verdicts
 * from a radio of one channel pair ({@link ChannelPairRadio}).
 *
 * A bearer joins when it is set up and leaves at a radio release. A released bearer is no longer
 * stepped — its frames are gone at once — but the layer above learns of the release only after a
 * detection delay, and until then still sends on it (PPP Multilink: RFC 1990 §4.1; phs.md "A
 * radio release is not noticed at once"). The set keeps that detection time per bearer.
 */
import type { FrameChannel } from '../channel/types';
import type { Nanos } from '../core/time';

/** Direction of a verdict: 0 = down (network → mobile, judged at the mobile), 1 = up. */
export const BEARER_DOWN = 0;
export const BEARER_UP = 1;

/** A radio's per-slot CRC verdicts: index bearer × 2 + direction, 1 = the frame failed its check. */
export type BearerVerdicts = Uint8Array;

/** A radio that judges, each slot, both directions of every active bearer. */
export interface BearerRadio {
  /** Judge the slot at `now` for the bearers marked 1 in `active`; the result is in {@link verdict}. */
  step(now: Nanos, active: Uint8Array): void;
  /** Verdicts of the last slot judged. */
  readonly verdict: BearerVerdicts;
  /** The fading state of bearer `i`'s channel in direction `dir` (true = Bad), as of its last step. */
  channelBad(i: number, dir: number): boolean;
}

/**
 * A radio that says which parts of a frame failed, not only whether its check failed: DECT's MAC
 * Ip packet has four subfields with a CRC each, and the receiver keeps the good ones (dect.md
 * "MAC, protected Ip mode"). Its {@link BearerRadio.verdict} is 1 where any subfield failed.
 */
export interface SubfieldRadio extends BearerRadio {
  /** The subfields of bearer `i`'s frame in direction `dir` that failed in the last slot (bit k = subfield k). */
  errors(i: number, dir: number): number;
}

/**
 * The radio of one bearer as a pair of frame channels, one per direction (IS-707: forward and
 * reverse, is707.md §Stack; GSM: downlink and uplink, gsm.md §Channel). Both are stepped once per
 * slot while the bearer is active — fading runs in time, whether or not a frame is sent — in the
 * order `first` then the other: each system keeps the order it has always drawn in, so that two
 * channels sharing one random stream (as a test may build) see the same draws.
 */
export class ChannelPairRadio implements BearerRadio {
  readonly verdict: BearerVerdicts = new Uint8Array(2);

  constructor(
    readonly down: FrameChannel,
    readonly up: FrameChannel,
    private readonly first: number = BEARER_DOWN,
  ) {}

  step(_now: Nanos, active: Uint8Array): void {
    const lost = this.judge(active[0] !== 0);
    this.verdict[BEARER_DOWN] = lost & 1;
    this.verdict[BEARER_UP] = lost >> 1;
  }

  /**
   * {@link step} for a caller that reads the verdicts as bits (1: down failed, 2: up failed) and
   * passes whether the bearer is live; {@link verdict} is left as it was. No time, which a channel
   * pair does not read, crosses the call (V8 boxes a time in nanoseconds, past 2^31, on the heap
   * when it crosses a call that is not inlined: one allocation per slot), and no typed array is
   * read or written: this runs every slot.
   */
  judge(live: boolean): number {
    let down = 0;
    let up = 0;
    // Each channel read from its own field, not through a lookup by direction: this runs every slot.
    if (!live) {
      // not stepped: the bearer carries nothing
    } else if (this.first === BEARER_DOWN) {
      down = this.down.step() ? 1 : 0;
      up = this.up.step() ? 1 : 0;
    } else {
      up = this.up.step() ? 1 : 0;
      down = this.down.step() ? 1 : 0;
    }
    return down | (up << 1);
  }

  channelBad(_i: number, dir: number): boolean {
    return dir === BEARER_DOWN ? this.down.bad : this.up.bad;
  }
}

/** Did the radio fail the frame bearer `i` carried in direction `dir` in its last slot? */
export function erased(verdict: BearerVerdicts, i: number, dir: number): boolean {
  return verdict[2 * i + dir] === 1;
}

/** Up to `capacity` bearers, by index (0-based), each carrying a member link of type `B`. */
export class BearerSet<B> {
  /** 1 for each bearer index that is live (the radio judges and the driver steps only these). */
  readonly active: Uint8Array;
  /** The live members in index order, for a frame loop that walks them (rebuilt at each join and release). */
  live: readonly B[] = [];
  private readonly members: (B | null)[];
  /** When the layer above notices each bearer's last release, ns (−Infinity: none pending). */
  private readonly detectAt: Float64Array;

  constructor(readonly capacity: number) {
    this.active = new Uint8Array(capacity);
    this.members = new Array<B | null>(capacity).fill(null);
    this.detectAt = new Float64Array(capacity).fill(-Infinity);
  }

  /** Is bearer `i` live (carrying frames)? */
  isLive(i: number): boolean {
    return this.members[i] !== null;
  }

  /** The member link on bearer `i`, if live. */
  get(i: number): B | null {
    return this.members[i];
  }

  /** Bearer `i` has been set up and carries `member` (a fresh link). It must not be live. */
  join(i: number, member: B): void {
    if (this.members[i] !== null) throw new Error(`bearer ${i} is already live`);
    this.members[i] = member;
    this.active[i] = 1;
    this.detectAt[i] = -Infinity;
    this.relist();
  }

  private relist(): void {
    const live: B[] = [];
    for (const m of this.members) if (m !== null) live.push(m);
    this.live = live;
  }

  /**
   * The radio released bearer `i` at `now`: it stops carrying frames at once; the layer above
   * notices `detect` later. Returns the member link (for its owner to settle), or null if the
   * bearer was not live.
   */
  release(i: number, now: Nanos, detect: Nanos): B | null {
    const m = this.members[i];
    if (m === null) return null;
    this.members[i] = null;
    this.active[i] = 0;
    this.detectAt[i] = now + detect;
    this.relist();
    return m;
  }

  /** Bearer `i` is released but the layer above has not noticed yet at `now` (it still sends on it). */
  undetected(i: number, now: Nanos): boolean {
    return this.members[i] === null && now < this.detectAt[i];
  }

  /**
   * Has the layer above noticed by `now` a release of bearer `i` it has not yet acted on? True
   * once per release (the set then forgets it), for the owner to take the bearer out of use.
   */
  takeNoticed(i: number, now: Nanos): boolean {
    if (this.members[i] !== null || this.detectAt[i] === -Infinity || this.undetected(i, now)) return false;
    this.detectAt[i] = -Infinity;
    return true;
  }
}
