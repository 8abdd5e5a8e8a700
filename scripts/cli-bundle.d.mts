/** Types of scripts/cli-bundle.mjs (the command-line bundles and their staleness check). */
export interface InputRecord {
  path: string;
  size: number;
  mtimeMs: number;
  sha1: string;
}
export interface CliManifest {
  esbuild: string;
  outputs: string[];
  inputs: InputRecord[];
}
export declare const ROOT: string;
export declare const ENTRIES: string[];
export declare function describeInputs(root: string, paths: readonly string[]): InputRecord[];
export declare function changedInputs(root: string, inputs: readonly InputRecord[]): string[];
export declare function staleness(root?: string, outdir?: string): string;
export declare function buildCli(root?: string, outdir?: string): Promise<CliManifest>;
export declare function ensureCli(root?: string, outdir?: string): Promise<string>;
