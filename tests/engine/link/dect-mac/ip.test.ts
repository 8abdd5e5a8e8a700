import { describe, expect, it } from 'vitest';
import {
  DECT_DOWN,
  DECT_SLOT_DATA_BYTES,
  DECT_UP,
  DectMacEntity,
  createDectMacPacket,
} from '../../../../src/engine/link/dect-mac';
import { ScriptedBearer, copyTag, losses, makeTag, type Tag } from './helpers';

describe('DECT MAC Ip: one packet per frame, resent in the next frame', () => {
  it('carries 4 × 64 data bits = 32 bytes per slot', () => {
    expect(DECT_SLOT_DATA_BYTES).toBe(32);
  });

  it('delivers one packet per frame on an error-free bearer, in both directions', () => {
    for (const dir of [DECT_DOWN, DECT_UP] as const) {
      const b = new ScriptedBearer([], dir).run(20);
      expect(b.received).toEqual(Array.from({ length: 20 }, (_, i) => [i, i]));
      expect(b.bearer.sender(dir).counters.retransmissions).toBe(0);
    }
  });

  it('resends a packet with a bad subfield in the next frame', () => {
    const b = new ScriptedBearer(losses(DECT_DOWN, 0b0001, [0, 1]), DECT_DOWN).run(4);
    // Subfield 0 fails twice: packet 0 completes on its third attempt, in frame 2.
    expect(b.received).toEqual([
      [2, 0],
      [3, 1],
    ]);
    expect(b.bearer.rfp.counters).toMatchObject({ transmissions: 4, retransmissions: 2, acknowledged: 2 });
  });
});

describe('DECT MAC Ip: subfield combining', () => {
  it('delivers after 2 attempts when the bad subfields of the first are good in the second', () => {
    // Attempt 1 loses subfields 0 and 1, attempt 2 loses 2 and 3: neither alone is complete.
    const b = new ScriptedBearer([...losses(DECT_DOWN, 0b0011, [0]), ...losses(DECT_DOWN, 0b1100, [1])]).run(
      3,
    );
    expect(b.received[0]).toEqual([1, 0]);
    expect(b.bearer.portable.counters).toMatchObject({ received: 2, combined: 1, subfieldErrors: 4 });
    expect(b.bearer.rfp.counters.retransmissions).toBe(1);
  });

  it('keeps the good subfields while the same one keeps failing', () => {
    const b = new ScriptedBearer([
      ...losses(DECT_DOWN, 0b0110, [0]),
      ...losses(DECT_DOWN, 0b0111, [1]), // nothing new
      ...losses(DECT_DOWN, 0b1011, [2]), // subfield 2 now good
    ]).run(2);
    expect(b.bearer.portable.heldSubfields).toBe(0b1001);
    b.run(1);
    expect(b.bearer.portable.heldSubfields).toBe(0b1101);
    b.run(1);
    expect(b.received[0]).toEqual([3, 0]); // attempt 4 (all good) fills subfield 1
  });

  it('records each attempt in dect.mac with its failed subfields', () => {
    const b = new ScriptedBearer(
      [...losses(DECT_DOWN, 0b0011, [0]), ...losses(DECT_DOWN, 0b1100, [1])],
      DECT_DOWN,
      1,
    );
    b.run(3);
    const batch = b.trace.read('dect.mac');
    const col = (f: string) => Array.from(batch.columns[b.trace.get('dect.mac')!.info.fields.indexOf(f)]);
    expect(Array.from(batch.time)).toEqual([0, 10_000_000]);
    expect(col('kind')).toEqual([0, 1]);
    expect(col('attempt')).toEqual([1, 2]);
    expect(col('errors')).toEqual([2, 2]);
    expect(col('bearer')).toEqual([2, 2]);
  });
});

describe('DECT MAC Ip: at most 10 attempts', () => {
  it('gives a packet up on its 10th failed attempt and sends the next one', () => {
    const b = new ScriptedBearer(losses(DECT_UP, 0b1111, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), DECT_UP).run(12);
    // The 10th attempt goes up in frame 9; its negative acknowledgement comes down in frame 10,
    // where the packet is given up and the next one goes up in the same frame's up slot.
    expect(b.events).toEqual([
      { at: 10, dir: DECT_UP, event: { kind: 'giveUp', frame: 10, seq: 0, attempts: 10 } },
    ]);
    expect(b.received).toEqual([
      [10, 1],
      [11, 2],
    ]);
    expect(b.bearer.portable.counters).toMatchObject({ transmissions: 12, givenUp: 1 });
    expect(b.bearer.rfp.counters.subfieldErrors).toBe(40);
  });

  it('does not give up a packet completed on the 10th attempt', () => {
    const b = new ScriptedBearer(losses(DECT_DOWN, 0b1111, [0, 1, 2, 3, 4, 5, 6, 7, 8])).run(10);
    expect(b.events).toEqual([]);
    expect(b.received).toEqual([[9, 0]]);
  });

  it('drops the partly received packet when the sender moves on, never mixing it into the next', () => {
    // Subfield 3 fails ten times: the receiver holds 0–2 of packet 0 when packet 1 arrives.
    const b = new ScriptedBearer(losses(DECT_DOWN, 0b1000, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).run(12);
    expect(b.events.map((e) => e.at)).toEqual([9]);
    // Packet 1's first attempt (frame 10) also loses subfield 3: old subfields must not complete it.
    expect(b.received).toEqual([[11, 1]]);
    expect(b.bearer.portable.counters.partialsDropped).toBe(1);
  });
});

describe('DECT MAC Ip: a lost acknowledgement', () => {
  it('resends, and the receiver delivers the packet once', () => {
    const a = new DectMacEntity<Tag>(makeTag, copyTag);
    const b = new DectMacEntity<Tag>(makeTag, copyTag);
    const ab = createDectMacPacket(makeTag());
    const ba = createDectMacPacket(makeTag());
    const got: number[] = [];
    a.submit({ id: 7 });
    for (let f = 0; f < 3; f++) {
      a.pollTransmit(f, ab);
      b.handleFrame(f, ab, false);
      const p = b.takeReceived();
      if (p) got.push(p.id);
      b.pollTransmit(f, ba);
      a.handleFrame(f, ba, f === 0); // frame 0's reply slot is lost as a whole
    }
    expect(got).toEqual([7]);
    expect(b.counters.duplicates).toBe(1);
    expect(a.counters).toMatchObject({ transmissions: 2, acknowledged: 1, erasedSlots: 1 });
    expect(a.ready).toBe(true);
  });
});

describe('DECT MAC Ip: a packet written in place', () => {
  it('is sent as submit sends a copy, and the draft is refused while a packet is in flight', () => {
    const a = new DectMacEntity<Tag>(makeTag, copyTag);
    const b = new DectMacEntity<Tag>(makeTag, copyTag);
    const ab = createDectMacPacket(makeTag());
    const ba = createDectMacPacket(makeTag());
    const got: number[] = [];
    for (let f = 0; f < 4; f++) {
      if (a.ready) {
        a.draft.id = 40 + f;
        a.submitDraft();
      }
      a.pollTransmit(f, ab);
      b.handleFrame(f, ab, false);
      const p = b.takeReceived();
      if (p) got.push(p.id);
      b.pollTransmit(f, ba);
      a.handleFrame(f, ba, false);
    }
    expect(got).toEqual([40, 41, 42, 43]);
    expect(a.counters).toMatchObject({ packets: 4, transmissions: 4, acknowledged: 4 });
    a.submitDraft();
    expect(() => a.submitDraft()).toThrow(/already in flight/);
  });
});

describe('DECT MAC Ip: events waiting', () => {
  it('says a give-up waits exactly until it is polled', () => {
    const a = new DectMacEntity<Tag>(makeTag, copyTag);
    const ab = createDectMacPacket(makeTag());
    const ba = createDectMacPacket(makeTag());
    a.submit({ id: 3 });
    const waiting: boolean[] = [];
    for (let f = 0; f < 10; f++) {
      a.pollTransmit(f, ab);
      a.handleFrame(f, ba, true); // every reply slot lost: no acknowledgement ever comes
      waiting.push(a.eventWaiting);
    }
    expect(waiting).toEqual([false, false, false, false, false, false, false, false, false, true]);
    expect(a.pollEvent()).toMatchObject({ kind: 'giveUp', attempts: 10 });
    expect(a.eventWaiting).toBe(false);
    expect(a.pollEvent()).toBeNull();
  });
});
