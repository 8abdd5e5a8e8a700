import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../src/engine/core/trace';
import { activeRecorder, ChannelStateTrace, frameTraceSource } from '../../../src/engine/link/link-trace';

describe('link trace sources', () => {
  it('channel.state records the first state of each direction and then only its changes', () => {
    const rec = new TraceRecorder();
    const trace = new ChannelStateTrace(rec, ['up', 'down']);
    const states: [number, 0 | 1, boolean][] = [
      [0, 0, false],
      [0, 1, true],
      [10, 0, false],
      [10, 1, true],
      [20, 0, true],
      [20, 1, true],
      [30, 0, false],
      [30, 1, false],
    ];
    for (const [t, dir, bad] of states) trace.observe(t, dir, bad);
    const b = rec.read('channel.state');
    expect(Array.from(b.time)).toEqual([0, 0, 20, 30, 30]);
    expect(Array.from(b.columns[0])).toEqual([0, 1, 0, 0, 1]);
    expect(Array.from(b.columns[1])).toEqual([0, 1, 1, 0, 0]);
    expect(rec.sources()[0]).toEqual({
      name: 'channel.state',
      fields: ['dir', 'bad'],
      labels: { dir: ['up', 'down'], bad: ['good', 'bad'] },
    });
  });

  it('frame sources carry dir, kind, seq and error with their labels', () => {
    const rec = new TraceRecorder();
    frameTraceSource(rec, 'x.frame', ['ab', 'ba'], ['none', 'I']).record(5, 1, 1, 7, 1);
    expect(rec.sources()[0]).toEqual({
      name: 'x.frame',
      fields: ['dir', 'kind', 'seq', 'error'],
      labels: { dir: ['ab', 'ba'], kind: ['none', 'I'], error: ['ok', 'error'] },
    });
    expect(Array.from(rec.read('x.frame').columns[2])).toEqual([7]);
  });

  it('a recorder that does not record counts as none', () => {
    expect(activeRecorder(undefined)).toBeNull();
    expect(activeRecorder(new TraceRecorder({ enabled: false }))).toBeNull();
    const on = new TraceRecorder();
    expect(activeRecorder(on)).toBe(on);
  });
});
