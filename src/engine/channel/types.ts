/**
 * Common shape of the frame-stepped channel models (channels.md: "Every channel is stepped
 * once per frame (or slot) of its system and answers 'was this frame / subfield received
 * correctly?'. Each draws from its own named random stream.").
 */
export interface FrameChannel {
  /**
   * Advance one frame (or slot) and report its fate.
   * @returns true when this frame is received in error.
   */
  step(): boolean;
  /** Current state: true while the channel is in its Bad state (for traces such as `channel.state`). */
  readonly bad: boolean;
}
