/**
 * The files `npm run sim` writes (`--trace`, `--pcap`), opened before the run: a path that cannot
 * be written is refused at once (exit status 2, naming the option, the path and what is wrong
 * with it) instead of after a run of many seconds.
 */
import { closeSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** An output file opened for writing (created or emptied). */
export interface OutputFile {
  readonly option: string;
  readonly path: string;
  readonly fd: number;
}

/** What is wrong with writing `path`, in words, from the error `openSync` gave. */
function problem(path: string, err: NodeJS.ErrnoException): string {
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
      return exists(path)
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

/**
 * Open each requested output for writing, in order; on the first that cannot be, close those
 * already opened and return the message (`--trace out/x.csv: the directory out does not exist`).
 */
export function openOutputs(
  wanted: readonly { option: string; path: string | undefined }[],
): { files: OutputFile[] } | { error: string } {
  const files: OutputFile[] = [];
  const fail = (error: string): { error: string } => {
    for (const f of files) closeSync(f.fd);
    return { error };
  };
  for (const { option, path } of wanted) {
    if (path === undefined) continue;
    if (path === '') return fail(`${option} needs a file name`);
    const same = files.find((f) => resolve(f.path) === resolve(path));
    if (same) return fail(`${option} ${path}: ${same.option} writes that file already; name another`);
    try {
      files.push({ option, path, fd: openSync(path, 'w') });
    } catch (err) {
      return fail(`${option} ${path}: ${problem(path, err as NodeJS.ErrnoException)}`);
    }
  }
  return { files };
}
