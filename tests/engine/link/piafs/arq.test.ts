import { describe, expect, it } from 'vitest';
import {
  PIAFS_USER_BPS,
  PiafsMonitorKind,
  PiafsSide,
  formatPiafsMonitorRow,
  type PiafsMonitorRing,
  type PiafsSide as Side,
} from '../../../../src/engine/link/piafs';
import { ScriptedLink, TestSource, dropRange } from './helpers';

/** Monitor rows of one side for slots [from, to], in the study's text format. */
function rows(m: PiafsMonitorRing, side: Side, from: number, to: number): string[] {
  return m
    .rows(0, side)
    .filter((r) => r.slot >= from && r.slot <= to)
    .map(formatPiafsMonitorRow);
}

/** NUMs of the DATA frames one side received in slots [from, to] (−1 for CRC ERR). */
function nums(m: PiafsMonitorRing, side: Side, from: number, to: number): number[] {
  return m
    .rows(0, side)
    .filter((r) => r.slot >= from && r.slot <= to)
    .map((r) => (r.kind === PiafsMonitorKind.CRC_ERR ? -1 : r.num));
}

/** REQs one side received in slots [from, to]. */
function reqs(m: PiafsMonitorRing, side: Side, from: number, to: number): number[] {
  return m
    .rows(0, side)
    .filter((r) => r.slot >= from && r.slot <= to)
    .map((r) => r.req);
}

/** A download: the BS always has data, the MS has none (FTP Get). */
function download(options = {}): ScriptedLink {
  return new ScriptedLink(options, new TestSource(0), new TestSource(Infinity));
}

describe('PIAFS selective-repeat ARQ', () => {
  it('one CRC error: REQ sticks on the missing frame, the sender re-sends it among new ones after the slack, REQ jumps (Figure 2)', () => {
    const s = download();
    s.dropDown.add(10); // the BS's frame NUM 10, sent in slot 10
    s.run(40);
    // What the MS received from the BS: a CRC ERR, new frames, the re-sent NUM 10 among them.
    expect(rows(s.monitor, PiafsSide.MS, 10, 22)).toEqual([
      '10 8 0 DATA',
      '11 9 0 DATA',
      '12 CRC ERR',
      '13 11 0 DATA',
      '14 12 0 DATA',
      '15 13 0 DATA',
      '16 14 0 DATA',
      '17 15 0 DATA',
      '18 16 0 DATA',
      // sent in slot 17 = 10 + 2 × piafsDelay + resendSlack
      '19 10 0 DATA',
      '20 17 0 DATA',
      '21 18 0 DATA',
      '22 19 0 DATA',
    ]);
    // What the BS received from the (idle) MS: REQ stuck on 10, then jumping to 17.
    expect(rows(s.monitor, PiafsSide.BS, 12, 23)).toEqual([
      '12 0 9 IDLE',
      '13 0 10 IDLE',
      '14 0 10 IDLE',
      '15 0 10 IDLE',
      '16 0 10 IDLE',
      '17 0 10 IDLE',
      '18 0 10 IDLE',
      '19 0 10 IDLE',
      '20 0 10 IDLE',
      '21 0 17 IDLE',
      '22 0 18 IDLE',
      '23 0 19 IDLE',
    ]);
    const bs = s.link.bs.counters;
    const ms = s.link.ms.counters;
    expect(bs.resentFrames).toBe(1);
    expect(bs.repeatedFrames).toBe(0);
    expect(bs.newFrames).toBe(39);
    expect(ms.crcErrors).toBe(1);
    expect(ms.outOfOrderFrames).toBe(6); // NUM 11…16 held while 10 was missing
    expect(ms.duplicateFrames).toBe(0);
    // Frames sent up to slot 37 have arrived by slot 39: NUM 0…36 (slot 17 carried the re-sent
    // NUM 10), all of them in order, none given up.
    expect(s.msSink.total).toBe(37 * 73);
    expect(s.msSink.chunks.every((n) => n === 73)).toBe(true);
  });

  it('a burst of 5 CRC errors: the lost frames are re-sent one per round trip, REQ climbs then jumps', () => {
    const s = download();
    dropRange(s.dropDown, 10, 5); // NUM 10…14
    s.run(40);
    expect(nums(s.monitor, PiafsSide.MS, 12, 16)).toEqual([-1, -1, -1, -1, -1]);
    // Received NUMs, slots 17…37: each lost frame re-sent when REQ names it and it is overdue.
    expect(nums(s.monitor, PiafsSide.MS, 17, 37)).toEqual([
      15, 16, 10, 17, 18, 19, 11, 20, 21, 22, 12, 23, 24, 25, 13, 26, 27, 28, 14, 29, 30,
    ]);
    // REQ the MS sent, as seen at the BS two slots later: 10 stuck, one step per re-sent frame,
    // then a jump over the 14 frames held (15…28) when 14 arrives.
    expect(reqs(s.monitor, PiafsSide.BS, 14, 38)).toEqual([
      10, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14, 29, 30,
    ]);
    expect(s.link.bs.counters.resentFrames).toBe(5);
    expect(s.link.ms.counters.crcErrors).toBe(5);
    expect(s.link.ms.state.vr).toBe(33); // REQ after slot 39
    expect(s.msSink.total).toBe(33 * 73);
  });

  it('a lost REQ (reverse-direction error) makes the sender re-send a frame the peer already has', () => {
    const s = download();
    // The MS's frames of slots 12…20 fail: the BS hears REQ 10 (slot 11's frame) and then nothing
    // until slot 21's frame arrives in slot 23, so NUM 10 looks overdue in slot 17 = 10 + 4 + 3.
    dropRange(s.dropUp, 12, 9);
    s.run(30);
    expect(nums(s.monitor, PiafsSide.MS, 17, 21)).toEqual([15, 16, 10, 17, 18]);
    expect(s.link.bs.counters.resentFrames).toBe(1);
    expect(s.link.ms.counters.duplicateFrames).toBe(1);
    expect(s.link.bs.state.va).toBe(s.link.ms.state.vr - 2); // REQ of slot 27, heard in slot 29
    expect(s.msSink.total).toBe(27 * 73);
  });

  it('window full: the sender repeats its unacknowledged frames in turn (window 2 halves the rate)', () => {
    const s = download({ window: 2 });
    s.run(1002);
    expect(nums(s.monitor, PiafsSide.MS, 2, 17)).toEqual([0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7]);
    const bs = s.link.bs.counters;
    expect(bs.newFrames).toBe(502); // slots 0…1001: new, new, repeat, repeat, …
    expect(bs.repeatedFrames).toBe(500);
    expect(bs.resentFrames).toBe(0);
    // 1000 slots of arrivals (slots 2…1001) carry 500 new frames: half of 58 400 bit/s.
    expect((s.msSink.total * 8) / 10).toBe(PIAFS_USER_BPS / 2);
  });

  it('window full while the peer cannot be heard: repeats keep cycling, new frames resume when REQ gets through', () => {
    const s = download({ window: 4 });
    dropRange(s.dropUp, 0, 30);
    s.run(40);
    expect(nums(s.monitor, PiafsSide.MS, 2, 33)).toEqual([
      0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
    ]);
    // The MS's frame of slot 30 (REQ 4) reaches the BS in slot 32: new frames from then on.
    expect(nums(s.monitor, PiafsSide.MS, 34, 39)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(s.link.bs.counters.resentFrames).toBe(0); // repeats keep the frames fresh
    expect(s.link.ms.counters.duplicateFrames).toBe(28);
  });

  it('an idle link still sends a frame every slot, carrying REQ; a short message is repeated until acknowledged', () => {
    const s = new ScriptedLink({}, new TestSource(100), new TestSource(0));
    s.run(12);
    expect(s.link.ms.counters.framesSent).toBe(12);
    expect(s.link.bs.counters.framesSent).toBe(12);
    expect(s.link.bs.counters.idleFrames).toBe(12);
    // MS: NUM 0 (73 bytes), NUM 1 (27 bytes), repeats until REQ 2 is heard, then IDLE.
    expect(rows(s.monitor, PiafsSide.BS, 2, 9)).toEqual([
      '2 0 0 DATA',
      '3 1 0 DATA',
      '4 0 0 DATA',
      '5 1 0 DATA',
      '6 1 0 DATA',
      '7 2 0 IDLE',
      '8 2 0 IDLE',
      '9 2 0 IDLE',
    ]);
    // BS: IDLE frames whose REQ follows what it received.
    expect(rows(s.monitor, PiafsSide.MS, 2, 7)).toEqual([
      '2 0 0 IDLE',
      '3 0 0 IDLE',
      '4 0 1 IDLE',
      '5 0 2 IDLE',
      '6 0 2 IDLE',
      '7 0 2 IDLE',
    ]);
    expect(s.bsSink.chunks).toEqual([73, 27]);
    expect(s.link.ms.counters.repeatedFrames).toBe(3);
    expect(s.link.bs.counters.duplicateFrames).toBe(3);
  });

  it('wraps NUM and REQ modulo 128 and still delivers every byte in order', () => {
    const cycle = [73, 50, 10, 73, 1, 64, 73];
    const s = new ScriptedLink({}, new TestSource(Infinity, cycle), new TestSource(Infinity, [73, 20]));
    for (const slot of [126, 127, 128, 130, 255, 256, 260]) s.dropDown.add(slot);
    for (const slot of [125, 129, 254, 257]) s.dropUp.add(slot);
    s.run(420);
    const ms = nums(s.monitor, PiafsSide.MS, 120, 200);
    expect(ms).toContain(127);
    expect(ms).toContain(0);
    expect(Math.max(...s.monitor.rows(0).map((r) => Math.max(r.num, r.req)))).toBe(127);
    // Everything handed over is a prefix of what was taken, chunk by chunk.
    expect(s.msSink.chunks).toEqual(s.bsSource.taken.slice(0, s.msSink.chunks.length));
    expect(s.bsSink.chunks).toEqual(s.msSource.taken.slice(0, s.bsSink.chunks.length));
    expect(s.msSink.chunks.length).toBeGreaterThan(400);
    expect(s.bsSink.chunks.length).toBeGreaterThan(400);
    expect(s.link.ms.state.vr).toBeGreaterThan(256);
  });

  it('a clean link carries 73 bytes per 10 ms: 58 400 bit/s of user data', () => {
    const s = new ScriptedLink({}, new TestSource(Infinity), new TestSource(Infinity));
    s.run(100);
    const up0 = s.bsSink.total;
    const down0 = s.msSink.total;
    s.run(1000); // 10 s
    expect(((s.bsSink.total - up0) * 8) / 10).toBe(58_400);
    expect(((s.msSink.total - down0) * 8) / 10).toBe(58_400);
    const t = s.link.totals();
    expect(t.crcErrors + t.resentFrames + t.repeatedFrames + t.idleFrames + t.duplicateFrames).toBe(0);
  });

  it('rejects parameters outside the sequence space', () => {
    expect(() => download({ window: 65 })).toThrow(RangeError);
    expect(() => download({ piafsDelay: 0 })).toThrow(RangeError);
    expect(() => download({ resendSlack: -1 })).toThrow(RangeError);
  });
});
