import { useEffect, useState } from 'react';
import { SPEEDS, type Speed } from '../../state/types';
import { useLab } from '../hooks/use-lab';
import { num } from '../format';
import { SpeedReached } from './SpeedReached';

const SPEED_LABEL: Record<Speed, string> = {
  '0.1': '0.1× (slow motion)',
  '0.25': '0.25× (slow motion)',
  '1': '1× (real time)',
  '10': '10×',
  '100': '100×',
  max: 'as fast as possible',
};

/** Seek bar: drag to re-run from the seed to that time (deterministic, so it is the same run). */
function SeekBar() {
  const simTime = useLab((s) => s.simTime);
  const furthest = useLab((s) => s.furthest);
  const seek = useLab((s) => s.seek);
  const [drag, setDrag] = useState<number | null>(null);
  const max = Math.max(furthest, simTime, 0.02);
  return (
    <label className="seek">
      <span className="sr-only">Simulated time (drag to seek)</span>
      <input
        type="range"
        data-testid="seek"
        aria-label="Seek: simulated time"
        min={0}
        max={max}
        step={0.02}
        value={drag ?? simTime}
        onChange={(e) => setDrag(Number(e.target.value))}
        onPointerUp={() => {
          if (drag !== null) void seek(drag);
          setDrag(null);
        }}
        onKeyUp={() => {
          if (drag !== null) void seek(drag);
          setDrag(null);
        }}
        aria-valuetext={`${num(drag ?? simTime, 2)} seconds`}
      />
    </label>
  );
}

/**
 * Play / pause / step / speed / restart / new seed, and where the run is. `reduced` (presenter
 * mode, issue 24): play, pause, speed, step and restart only, and the time.
 */
export function PlaybackBar({ reduced = false }: { reduced?: boolean }) {
  const status = useLab((s) => s.status);
  const play = useLab((s) => s.play);
  const pause = useLab((s) => s.pause);
  const stepFrame = useLab((s) => s.stepFrame);
  const restart = useLab((s) => s.restart);
  const newSeed = useLab((s) => s.newSeed);
  const playing = status === 'playing';
  const canRun = status === 'ready';
  useSpaceTogglesPlay(playing, play, pause);

  return (
    <div className="playback" role="group" aria-label="Playback">
      <button type="button" data-testid="play" onClick={play} disabled={!canRun} className="primary">
        ▶ Play
      </button>
      <button type="button" data-testid="pause" onClick={pause} disabled={!playing}>
        ❚❚ Pause
      </button>
      <button
        type="button"
        data-testid="step"
        onClick={() => void stepFrame()}
        disabled={!(canRun || playing)}
      >
        Step one frame
      </button>
      <SpeedSelect />
      <SpeedReached />
      <button
        type="button"
        data-testid="restart"
        onClick={() => void restart()}
        disabled={status === 'starting'}
      >
        ↺ Restart
      </button>
      {!reduced && (
        <button
          type="button"
          data-testid="new-seed"
          onClick={() => void newSeed()}
          disabled={status === 'starting'}
        >
          New seed
        </button>
      )}
      {!reduced && <SeekBar />}
      <RunClock />
    </div>
  );
}

/** Space toggles play/pause when focus is not in a text field or on a control. */
function useSpaceTogglesPlay(playing: boolean, play: () => void, pause: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key !== ' ' || !t || t.closest('input, select, textarea, button, [contenteditable]')) return;
      e.preventDefault();
      if (playing) pause();
      else play();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [playing, play, pause]);
}

function SpeedSelect() {
  const speed = useLab((s) => s.speed);
  const setSpeed = useLab((s) => s.setSpeed);
  return (
    <label className="field inline">
      <span>Speed</span>
      <select data-testid="speed" value={speed} onChange={(e) => setSpeed(e.target.value as Speed)}>
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {SPEED_LABEL[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Where the run is: simulated time (of the duration), the seed, and whether it finished. */
function RunClock() {
  const status = useLab((s) => s.status);
  const simTime = useLab((s) => s.simTime);
  const duration = useLab((s) => s.scenario?.values.duration);
  const seed = useLab((s) => s.scenario?.seed);
  return (
    // On a row of its own (CSS), so that a longer time never re-wraps the buttons; each part keeps together.
    <span className="clock" aria-live="off" data-testid="clock">
      <span>
        <strong>{num(simTime, 2)}</strong> s
        {typeof duration === 'number' && Number.isFinite(duration) ? ` of ${num(duration)} s` : ''}
      </span>
      {seed !== undefined ? <span> · seed {seed}</span> : null}
      {status === 'done' ? <span> · finished</span> : null}
    </span>
  );
}
