/**
 * The open activity's progress for the page (progress.ts holds the rules): kept in this browser's
 * localStorage per activity — by id and content, so that a reload, or Back and Forward, loses no
 * answer and a changed activity under the same id starts afresh — and nowhere else: no server.
 * Where storage is blocked the progress lives as long as the page.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { activityJson } from '../../state/activity-schema';
import type { Activity } from './activity';
import { newProgress, type Progress } from './progress';

const PREFIX = 'wireless-tcp-lab.activity.';

/** FNV-1a over the activity's JSON: a short name for its content. */
function contentHash(a: Activity): string {
  const text = JSON.stringify(activityJson(a));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

const keys = new WeakMap<Activity, string>();
export function storageKey(a: Activity): string {
  let k = keys.get(a);
  if (!k) {
    k = `${PREFIX}${a.id}.${contentHash(a)}`;
    keys.set(a, k);
  }
  return k;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function isProgress(x: unknown, a: Activity): x is Progress {
  if (typeof x !== 'object' || x === null) return false;
  const p = x as Partial<Progress>;
  return (
    typeof p.started === 'number' &&
    typeof p.step === 'number' &&
    Array.isArray(p.stepMs) &&
    p.stepMs.length === a.steps.length &&
    typeof p.checks === 'object' &&
    p.checks !== null &&
    typeof p.name === 'string'
  );
}

function read(a: Activity): Progress | null {
  try {
    const text = storage()?.getItem(storageKey(a));
    const p: unknown = text ? JSON.parse(text) : null;
    return isProgress(p, a) ? p : null;
  } catch {
    return null;
  }
}

function write(a: Activity, p: Progress | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (p) s.setItem(storageKey(a), JSON.stringify(p));
    else s.removeItem(storageKey(a));
  } catch {
    // Storage full or blocked: the progress stays in the page.
  }
}

interface ProgressState {
  /** Progress by storage key, for the activities opened in this page. */
  readonly byKey: Readonly<Record<string, Progress>>;
}

export const activityProgress = createStore<ProgressState>()(() => ({ byKey: {} }));

/** Progress read or made before the first change, per activity (not in the store: no update in a render). */
const first = new WeakMap<Activity, Progress>();

/** The activity's progress: this page's, else the stored one, else a new one (not yet stored). */
export function progressOf(a: Activity, now: number): Progress {
  const mine = activityProgress.getState().byKey[storageKey(a)];
  if (mine) return mine;
  let p = first.get(a);
  if (!p) {
    p = read(a) ?? newProgress(a, now);
    first.set(a, p);
  }
  return p;
}

/** Change the activity's progress (and store it). */
export function updateProgress(a: Activity, now: number, f: (p: Progress) => Progress): void {
  const before = progressOf(a, now);
  const after = f(before);
  if (after === before) return;
  const k = storageKey(a);
  activityProgress.setState((s) => ({ byKey: { ...s.byKey, [k]: after } }));
  write(a, after);
}

/** Start the activity again: no answers, the clock from now. */
export function resetProgress(a: Activity, now: number): void {
  const p = newProgress(a, now);
  first.delete(a);
  activityProgress.setState((s) => ({ byKey: { ...s.byKey, [storageKey(a)]: p } }));
  write(a, null);
}

/** The activity's progress (re-renders when it changes). */
export function useProgress(a: Activity): Progress {
  const k = storageKey(a);
  const p = useStore(activityProgress, (s) => s.byKey[k]);
  return p ?? progressOf(a, Date.now());
}
