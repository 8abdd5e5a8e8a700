/**
 * Ctrl-C (SIGINT), a batch system's SIGTERM or a closed terminal's SIGHUP during a run that writes
 * files: undo what the run made (cli/outputs.ts `abandonOutputs`), then end the process as the
 * signal ends it, so a shell or batch system sees the signal, not an exit status.
 *
 * A listener runs only when the event loop gets control: the run must yield between stretches.
 */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Call `cleanUp` on a stop signal until the returned function is called. */
export function onStopSignals(cleanUp: () => void): () => void {
  const stop = (): void => {
    for (const s of STOP_SIGNALS) process.removeListener(s, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanUp();
    stop();
    process.kill(process.pid, signal);
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  return stop;
}
