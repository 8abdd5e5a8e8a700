/**
 * The source's imports form no cycle (type-only imports included), the engine's never leave the
 * engine, and every layer imports only downward (architecture.md "Layers": engine ← worker/cli ←
 * state ← ui). Read from the source text: every
 * `import … from`, `export … from` and `import(…)` specifier, resolved as the bundler would
 * (`x.ts`, `x.tsx` or `x/index.ts`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFrom, ROOT, specifiers, SRC } from './source-imports';
const ENGINE = join(SRC, 'engine');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** One cycle of the graph as a list of files (first repeated at the end), or null. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  const path: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, 1);
    path.push(n);
    for (const m of graph.get(n) ?? []) {
      const s = state.get(m);
      if (s === 1) return [...path.slice(path.indexOf(m)), m];
      if (s === undefined) {
        const c = visit(m);
        if (c) return c;
      }
    }
    path.pop();
    state.set(n, 2);
    return null;
  };
  for (const n of graph.keys()) {
    if (state.has(n)) continue;
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

describe('engine import graph', () => {
  const graph = new Map<string, string[]>();
  const outside: string[] = [];
  for (const f of files(ENGINE)) {
    const deps: string[] = [];
    for (const spec of specifiers(readFileSync(f, 'utf8'))) {
      const target = resolveFrom(f, spec);
      if (target === null || !target.startsWith(ENGINE + '/')) {
        outside.push(`${relative(ROOT, f)} → ${spec}`);
        continue;
      }
      deps.push(relative(ROOT, target));
    }
    graph.set(relative(ROOT, f), deps);
  }

  it('reads type-only imports and re-exports, and finds a cycle when there is one', () => {
    expect(
      specifiers("import type { A } from './a';\nexport { b } from '../b';\n// import x from './c'"),
    ).toEqual(['./a', '../b']);
    const cyclic = new Map([
      ['model', ['summary']],
      ['summary', ['model']],
    ]);
    expect(findCycle(cyclic)).toEqual(['model', 'summary', 'model']);
    expect(findCycle(new Map([['model', ['summary']]]))).toBeNull();
  });

  it('has read the engine', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/engine/systems/gsm/summary.ts')).toContain('src/engine/systems/gsm/state.ts');
  });

  it('has no import cycle, type-only imports included', () => {
    expect(findCycle(graph)).toBeNull();
  });

  it('imports nothing from outside the engine', () => {
    expect(outside).toEqual([]);
  });
});

/**
 * The layer of a file under src/ (boot.tsx starts the page, above the ui; main.tsx, the entry, loads
 * it, as embed.tsx does for the embed page).
 */
function layer(file: string): number {
  const top = relative(SRC, file).split('/')[0];
  const order: Record<string, number> = {
    engine: 0,
    worker: 1,
    cli: 1,
    state: 2,
    ui: 3,
    'boot.tsx': 4,
    'main.tsx': 5,
    'embed.tsx': 5,
  };
  const l = order[top];
  if (l === undefined) throw new Error(`${relative(ROOT, file)}: no layer for '${top}'`);
  return l;
}

describe('whole source import graph', () => {
  const graph = new Map<string, string[]>();
  const upward: string[] = [];
  for (const f of files(SRC)) {
    const deps: string[] = [];
    for (const spec of specifiers(readFileSync(f, 'utf8'))) {
      const target = resolveFrom(f, spec);
      // Packages and the repo's scripts (the bench's Chromium flags) are outside the layers.
      if (target === null || !target.startsWith(SRC + '/')) continue;
      deps.push(relative(ROOT, target));
      // cli and worker sit side by side above the engine; neither imports the other's layer upward.
      if (layer(target) > layer(f)) upward.push(`${relative(ROOT, f)} → ${relative(ROOT, target)}`);
    }
    graph.set(relative(ROOT, f), deps);
  }

  it('has read src/ whole', () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get('src/ui/components/SystemPanels.tsx')?.length).toBeGreaterThan(0);
  });

  it('has no import cycle anywhere, type-only imports included', () => {
    expect(findCycle(graph)).toBeNull();
  });

  it('imports only downward: engine ← worker, cli ← state ← ui ← main', () => {
    expect(upward).toEqual([]);
  });
});
