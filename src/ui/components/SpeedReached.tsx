import { belowChosen } from '../../state/speed-meter';
import { useLab } from '../hooks/use-lab';
import { num } from '../format';

/** A speed as "41×", "3 100×", "0.8×". */
function times(x: number): string {
  return `${x >= 10 ? num(Math.round(x)) : num(x, 1)}×`;
}

/**
 * Beside the speed selector while playing (issue 20 item 30): the speed the run reaches (simulated
 * seconds per second, smoothed), and plainly when it falls short of the one chosen — at "100×" a
 * DECT run may reach only ≈ 40× on a slow machine, and the selector alone would not say so.
 */
export function SpeedReached() {
  const reached = useLab((s) => s.speedReached);
  const speed = useLab((s) => s.speed);
  const playing = useLab((s) => s.status === 'playing');
  const shown = playing && reached !== null;
  const below = shown && belowChosen(reached, speed);
  // Always in place, with room for its longest text (CSS), so that nothing moves when it appears.
  return (
    <span
      className={below ? 'speed-reached below' : 'speed-reached'}
      data-testid="speed-reached"
      data-below={String(below)}
      data-reached={shown ? reached : undefined}
    >
      {shown && (below ? `reached only ${times(reached)}` : `reached ${times(reached)}`)}
      {below && <span className="sr-only">: the engine cannot keep up with {speed}× here</span>}
    </span>
  );
}
