/** Types of scripts/cli-bundle.mjs (the command-line bundles and their staleness check). */
export interface InputRecord {
  path: string;
  size: number;
  mtimeMs: number;
  /** Absent in manifests written before the stat check: such a file is always hashed. */
  ctimeMs?: number;
  ino?: number;
  /** Null when the file changed while the build read it: always a change. */
  sha1: string | null;
  /** When the record was taken (ms since the epoch). */
  recordedMs?: number;
}
export interface CliManifest {
  esbuild: string;
  outputs: string[];
  inputs: InputRecord[];
  codeCaches?: Record<string, import('./cli-code-cache.mjs').CodeCacheEntry>;
}
export declare const ROOT: string;
export declare const ENTRIES: string[];
export declare const RACY_MS: number;
export declare function fileClockNow(dir: string): number;
export declare function describeInputs(
  root: string,
  paths: readonly string[],
  readFromMs?: number,
): InputRecord[];
export declare function changedInputs(root: string, inputs: readonly InputRecord[]): string[];
export declare function staleness(root?: string, outdir?: string): string;
export declare function buildCli(root?: string, outdir?: string): Promise<CliManifest>;
/** `say`: told (once) when another build holds the lock, and when a stale lock is removed; stderr by default. */
export declare function ensureCli(
  root?: string,
  outdir?: string,
  say?: (line: string) => void,
): Promise<string>;
export declare const BUILD_LOCK: string;
export declare function withBuildLock<T>(
  outdir: string,
  fn: () => Promise<T> | T,
  say?: (line: string) => void,
): Promise<T>;
/** Why the lock directory `lock` is stale ('' while a live build holds it). */
export declare function lockStaleness(lock: string, now?: number): string;
