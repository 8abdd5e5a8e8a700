/**
 * The run history for the page (issue 25 item 1; the list's rules are state/run-history.ts): read
 * from this browser's localStorage when first used, written back on every change, and nowhere
 * else — no request carries it. Where storage is blocked the history lives as long as the page.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Summary } from '../../engine/scenario/summary';
import { getPath } from '../../engine/analysis';
import {
  HISTORY_KEY,
  historyText,
  readHistory,
  withRun,
  type HistoryEntry,
  type HistoryRead,
} from '../../state/run-history';
import { labPlugin } from '../systems';

/** The figures every run is listed with, before the system's own (its plug-in's `headline`). */
export const COMMON_HEADLINE = ['tcp.goodputBps', 'tcp.timeouts', 'tcp.maxRto'] as const;

/** The headline paths of a system: the common ones, then its own. */
export function headlinePaths(system: string): readonly string[] {
  return [...COMMON_HEADLINE, ...(labPlugin(system as never)?.headline ?? [])];
}

/** A finished run's history entry. */
export function historyEntry(text: string, summary: Summary, at: number): HistoryEntry {
  const figures: Record<string, number | null> = {};
  for (const path of headlinePaths(summary.system)) {
    const v = getPath(summary, path);
    figures[path] = Number.isFinite(v) ? v : null;
  }
  return { at, system: summary.system, text, seed: summary.seed, simTime: summary.simTime, figures };
}

function pageStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

interface HistoryState extends HistoryRead {
  /** Read the stored history again (the page's first use, another tab's change). */
  load(): void;
  /** Add a finished run (not while the stored value is unreadable: it is kept until cleared). */
  record(entry: HistoryEntry): void;
  /** Remove every run, and whatever unreadable value was stored. */
  clear(): void;
}

/** A history over `storage` (tests pass a fake; the page its localStorage). */
export function createHistoryStore(storage: () => Storage | null = pageStorage) {
  const write = (entries: readonly HistoryEntry[] | null): void => {
    try {
      const s = storage();
      if (!s) return;
      if (entries === null) s.removeItem(HISTORY_KEY);
      else s.setItem(HISTORY_KEY, historyText(entries));
    } catch {
      // Storage full or blocked: the history stays in the page.
    }
  };
  return createStore<HistoryState>()((set, get) => ({
    entries: [],
    problem: null,
    locked: false,
    load() {
      let raw: string | null = null;
      try {
        raw = storage()?.getItem(HISTORY_KEY) ?? null;
      } catch {
        raw = null;
      }
      set(readHistory(raw));
    },
    record(entry) {
      if (get().locked) return;
      const entries = withRun(get().entries, entry);
      set({ entries });
      write(entries);
    },
    clear() {
      set({ entries: [], problem: null, locked: false });
      write(null);
    },
  }));
}

export const runHistory = createHistoryStore();
let loaded = false;

/** The page's history (read from storage on first use). */
export function useRunHistory<T>(select: (s: HistoryState) => T): T {
  if (!loaded) {
    loaded = true;
    runHistory.getState().load();
  }
  return useStore(runHistory, select);
}
