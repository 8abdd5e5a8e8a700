/**
 * The packet view's picture (issue 25 item 4) read from real runs of every system as the page holds
 * them: datagrams placed between the instants the traces record, the queues counted from them,
 * frames on the plug-in's lanes in their direction, and a frame's datagram found by identity.
 */
import { describe, expect, it } from 'vitest';
import { LAB_PLUGINS } from '../../../src/ui/systems';
import { PHONE_HOST } from '../../../src/ui/packets/path-spec';
import { frameDatagram, datagramIndex } from '../../../src/ui/packets/pick';
import { BASE_X, packetSnapshot } from '../../../src/ui/packets/snapshot';
import { packetSummary } from '../../../src/ui/packets/words';
import { pageRun } from './run';

/** A run of each system with traffic both ways, and how many lanes its frames must reach. */
const RUNS: Readonly<Record<string, { text: string; lanes: number }>> = {
  is707: { text: 'system=is707&fer=0.1', lanes: 1 },
  gsm: { text: 'system=gsm', lanes: 1 },
  phs: { text: 'system=phs', lanes: 6 },
  dect: { text: 'system=dect', lanes: 4 },
  geran: { text: 'system=geran', lanes: 1 },
};
const AT = 20;

describe.each(LAB_PLUGINS.map((p) => [p.id, p] as const))('%s', (id, plugin) => {
  const run = RUNS[id];
  const { data, simTime } = pageRun(run.text, AT);
  const spec = plugin.packetPath;
  const snap = packetSnapshot(data, spec, plugin.linkDecoder, simTime);

  it('places each datagram between the instants its records give, and counts the queues from them', () => {
    expect(snap.datagrams.length).toBeGreaterThan(0);
    const ip = data['ip.packet'];
    for (const d of snap.datagrams) {
      const k = datagramIndex(data, d.id);
      expect(k).toBeGreaterThanOrEqual(0);
      // The direction is the datagram's own: toward the phone when the phone is its destination.
      expect(d.dir === 1).toBe(ip.cols.src[k] === PHONE_HOST);
      expect(d.sentAt).toBe(ip.t[k]);
      expect(d.sentAt).toBeLessThanOrEqual(simTime);
      if (d.arrivedAt !== null) expect(d.x).toBe(d.dir === 0 ? 1 : 0);
      else if (d.queued >= 0) expect(d.x).toBe(d.dir === 0 ? BASE_X : 1);
      else if (d.droppedAt === null) {
        // On the hop: framed by now, strictly between its ends.
        expect(d.framedAt).not.toBeNull();
        expect(d.framedAt!).toBeLessThanOrEqual(simTime);
        expect(d.x).toBeGreaterThanOrEqual(0);
        expect(d.x).toBeLessThanOrEqual(1);
      }
    }
    const waiting = (dir: 0 | 1): number =>
      snap.datagrams.filter((d) => d.queued >= 0 && d.dir === dir).length;
    expect(snap.queue).toEqual({ base: waiting(0), phone: waiting(1) });
    // The queue's places are 0…n−1.
    const places = snap.datagrams.filter((d) => d.queued >= 0 && d.dir === 0).map((d) => d.queued);
    expect(places.sort((a, b) => a - b)).toEqual(places.map((_, i) => i));
    expect(packetSummary(snap, spec)).toContain(
      `${snap.queue.base} datagram${snap.queue.base === 1 ? '' : 's'} waiting at the ${spec.places.base}, ${snap.queue.phone} at the ${spec.places.phone}`,
    );
  });

  it('draws the frames of the last window on the plug-in’s lanes, both directions', () => {
    const lanes = new Set(snap.frames.map((f) => f.lane));
    expect(lanes.size).toBeGreaterThanOrEqual(run.lanes);
    for (const f of snap.frames) {
      expect(f.lane).toBeLessThan(spec.lanes.length);
      expect(f.age).toBeGreaterThanOrEqual(0);
      expect(f.age).toBeLessThan(1);
      expect(f.t).toBeLessThanOrEqual(simTime);
    }
    expect(new Set(snap.frames.map((f) => f.dir))).toEqual(new Set([0, 1]));
    for (const b of snap.bands) expect(b.lane).toBeLessThan(spec.lanes.length);
  });

  it('finds the datagram a data frame carried, going the frame’s way', () => {
    const ip = data['ip.packet'];
    const data_ = snap.frames.filter((f) => f.fate === 'delivered' || f.fate === 'retransmitted');
    expect(data_.length).toBeGreaterThan(0);
    let found = 0;
    for (const f of data_) {
      const pid = frameDatagram(data, spec, plugin.linkDecoder, f.index);
      if (pid === null) continue;
      found++;
      const k = datagramIndex(data, pid);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(ip.t[k]).toBeLessThanOrEqual(f.t);
      expect(ip.cols.dst[k] === PHONE_HOST).toBe(f.dir === 0);
    }
    expect(found / data_.length).toBeGreaterThan(0.9);
  });
});

describe('moving', () => {
  it('a datagram on the hop is further along 10 ms later, and at its end once it arrived', () => {
    const plugin = LAB_PLUGINS.find((p) => p.id === 'phs')!;
    const { data } = pageRun(RUNS.phs.text, AT);
    const at = (t: number) => packetSnapshot(data, plugin.packetPath, plugin.linkDecoder, t);
    const rx = data['ip.receive'];
    const arrival = (id: number): number => rx.t[rx.cols.id.indexOf(id)];
    let checked = 0;
    for (let t = 5; t < 15; t += 0.5) {
      const onHop = at(t).datagrams.filter(
        (d) => d.queued < 0 && d.arrivedAt === null && d.droppedAt === null && arrival(d.id) > t + 0.01,
      );
      for (const d of onHop) {
        const later = at(t + 0.01).datagrams.find((e) => e.id === d.id)!;
        // Unless it already waits short of the far end (late), it moved toward it.
        if (Math.abs(d.x - (d.dir === 0 ? BASE_X : 1)) < 0.9 * (1 - BASE_X)) {
          expect(d.dir === 0 ? later.x > d.x : later.x < d.x).toBe(true);
          checked++;
        }
        const done = at(arrival(d.id)).datagrams.find((e) => e.id === d.id)!;
        expect(done.x).toBe(d.dir === 0 ? 1 : 0);
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});
