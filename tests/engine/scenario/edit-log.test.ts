import { describe, expect, it } from 'vitest';
import { EditLog, eventSpacingNs, type RunPoint } from '../../../src/engine/scenario/edit-log';
import { sameValue } from '../../../src/engine/scenario/values';
import { parseScenario } from '../../../src/engine/scenarios';

const FRAME = 20_000_000;
const at = (s: number, done = false): RunPoint => ({ nowNs: Math.round(s * 1e9), frameNs: FRAME, done });

function log(text = 'system=is707&fer=0.2&duration=10'): EditLog {
  return new EditLog(parseScenario(text).scenario);
}

describe('EditLog: starting values', () => {
  it('before the run starts, a live change sets the starting value and records no event', () => {
    const l = log();
    expect(l.edit('fer', 0.3, true, at(0))).toEqual({ kind: 'restart' });
    expect(l.scenario().values.fer).toBe(0.3);
    expect(l.scenario().events).toEqual([]);
  });

  it('after the run finished, a live change sets the starting value and drops that key’s timed changes', () => {
    const l = log('system=is707&idle=0&events=2@fer=0.5;3@msX=100');
    expect(l.edit('idle', Infinity, true, at(10, true))).toEqual({ kind: 'restart' });
    expect(l.scenario().values.idle).toBe(Infinity);
    expect(l.edit('msX', -40, true, at(10, true))).toEqual({ kind: 'restart' });
    expect(l.scenario().values.msX).toBe(-40);
    // Other keys' timed changes stay; msX's own is replaced by the starting value.
    expect(l.scenario().events).toEqual([{ t: 2, key: 'fer', value: 0.5 }]);
  });

  it('a starting value equal to the current one, with no timed change of the key, is no change', () => {
    const l = log();
    expect(l.edit('fer', 0.2, true, at(10, true))).toEqual({ kind: 'unchanged' });
    expect(l.edit('seed', 1, false, at(3))).toEqual({ kind: 'unchanged' });
  });

  it('mid-run, a key that cannot change live sets its starting value and keeps the timed changes', () => {
    const l = log();
    l.edit('fer', 0.4, true, at(1));
    l.due(at(1).nowNs);
    expect(l.edit('nakTimer', 12, false, at(2))).toEqual({ kind: 'restart' });
    expect(l.scenario().values.nakTimer).toBe(12);
    expect(l.scenario().events).toEqual([{ t: 1, key: 'fer', value: 0.4 }]);
  });

  it('a new seed mid-run restarts with that seed', () => {
    const l = log();
    expect(l.edit('seed', 42, false, at(2))).toEqual({ kind: 'restart' });
    expect(l.scenario().seed).toBe(42);
  });
});

describe('EditLog: timed changes', () => {
  it('mid-run, a live change is a timed change at the current time', () => {
    const l = log();
    expect(l.edit('fer', 0.3, true, at(0.2))).toEqual({ kind: 'timed', rewind: false });
    expect(l.scenarioWithPending(at(0.2)).events).toEqual([{ t: 0.2, key: 'fer', value: 0.3 }]);
    expect(l.due(at(0.2).nowNs)).toEqual([{ key: 'fer', value: 0.3 }]);
    expect(l.scenario().events).toEqual([{ t: 0.2, key: 'fer', value: 0.3 }]);
  });

  it('spaces a key’s points: the latest value wins and lands one spacing after the last point', () => {
    const l = log();
    l.edit('fer', 0.3, true, at(0.2));
    l.due(at(0.2).nowNs);
    l.edit('fer', 0.4, true, at(0.22));
    l.edit('fer', 0.5, true, at(0.22));
    expect(l.due(at(0.22).nowNs)).toEqual([]);
    expect(l.nextDueNs()).toBe(400_000_000);
    expect(l.pendingValue('fer')).toBe(0.5);
    expect(l.scenarioWithPending(at(0.22)).events.map((e) => e.t)).toEqual([0.2, 0.4]);
    expect(l.due(300_000_000)).toEqual([]);
    expect(l.due(400_000_000)).toEqual([{ key: 'fer', value: 0.5 }]);
  });

  it('a second edit at the same paused moment replaces the first and asks for a rewind', () => {
    const l = log();
    l.edit('fer', 0.5, true, at(2));
    l.due(at(2).nowNs);
    // Paused at 2 s: another drag of the same slider.
    expect(l.edit('fer', 0.35, true, at(2))).toEqual({ kind: 'timed', rewind: true });
    expect(l.scenario().events).toEqual([]);
    expect(l.due(at(2).nowNs)).toEqual([{ key: 'fer', value: 0.35 }]);
    expect(l.scenario().events).toEqual([{ t: 2, key: 'fer', value: 0.35 }]);
    // Back to the starting value at the same moment: the moment's change is dropped, nothing waits.
    expect(l.edit('fer', 0.2, true, at(2))).toEqual({ kind: 'timed', rewind: true });
    expect(l.scenario().events).toEqual([]);
    expect(l.pendingValue('fer')).toBeUndefined();
    // The same value again is no change.
    l.edit('fer', 0.4, true, at(2));
    l.due(at(2).nowNs);
    expect(l.edit('fer', 0.4, true, at(2))).toEqual({ kind: 'unchanged' });
  });

  it('the same value twice (Enter, then the field losing focus) records once', () => {
    const l = log();
    l.edit('fer', 0.3, true, at(20.4));
    l.due(at(20.4).nowNs);
    expect(l.edit('fer', 0.3, true, at(20.5))).toEqual({ kind: 'unchanged' });
    l.edit('fer', 0.6, true, at(20.42));
    expect(l.edit('fer', 0.6, true, at(20.44))).toEqual({ kind: 'unchanged' });
    expect(l.scenarioWithPending(at(20.5)).events).toHaveLength(2);
  });

  it('a change back to the value in force cancels the waiting one', () => {
    const l = log();
    l.edit('msX', 700, true, at(1));
    l.due(at(1).nowNs);
    l.edit('msX', 720, true, at(1.02));
    expect(l.edit('msX', 700, true, at(1.04))).toEqual({ kind: 'timed', rewind: false });
    expect(l.pendingValue('msX')).toBeUndefined();
    expect(l.scenarioWithPending(at(1.04)).events).toEqual([{ t: 1, key: 'msX', value: 700 }]);
    // And a change to the value in force with nothing waiting is no change at all.
    expect(l.edit('fer', 0.2, true, at(2))).toEqual({ kind: 'unchanged' });
  });

  it('after a seek back, a change drops the later timed changes (a new branch) and asks for a rewind', () => {
    const l = log('system=is707&events=1@fer=0.5;3@fer=0.6');
    expect(l.edit('fer', 0.1, true, at(2))).toEqual({ kind: 'timed', rewind: true });
    expect(l.scenario().events).toEqual([{ t: 1, key: 'fer', value: 0.5 }]);
    l.due(at(2).nowNs);
    expect(l.scenario().events.map((e) => e.t)).toEqual([1, 2]);
  });

  it('after a seek back to the moment of a recorded change, a change of that key replaces it and drops the later ones', () => {
    // The session fuzz found both halves: the moment's change was kept and the new value waited a
    // spacing behind it (the key's last point was a later one), or the later changes of other keys stayed.
    const l = log('system=is707&events=1@fer=0.5;3@fer=0.6;4@fdt=0.1');
    expect(l.edit('fer', 0.05, true, at(1))).toEqual({ kind: 'timed', rewind: true });
    expect(l.scenarioWithPending(at(1)).events).toEqual([{ t: 1, key: 'fer', value: 0.05 }]);
    const m = log('system=is707&events=1@fer=0.5;4@fdt=0.1');
    expect(m.edit('fer', 0.05, true, at(1))).toEqual({ kind: 'timed', rewind: true });
    expect(m.scenarioWithPending(at(1)).events).toEqual([{ t: 1, key: 'fer', value: 0.05 }]);
  });

  it('a change that changes nothing after a seek back keeps the later timed changes', () => {
    const l = log('system=is707&events=1@fer=0.5;3@fer=0.6');
    expect(l.edit('fer', 0.5, true, at(2))).toEqual({ kind: 'unchanged' });
    expect(l.scenario().events).toHaveLength(2);
  });

  it('commitPending writes waiting changes where they would land (what Restart and seek keep)', () => {
    const l = log();
    l.edit('fer', 0.3, true, at(0.2));
    l.due(at(0.2).nowNs);
    l.edit('fer', 0.4, true, at(0.21));
    l.commitPending(at(0.21));
    expect(l.pendingValue('fer')).toBeUndefined();
    expect(l.scenario().events).toEqual([
      { t: 0.2, key: 'fer', value: 0.3 },
      { t: 0.4, key: 'fer', value: 0.4 },
    ]);
  });

  it('clearTimedChanges keeps the starting values', () => {
    const l = log('system=is707&fer=0.3&events=1@fer=0.5');
    l.clearTimedChanges();
    expect(l.scenario().events).toEqual([]);
    expect(l.scenario().values.fer).toBe(0.3);
  });
});

describe('event spacing and values', () => {
  it('widens as the recorded list grows', () => {
    expect(eventSpacingNs(0)).toBe(200_000_000);
    expect(eventSpacingNs(200)).toBe(1_000_000_000);
    expect(eventSpacingNs(1000)).toBe(10_000_000_000);
  });

  it('compares parsed values deeply', () => {
    expect(sameValue([1, 2], [1, 2])).toBe(true);
    expect(sameValue([1, 2], [1, 3])).toBe(false);
    expect(sameValue({ start: 1, end: 2, factor: 3 }, { start: 1, end: 2, factor: 3 })).toBe(true);
    expect(sameValue(Infinity, Infinity)).toBe(true);
    expect(sameValue(0, false)).toBe(false);
    expect(sameValue('random', 'random')).toBe(true);
  });
});
