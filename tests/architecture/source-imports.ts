/**
 * Reading a source file's imports from its text, for the architecture tests: the module
 * specifiers it names and where they resolve, as the bundler would (`x.ts`, `x.tsx`, `x/index.ts`).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = join(__dirname, '../..');
export const SRC = join(ROOT, 'src');

/** The text without comments (a commented-out import is none). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** Module specifiers a file names (static imports and re-exports, type-only ones too, and dynamic imports). */
export function specifiers(text: string): string[] {
  const c = code(text);
  const out: string[] = [];
  for (const m of c.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of c.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  return out;
}

/** Specifiers of the static, non-type-only imports and re-exports of a file (what a first chunk holds). */
export function staticValueImports(text: string): string[] {
  const c = code(text);
  const out: string[] = [];
  for (const m of c.matchAll(/\b(import|export)\s+(type\s+)?([^'";]*?)\bfrom\s*['"]([^'"]+)['"]/g)) {
    if (!m[2]) out.push(m[4]);
  }
  for (const m of c.matchAll(/\bimport\s+['"]([^'"]+)['"]/g)) out.push(m[1]);
  return out;
}

/** The source file `spec` names from `file`; null for a package or an asset (a stylesheet, JSON). */
export function resolveFrom(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(file), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  // A stylesheet or other asset the bundler loads (e.g. './ui/app.css') is no module of the graph.
  if (/\.(css|svg|png|json)$/.test(spec)) return null;
  throw new Error(`${relative(ROOT, file)}: cannot resolve '${spec}'`);
}
