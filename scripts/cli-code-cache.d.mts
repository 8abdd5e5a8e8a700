/** Types of scripts/cli-code-cache.mjs (the V8 code cache of the command-line tools). */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}
export interface CodeCacheEntry {
  script: string;
  cache: string;
  stamp: FileStamp;
}
export declare const CACHED_TOOLS: string[];
export declare const MODULE_URL_NAME: string;
export declare const SCRIPT_HEAD: string;
export declare const SCRIPT_TAIL: string;
export declare function stamp(file: string): FileStamp;
export declare function makeCodeCache(script: string): FileStamp;
export declare function runCached(
  outdir: string,
  manifest: { codeCaches?: Record<string, CodeCacheEntry> },
  tool: string,
  esmUrl: string,
): boolean;
export declare function cacheFor(outdir: string, entry: CodeCacheEntry): Buffer | undefined;
export declare function cacheAccepted(file: string, cachedData: Buffer): boolean;
