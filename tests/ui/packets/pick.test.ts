/**
 * A click on the packet view opens the clicked datagram's chain (issue 25 item 4): the selection
 * it makes is the one "Why?" explains with the engine's code — on the IS-707 run of
 * e2e/explain.spec.ts, segment 3 lost in a fade and resent at 6.72 s.
 */
import { describe, expect, it } from 'vitest';
import { explainQuery } from '../../../src/engine/analysis/explain';
import { traceReaderOf } from '../../../src/state/explain-reader';
import { datagramSelection, frameDatagram } from '../../../src/ui/packets/pick';
import { packetSnapshot } from '../../../src/ui/packets/snapshot';
import { labPlugin } from '../../../src/ui/systems';
import { pageRun } from './run';

const run = pageRun('system=is707&fer=0.3&fdt=0.01&idle=0&duration=60', 12);
const ip = run.data['ip.packet'];
/** The ip.packet records of the segment with first byte `seq`, in order. */
const copies = (seq: number): number[] =>
  [...Array(ip.length).keys()].filter((k) => ip.cols.seq[k] === seq && ip.cols.len[k] > 0);

function explained(sel: Parameters<typeof explainQuery>[1]) {
  const r = explainQuery(traceReaderOf(run.data, run.sources), sel, null);
  if ('error' in r) throw new Error(r.error);
  return r.explanation;
}

describe('datagramSelection', () => {
  it('the lost copy and the resent copy of segment 3 both open the retransmission at 6.72 s', () => {
    const [lost, resent] = copies(1073);
    expect(resent).toBeDefined();
    for (const k of [lost, resent]) {
      const r = datagramSelection(run.data, ip.cols.id[k]);
      expect('selection' in r && r.none === undefined).toBe(true);
      if (!('selection' in r)) return;
      expect(r.selection).toMatchObject({ kind: 'retransmission', seq: 1073, conn: ip.cols.conn[k] });
      expect(r.selection.t).toBeCloseTo(6.72, 3);
      const e = explained({ t: Math.round(r.selection.t * 1e9), kind: 'retransmission', seq: 1073 });
      expect(e.title).toMatch(/^Retransmission of segment 3 \(bytes 1073–1608\) at 6\.72/);
    }
  });

  it('a segment never resent selects its bytes without a kind, and says so', () => {
    const once = [...Array(ip.length).keys()].find(
      (k) => ip.cols.len[k] > 0 && copies(ip.cols.seq[k]).length === 1,
    )!;
    const r = datagramSelection(run.data, ip.cols.id[once]);
    expect(r).toMatchObject({
      selection: { seq: ip.cols.seq[once], t: ip.t[once] },
      none: `the segment starting at byte ${ip.cols.seq[once]} was never retransmitted`,
    });
    expect('selection' in r && r.selection.kind).toBe(undefined);
  });

  it('a datagram the page no longer holds says so', () => {
    expect(datagramSelection(run.data, 1e9)).toEqual({
      none: 'datagram 1000000000 is no longer held by the page',
    });
  });
});

describe('frameDatagram', () => {
  it('the frames RLP sent with segment 3’s first copy name it (a frame it shares: the one before)', () => {
    const plugin = labPlugin('is707')!;
    const [lost] = copies(1073);
    const id = ip.cols.id[lost];
    const lp = run.data['link.packet'];
    const k = lp.cols.id.indexOf(id);
    expect(k).toBeGreaterThanOrEqual(0);
    const frames = run.data['link.frame'];
    const own = [...Array(frames.length).keys()].filter(
      (i) =>
        frames.cols.dir[i] === lp.cols.dir[k] &&
        frames.cols.seq[i] >= lp.cols.first[k] &&
        frames.cols.seq[i] <= lp.cols.last[k] &&
        frames.cols.kind[i] !== 3 &&
        // A frame that carried the end of the datagram before and the start of this one names the former.
        !(k > 0 && lp.cols.dir[k - 1] === lp.cols.dir[k] && frames.cols.seq[i] === lp.cols.last[k - 1]),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const i of own) expect(frameDatagram(run.data, plugin.packetPath, plugin.linkDecoder, i)).toBe(id);
    // And the snapshot drew them as frames of the forward direction (toward the mobile).
    const t = frames.t[own[0]];
    const snap = packetSnapshot(run.data, plugin.packetPath, plugin.linkDecoder, t);
    expect(snap.frames.find((f) => f.index === own[0])?.dir).toBe(0);
  });
});
