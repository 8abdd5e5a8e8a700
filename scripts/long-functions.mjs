// Lists every function, arrow function, method, constructor and accessor under a folder or in a file (default
// src/) whose body spans at least N lines (default 80), largest first: the check behind issue 22
// item 6 ("long functions split where a reader would"). A nested function is listed on its own and
// also counts inside the function that holds it. Read-only; uses the TypeScript compiler API.
//
//   node scripts/long-functions.mjs [--min 80] [--top 10] [folder or file]

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

function parseArgs(argv) {
  const opts = { min: 80, top: Infinity, root: 'src' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--min' || a === '--top') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`${a}: “${argv[i]}” is not allowed; expected a positive integer`);
      opts[a.slice(2)] = n;
    } else if (a.startsWith('--')) {
      throw new Error(`${a}: unknown option; expected --min N, --top N or a folder or file`);
    } else opts.root = a;
  }
  return opts;
}

function sourceFiles(dir) {
  if (!statSync(dir).isDirectory()) return [dir];
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The name a reader would look for: the declared name, else the variable, property or class member holding it. */
function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return `${className(node.parent)}.constructor`;
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (p && ts.isPropertyAssignment(p)) return p.name.getText();
  if (p && ts.isPropertyDeclaration(p)) return p.name.getText();
  if (p && (ts.isReturnStatement(p) || ts.isParenthesizedExpression(p) || isFunction(p))) {
    // A function that returns a function (a zustand slice, a factory): name it after its maker.
    return `${enclosingName(node) ?? '(anonymous)'} › (returned)`;
  }
  if (p && ts.isCallExpression(p)) {
    // A callback: name it after the call (useEffect, useMemo, forEach …) and, where it has one, its holder.
    const callee = p.expression.getText().split('.').pop();
    const holder = enclosingName(p);
    return holder ? `${holder} › ${callee}(…)` : `${callee}(…)`;
  }
  return '(anonymous)';
}

function className(node) {
  return node && node.name ? node.name.text : '(class)';
}

function enclosingName(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (isFunction(n)) return functionName(n);
  }
  return undefined;
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function longFunctions(file, min) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines >= min) found.push({ file, line: start + 1, lines, name: functionName(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const opts = parseArgs(process.argv.slice(2));
const all = sourceFiles(opts.root)
  .flatMap((f) => longFunctions(f, opts.min))
  .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
for (const f of all.slice(0, opts.top)) {
  console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${relative(process.cwd(), f.file)}:${f.line}`);
}
console.log(`${all.length} functions of ${opts.min} lines or more under ${opts.root}`);
