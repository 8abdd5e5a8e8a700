import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../../src/engine/core/trace';
import {
  DLC_FRAGMENT_DATA_BYTES,
  DectDlcTrace,
  DLC_HEADER_BYTES,
  dlcFragmentsFor,
} from '../../../../src/engine/link/dect-dlc';
import { DECT_SLOT_DATA_BYTES } from '../../../../src/engine/link/dect-mac';
import { DlcHarness, sentNs } from './harness';

/** Timer events of the receiver of `dir`: [kind, frame, fragment]. */
function timers(h: DlcHarness, dir: 0 | 1): [string, number, number][] {
  return h.events
    .filter((x) => x.dir === dir)
    .map(({ e }) => [e.kind, e.frame, e.kind === 'frameLost' ? e.first : e.missing]);
}

describe('DLC LU2 capacity (dect.md "Capacity")', () => {
  it('cuts a 512-byte segment into ceil((512 + 42) / 29) = 20 MAC packets of 29 + 3 bytes', () => {
    expect(DLC_FRAGMENT_DATA_BYTES + DLC_HEADER_BYTES).toBe(DECT_SLOT_DATA_BYTES);
    expect(dlcFragmentsFor(512 + 40)).toBe(20);
    expect(dlcFragmentsFor(40)).toBe(2); // a pure ACK: 42 bytes
    expect(() => dlcFragmentsFor(0)).toThrow(/IP packet size/);
    const h = new DlcHarness(1).queue(0, 1).run(20);
    const frags = h.sent.filter((s) => s.dir === 0 && s.f.length > 0).map((s) => s.f);
    expect(frags.map((f) => f.length)).toEqual([...Array<number>(19).fill(29), 554 - 19 * 29]);
    expect(frags.map((f) => f.more)).toEqual([...Array<boolean>(19).fill(true), false]);
  });

  it('carries 5 segments/s per error-free bearer: 10 bearers deliver 50 in 100 frames', () => {
    const h = new DlcHarness(10).queue(0, 60).run(100);
    expect(h.delivered[0].length).toBe(50);
    expect(h.delivered[0].map(([, id]) => id)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('DLC LU2 receiver keeps out-of-order fragments; timer 1 asks for a go-back', () => {
  // Three bearers; fragment 0's first transmission is lost at the MAC.
  const lose0Once = (dir: 0 | 1, _f: number, _b: number, f: { ns: number; length: number }, tx: number) =>
    dir === 0 && f.length > 0 && f.ns === 0 && tx === 1 ? -1 : 0;

  it('holds what comes after the gap and delivers it all when the gap fills', () => {
    const h = new DlcHarness(3, lose0Once).queue(0, 2).run(10);
    const rx = h.ends[1].receiver;
    expect(h.delivered[0]).toEqual([]);
    expect(rx.heldCount).toBe(29); // fragments 1–29 arrived in frames 0–9
    expect(rx.counters.outOfOrder).toBe(29);
    h.run(3);
    // Timer 1 (gap seen in frame 0) fires in frame 10; REJ goes up in frame 10; fragment 0 comes in
    // frame 11 and releases packet 0 at once (nothing of it is sent a second time but 0, 1, 2).
    expect(timers(h, 0)).toEqual([['timer1', 10, 0]]);
    expect(h.delivered[0][0]).toEqual([11, 0]);
    expect(sentNs(h, 0, 11, 11)).toEqual([0, 1, 2]);
    expect(h.ends[0].sender.counters.goBacks).toBe(1);
    expect(rx.counters.duplicates).toBe(2);
  });

  it('goes back to the first missing fragment (go-back-N) and keeps what it holds past it', () => {
    // One bearer, fragment n goes in frame n. Fragment 3 is lost once; 4… arrive and are kept.
    const h = new DlcHarness(1, (dir, _f, _b, f, tx) =>
      dir === 0 && f.ns === 3 && f.length > 0 && tx === 1 ? -1 : 0,
    );
    h.queue(0, 1).run(15);
    const rej = h.sent.find((s) => s.dir === 1 && s.f.rej);
    expect(rej?.f.nr).toBe(3);
    expect(rej?.frame).toBe(14); // gap seen in frame 4, timer 1 = 10 frames
    expect(h.ends[1].receiver.counters.outOfOrder).toBe(11); // 4–14
    h.run(1);
    expect(sentNs(h, 0, 15, 15)).toEqual([3]);
    // Fragment 3 fills the gap: the in-order point jumps over the 11 kept fragments at once (a
    // go-back-N receiver that discarded them would stand at 4 and need them all again).
    expect(h.ends[1].receiver.vr).toBe(15);
    h.run(5);
    expect(sentNs(h, 0, 16, 20)).toEqual([15, 16, 17, 18, 19]);
    expect(h.delivered[0]).toEqual([[20, 0]]);
  });
});

describe('DLC LU2 timer 1 restarts whenever the in-order point advances', () => {
  it('fires 10 frames after the last advance, not after the first gap', () => {
    // One bearer: fragment 0 is held up 5 frames in the MAC, fragment 3 is lost once.
    const h = new DlcHarness(1, (dir, _f, _b, f, tx) => {
      if (dir !== 0 || f.length === 0 || tx > 1) return 0;
      if (f.ns === 0) return 5;
      return f.ns === 3 ? -1 : 0;
    });
    h.queue(0, 1).run(14);
    // Gap seen in frame 1 (timer to 11); fragment 0 arrives in frame 5: in-order point 0 → 3.
    expect(timers(h, 0)).toEqual([]);
    h.run(2);
    expect(timers(h, 0)).toEqual([['timer1', 15, 3]]);
  });
});

describe('DLC LU2 timer 2 gives the frame up and marks it in the next acknowledgement', () => {
  it('skips the frame after 20 more frames; the sender moves on and the next packet gets through', () => {
    // Fragment 0 is lost every time: packet 0 can never be completed.
    const h = new DlcHarness(2, (dir, _f, _b, f) => (dir === 0 && f.length > 0 && f.ns === 0 ? -1 : 0));
    h.queue(0, 2).run(40);
    // Timer 2 fires in frame 30: the acknowledgement going up in frame 30 carries LOSS with
    // N(R) = 0; the sender moves its window past packet 0 (fragments 0–19) and sends the new edge,
    // 20, first thing in frame 31; the receiver skips there and delivers packet 1, held whole.
    expect(timers(h, 0)).toEqual([
      ['timer1', 10, 0],
      ['timer2', 30, 0],
      ['frameLost', 31, 0],
    ]);
    const marked = h.sent.filter((s) => s.dir === 1 && s.f.loss);
    expect(marked.map((s) => [s.frame, s.f.nr])).toEqual([[30, 0]]);
    const edge = h.sent.filter((s) => s.dir === 0 && s.f.length === 0);
    expect(edge.map((s) => [s.frame, s.bearer, s.f.ns])).toEqual([[31, 0, 20]]);
    expect(h.delivered[0]).toEqual([[31, 1]]);
    const tx = h.ends[0].sender;
    expect(tx.counters.lossMarks).toBe(1);
    expect(tx.va).toBe(40);
    expect(h.ends[1].receiver.counters.framesGivenUp).toBe(1);
  });

  it('stops timer 2 when the missing fragment arrives in time', () => {
    const h = new DlcHarness(2, (dir, _f, _b, f, tx) =>
      dir === 0 && f.length > 0 && f.ns === 0 && tx === 1 ? -1 : 0,
    );
    h.queue(0, 2).run(60);
    expect(timers(h, 0)).toEqual([['timer1', 10, 0]]);
    expect(h.delivered[0].map(([, id]) => id)).toEqual([0, 1]);
    expect(h.ends[1].receiver.timer2).toBe(Infinity);
  });

  it('asks once: when the retransmission is lost too, the frame is given up at timer 2', () => {
    const h = new DlcHarness(2, (dir, _f, _b, f, tx) =>
      dir === 0 && f.length > 0 && f.ns === 0 && tx <= 2 ? -1 : 0,
    );
    h.queue(0, 2).run(60);
    expect(timers(h, 0).map(([k, t]) => [k, t])).toEqual([
      ['timer1', 10],
      ['timer2', 30],
      ['frameLost', 31],
    ]);
    expect(h.delivered[0].map(([, id]) => id)).toEqual([1]);
  });
});

describe('DLC LU2 without a sender timer', () => {
  it('finds a lost last fragment only when the next frame shows the gap', () => {
    // One bearer: packet 0's last fragment (19) is lost; packet 1 is queued 40 frames later.
    const h = new DlcHarness(1, (dir, _f, _b, f, tx) =>
      dir === 0 && f.length > 0 && f.ns === 19 && tx === 1 ? -1 : 0,
    );
    h.queue(0, 1).run(40);
    expect(h.delivered[0]).toEqual([]);
    expect(h.ends[1].receiver.timer1).toBe(Infinity); // no gap seen: nothing after 19 arrived
    h.queue(0, 1, 1).run(12);
    // Fragment 20 arrives in frame 40: timer 1 fires in frame 50, 19 comes again in frame 51.
    expect(timers(h, 0)).toEqual([['timer1', 50, 19]]);
    expect(h.delivered[0]).toEqual([[51, 0]]);
  });
});

describe('DLC LU2 window of 63 fragments', () => {
  it('stalls with 63 fragments unacknowledged', () => {
    // Ten bearers send fragments 0–62 in frames 0–6; fragment 0 never arrives, so N(R) stays 0.
    const h = new DlcHarness(10, (dir, _f, _b, f) => (dir === 0 && f.length > 0 && f.ns === 0 ? -1 : 0));
    h.queue(0, 5).run(10);
    const tx = h.ends[0].sender;
    expect(tx.vs - tx.va).toBe(63);
    expect(tx.stalled).toBe(true);
    expect(Math.max(...sentNs(h, 0, 0, 6))).toBe(62);
    expect(sentNs(h, 0, 7, 9)).toEqual([]); // 37 fragments wait, none may go
    expect(h.ends[1].receiver.heldCount).toBe(62);
    // Timer 1 (frame 10) makes the sender go back to 0, inside the same window.
    h.run(1);
    expect(sentNs(h, 0, 10, 10)).toEqual([]);
    h.run(1);
    expect(sentNs(h, 0, 11, 11)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('dect.dlc trace', () => {
  it('records timer expiries and frames given up with terminal, direction, kind and fragment', () => {
    const rec = new TraceRecorder();
    const trace = new DectDlcTrace(rec);
    const h = new DlcHarness(2, (dir, _f, _b, f) => (dir === 0 && f.length > 0 && f.ns === 0 ? -1 : 0));
    h.queue(0, 2).run(40);
    for (const { dir, e } of h.events) trace.record(e.frame * 10_000_000, 3, dir, e);
    const b = rec.read('dect.dlc');
    expect(rec.get('dect.dlc')?.info.fields).toEqual(['terminal', 'dir', 'kind', 'sequence']);
    expect(Array.from(b.time)).toEqual([100_000_000, 300_000_000, 310_000_000]);
    expect(b.columns.map((c) => Array.from(c))).toEqual([
      [3, 3, 3],
      [0, 0, 0],
      [0, 1, 2],
      [0, 0, 0],
    ]);
  });
});
