/**
 * The bundle (phs.md "Topology" and "Stack"): PPP Multilink at the base-station control terminal
 * and at the mobile control terminal, over up to six PIAFS links.
 *
 * Each live link has, per direction, a serial byte stream (`PacketByteStream`) that the
 * Multilink sender's fragments are laid on, each with its PPP framing (HDLC-like flag, address,
 * control, FCS-16 and a closing flag: 7 bytes, no stuffing counted — the bytes are virtual), and
 * the peer's `StreamReassembler` that rebuilds fragments from the PIAFS frames' in-order bytes.
 * Fragments are pulled from the Multilink queue only when the stream is about to run dry (less
 * than one PIAFS frame of bytes pending), so the bundle's least-loaded choice and a release see
 * the real backlog.
 *
 * Each control terminal is a Multilink end behind the link contract's upper face
 * (link/ppp-multilink/end.ts `MultilinkEnd`): the wired side pushes datagrams into it and polls
 * what it reassembled, and each slot the end fills every member's stream (`fill`, bounded by one
 * PIAFS frame) and collects the fragments the member rebuilt (`collect`).
 *
 * A radio release ({@link PhsBundle.release}) stops the PIAFS link at once: it is no longer
 * stepped, the bytes its frames had taken but not delivered are reported lost to the
 * reassemblers, and both ends are told (`releaseMember`). The bearer set holds the detection
 * delay: until it says the release is noticed the senders keep putting fragments on the dead link
 * and the receivers keep M pinned on it (RFC 1990 §4.1; phs.md "A radio release is not noticed at
 * once"); then {@link PhsBundle.step} takes the link out of both Multilink ends. The fragments lost
 * with a released link reach each end's `lost` observer, which records them in `link.packet`.
 */
import type { Packet } from '../../core/packet';
import type { Nanos } from '../../core/time';
import {
  PIAFS_USER_BPS,
  PIAFS_USER_BYTES,
  PiafsLink,
  addPiafsCounters,
  zeroPiafsCounters,
  type PiafsCounters,
  type PiafsMonitorSink,
  type PiafsOptions,
} from '../../link/piafs';
import { BearerSet, erased, type BearerVerdicts } from '../../link/bearer-set';
import { MultilinkEnd, MultilinkReceiver, MultilinkSender, type Fragment } from '../../link/ppp-multilink';
import { PacketByteStream, StreamReassembler } from '../../link/ppp/stream';
import { StreamService } from '../../link/stream-service';
import { PacketFramer, type MultilinkPacketTraceSource } from '../../link/packet-trace';
import { DOWN, PHS_LINKS, UP } from './radio';

/** HDLC-like framing around each fragment on a member link: flag, FF 03, FCS-16, flag (RFC 1662 §3). */
export const PHS_PPP_FRAMING = 7;

type Frag = Fragment<Packet>;

/** One live PIAFS link and its byte streams. */
interface LiveLink {
  readonly piafs: PiafsLink;
  /** BS → MS stream and the MS's reassembler. */
  readonly down: PacketByteStream<Frag>;
  readonly downRx: StreamReassembler<Frag>;
  /** MS → BS stream and the BS's reassembler. */
  readonly up: PacketByteStream<Frag>;
  readonly upRx: StreamReassembler<Frag>;
  /** Each direction's `link.packet` framer (null without tracing). */
  readonly framers: { readonly up: PacketFramer<Frag>; readonly down: PacketFramer<Frag> } | null;
  /** The BS end's member service (sends on `down`, reads `upRx`) and the MS end's. */
  readonly bsMember: StreamService<Frag>;
  readonly msMember: StreamService<Frag>;
}

/** Options of the bundle (phs.md keys `window`, `piafsDelay`, `resendSlack`, `mp*`). */
export interface PhsBundleOptions {
  readonly piafs: PiafsOptions;
  readonly mpMinFragment: number;
  readonly mpReorder: number;
  readonly mpTimeout: Nanos;
  readonly seqBits: 24 | 12;
}

/** The two Multilink ends and the six member links. Link ids in the bundle are 1–6. */
export class PhsBundle {
  /** Base-station control terminal: sends toward the phone, receives from it. */
  readonly bs: MultilinkEnd<Packet>;
  /** Mobile control terminal. */
  readonly ms: MultilinkEnd<Packet>;
  /** The six member links as bearers (link/bearer-set.ts). */
  readonly bearers = new BearerSet<LiveLink>(PHS_LINKS);
  /** Counters of earlier incarnations of each link (before a release). */
  private readonly past: PiafsCounters[] = [];
  /** Stream bytes lost with released links (both directions). */
  lostStreamBytes = 0;
  /** 1 for each link index whose PIAFS link is live (the radio steps only these). */
  get active(): Uint8Array {
    return this.bearers.active;
  }

  constructor(
    private readonly options: PhsBundleOptions,
    private readonly monitors: readonly (PiafsMonitorSink | null)[],
    /** Where each fragment's PIAFS frames are recorded (`link.packet`); null without tracing. */
    private readonly packets: MultilinkPacketTraceSource | null = null,
  ) {
    const send = { mpMinFragment: options.mpMinFragment, seqBits: options.seqBits };
    const recv = { seqBits: options.seqBits, mpReorder: options.mpReorder, mpTimeout: options.mpTimeout };
    const end = (dir: number): MultilinkEnd<Packet> =>
      new MultilinkEnd(new MultilinkSender<Packet>(send), new MultilinkReceiver<Packet>(recv), {
        memberFraming: PHS_PPP_FRAMING,
        lost: packets && ((f, now) => recordLost(packets, dir, f, now)),
      });
    this.bs = end(DOWN);
    this.ms = end(UP);
    for (let i = 0; i < PHS_LINKS; i++) this.past.push(zeroPiafsCounters());
  }

  /** Is link index `i` (0-based) carrying frames? */
  isLive(i: number): boolean {
    return this.bearers.isLive(i);
  }

  /** The PIAFS link of index `i`, if live. */
  piafs(i: number): PiafsLink | null {
    return this.bearers.get(i)?.piafs ?? null;
  }

  /**
   * Link `i` has been set up: a fresh PIAFS link (sequence numbers from 0) joins both Multilink
   * ends. If the bundle has not yet noticed the previous incarnation's release, the new LCP on
   * that port ends it now.
   */
  join(i: number, now: Nanos): void {
    if (this.bearers.isLive(i)) return;
    const id = i + 1;
    const { bs, ms } = this;
    bs.at(now);
    ms.at(now);
    bs.removeMember(id); // no-ops unless the last incarnation's release went unnoticed
    ms.removeMember(id);
    const down = new PacketByteStream<Frag>();
    const up = new PacketByteStream<Frag>();
    const downRx = new StreamReassembler(down);
    const upRx = new StreamReassembler(up);
    const src = this.packets;
    const framers = src && {
      up: new PacketFramer(src, UP, i, up, packetOf, fragmentSeq),
      down: new PacketFramer(src, DOWN, i, down, packetOf, fragmentSeq),
    };
    const piafs = new PiafsLink(
      { up: { source: up, sink: upRx }, down: { source: down, sink: downRx } },
      this.options.piafs,
      this.monitors[i],
      framers,
    );
    const bsMember = new StreamService(down, upRx);
    const msMember = new StreamService(up, downRx);
    this.bearers.join(i, { piafs, down, downRx, up, upRx, framers, bsMember, msMember });
    bs.addMember(id, PIAFS_USER_BPS);
    ms.addMember(id, PIAFS_USER_BPS);
  }

  /**
   * The radio link `i` is gone. Bytes its frames carried but had not delivered are lost; both
   * Multilink ends notice after `detect`.
   */
  release(i: number, now: Nanos, detect: Nanos): void {
    const l = this.bearers.release(i, now, detect);
    if (!l) return;
    this.lostStreamBytes += this.abandon(l.down, l.downRx) + this.abandon(l.up, l.upRx);
    // Fragments in the streams not yet framed whole never will be (link.packet records them unframed).
    l.framers?.down.abandon(now);
    l.framers?.up.abandon(now);
    addPiafsCounters(this.past[i], l.piafs.totals());
    const id = i + 1;
    // Until the bearer set says the release is noticed, the senders put fragments on the dead
    // link and the receivers keep M pinned on it (step() takes it out then).
    this.bs.at(now);
    this.bs.releaseMember(id);
    this.ms.at(now);
    this.ms.releaseMember(id);
  }

  /** Hand a packet from the wired side to the BS end (it is fragmented over the links). */
  sendDown(p: Packet, now: Nanos): void {
    this.bs.at(now);
    this.bs.push(p, p.size);
  }

  /** Hand a packet from the client's side to the MS end. */
  sendUp(p: Packet, now: Nanos): void {
    this.ms.at(now);
    this.ms.push(p, p.size);
  }

  /**
   * Run one 10 ms slot on every live link: top up the streams from the Multilink queues, let
   * PIAFS exchange one frame each way with the radio's verdicts, and hand the fragments that
   * were rebuilt to the Multilink receivers. Then apply Multilink timers due by `now`.
   */
  step(slot: number, now: Nanos, verdict: BearerVerdicts): void {
    const { bs, ms } = this;
    bs.at(now);
    ms.at(now);
    for (let i = 0; i < PHS_LINKS; i++) {
      const l = this.bearers.get(i);
      if (l === null) continue;
      const id = i + 1;
      // Fragments wait in the Multilink queue until the stream holds less than one PIAFS frame.
      bs.fill(id, l.bsMember, PIAFS_USER_BYTES);
      ms.fill(id, l.msMember, PIAFS_USER_BYTES);
      l.piafs.step(slot, erased(verdict, i, UP), erased(verdict, i, DOWN));
      ms.collect(id, l.msMember);
      bs.collect(id, l.bsMember);
    }
    for (let i = 0; i < PHS_LINKS; i++)
      if (this.bearers.takeNoticed(i, now)) {
        // Both Multilink ends notice that link i is gone: it leaves the bundle.
        bs.removeMember(i + 1);
        ms.removeMember(i + 1);
      }
    // The reassembly timers run once a slot, after the slot's fragments arrived.
    bs.runTimers();
    ms.runTimers();
  }

  /** PIAFS counters of link `i` over all its incarnations (both ends). */
  counters(i: number): PiafsCounters {
    const c = zeroPiafsCounters();
    addPiafsCounters(c, this.past[i]);
    const l = this.bearers.get(i);
    if (l) addPiafsCounters(c, l.piafs.totals());
    return c;
  }

  /** Bytes taken by PIAFS but never delivered are lost; returns how many. */
  private abandon(stream: PacketByteStream<Frag>, rx: StreamReassembler<Frag>): number {
    const lost = stream.takenBytes - rx.cursor;
    if (lost > 0) rx.receive(rx.cursor, stream.takenBytes, false);
    return Math.max(0, lost);
  }
}

const packetOf = (f: Frag): number => f.packet.id;
const fragmentSeq = (f: Frag): number => f.seq;

/**
 * Record in `link.packet` a fragment that went on a released link and will never be framed —
 * queued for it at the release, or put on it before the release was noticed — with no frames
 * (first = last = −1): the explanation then finds every fragment of a datagram, the lost one
 * included, and the link it went on (analysis/explain; phs/explain.ts).
 */
function recordLost(src: MultilinkPacketTraceSource, dir: number, f: Frag, now: Nanos): void {
  src.record(now, dir, f.packet.id, -1, -1, f.link - 1, f.seq);
}
