/**
 * Two LU2 ends over `bearers` bearers with the MAC replaced by a script: each fragment a bearer
 * carries arrives in the same frame, later (MAC retransmissions) or never (MAC give-up).
 */
import {
  DectDlcEntity,
  copyDectDlcFragment,
  createDectDlcFragment,
  type DectDlcEvent,
  type DectDlcFragment,
} from '../../../../src/engine/link/dect-dlc';

/** The fate of a fragment: 0 arrives this frame, d > 0 arrives d frames later, −1 never. */
export type Fate = (
  dir: 0 | 1,
  frame: number,
  bearer: number,
  f: Readonly<DectDlcFragment>,
  tx: number,
) => number;

interface InFlight {
  at: number;
  dir: 0 | 1;
  f: DectDlcFragment;
}

export class DlcHarness {
  /** The RFP's end (sends down) and the portable's (sends up). */
  readonly ends: [DectDlcEntity, DectDlcEntity] = [new DectDlcEntity(), new DectDlcEntity()];
  /** Packets delivered, per direction: [frame, id]. */
  readonly delivered: [[number, number][], [number, number][]] = [[], []];
  readonly events: { dir: 0 | 1; e: DectDlcEvent }[] = [];
  /** Every fragment put on a bearer: direction, frame, copy. */
  readonly sent: { dir: 0 | 1; frame: number; bearer: number; f: DectDlcFragment }[] = [];
  frame = 0;
  private flight: InFlight[] = [];
  /** Transmissions of each fragment count so far, per direction (by N(S) + 256 × wraps is not needed in short tests). */
  private readonly tx = [new Map<number, number>(), new Map<number, number>()];

  constructor(
    readonly bearers: number,
    private readonly fate: Fate = () => 0,
  ) {}

  /** Queue `n` 552-byte IP packets (512-byte segments) in `dir`, ids from `first`. */
  queue(dir: 0 | 1, n: number, first = 0, ipBytes = 552): this {
    for (let i = 0; i < n; i++) this.ends[dir].send(first + i, ipBytes);
    return this;
  }

  run(frames: number): this {
    for (let k = 0; k < frames; k++, this.frame++) {
      const now = this.frame;
      for (const e of this.ends) e.tick(now);
      this.half(now, 0);
      this.half(now, 1);
      for (const dir of [0, 1] as const) {
        for (let e = this.ends[dir].pollEvent(); e; e = this.ends[dir].pollEvent())
          this.events.push({ dir: (1 - dir) as 0 | 1, e });
      }
    }
    return this;
  }

  private half(now: number, dir: 0 | 1): void {
    const from = this.ends[dir];
    const to = this.ends[1 - dir];
    // Fragments held up in the MAC that complete in this slot.
    const due = this.flight.filter((x) => x.dir === dir && x.at === now);
    this.flight = this.flight.filter((x) => !(x.dir === dir && x.at === now));
    for (const x of due) this.arrive(now, dir, to, x.f);
    for (let b = 0; b < this.bearers; b++) {
      const f = createDectDlcFragment();
      if (!from.pollTransmit(now, f)) break;
      const key = f.length > 0 ? f.ns : -1;
      const n = (this.tx[dir].get(key) ?? 0) + 1;
      this.tx[dir].set(key, n);
      const copy = createDectDlcFragment();
      copyDectDlcFragment(f, copy);
      this.sent.push({ dir, frame: now, bearer: b, f: copy });
      const d = this.fate(dir, now, b, copy, n);
      if (d === 0) this.arrive(now, dir, to, copy);
      else if (d > 0) this.flight.push({ at: now + d, dir, f: copy });
      else from.ackLost(copy);
    }
  }

  private arrive(now: number, dir: 0 | 1, to: DectDlcEntity, f: DectDlcFragment): void {
    to.handleFrame(now, f, false);
    for (let p = to.takeDelivered(); p >= 0; p = to.takeDelivered()) this.delivered[dir].push([now, p]);
  }
}

/** Fragment N(S) values sent in `dir` in frames [from, to] carrying data. */
export function sentNs(h: DlcHarness, dir: 0 | 1, from: number, to: number): number[] {
  return h.sent
    .filter((s) => s.dir === dir && s.frame >= from && s.frame <= to && s.f.length > 0)
    .map((s) => s.f.ns);
}
