/** A DECT bearer with a scripted subfield channel and numbered payloads, for the MAC tests. */
import {
  DECT_DOWN,
  DECT_UP,
  DectMacBearer,
  ScriptedSubfieldChannel,
  type DectBearerEvent,
  type DectDirection,
  type ScriptedSubfieldLoss,
} from '../../../../src/engine/link/dect-mac';
import { TraceRecorder } from '../../../../src/engine/core/trace';

export interface Tag {
  id: number;
}

export const makeTag = (): Tag => ({ id: -1 });
export const copyTag = (from: Tag, to: Tag): void => {
  to.id = from.id;
};

/** A bearer that sends packets 0, 1, 2… in `dir` whenever its sender is ready. */
export class ScriptedBearer {
  readonly bearer: DectMacBearer<Tag>;
  readonly channel: ScriptedSubfieldChannel;
  readonly trace = new TraceRecorder();
  /** [frame, id] of each packet received complete. */
  readonly received: [number, number][] = [];
  readonly events: (DectBearerEvent & { at: number })[] = [];
  frame = 0;
  private nextId = 0;

  constructor(
    losses: ScriptedSubfieldLoss[],
    readonly dir: DectDirection = DECT_DOWN,
    private readonly count = Infinity,
  ) {
    this.channel = new ScriptedSubfieldChannel(losses);
    this.bearer = new DectMacBearer<Tag>({
      terminal: 0,
      bearer: 2,
      channel: this.channel,
      makePayload: makeTag,
      copy: copyTag,
      trace: this.trace,
    });
  }

  run(frames: number): this {
    for (let k = 0; k < frames; k++, this.frame++) {
      if (this.dir === DECT_DOWN) this.submit();
      this.channel.step(); // what the bearers' radio does once per frame (dect-mac/radio.ts)
      this.bearer.downSlot(this.frame);
      if (this.dir === DECT_UP) this.submit();
      this.bearer.upSlot(this.frame);
      const p = this.bearer.receiver(this.dir).takeReceived();
      if (p) this.received.push([this.frame, p.id]);
      for (let e = this.bearer.pollEvent(); e; e = this.bearer.pollEvent())
        this.events.push({ ...e, at: this.frame });
    }
    return this;
  }

  private submit(): void {
    const tx = this.bearer.sender(this.dir);
    if (tx.ready && this.nextId < this.count) tx.submit({ id: this.nextId++ });
  }
}

/** Losses of `mask` in direction `dir` for each listed frame. */
export function losses(dir: DectDirection, mask: number, frames: number[]): ScriptedSubfieldLoss[] {
  return frames.map((frame) => ({ frame, dir, mask }));
}
