/**
 * The speed a run reaches (issue 20 item 30): simulated seconds per wall second, smoothed, from the
 * engine's answers while playing. A chosen speed the engine cannot keep (DECT at "100×" runs at
 * ≈ 40× on a slow machine) is then said beside the selector instead of passing for reached.
 */

/** Time constant of the smoothing, wall ms: a change of pace shows within a few seconds. */
export const SPEED_SMOOTHING_MS = 1500;
/** Wall time measured before a speed is shown, ms (the first answers include the start-up). */
export const SPEED_WARMUP_MS = 750;
/** A longer gap between two answers is not measured, ms (a hidden page asks nothing). */
const MAX_GAP_MS = 2000;

export class SpeedMeter {
  private lastWall = 0;
  private lastSim = 0;
  private measured = 0;
  private smoothed = 0;

  /** Start measuring afresh (Play, a seek, another speed). */
  reset(wallMs: number, simTime: number): void {
    this.lastWall = wallMs;
    this.lastSim = simTime;
    this.measured = 0;
    this.smoothed = 0;
  }

  /**
   * An answer: the run is at `simTime` simulated seconds at `wallMs`. Returns the smoothed speed
   * (simulated seconds per wall second), or null while too little has been measured.
   */
  sample(wallMs: number, simTime: number): number | null {
    const dt = wallMs - this.lastWall;
    if (dt <= 0) return this.value();
    if (dt > MAX_GAP_MS) {
      // The page was hidden (no frames, no requests): the gap is no measure of the engine.
      this.lastWall = wallMs;
      this.lastSim = simTime;
      return this.value();
    }
    const rate = ((simTime - this.lastSim) * 1000) / dt;
    // An exponential average over wall time: irregular answers weigh by the time they cover.
    const w = 1 - Math.exp(-dt / SPEED_SMOOTHING_MS);
    this.smoothed = this.measured === 0 ? rate : this.smoothed + w * (rate - this.smoothed);
    this.measured += dt;
    this.lastWall = wallMs;
    this.lastSim = simTime;
    return this.value();
  }

  /** The smoothed speed, or null before SPEED_WARMUP_MS of measuring. */
  value(): number | null {
    return this.measured >= SPEED_WARMUP_MS ? this.smoothed : null;
  }
}

/**
 * Whether `reached` falls short of the chosen speed (a number of ×; 'max' has no target): by more
 * than 10 %, so that the jitter of frames and answers is not reported.
 */
export function belowChosen(reached: number | null, chosen: string): boolean {
  const target = Number(chosen);
  return reached !== null && Number.isFinite(target) && reached < 0.9 * target;
}
