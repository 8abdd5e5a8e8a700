/**
 * The Snoop agent against remedies.md's rules, with scripted arrivals: a local RTT from forwarding
 * to ACK; a local retransmission on the first duplicate ACK, next in the queue; suppression of the
 * duplicate ACKs until a new ACK; the local timer max(2·SRTT, 200 ms), doubling per retry, 3 local
 * retransmissions and a hand-back; the fixed host's own retransmission forwarded without a sample.
 */
import { describe, expect, it } from 'vitest';
import { TcpFlag, type Packet } from '../../../src/engine/core/packet';
import { millis, seconds } from '../../../src/engine/core/time';
import { Toward, type AgentOutput } from '../../../src/engine/remedy/base-station';
import { SNOOP_MAX_LOCAL, SnoopAgent } from '../../../src/engine/remedy/snoop';

const MSS = 1000;
let nextId = 1;

function data(seq: number, len = MSS): Packet {
  return {
    id: nextId++,
    src: 1,
    dst: 2,
    size: 40 + len,
    tcp: {
      srcPort: 20,
      dstPort: 5001,
      seq,
      ack: 1,
      flags: TcpFlag.ACK,
      wnd: 65535,
      len,
      retransmit: false,
      opt: null,
      ledger: null,
      copy: 0,
    },
  };
}

function ack(n: number): Packet {
  return {
    id: nextId++,
    src: 2,
    dst: 1,
    size: 40,
    tcp: {
      srcPort: 5001,
      dstPort: 20,
      seq: 1,
      ack: n,
      flags: TcpFlag.ACK,
      wnd: 65535,
      len: 0,
      retransmit: false,
      opt: null,
      ledger: null,
      copy: 0,
    },
  };
}

function drain(a: SnoopAgent): AgentOutput[] {
  const out: AgentOutput[] = [];
  for (let o = a.pollOutput(); o !== null; o = a.pollOutput()) out.push(o);
  return out;
}

/** Three segments forwarded at 0, 10 and 20 ms; the first ACKed at 500 ms (the local RTT sample). */
function primed(): SnoopAgent {
  const a = new SnoopAgent();
  for (let k = 0; k < 3; k++) a.handleFromFixed(millis(10 * k), data(k * MSS));
  a.handleFromMobile(millis(500), ack(MSS));
  return a;
}

describe('SnoopAgent', () => {
  it('forwards data towards the mobile at the tail and takes a local RTT sample from its ACK', () => {
    const a = new SnoopAgent();
    a.handleFromFixed(0, data(0));
    expect(a.pollTimeout()).toBe(Infinity); // armed only from the first RTT sample on
    const out = drain(a);
    expect(out.map((o) => [o.toward, o.resend])).toEqual([[Toward.Mobile, false]]);
    a.handleFromFixed(millis(10), data(MSS));
    a.handleFromMobile(millis(500), ack(MSS));
    expect(a.srtt(20, 5001)).toBe(millis(500));
    // The new ACK goes on to the fixed host; the timer covers the oldest cached segment: 2 × SRTT.
    expect(drain(a).map((o) => o.toward)).toEqual([Toward.Mobile, Toward.Fixed]);
    expect(a.pollTimeout()).toBe(millis(500) + seconds(1));
  });

  it('resends on the first duplicate ACK, next in the queue, and suppresses the duplicates until a new ACK', () => {
    const a = primed();
    drain(a);
    a.handleFromMobile(millis(600), ack(MSS));
    const out = drain(a);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ toward: Toward.MobileNext, resend: true });
    expect(out[0].packet.tcp!.seq).toBe(MSS);
    // The timer restarts at the local retransmission, doubled for its first retry.
    expect(a.pollTimeout()).toBe(millis(600) + 2 * seconds(1));
    a.handleFromMobile(millis(620), ack(MSS));
    a.handleFromMobile(millis(640), ack(MSS));
    expect(drain(a)).toEqual([]); // suppressed: no second local resend, nothing to the fixed host
    expect(a.counters).toEqual({ localRetransmits: 1, suppressedDupAcks: 3, handedBack: 0 });
    a.handleFromMobile(millis(900), ack(3 * MSS));
    expect(drain(a).map((o) => o.toward)).toEqual([Toward.Fixed]);
    expect(a.pollTimeout()).toBe(Infinity); // nothing left cached
    // The sample comes from segment 3 (sent once, 880 ms), not the resent segment 2 (Karn).
    expect(a.srtt(20, 5001)).toBe(millis(500) + (millis(880) - millis(500)) / 8);
  });

  it('resends on its local timer max(2·SRTT, 200 ms), doubling, 3 times, then hands the segment back', () => {
    const a = primed();
    drain(a);
    let t = a.pollTimeout();
    expect(t).toBe(millis(1500));
    const fired: number[] = [];
    for (let k = 0; k < SNOOP_MAX_LOCAL; k++) {
      a.handleTimeout(t);
      fired.push(t);
      const out = drain(a);
      expect(out.map((o) => [o.toward, o.packet.tcp!.seq])).toEqual([[Toward.MobileNext, MSS]]);
      t = a.pollTimeout();
    }
    // 1 s, then 2, 4 and 8 s: the doubling per retry.
    expect(fired).toEqual([millis(1500), millis(3500), millis(7500)]);
    expect(t).toBe(millis(15500));
    a.handleTimeout(t);
    expect(drain(a)).toEqual([]);
    expect(a.counters.handedBack).toBe(1);
    expect(a.pollTimeout()).toBe(Infinity);
    // Handed back: its duplicate ACKs reach the fixed host again, and no local resend follows.
    a.handleFromMobile(millis(16000), ack(MSS));
    expect(drain(a).map((o) => o.toward)).toEqual([Toward.Fixed]);
    expect(a.counters.localRetransmits).toBe(3);
  });

  it('forwards the fixed host’s own retransmission, keeps the retry count and takes no sample from it', () => {
    const a = primed();
    drain(a);
    a.handleFromMobile(millis(600), ack(MSS)); // one local retry of segment 2
    drain(a);
    const again = data(MSS);
    a.handleFromFixed(millis(700), again);
    expect(drain(a)).toEqual([{ packet: again, toward: Toward.Mobile, resend: false, changed: false }]);
    // The retry count is kept: the timer still runs doubled (armed at the local resend).
    expect(a.pollTimeout()).toBe(millis(600) + 2 * seconds(1));
    a.handleFromMobile(millis(2000), ack(2 * MSS));
    expect(a.srtt(20, 5001)).toBe(millis(500));
  });

  it('leaves duplicate ACKs for a segment it never cached to TCP', () => {
    const a = new SnoopAgent();
    a.handleFromMobile(0, ack(MSS));
    a.handleFromMobile(1, ack(MSS));
    expect(drain(a).map((o) => o.toward)).toEqual([Toward.Fixed, Toward.Fixed]);
    expect(a.counters.suppressedDupAcks).toBe(0);
  });
});
