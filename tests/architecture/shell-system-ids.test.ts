/**
 * The shell has no branch on a system id: what a system does lives in its engine
 * folder (src/engine/systems/<id>) and its lab folder (src/ui/systems/<id>). This
 * test reads the shell's code (comments left out) and fails on any system id in it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const SHELL = [
  'src/ui/components',
  'src/ui/charts',
  'src/ui/map',
  'src/ui/hooks',
  'src/ui/page',
  'src/ui/exercises',
  'src/ui/takeaway',
  'src/ui/baseline',
  'src/ui/presets',
  'src/ui/theme',
  'src/state',
  'src/worker',
  'src/engine/scenario',
  'src/cli',
  'src/ui/format.ts',
  'src/ui/url-view.ts',
  'src/main.tsx',
  'src/embed.tsx',
  'src/boot.tsx',
];
/**
 * Data, not branches: the validation items and the benchmark's own micro-runs name the
 * scenarios they run, and the usage text gives an example command.
 */
const EXEMPT = [/^src\/cli\/validation\//, /^src\/cli\/bench(-browser)?\.ts$/, /^src\/cli\/args\.ts$/];
const IDS = /\b(is707|gsm|phs|dect|geran)\b/;

function files(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The code without its comments (block comments, and line comments that start a line or follow a space). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

describe('shell code names no system', () => {
  it('the comment stripper keeps code and drops comments', () => {
    expect(withoutComments("a = 'gsm'; // phs\n/* dect */ b")).toBe("a = 'gsm'; \n b");
  });

  it('no system id in the shell: src/ui (outside systems/), src/state, src/worker, src/engine/scenario, src/cli', () => {
    const found: string[] = [];
    for (const dir of SHELL) {
      for (const path of files(join(ROOT, dir))) {
        const rel = relative(ROOT, path).split('\\').join('/');
        if (EXEMPT.some((re) => re.test(rel))) continue;
        withoutComments(readFileSync(path, 'utf8'))
          .split('\n')
          .forEach((line, i) => {
            if (IDS.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
