import { describe as group, expect, it } from 'vitest';
import { PacketByteStream } from '../../../../src/engine/link/ppp/stream';
import {
  Is707RlpEndpoint,
  resolveRlpConfig,
  RlpFrame,
  RlpFrameKind as K,
  type Is707RlpConfig,
} from '../../../../src/engine/link/is707-rlp';
import { describe, peerFrame, RecordingSink } from './harness';

/** What `x` sends in `slot`, in a fresh frame. */
function poll(x: Is707RlpEndpoint, slot: number): RlpFrame {
  const f = new RlpFrame();
  x.pollTransmit(slot, f);
  return f;
}

/** An endpoint with `bytes` of data to send and a sink recording what it passes on. */
function endpoint(config: Is707RlpConfig = {}, bytes = 0) {
  const tx = new PacketByteStream<string>();
  if (bytes > 0) tx.append('x', bytes);
  const sink = new RecordingSink();
  return { x: new Is707RlpEndpoint(config, tx, sink), tx, sink };
}

group('Is707RlpEndpoint: per-slot priority', () => {
  it('sends NAK before retransmission before new data before idle', () => {
    const { x } = endpoint({ idle: 2 }, 38); // two data frames
    const sent: string[] = [];
    sent.push(describe(poll(x, 0))); // data 0
    x.handleFrame(1, peerFrame(K.Data, 2), false); // peer frames 0, 1 missing
    sent.push(describe(poll(x, 1))); // NAK beats new data
    // Peer NAKs our frame 0; its V(S) = 5 reveals peer frames 3, 4 missing (rule (c)).
    const nak = peerFrame(K.Nak, 5, { nak: [0] });
    x.handleFrame(2, nak, false);
    sent.push(describe(poll(x, 2))); // NAK beats retransmission
    for (let s = 3; s < 8; s++) sent.push(describe(poll(x, s)));
    expect(sent).toEqual([
      'data 0',
      'nak r1 [0,1]',
      'nak r1 [3,4]',
      'retx 0',
      'data 1',
      'idle 2',
      'idle 2',
      '-',
    ]);
    expect(x.counters.framesSent).toEqual([1, 2, 1, 2, 2]);
    expect(x.counters.gapsDetected).toBe(2);
  });

  it('carries its own V(S) on NAK and idle frames', () => {
    const { x } = endpoint({ idle: 1 }, 19 * 3);
    for (let s = 0; s < 3; s++) poll(x, s);
    x.handleFrame(3, peerFrame(K.Data, 1), false);
    const f = poll(x, 3);
    expect([f.kind, f.seq, f.fn, f.nakCount, f.nakFrames[0]]).toEqual([K.Nak, 3, 3, 1, 0]);
    const g = poll(x, 4);
    expect([g.kind, g.seq, g.fn]).toEqual([K.Idle, 3, 3]);
  });

  it("fills the caller's frame, says whether it sends, and refuses slots out of order", () => {
    const { x } = endpoint({ idle: 0 }, 10);
    const f = new RlpFrame();
    expect(x.pollTransmit(0, f)).toBe(true);
    expect(f.kind).toBe(K.Data);
    expect(x.pollTransmit(1, f)).toBe(false);
    expect(f.kind).toBe(K.None);
    expect(() => x.pollTransmit(1, f)).toThrow();
  });
});

group('Is707RlpEndpoint: receiver', () => {
  it('passes frames on in order once a gap fills; duplicates and erased frames have no effect', () => {
    const { x, sink } = endpoint();
    x.handleFrame(0, peerFrame(K.Data, 0), false);
    x.handleFrame(1, peerFrame(K.Data, 2), false);
    x.handleFrame(2, peerFrame(K.Data, 1), true); // erased
    x.handleFrame(3, peerFrame(K.Data, 3), false);
    expect(sink.ranges).toEqual([[0, 19, true]]);
    expect([x.vr, x.vn]).toEqual([4, 1]);
    x.handleFrame(4, peerFrame(K.Retx, 1), false);
    x.handleFrame(5, peerFrame(K.Retx, 1), false);
    expect(sink.ranges.map(([a]) => a)).toEqual([0, 19, 38, 57]);
    expect(x.counters).toMatchObject({
      frameErrors: 1,
      framesReceived: 5,
      duplicates: 1,
      framesDelivered: 4,
    });
  });

  it('finds gaps from idle frames (rule (b)); an idle V(S) equal to V(R) is no gap', () => {
    const { x } = endpoint();
    x.handleFrame(0, peerFrame(K.Data, 0), false);
    x.handleFrame(1, peerFrame(K.Idle, 1), false);
    expect(x.counters.gapsDetected).toBe(0);
    x.handleFrame(2, peerFrame(K.Idle, 3), false);
    expect([x.vr, x.vn, x.counters.gapsDetected]).toEqual([3, 1, 1]);
    expect(describe(poll(x, 2))).toBe('nak r1 [1,2]');
  });

  it('reads SEQ relative to V(R) within a half-space of 128', () => {
    const { x } = endpoint();
    const r = x.receiver;
    r.vr = 300; // 300 mod 256 = 44
    expect(r.interpret(44)).toBe(300);
    expect(r.interpret(44 + 127)).toBe(427);
    expect(r.interpret((44 + 128) & 255)).toBe(172);
    expect(r.interpret(43)).toBe(299);
  });

  it('reports the frames it gives up as an abort event when the abort timer expires', () => {
    const { x } = endpoint();
    x.handleFrame(0, peerFrame(K.Data, 4), false); // gap [0, 4), never filled
    const events: unknown[] = [];
    for (let s = 0; s < 100 && events.length === 0; s++) {
      poll(x, s);
      for (let e = x.pollEvent(); e !== null; e = x.pollEvent()) events.push(e);
    }
    expect(events).toEqual([{ kind: 'abort', slot: 48, frames: 4, first: 0 }]);
    expect(x.counters).toMatchObject({ aborts: 1, framesAbandoned: 4 });
    expect(x.pollEvent()).toBeNull();
  });

  it('a NAK lists exactly the frames of its gap still missing, round after round', () => {
    const { x } = endpoint();
    x.handleFrame(0, peerFrame(K.Data, 4), false); // gap [0, 4)
    expect(describe(poll(x, 0))).toBe('nak r1 [0,1,2,3]');
    expect(x.pollTimeout()).toBe(10);
    x.handleFrame(3, peerFrame(K.Retx, 1), false);
    x.handleFrame(4, peerFrame(K.Retx, 2), false);
    for (let s = 1; s < 10; s++) expect(poll(x, s).kind).toBe(K.None);
    expect(describe(poll(x, 10))).toBe('nak r2 [0,3]');
    x.handleFrame(11, peerFrame(K.Retx, 0), false);
    expect(describe(poll(x, 11))).toBe('nak r2 [3]');
    expect(x.pollTimeout()).toBe(21);
    for (let s = 12; s < 21; s++) poll(x, s);
    expect(['21', '22', '23'].map((s) => describe(poll(x, Number(s))))).toEqual([
      'nak r3 [3]',
      'nak r3 [3]',
      'nak r3 [3]',
    ]);
    expect(x.pollTimeout()).toBe(23 + 25);
    x.handleFrame(30, peerFrame(K.Retx, 3), false); // arrives in time: no abort
    expect([x.vn, x.pollTimeout(), x.receiver.activeGaps]).toEqual([5, Infinity, 0]);
    expect(x.counters).toMatchObject({ naksSent: 6, nakTimeouts: 2, aborts: 0 });
  });

  it('the abort timer gives frames up; V(N) moves past them and later data is passed on', () => {
    const { x, sink } = endpoint({ nakRounds: [1], abortTimer: 5 });
    x.handleFrame(0, peerFrame(K.Data, 0), false);
    x.handleFrame(1, peerFrame(K.Data, 2), false); // frame 1 missing
    expect(describe(poll(x, 1))).toBe('nak r1 [1]');
    x.handleFrame(2, peerFrame(K.Data, 3), false);
    for (let s = 2; s < 6; s++) poll(x, s);
    expect(x.vn).toBe(1);
    poll(x, 6);
    expect([x.vn, x.vr, x.counters.aborts, x.counters.framesAbandoned]).toEqual([4, 4, 1, 1]);
    expect(sink.ranges).toEqual([
      [0, 19, true],
      [38, 57, true],
      [57, 76, true],
    ]);
    // A late retransmission of the abandoned frame is a duplicate.
    x.handleFrame(7, peerFrame(K.Retx, 1), false);
    expect(x.counters.duplicates).toBe(1);
  });

  it('runs several gaps independently, oldest NAK first', () => {
    const { x } = endpoint();
    x.handleFrame(0, peerFrame(K.Data, 1), false); // gap [0,1)
    x.handleFrame(1, peerFrame(K.Data, 3), false); // gap [2,3)
    expect(describe(poll(x, 1))).toBe('nak r1 [0]');
    expect(describe(poll(x, 2))).toBe('nak r1 [2]');
    expect(x.receiver.activeGaps).toBe(2);
    x.handleFrame(3, peerFrame(K.Retx, 2), false);
    expect([x.receiver.activeGaps, x.vn]).toEqual([1, 0]);
  });

  it('counts a misread retransmission (SEQ reused by a later frame) and passes its bytes on as lost', () => {
    const { x, sink } = endpoint();
    x.handleFrame(0, peerFrame(K.Data, 0), false);
    x.handleFrame(1, peerFrame(K.Data, 2), false); // frame 1 missing
    // The peer resends what it now holds under SEQ 1: true frame 257.
    x.handleFrame(2, peerFrame(K.Retx, 257), false);
    expect(x.counters.seqAmbiguities).toBe(1);
    expect(sink.ranges).toEqual([
      [0, 19, true],
      [257 * 19, 258 * 19, false],
      [38, 57, true],
    ]);
  });
});

group('Is707RlpEndpoint: sender', () => {
  it('answers each NAK received with one retransmission of every frame it names', () => {
    const { x } = endpoint({}, 19 * 5);
    for (let s = 0; s < 5; s++) poll(x, s);
    x.handleFrame(5, peerFrame(K.Nak, 0, { nak: [1, 3], round: 2 }), false);
    x.handleFrame(6, peerFrame(K.Nak, 0, { nak: [1, 3], round: 2 }), false);
    const sent = [6, 7, 8, 9, 10].map((s) => describe(poll(x, s)));
    // Slot 5 was not polled: both NAKs are queued before slot 6.
    expect(sent).toEqual(['retx 1', 'retx 3', 'retx 1', 'retx 3', '-']);
    expect(x.counters.retransmittedFrames).toBe(4);
    const f = poll(x, 11);
    expect(f.kind).toBe(K.None);
  });

  it('retransmits the byte range of the original frame; ignores SEQs it never sent', () => {
    const { x } = endpoint({}, 30);
    poll(x, 0);
    poll(x, 1);
    x.handleFrame(2, peerFrame(K.Nak, 0, { nak: [1, 7] }), false);
    const f = poll(x, 2);
    expect([f.kind, f.fn, f.seq, f.start, f.end]).toEqual([K.Retx, 1, 1, 19, 30]);
    expect(poll(x, 3).kind).toBe(K.None);
  });

  it('sends a short frame rather than wait for 19 bytes; an end that never sent data sends no idle frames', () => {
    const { x, tx } = endpoint({ idle: Infinity });
    expect(poll(x, 0).kind).toBe(K.None);
    tx.append('y', 5);
    const f = poll(x, 1);
    expect([f.kind, f.start, f.end, f.bytes]).toEqual([K.Data, 0, 5, 5]);
    expect(poll(x, 2).kind).toBe(K.Idle);
  });
});

group('IS-707 RLP configuration', () => {
  it('has the defaults of is707.md and validates', () => {
    expect(resolveRlpConfig()).toEqual({
      payloadBytes: 19,
      nakRounds: [1, 2, 3],
      nakTimer: 10,
      abortTimer: 25,
      idle: 0,
    });
    expect(() => resolveRlpConfig({ nakRounds: [] })).toThrow();
    expect(() => resolveRlpConfig({ nakRounds: [1, 0] })).toThrow();
    expect(() => resolveRlpConfig({ nakTimer: 0 })).toThrow();
    expect(() => resolveRlpConfig({ idle: -1 })).toThrow();
    expect(() => resolveRlpConfig({ idle: 2.5 })).toThrow();
    expect(resolveRlpConfig({ idle: Infinity }).idle).toBe(Infinity);
  });
});
