/**
 * Where the map draws a phone the user moved: the engine's position arrives a few updates after a
 * move (the worker applies it at a frame boundary), so until it catches up — or for at most
 * {@link HOLD_UPDATES} updates — the map keeps the user's own position instead of jumping back to
 * the older one.
 */

/** Updates during which a locally moved phone ignores the engine's (older) position. */
export const HOLD_UPDATES = 30;

export class HeldPosition {
  /** The user's position, while it is held (null: draw the engine's). */
  at: { x: number; y: number } | null = null;
  /** A drag is under way: the position is held whatever the engine says. */
  dragging = false;
  private hold = 0;

  /** The user moved the phone to (x, y), metres. */
  move(x: number, y: number): void {
    this.at = { x, y };
    this.hold = HOLD_UPDATES;
  }

  /**
   * Another map (a new system or scenario): a position moved on the old one is not this phone's —
   * kept, the next arrow key would move on from the old system's spot. Kept while dragging.
   */
  forget(): void {
    if (!this.dragging) this.at = null;
  }

  /**
   * An update with the engine's phone at `engine`: the hold ends once it is within half a pixel of
   * the user's position (`pxPerMetre`), or after {@link HOLD_UPDATES} updates.
   */
  engineAt(engine: { x: number; y: number } | undefined, pxPerMetre: number): void {
    if (!this.at || this.dragging) return;
    const close =
      engine !== undefined && Math.hypot(engine.x - this.at.x, engine.y - this.at.y) * pxPerMetre < 0.5;
    if (close || --this.hold <= 0) this.at = null;
  }
}
