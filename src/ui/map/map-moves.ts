/**
 * The phone's positions from the map as edits of the running system's drag keys: thinned
 * (move-throttle.ts), never into a locked key, and only into the scenario they were made in.
 */
import { systemInfo } from '../../engine/systems/catalog';
import { draggedMobile } from '../../engine/systems/stations';
import { lockOn } from '../../state/locks';
import type { LabStore } from '../../state/store';
import { throttleMoves, type MoveThrottle, type ThrottleClock } from './move-throttle';

export function mapMoves(store: LabStore, clock: ThrottleClock): MoveThrottle {
  /** The scenario (the store's `loaded` count) the position waiting was made in. */
  let madeIn = -1;
  const moves = throttleMoves((rx, ry) => {
    const s = store.getState();
    // The last position waits up to MOVE_INTERVAL_MS. If another scenario is loading or has loaded
    // meanwhile (another system or preset picked, a link opened), it is dropped: sent, it would move
    // the new scenario's phone — seen as PHS's last arrow-key position putting DECT's phone, just
    // picked, in RFP 3 (e2e/map.spec.ts).
    if (s.loading || s.loaded !== madeIn) return;
    // The system's manifest names the keys of the dragged mobile's position.
    const keys = systemInfo(s.system)?.dragKeys;
    if (!keys) return;
    // A step that locks the phone's position: the drag moves nothing (the note under the map says why).
    if (lockOn(s.locks, keys.x) || lockOn(s.locks, keys.y)) return;
    const ms = s.systemView ? draggedMobile(s.systemView) : undefined;
    if (!ms || rx !== Math.round(ms.x)) void s.change(keys.x, String(rx));
    if (!ms || ry !== Math.round(ms.y)) void s.change(keys.y, String(ry));
  }, clock);
  return {
    push(x, y) {
      madeIn = store.getState().loaded;
      moves.push(x, y);
    },
    cancel: () => moves.cancel(),
  };
}
