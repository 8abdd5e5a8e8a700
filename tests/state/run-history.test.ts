/**
 * The run history's stored list (issue 25 item 1): newest first, at most 20, one entry per
 * scenario text; anything else under its key — not JSON, another shape, another version, a run
 * with a bad field — is reported in words and never handed to the lab; an unreadable value is
 * kept (not overwritten by the next run) until the user clears it.
 */
import { describe, expect, it } from 'vitest';
import {
  HISTORY_KEY,
  HISTORY_MAX,
  historyText,
  readHistory,
  withRun,
  type HistoryEntry,
} from '../../src/state/run-history';
import { createHistoryStore } from '../../src/ui/history/history-store';

const run = (i: number, text = `system=is707&fer=0.${i}`): HistoryEntry => ({
  at: 1_700_000_000_000 + i,
  system: 'is707',
  text,
  seed: 1,
  simTime: 60,
  figures: { 'tcp.goodputBps': 1000 + i, 'tcp.timeouts': i, 'tcp.maxRto': null },
});

/** A Storage of a Map (jsdom not needed). */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const m = new Map(Object.entries(initial));
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe('the run history list', () => {
  it('keeps the newest 20, newest first, and a run of the same text once', () => {
    let list: HistoryEntry[] = [];
    for (let i = 0; i < 25; i++) list = withRun(list, run(i));
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list[0].at).toBe(run(24).at);
    expect(list.at(-1)!.at).toBe(run(5).at);
    list = withRun(list, { ...run(30), text: run(10).text });
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list.filter((e) => e.text === run(10).text)).toHaveLength(1);
    expect(list[0].at).toBe(run(30).at);
  });

  it('reads back what it wrote, figure by figure', () => {
    const list = [run(2), run(1)];
    const r = readHistory(historyText(list));
    expect(r).toEqual({ entries: list, problem: null, locked: false });
  });

  it.each([
    ['not JSON', '{runs:', 'it is not JSON'],
    ['another shape', '[1,2,3]', 'it is not a list of runs'],
    ['another program’s object', '{"theme":"dark"}', 'it is not a list of runs'],
    ['another version', '{"version":2,"runs":[]}', 'it is of version 2, this lab reads 1'],
  ])('%s: a message, no run, kept until cleared', (_what, raw, why) => {
    const r = readHistory(raw);
    expect(r.entries).toEqual([]);
    expect(r.locked).toBe(true);
    expect(r.problem).toContain(why);
    expect(r.problem).toContain('Clear the history');
  });

  it('a run with a bad field is left out and counted; the others are read', () => {
    const good = run(1);
    const bad = [
      { ...run(2), system: 'umts' },
      { ...run(3), text: 'system=gsm&fer=0.1' },
      { ...run(4), seed: 'x' },
      { ...run(5), figures: { 'tcp.goodputBps': 'fast' } },
      { ...run(6), figures: { '__proto__.x': 1 } },
      { ...run(7), at: null },
      'a string',
    ];
    const r = readHistory(JSON.stringify({ version: 1, runs: [good, ...bad] }));
    expect(r.entries).toEqual([good]);
    expect(r.locked).toBe(false);
    expect(r.problem).toBe('7 saved runs of the history could not be read and are left out.');
  });
});

describe('the history in a storage', () => {
  it('records into the storage, clears it in one call, and survives a blocked storage', () => {
    const storage = memoryStorage();
    const h = createHistoryStore(() => storage);
    h.getState().load();
    h.getState().record(run(1));
    h.getState().record(run(2));
    expect(readHistory(storage.getItem(HISTORY_KEY)).entries.map((e) => e.at)).toEqual([
      run(2).at,
      run(1).at,
    ]);
    h.getState().clear();
    expect(storage.getItem(HISTORY_KEY)).toBeNull();
    expect(h.getState().entries).toEqual([]);

    const blocked = createHistoryStore(() => {
      throw new Error('SecurityError');
    });
    blocked.getState().load();
    blocked.getState().record(run(1));
    expect(blocked.getState().entries).toHaveLength(1);
  });

  it('a foreign value is not overwritten by the next run; clearing removes it and recording starts again', () => {
    const storage = memoryStorage({ [HISTORY_KEY]: 'not ours' });
    const h = createHistoryStore(() => storage);
    h.getState().load();
    expect(h.getState().problem).toContain('could not be read');
    h.getState().record(run(1));
    expect(storage.getItem(HISTORY_KEY)).toBe('not ours');
    h.getState().clear();
    h.getState().record(run(1));
    expect(readHistory(storage.getItem(HISTORY_KEY)).entries).toEqual([run(1)]);
    expect(h.getState().problem).toBeNull();
  });
});
