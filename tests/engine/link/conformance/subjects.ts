/**
 * Every link entity, as the conformance suite sees it: how to build two ends with their upper
 * faces, its frame, and the faults its medium can show. Adding a link layer adds one subject here.
 */
import { millis } from '../../../../src/engine/core/time';
import type { LinkEntity, LinkService } from '../../../../src/engine/link/contract';
import {
  DectDlcEntity,
  copyDectDlcFragment,
  createDectDlcFragment,
  type DectDlcFragment,
} from '../../../../src/engine/link/dect-dlc';
import { MuxBlock, MuxReceiver, MuxSender, MuxService } from '../../../../src/engine/link/geran-mux';
import { GsmRlpEntity } from '../../../../src/engine/link/gsm-rlp';
import { GsmRlpFrame } from '../../../../src/engine/link/gsm-rlp/frame';
import { Is707RlpEndpoint } from '../../../../src/engine/link/is707-rlp';
import { RlpFrame } from '../../../../src/engine/link/is707-rlp/frame';
import { PiafsEntity } from '../../../../src/engine/link/piafs';
import { createPiafsFrame, type PiafsFrame } from '../../../../src/engine/link/piafs/frame';
import { PiafsSide } from '../../../../src/engine/link/piafs/monitor';
import {
  createStreamPair,
  type ByteRangeSink,
  type RlpByteSource,
} from '../../../../src/engine/link/ppp/stream';
import { streamServices } from '../../../../src/engine/link/stream-service';
import { V42Driver, V42Entity, V42Link } from '../../../../src/engine/link/v42';
import { V42Frame } from '../../../../src/engine/link/v42/frame';
import { cloneFrame, type Ends, type Subject } from './harness';

/** Two ends of a byte-stream entity over one stream pair, each with its `StreamService`. */
function streamEnds<F, E>(
  make: (tx: RlpByteSource, rx: ByteRangeSink, end: 0 | 1) => LinkEntity<F, E>,
): Ends<F, E> {
  const pair = createStreamPair<number>();
  const [sa, sb] = streamServices(pair);
  return { a: make(pair.txA, pair.rxA, 0), b: make(pair.txB, pair.rxB, 1), sa, sb };
}

const is707: Subject<RlpFrame, unknown> = {
  name: 'IS-707 RLP',
  clock: 'slotted',
  delay: 1,
  frame: () => new RlpFrame(),
  copy: cloneFrame,
  make: () => streamEnds((tx, rx) => new Is707RlpEndpoint({}, tx, rx)),
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  tick: 1,
};

const gsm: Subject<GsmRlpFrame, unknown> = {
  name: 'GSM RLP',
  clock: 'slotted',
  delay: 5,
  frame: () => new GsmRlpFrame(),
  copy: cloneFrame,
  make: () => streamEnds((tx, rx, end) => new GsmRlpEntity({}, tx, rx, end + 1)),
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  tick: 1,
};

const piafs: Subject<PiafsFrame, unknown> = {
  name: 'PIAFS',
  clock: 'slotted',
  delay: 2,
  frame: createPiafsFrame,
  copy: cloneFrame,
  make: () => streamEnds((tx, rx, end) => new PiafsEntity(end === 0 ? PiafsSide.MS : PiafsSide.BS, tx, rx)),
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  tick: 1,
};

const v42: Subject<V42Frame, unknown> = {
  name: 'V.42 LAPM',
  clock: 'continuous',
  delay: millis(50),
  frame: () => new V42Frame(),
  copy: (f) => {
    const c = new V42Frame();
    c.copyFrom(f as V42Frame);
    return c;
  },
  drive: (a, b, scheduler, delay) => {
    const driver = new V42Driver(scheduler, new V42Link(a, b, { delay }));
    return (end) => driver.kick(end === 0 ? a : b);
  },
  make: () => streamEnds((tx, rx) => new V42Entity({}, tx, rx)),
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  // One push step per 20 ms (a 300-byte SDU takes 250 ms at 9600 bit/s: a backlog builds).
  tick: millis(20),
};

/** The DLC over one bearer: one fragment per frame and direction, arriving the next frame. */
const dectDlc: Subject<DectDlcFragment, unknown> = {
  name: 'DECT DLC LU2',
  clock: 'slotted',
  delay: 1,
  frame: createDectDlcFragment,
  copy: (f) => {
    const c = createDectDlcFragment();
    copyDectDlcFragment(f as DectDlcFragment, c);
    return c;
  },
  make: () => {
    const a = new DectDlcEntity();
    const b = new DectDlcEntity();
    return { a, b, sa: a, sb: b };
  },
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  tick: 1,
};

/**
 * One end of the GERAN shared slot: its direction's sender and the other direction's receiver.
 * Its arrivals are deliveries, read through the service: it reports no event of its own.
 */
class MuxEnd implements LinkEntity<MuxBlock<number>, never> {
  readonly sender = new MuxSender<number>();
  readonly receiver = new MuxReceiver<number>();
  readonly service = new MuxService(this.sender, this.receiver);
  handleFrame(now: number, block: MuxBlock<number>, erased: boolean): void {
    this.receiver.handleFrame(now, block, erased);
  }
  pollTransmit(now: number, out: MuxBlock<number>): boolean {
    return this.sender.pollTransmit(now, out);
  }
  pollEvent(): null {
    return null;
  }
  pollTimeout(): number {
    return Infinity;
  }
  readonly eventsWaiting = false;
}

const geranMux: Subject<MuxBlock<number>, never> = {
  name: 'GERAN mux',
  clock: 'slotted',
  delay: 1,
  frame: () => new MuxBlock<number>(),
  copy: cloneFrame,
  make: () => {
    const a = new MuxEnd();
    const b = new MuxEnd();
    return { a, b, sa: a.service as LinkService<number>, sb: b.service as LinkService<number> };
  },
  sduBytes: 300,
  recovers: false,
  // One block per 20 ms TDMA slot: the air neither repeats nor reorders a block.
  duplicates: false,
  reorders: false,
  tick: 1,
};

/** Each subject's frame and event types are its own; the suite reads them only through the subject. */
export const SUBJECTS = [is707, gsm, piafs, v42, dectDlc, geranMux] as unknown as readonly Subject<
  unknown,
  unknown
>[];
