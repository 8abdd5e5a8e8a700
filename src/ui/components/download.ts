/** Save bytes or text as a file through a temporary blob: URL (same origin, no network). */
export function download(name: string, content: BlobPart, type: string): void {
  const blob = new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file-name-safe stamp of the scenario (system, seed and simulated time). */
export function fileStem(system: string, seed: number | undefined, simTime: number): string {
  return `${system}-seed${seed ?? 1}-${Math.round(simTime)}s`;
}
