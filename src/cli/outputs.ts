/**
 * What `npm run sim` writes (`--pcap` a file, `--trace` a directory), prepared before the run: a
 * path that cannot be written is refused at once (exit status 2, naming the option, the path and
 * what is wrong with it) instead of after a run of many seconds.
 *
 * Nothing already there is changed until the run has finished: a file is opened without being
 * emptied, and a directory's files are written in a hidden directory inside it and moved into place
 * at the end. So a run that is interrupted or fails leaves the paths as they were — what it created
 * (an empty file, a directory it made, its hidden directory) is removed again.
 */
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** An output file, open for writing (created if it was missing, its old contents still there). */
export interface OutputFile {
  readonly kind: 'file';
  readonly option: string;
  readonly path: string;
  readonly fd: number;
  /** Made by this run: removed again if the run does not finish. */
  readonly created: boolean;
}

/** An output directory, with the hidden directory inside it where this run's files are written. */
export interface OutputDir {
  readonly kind: 'directory';
  readonly option: string;
  readonly path: string;
  /** Made by this run: removed again if the run does not finish. */
  readonly made: boolean;
  /** `<path>/.run-XXXXXX`: the run's files until {@link commitDir} moves them into `path`. */
  readonly staging: string;
}

export type Output = OutputFile | OutputDir;

/** What is wrong with writing in `path` (a file, or a directory to make), from the error node gave. */
function problem(path: string, err: NodeJS.ErrnoException, kind: Output['kind']): string {
  const dir = dirname(path);
  switch (err.code) {
    case 'ENOENT':
      return `the directory ${dir} does not exist`;
    case 'ENOTDIR':
      return `a part of the path is not a directory`;
    case 'EISDIR':
      return 'is a directory: name a file';
    case 'EACCES':
    case 'EPERM':
      return kind === 'file' && exists(path)
        ? 'permission denied: the file cannot be written'
        : `permission denied: cannot create files in ${dir}`;
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    default:
      return `cannot be written (${err.code ?? err.message})`;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function openFile(option: string, path: string): OutputFile {
  const created = !exists(path);
  // 'a' (not 'w'): creates a missing file but leaves an existing one as it is until the run is done.
  return { kind: 'file', option, path, fd: openSync(path, 'a'), created };
}

/** Make `path` if it is missing (its parent must exist, as a file's must), then the hidden directory. */
function openDir(option: string, path: string): OutputDir | string {
  let made = false;
  try {
    mkdirSync(path);
    made = true;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code !== 'EEXIST') return problem(path, e, 'directory');
    if (!statSync(path).isDirectory())
      return `is a file: name a directory (${option} writes one CSV file per trace source into it)`;
  }
  try {
    return { kind: 'directory', option, path, made, staging: mkdtempSync(join(path, '.run-')) };
  } catch (err) {
    if (made) rmdirSync(path);
    const e = err as NodeJS.ErrnoException;
    return e.code === 'EACCES' || e.code === 'EPERM'
      ? `permission denied: cannot create files in ${path}`
      : problem(join(path, '.run'), e, 'directory');
  }
}

/**
 * Prepare each requested output, in order; on the first that cannot be written, undo those already
 * prepared and return the message (`--trace out/x: the directory out does not exist`).
 */
export function openOutputs(
  wanted: readonly { option: string; path: string | undefined; kind: Output['kind'] }[],
): { outputs: Output[] } | { error: string } {
  const outputs: Output[] = [];
  const fail = (error: string): { error: string } => {
    abandonOutputs(outputs);
    return { error };
  };
  for (const { option, path, kind } of wanted) {
    if (path === undefined) continue;
    if (path === '') return fail(`${option} needs a ${kind} name`);
    const same = outputs.find((f) => resolve(f.path) === resolve(path));
    if (same) return fail(`${option} ${path}: ${same.option} writes there already; name another`);
    if (kind === 'directory') {
      const dir = openDir(option, path);
      if (typeof dir === 'string') return fail(`${option} ${path}: ${dir}`);
      outputs.push(dir);
    } else {
      try {
        outputs.push(openFile(option, path));
      } catch (err) {
        return fail(`${option} ${path}: ${problem(path, err as NodeJS.ErrnoException, kind)}`);
      }
    }
  }
  return { outputs };
}

/** Write all of `data` at the end of the file `fd` (one write may take only part of it). */
export function writeAll(fd: number, data: Uint8Array | string): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** Replace a file's contents with `data` (the run is done). */
export function writeFile(file: OutputFile, data: Uint8Array | string): void {
  ftruncateSync(file.fd, 0);
  writeAll(file.fd, data);
}

/** Move the staged files (`names`, in `dir.staging`) into the directory, over any of the same name. */
export function commitDir(dir: OutputDir, names: readonly string[]): void {
  for (const name of names) renameSync(join(dir.staging, name), join(dir.path, name));
  rmSync(dir.staging, { recursive: true, force: true });
}

/** Close every file (a finished run's outputs are all written). */
export function closeOutputs(outputs: readonly Output[]): void {
  for (const o of outputs) if (o.kind === 'file') closeSync(o.fd);
}

/**
 * Undo what an unfinished run made: files and directories it created, its hidden directories.
 * What was there before stays as it was. Safe to call more than once.
 */
export function abandonOutputs(outputs: readonly Output[]): void {
  for (const o of [...outputs].reverse()) {
    try {
      if (o.kind === 'file') {
        closeSync(o.fd);
        if (o.created) unlinkSync(o.path);
      } else {
        rmSync(o.staging, { recursive: true, force: true });
        if (o.made) rmdirSync(o.path);
      }
    } catch {
      // Already undone (a second call), or the user removed it meanwhile: nothing left to undo.
    }
  }
}
