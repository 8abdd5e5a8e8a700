import { parentPort } from 'node:worker_threads';
import { runScenarioText } from '../engine';

/** Worker thread of a sweep: runs one scenario per message, tracing off, and answers one JSON line. */
parentPort?.on('message', (msg: { index: number; scenario: string }) => {
  let line: string;
  try {
    const { summary, errors } = runScenarioText(msg.scenario, { traces: false });
    line = summary ? JSON.stringify(summary) : JSON.stringify({ scenario: msg.scenario, errors });
  } catch (err) {
    line = JSON.stringify({
      scenario: msg.scenario,
      error: String(err instanceof Error ? err.message : err),
    });
  }
  parentPort?.postMessage({ index: msg.index, line });
});
