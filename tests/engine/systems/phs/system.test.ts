import { describe, expect, it } from 'vitest';
import { parseScenario, serialiseScenario } from '../../../../src/engine';
import { liveKeys, scenarioKeys } from '../../../../src/engine/scenarios';
import { TCP_OVERRIDE_KEYS } from '../../../../src/engine/systems/common-params';
import { STACK_REMEDIES } from '../../../../src/engine/systems/remedy-params';
import { PHS_HOST_DELAY } from '../../../../src/engine/systems/phs/params';
import { PHS_SYSTEM } from '../../../../src/engine/systems/phs';
import { appOf, linkOf, phs, run } from './helpers';

describe('PHS scenario keys', () => {
  it('lists phs.md’s keys, the toggles and the common keys in canonical order', () => {
    expect(scenarioKeys('phs')).toEqual([
      'system',
      'seed',
      'env',
      'units',
      'setupTime',
      'dropLevel',
      'dropTime',
      'autoRedial',
      'mpReorder',
      'mpTimeout',
      'channels',
      'release',
      'add',
      'link1',
      'link2',
      'link3',
      'link4',
      'link5',
      'link6',
      'window',
      'piafsDelay',
      'resendSlack',
      'hostDelay',
      'releaseDetect',
      'mpMinFragment',
      'mpShortSeq',
      'fading',
      'shadowing',
      'body',
      'bodyMs',
      'burst',
      'hit',
      'clientStall',
      'duration',
      'app',
      'size',
      'tcp',
      'tcpClient',
      'tcpServer',
      ...TCP_OVERRIDE_KEYS,
      ...STACK_REMEDIES,
      'remedy',
      'snoop',
      'eln',
      'split',
      'splitBuffer',
      'msX',
      'msY',
      'events',
    ]);
    expect(liveKeys('phs')).toEqual([
      'release',
      'add',
      'link1',
      'link2',
      'link3',
      'link4',
      'link5',
      'link6',
      'fading',
      'body',
      'bodyMs',
      'burst',
      'hit',
      'clientStall',
      'msX',
      'msY',
    ]);
  });

  it('has the spec’s defaults and reads its value forms', () => {
    const v = parseScenario('system=phs').scenario.values;
    expect(v).toMatchObject({
      env: 'indoor',
      msX: 20,
      msY: 0,
      setupTime: 2,
      dropLevel: 25,
      dropTime: 3,
      autoRedial: 0,
      mpReorder: 128,
      mpTimeout: 1,
      channels: 6,
      window: 32,
      piafsDelay: 2,
      resendSlack: 3,
      hostDelay: PHS_HOST_DELAY,
      releaseDetect: 'random',
      mpMinFragment: 256,
      fading: 'still',
      body: 0,
      bodyMs: 370,
      app: 'ftpGet',
      size: 1_000_000,
      tcp: 'study',
    });
    const q =
      'system=phs&units=0,0;10,5;-3,2&release=3@5,*@20&releaseDetect=2.5&burst=2@10:370,*@12.5:60&hit=all';
    const p = parseScenario(q);
    expect(p.errors).toEqual([]);
    expect(p.scenario.values.burst).toEqual([
      { link: 2, at: 10, ms: 370 },
      { link: 0, at: 12.5, ms: 60 },
    ]);
    expect(p.scenario.values.release).toEqual([
      { link: 3, at: 5 },
      { link: 0, at: 20 },
    ]);
    expect(serialiseScenario(p.scenario)).toBe(q);
    const bad = parseScenario('system=phs&channels=7&burst=7@1:5&app=http');
    expect(bad.errors.map((e) => e.key)).toEqual(['channels', 'burst', 'app']);
  });

  it('is registered with a 10 ms frame (one PIAFS slot)', () => {
    expect(PHS_SYSTEM.frameNs).toBe(10_000_000);
    expect(PHS_SYSTEM.params.find((p) => p.key === 'hostDelay')?.default).toBe(PHS_HOST_DELAY);
  });
});

describe('PHS system', () => {
  it('runs a clean 1 MB FTP Get to completion with the study’s figures in the summary', () => {
    const { summary: s } = run('system=phs');
    const a = appOf(s);
    expect(s.completed).toBe(true);
    expect(s.system).toBe('phs');
    expect(a.transferTime).toBeGreaterThan(25);
    expect(a.transferTime).toBeLessThan(29);
    expect(a.throughputKbps).toBeCloseTo(8000 / a.transferTime, 2);
    expect(a.kbytesPerSecond).toBeCloseTo(1000 / a.transferTime, 2);
    expect(s.simTime).toBeGreaterThanOrEqual(a.transferTime);
    expect(s.simTime).toBeLessThan(a.transferTime + 0.02);
    expect(s.capacityBps).toBe(350_400);
    expect(s.tcp.bytesDelivered).toBe(1_000_000);
    expect(s.normalizedGoodput).toBeGreaterThan(0.85);
    expect(s.normalizedGoodput).toBeLessThan(0.93); // PPP, Multilink and TCP/IP headers: ≤ 1460/1580
    const l = linkOf(s);
    expect(l.crcErrors).toBe(0);
    expect(l.fieldDbuv).toHaveLength(3);
    expect(l.framesSentPerLink.every((f: number) => f === l.framesSentPerLink[0])).toBe(true);
    expect(l.mpPacketsDiscarded).toBe(0);
  });

  it('is deterministic: same seed, same trace; any step size, same trace', () => {
    const q = 'system=phs&env=outdoor&msX=250&release=2@4&body=6&duration=12';
    const a = phs(q);
    a.runToEnd();
    const b = phs(q);
    while (!b.done) b.step(1);
    const c = phs(q);
    while (!c.done) c.step(997);
    expect(b.summary()).toEqual(a.summary());
    expect(c.summary().traceHash).toBe(a.summary().traceHash);
    const other = phs(q.replace('duration=12', 'duration=12&seed=2'));
    other.runToEnd();
    expect(other.summary().traceHash).not.toBe(a.summary().traceHash);
  });

  it('a change made during the run replays exactly from the scenario it leaves behind', () => {
    const live = phs('system=phs&duration=15');
    live.step(300);
    live.change('link3', false);
    live.step(200);
    live.change('msX', 28);
    live.step(100);
    live.change('hit', 5);
    live.runToEnd();
    const text = serialiseScenario(live.scenario);
    expect(text).toContain('events=3@link3=0;5@msX=28;6@hit=5');
    const replay = phs(text);
    replay.runToEnd();
    expect(replay.summary()).toEqual(live.summary());
  });

  it('shows three units, the phone and six links with live counters and dBµV captions', () => {
    const sim = phs('system=phs&release=4@1&burst=2@2:100');
    sim.step(205);
    const v = sim.view();
    expect(v.stations.map((s) => s.id)).toEqual(['u1', 'u2', 'u3']);
    expect(v.mobiles).toEqual([{ id: 'ms', label: 'Mobile station', x: 20, y: 0, dragged: true }]);
    expect(v.links.map((l) => [l.n, l.station])).toEqual([
      [1, 'u1'],
      [2, 'u1'],
      [3, 'u2'],
      [4, 'u2'],
      [5, 'u3'],
      [6, 'u3'],
    ]);
    expect(v.links[3].state).toBe('down');
    expect(v.links[1].state).toBe('error');
    expect(v.links[0].state).toBe('good');
    expect(v.links[1].counters?.['CRC ERR']).toBeGreaterThan(0);
    expect(v.captions?.['Unit 1']).toMatch(/^\d+\.\d dBµV, 20 m$/);
    expect(v.captions?.['Links up']).toBe('5 of 6');
    expect(v.extent[1]).toBeGreaterThanOrEqual(50);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('channels = 3 gives about half the six-link throughput', () => {
    const six = appOf(run('system=phs').summary).throughputKbps;
    const { summary: s } = run('system=phs&channels=3');
    expect(appOf(s).throughputKbps / six).toBeGreaterThan(0.45);
    expect(appOf(s).throughputKbps / six).toBeLessThan(0.55);
    expect(s.capacityBps).toBe(175_200);
  });

  it('records the trace sources the lab reads', () => {
    const sim = phs('system=phs&burst=2@2:100&duration=3');
    sim.runToEnd();
    const names = sim.traces.sources().map((s) => s.name);
    for (const n of [
      'piafs.monitor',
      'channel.state',
      'mp.state',
      'phs.link',
      'phs.field',
      'tcp.send',
      'tcp.rtt',
    ])
      expect(names).toContain(n);
    const ch = sim.traces.read('channel.state');
    // Link 2's burst: both directions go bad at 2 s and good again at 2.1 s.
    const rows = Array.from(ch.time, (t, i) => [
      t / 1e9,
      ch.columns[0][i],
      ch.columns[1][i],
      ch.columns[2][i],
    ]);
    expect(rows).toEqual([
      [2, 1, 0, 1],
      [2, 1, 1, 1],
      [2.1, 1, 0, 0],
      [2.1, 1, 1, 0],
    ]);
    // The monitor: one row per slot, side and live link, once the first frames have crossed (2 slots).
    expect(sim.traces.read('piafs.monitor').to).toBe((300 - 2) * 2 * 6);
  });

  it('ftpPut sends from the client; a slow client (clientStall) stretches the transfer', () => {
    const put = run('system=phs&app=ftpPut').summary;
    expect(put.completed).toBe(true);
    expect(appOf(put).transferTime).toBeLessThan(29);
    const slow = run('system=phs&app=ftpPut&clientStall=0.06').summary;
    expect(slow.completed).toBe(true);
    expect(linkOf(slow).clientStalls).toBeGreaterThan(600);
    // ≈ 60 ms per 1.5 kB segment caps the client near 195 kbit/s (the study's Put runs: ≈ 190).
    expect(appOf(slow).throughputKbps).toBeLessThan(230);
    expect(appOf(slow).throughputKbps).toBeGreaterThan(150);
  });

  it('body shadowing hits one unit’s two links at the given rate; a hit is one burst', () => {
    const s = run('system=phs&body=20&duration=60&size=1e9').summary;
    const l = linkOf(s);
    expect(l.bodyEvents).toBeGreaterThan(8);
    expect(l.bodyEvents).toBeLessThan(35);
    // Every event makes 37 slots of both directions of two links fail (events on one unit may overlap).
    expect(l.crcErrors).toBeLessThanOrEqual(l.bodyEvents * 37 * 2 * 2);
    expect(l.crcErrors).toBeGreaterThan(0.8 * l.bodyEvents * 37 * 2 * 2);
    expect(l.crcErrors % 2).toBe(0);
    const hit = run('system=phs&events=3@hit=4&duration=5').summary;
    expect(linkOf(hit).forcedBursts).toBe(1);
    expect(linkOf(hit).crcErrorsPerLink).toEqual([0, 0, 0, 74, 0, 0]);
    expect(linkOf(run('system=phs&events=3@hit=all&duration=5').summary).crcErrors).toBe(6 * 74);
  });
});
