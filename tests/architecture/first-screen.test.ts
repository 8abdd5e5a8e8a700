/**
 * What a plain first visit downloads (issue 13, docs/architecture.md "What the first visit loads"):
 * the modules the page's entry reaches through static imports — what the bundler puts in the first
 * chunks — hold no engine model (those run in the worker only) and none of the parts loaded later
 * through `import()` (the sweep panel, the A/B comparison, the exercise editor, the charts' image
 * export, the plug-ins' panels). Read from the source text: `import`/`export … from` that are not
 * type-only; dynamic `import()` is the split, so it is not followed.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFrom, ROOT, SRC, staticValueImports } from './source-imports';

/** Every source file the entry reaches through static value imports, relative to the repo. */
function firstScreen(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    const rel = relative(ROOT, file);
    if (seen.has(rel)) return;
    seen.add(rel);
    for (const spec of staticValueImports(readFileSync(file, 'utf8'))) {
      const target = resolveFrom(file, spec);
      if (target) walk(target);
    }
  };
  walk(entry);
  return seen;
}

describe('the first visit’s modules', () => {
  // main.tsx loads boot.tsx through import(): both are the first visit's.
  const reached = new Set([...firstScreen(join(SRC, 'main.tsx')), ...firstScreen(join(SRC, 'boot.tsx'))]);

  it('the walk reaches the lab (the check is not vacuous)', () => {
    for (const f of [
      'src/ui/components/App.tsx',
      'src/ui/components/MapPanel.tsx',
      'src/engine/scenarios.ts',
    ])
      expect(reached, f).toContain(f);
  });

  // Not checked here: link layers and channel models. systems/<id>/info.ts and explain.ts import
  // link barrels (DECT_FRAME_NS from link/dect-mac, the explainers' trace kinds), so the walk
  // reaches every link entity; the page's chunks hold no link entity only because the bundler
  // drops what nothing uses.
  const TCP_PROFILE_DATA = 'src/engine/tcp/profiles.ts';
  it('hold no simulation, system model, TCP or application: those are the worker’s', () => {
    const engine = [...reached].filter(
      (f) =>
        /^src\/engine\/(simulation|index)\.ts$/.test(f) ||
        /^src\/engine\/systems\/index\.ts$/.test(f) ||
        /^src\/engine\/systems\/[^/]+\/model\.ts$/.test(f) ||
        (/^src\/engine\/(tcp|app)\//.test(f) && f !== TCP_PROFILE_DATA),
    );
    expect(engine).toEqual([]);
    // The one TCP module the page reads is the profiles' plain data: the rules between the TCP keys
    // (systems/common-params.ts tcpRules) compare rtoMin, rtoInit and rtoMax with its values.
    expect(reached).toContain(TCP_PROFILE_DATA);
  });

  it('hold none of the parts loaded later', () => {
    const later = [
      'src/ui/components/SweepPanel.tsx',
      'src/ui/components/SweepResult.tsx',
      'src/ui/components/ComparePanel.tsx',
      'src/ui/components/CompareResult.tsx',
      'src/ui/components/ExerciseEditor.tsx',
      'src/ui/charts/export.ts',
      'src/ui/charts/sweep-chart.ts',
      'src/ui/systems/dect/SlotGrids.tsx',
      'src/ui/systems/dect/DelayPanel.tsx',
      'src/ui/systems/dect/BearerPanel.tsx',
      'src/ui/systems/gsm/RlpPanel.tsx',
      'src/ui/systems/phs/PiafsMonitor.tsx',
      'src/ui/systems/geran/ConnectionTimeline.tsx',
    ];
    expect(later.filter((f) => reached.has(f))).toEqual([]);
  });
});
