import { describe, expect, it } from 'vitest';
import { MultilinkReceiver, MultilinkSender, type Fragment } from '../../../../src/engine/link/ppp-multilink';
import { PIAFS_SLOT_NS, PIAFS_USER_BPS, PiafsLink } from '../../../../src/engine/link/piafs';
import { PacketByteStream, StreamReassembler } from '../../../../src/engine/link/ppp/stream';
import { pkt, type Pkt } from './helpers';

/** Flag, address, control, FCS-16 and a closing flag around each fragment (no stuffing counted). */
const PPP_FRAMING = 7;

describe('PPP Multilink over six PIAFS links (clean channel)', () => {
  it('carries 1500-byte packets at 6 × 58 400 bit/s less the Multilink and PPP overhead, in order', () => {
    const sender = new MultilinkSender<Pkt>();
    const receiver = new MultilinkReceiver<Pkt>();
    const links: {
      piafs: PiafsLink;
      down: PacketByteStream<Fragment<Pkt>>;
      rx: StreamReassembler<Fragment<Pkt>>;
    }[] = [];
    for (let id = 0; id < 6; id++) {
      sender.addLink(id, PIAFS_USER_BPS);
      receiver.addLink(id);
      const down = new PacketByteStream<Fragment<Pkt>>();
      const rx = new StreamReassembler(down);
      const idle = new PacketByteStream<number>();
      const piafs = new PiafsLink({
        up: { source: idle, sink: new StreamReassembler(idle) },
        down: { source: down, sink: rx },
      });
      links.push({ piafs, down, rx });
    }
    const sent: Pkt[] = [];
    const got: Pkt[] = [];
    let bitsAt100 = 0;
    let bits = 0;
    for (let slot = 0; slot < 1100; slot++) {
      const now = slot * PIAFS_SLOT_NS;
      // Keep the bundle fed: a new packet whenever a link is about to run dry.
      while (links.some((l, id) => l.down.pending + sender.queuedBytes(id) < 2 * 73)) {
        const p = pkt(1500);
        sent.push(p);
        sender.fragment(p, now);
      }
      links.forEach((l, id) => {
        while (l.down.pending < 73) {
          const f = sender.pollLink(id);
          if (!f) break;
          l.down.append(f, f.wireBytes + PPP_FRAMING);
        }
        l.piafs.step(slot, false, false);
        for (let f = l.rx.poll(); f; f = l.rx.poll()) receiver.receive(id, f, now);
      });
      for (let p = receiver.pollPacket(); p; p = receiver.pollPacket()) {
        got.push(p);
        bits += p.size * 8;
      }
      if (slot === 99) bitsAt100 = bits;
    }
    expect(got.map((p) => p.id)).toEqual(sent.slice(0, got.length).map((p) => p.id));
    expect(receiver.counters.packetsDiscarded).toBe(0);
    // Per packet: 1500 + 2 (protocol 0x0021) + 6 × (2 + 4 multilink + 7 framing) = 1580 bytes on the links.
    const expected = (6 * PIAFS_USER_BPS * 1500) / 1580;
    const measured = (bits - bitsAt100) / 10;
    expect(Math.abs(measured - expected) / expected).toBeLessThan(0.01);
  });
});
