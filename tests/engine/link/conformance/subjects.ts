/**
 * Every link entity, as the conformance suite sees it: how to build two ends with their upper
 * faces, its frame, and the faults its medium can show. Adding a link layer adds one subject here.
 */
import { millis } from '../../../../src/engine/core/time';
import type { LinkEntity, LinkService, SingleUnitCarrier } from '../../../../src/engine/link/contract';
import {
  createDectMacPacket,
  DectMacEntity,
  type DectMacEvent,
  type DectMacPacket,
} from '../../../../src/engine/link/dect-mac';
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
import { PIAFS_SLOT_NS, PIAFS_USER_BPS, PiafsEntity } from '../../../../src/engine/link/piafs';
import {
  MultilinkEnd,
  MultilinkReceiver,
  MultilinkSender,
  type Fragment,
} from '../../../../src/engine/link/ppp-multilink';
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

/** A datagram in the Multilink subject: the SDU number and its size. */
interface Datagram {
  readonly n: number;
  readonly size: number;
}

/**
 * One end of a PPP Multilink bundle (its upper face: `MultilinkEnd`) over one PIAFS member link,
 * glued as PHS's bundle does it each slot: the fragments queued for the member go onto its stream
 * before it sends, and what it delivered goes to the reassembler after it received.
 */
class MultilinkOverPiafs implements LinkEntity<PiafsFrame, unknown> {
  readonly end = new MultilinkEnd<Datagram>(new MultilinkSender(), new MultilinkReceiver());
  /** The harness's face: SDU numbers in and out, as datagrams of their size inside. */
  readonly service: LinkService<number>;

  constructor(
    readonly piafs: PiafsEntity,
    private readonly member: LinkService<Fragment<Datagram>>,
  ) {
    const end = this.end;
    this.service = {
      push: (n, bytes) => end.push({ n, size: bytes }, bytes),
      pushFront: (n, bytes) => end.pushFront({ n, size: bytes }, bytes),
      pollDelivered: () => end.pollDelivered()?.n ?? null,
      get queuedUnits(): number {
        return end.queuedUnits;
      },
      get queuedBytes(): number {
        return end.queuedBytes;
      },
    };
    this.end.sender.addLink(1, PIAFS_USER_BPS);
    this.end.receiver.addLink(1);
  }
  pollTransmit(slot: number, out: PiafsFrame): boolean {
    this.end.advance(slot * PIAFS_SLOT_NS);
    this.end.exchange(1, this.member);
    return this.piafs.pollTransmit(slot, out);
  }
  handleFrame(slot: number, f: PiafsFrame, erased: boolean): void {
    this.piafs.handleFrame(slot, f, erased);
    this.end.exchange(1, this.member);
  }
  pollEvent(): unknown {
    return this.piafs.pollEvent();
  }
  get eventsWaiting(): boolean {
    return this.piafs.eventsWaiting;
  }
  pollTimeout(): number {
    return this.piafs.pollTimeout();
  }
}

const multilink: Subject<PiafsFrame, unknown> = {
  name: 'PPP Multilink over PIAFS',
  clock: 'slotted',
  delay: 2,
  frame: createPiafsFrame,
  copy: cloneFrame,
  make: () => {
    const pair = createStreamPair<Fragment<Datagram>>();
    const [ma, mb] = streamServices(pair);
    const a = new MultilinkOverPiafs(new PiafsEntity(PiafsSide.MS, pair.txA, pair.rxA), ma);
    const b = new MultilinkOverPiafs(new PiafsEntity(PiafsSide.BS, pair.txB, pair.rxB), mb);
    return { a, b, sa: a.service, sb: b.service };
  },
  sduBytes: 300,
  recovers: true,
  duplicates: true,
  reorders: true,
  tick: 1,
};

/** The DECT MAC's payload in the suite: the SDU a packet carries and its length. */
interface MacUnit {
  sdu: number;
  bytes: number;
}

/**
 * One end of a DECT MAC bearer with the queue the DLC keeps above it (the MAC has none: its upper
 * face is a {@link SingleUnitCarrier}, contract.ts). As the DECT TCP user's frame loop does
 * (systems/dect/tcp-user.ts), the next unit is written into the MAC's draft whenever it is ready,
 * and a completed packet is taken after each slot received.
 */
class MacEnd implements LinkEntity<DectMacPacket<MacUnit>, DectMacEvent>, LinkService<number> {
  readonly mac = new DectMacEntity<MacUnit>(
    () => ({ sdu: -1, bytes: 0 }),
    (from, to) => {
      to.sdu = from.sdu;
      to.bytes = from.bytes;
    },
  );
  private readonly queue: MacUnit[] = [];
  private readonly delivered: number[] = [];
  private queued = 0;

  push(sdu: number, bytes: number): void {
    this.queue.push({ sdu, bytes });
    this.queued += bytes;
  }
  pushFront(sdu: number, bytes: number): void {
    this.queue.unshift({ sdu, bytes });
    this.queued += bytes;
  }
  pollDelivered(): number | null {
    return this.delivered.shift() ?? null;
  }
  get queuedUnits(): number {
    return this.queue.length + (this.mac.ready ? 0 : 1);
  }
  get queuedBytes(): number {
    return this.queued;
  }

  handleFrame(now: number, pkt: DectMacPacket<MacUnit>, erased: boolean): void {
    this.mac.handleFrame(now, pkt, erased);
    const got = this.mac.takeReceived();
    if (got) this.delivered.push(got.sdu);
  }
  pollTransmit(now: number, out: DectMacPacket<MacUnit>): boolean {
    const carrier: SingleUnitCarrier<MacUnit> = this.mac;
    const next = this.queue[0];
    if (carrier.ready && next !== undefined) {
      this.queue.shift();
      this.queued -= next.bytes;
      carrier.draft.sdu = next.sdu;
      carrier.draft.bytes = next.bytes;
      carrier.submitDraft();
    }
    return this.mac.pollTransmit(now, out);
  }
  pollEvent(): DectMacEvent | null {
    return this.mac.pollEvent();
  }
  get eventsWaiting(): boolean {
    return this.mac.eventsWaiting;
  }
  pollTimeout(): number {
    return this.mac.pollTimeout();
  }
}

/** The MAC on one bearer: a packet a frame each way, arriving the next frame; given up after 10 attempts. */
const dectMac: Subject<DectMacPacket<MacUnit>, DectMacEvent> = {
  name: 'DECT MAC Ip bearer (under a queue)',
  clock: 'slotted',
  delay: 1,
  frame: () => createDectMacPacket<MacUnit>({ sdu: -1, bytes: 0 }),
  copy: (f) => ({ ...f, payload: { ...f.payload } }),
  make: () => {
    const a = new MacEnd();
    const b = new MacEnd();
    return { a, b, sa: a, sb: b };
  },
  sduBytes: 300,
  recovers: true,
  lossReportedBy: 'sender',
  // One slot per frame on a TDMA bearer: the air neither repeats nor reorders a slot.
  duplicates: false,
  reorders: false,
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
export const SUBJECTS = [
  is707,
  gsm,
  piafs,
  multilink,
  v42,
  dectDlc,
  dectMac,
  geranMux,
] as unknown as readonly Subject<unknown, unknown>[];
