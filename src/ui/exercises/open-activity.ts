/**
 * Which activity the view opens (`#exercise=<id>`, `#ex=<token>`, `#step=<n>`), from the lab's
 * plug-ins — every system's activities and exercises, an exercise being a one-step activity — or
 * from the link itself; and the keys its step locks, set in the store before any load the view
 * brings (the boot, Back and Forward, a fragment typed by hand), so no load runs under the locks
 * of the step left.
 */
import type { LabStore } from '../../state/store';
import type { ViewState } from '../../state/url-codec';
import { LAB_PLUGINS } from '../systems';
import { clampStep, stepLocks, type Activity } from './activity';
import { activityList, type ActivityList } from './collect';

let list: ActivityList | null = null;

/** Every shipped activity and exercise (activities first), and the files with problems. */
export function shippedActivities(): ActivityList {
  list ??= activityList(
    LAB_PLUGINS.map((p) => p.activities),
    LAB_PLUGINS.map((p) => p.exercises),
  );
  return list;
}

/** The activity a view opens: the one its link carries first, else a shipped one. */
export function openActivity(view: Pick<ViewState, 'exercise' | 'authored'>): Activity | null {
  if (!view.exercise) return null;
  if (view.authored?.id === view.exercise) return view.authored;
  return shippedActivities().activities.find((a) => a.id === view.exercise) ?? null;
}

/** The step a view opens, within its activity's steps. */
export function openStep(view: Pick<ViewState, 'exercise' | 'authored' | 'step'>): number {
  const a = openActivity(view);
  return a ? clampStep(a, view.step) : 0;
}

/** Set the store's locks to those of the step a view opens (none when no activity is open). */
export function lockForView(store: LabStore, view: Pick<ViewState, 'exercise' | 'authored' | 'step'>): void {
  const a = openActivity(view);
  store.getState().setLocks(a ? stepLocks(a, openStep(view)) : null);
}
