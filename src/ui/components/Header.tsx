import { useMemo, useState } from 'react';
import type { SystemId } from '../../engine/scenario/types';
import { SYSTEM_IDS, implementedSystems, systemName } from '../../engine/scenarios';
import { findPreset, freePlayScenario, presetsFor } from '../presets';
import { useLab, useLabStore } from '../hooks/use-lab';
import { usePresetLoader } from '../hooks/use-preset';
import { presetStatus } from '../presets/modified';
import { TourButton } from './Tour';

function SystemSelect() {
  const system = useLab((s) => s.system);
  const store = useLabStore();
  const available = useLab((s) => s.available);
  // Before the engine answers, the systems with a schema; then those the engine can run.
  const implemented = available.length > 0 ? available : implementedSystems();
  return (
    <label className="field">
      <span>System</span>
      <select
        data-testid="system-select"
        value={system}
        onChange={(e) => {
          // The system's free-play start (as a first visit), not only the engine's defaults.
          const s = store.getState();
          s.setView({ preset: null, exercise: null, domain: null });
          void s.load(freePlayScenario(e.target.value as SystemId));
        }}
      >
        {SYSTEM_IDS.map((id) => (
          <option key={id} value={id} disabled={!implemented.includes(id)}>
            {systemName(id)}
            {implemented.includes(id) ? '' : ' — coming'}
          </option>
        ))}
      </select>
    </label>
  );
}

function PresetSelect() {
  const system = useLab((s) => s.system);
  const presetId = useLab((s) => s.view.preset);
  const load = usePresetLoader();
  const store = useLabStore();
  const text = useLab((s) => s.text);
  const presets = presetsFor(system);
  const status = useMemo(() => presetStatus(presetId, system, text), [presetId, system, text]);
  const current = status && !status.modified ? status.preset : null;
  return (
    <label className="field preset-field">
      <span>Preset</span>
      <select
        data-testid="preset-select"
        // The whole title on hover where the menu is narrower than "Modified from <title>".
        title={status?.modified ? `Modified from ${status.preset.title}` : (current?.title ?? undefined)}
        value={current ? current.id : ''}
        onChange={(e) => {
          const p = findPreset(e.target.value);
          if (p) void load(p);
          else store.getState().setView({ preset: null });
        }}
      >
        <option value="">
          {status?.modified ? `Modified from ${status.preset.title}` : 'Free play (current scenario)'}
        </option>
        {presets
          .filter((p) => !p.id.endsWith('-free'))
          .map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
      </select>
    </label>
  );
}

function ThemeToggle({ resolved }: { resolved: 'light' | 'dark' }) {
  const setTheme = useLab((s) => s.setTheme);
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="quiet"
      onClick={() => setTheme(next)}
      aria-label={`Switch to ${next} theme`}
    >
      {resolved === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
}

function ShareButton() {
  const [state, setState] = useState<'idle' | 'copied' | 'shown'>('idle');
  const [url, setUrl] = useState('');
  const copy = async () => {
    const href = window.location.href;
    setUrl(href);
    try {
      await navigator.clipboard.writeText(href);
      setState('copied');
    } catch {
      setState('shown'); // no clipboard permission: show the link to copy by hand
    }
  };
  return (
    <span className="share">
      <button type="button" data-testid="share" data-url={url} onClick={() => void copy()}>
        Copy link
      </button>
      <span role="status" className="muted">
        {state === 'copied' ? 'Link copied' : ''}
      </span>
      {state === 'shown' && (
        <input
          className="share-url"
          readOnly
          value={url}
          aria-label="Link to this run"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </span>
  );
}

/** The page header: title, system and preset pickers, theme and share. */
export function Header({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <header className="lab-header">
      <h1>Wireless TCP Lab</h1>
      <SystemSelect />
      <PresetSelect />
      <span className="spacer" />
      <TourButton />
      <ThemeToggle resolved={theme} />
      <ShareButton />
    </header>
  );
}
