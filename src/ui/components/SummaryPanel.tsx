import { failureText, type Summary } from '../../engine/scenario/summary';
import { useLab } from '../hooks/use-lab';
import { anyValue, bitRate, bytes, count, num, percent, seconds, sig, words } from '../format';
import { labPlugin } from '../systems';
import { Part, Row } from './FigureRow';
import { formatQuantity } from '../quantity';
import { counterPaths, summaryField } from '../summary-fields';
import { Takeaway } from './Takeaway';

/** Workload figures beyond TCP's, when the summary has them (ping, netperf rr/crr). */
function WorkloadRows({ app }: { app: Summary['app'] }) {
  const n = (k: string): number | undefined => (typeof app[k] === 'number' ? (app[k] as number) : undefined);
  const rttMean = n('rttMean');
  const tps = n('transactionsPerSecond');
  return (
    <>
      {app.kind === 'ping' && rttMean !== undefined && (
        <Row label="Ping round trip" paths={['app.rttMean', 'app.rttMin', 'app.rttMax']}>
          mean {seconds(rttMean)}, min {seconds(n('rttMin') ?? NaN)}, max {seconds(n('rttMax') ?? NaN)} (
          {count(n('received') ?? 0, 'echo', 'echoes')} of {num(n('sent') ?? 0)})
        </Row>
      )}
      {tps !== undefined && (
        <Row
          label="Transactions"
          paths={['app.transactionsPerSecond', 'app.transactions', 'app.meanTransactionTime']}
        >
          {sig(tps, 3)} per second ({num(n('transactions') ?? 0)} in all
          {n('meanTransactionTime') ? `, ${seconds(n('meanTransactionTime') as number)} each on average` : ''}
          )
        </Row>
      )}
    </>
  );
}

/**
 * Where the workload is, in words (issue 20 item 28): "completed" only once it has (DECT's
 * arrivals never complete, whatever its summary's `completed` says), "not started yet" at 0 s,
 * and a run that reached its duration first says so instead of "running".
 */
export function workloadWords(s: Summary, done: boolean): string {
  if (s.failure) return 'failed (why: above)';
  if (s.app.failed === true) return 'failed';
  if (s.app.kind === 'bulk') return 'bulk transfer for the whole run (it never completes)';
  const endless = labPlugin(s.system)?.endlessWorkload;
  if (endless) return endless;
  if (s.completed) return 'completed';
  if (done) return `stopped at the run’s end (${seconds(s.simTime)}) before it completed`;
  return s.simTime > 0 ? 'running' : 'not started yet';
}

/** The figures in words (exported for tests); `done`: the run has reached its end. */
export function SummaryFigures({ s, done = false }: { s: Summary; done?: boolean }) {
  const tcp = s.tcp;
  const SummaryRows = labPlugin(s.system)?.SummaryRows;
  const GoodputRow = labPlugin(s.system)?.GoodputRow;
  const transfer = s.app.transferTime;
  const usesTcp = tcp.segmentsSent > 0 || tcp.connections > 0 || s.app.kind !== 'ping';
  return (
    <dl className="figures">
      <WorkloadRows app={s.app} />
      {usesTcp ? (
        <>
          {GoodputRow ? (
            <GoodputRow summary={s} />
          ) : (
            <Row label="Goodput" paths={['tcp.goodputBps', 'normalizedGoodput']}>
              {bitRate(tcp.goodputBps)} — <strong>{sig(s.normalizedGoodput, 3)}</strong> of the bearer's{' '}
              <Part path="capacityBps">{bitRate(s.capacityBps)}</Part>
            </Row>
          )}
          {SummaryRows && <SummaryRows summary={s} done={done} />}
          <Row label="Delivered in order" paths={['tcp.bytesDelivered']}>
            {bytes(tcp.bytesDelivered)}
          </Row>
          <Row label="Segments sent" paths={['tcp.segmentsSent', 'tcp.retransmits']}>
            {num(tcp.segmentsSent)}, of which {count(tcp.retransmits, 'retransmission')}
          </Row>
          <Row label="Timeouts" paths={['tcp.timeouts', 'tcp.fastRetransmits']}>
            {count(tcp.timeouts, 'timeout')}, {count(tcp.fastRetransmits, 'fast retransmit')}
          </Row>
          <Row label="Largest RTO" paths={['tcp.maxRto', 'tcp.rtoAtMaxFraction']}>
            {tcp.maxRto > 0
              ? `${seconds(tcp.maxRto)}; the RTO sat at the stack's maximum ${percent(tcp.rtoAtMaxFraction)} of the time`
              : 'none armed yet'}
          </Row>
          <Row label="Round-trip time" paths={['tcp.rttMean', 'tcp.rttMin']}>
            {tcp.rttMean > 0 ? `mean ${seconds(tcp.rttMean)}, min ${seconds(tcp.rttMin)}` : 'no sample yet'}
          </Row>
        </>
      ) : (
        <Row label="TCP">not used by this workload</Row>
      )}
      {typeof transfer === 'number' && (
        <Row label="Transfer time" paths={['app.transferTime']}>
          {seconds(transfer)}
        </Row>
      )}
      {tcp.connectFailures > 0 && (
        <Row label="Connections failed" paths={['tcp.connectFailures']}>
          {num(tcp.connectFailures)}
        </Row>
      )}
      <Row label="Workload">{workloadWords(s, done)}</Row>
    </dl>
  );
}

/**
 * The summary JSON in words (ui.md "Summary panel"), live. Carries the JSON itself in
 * `data-json` and the simulated seconds in `data-sim-time` (automation hooks).
 */
export function SummaryPanel() {
  const summary = useLab((s) => s.summary);
  const simTime = useLab((s) => s.simTime);
  const done = useLab((s) => s.done);
  return (
    <section
      className="panel summary"
      aria-labelledby="summary-title"
      data-testid="summary"
      data-json={summary ? JSON.stringify(summary) : ''}
      data-sim-time={String(simTime)}
    >
      <h2 id="summary-title">Summary at {num(simTime, 2)} s</h2>
      {summary?.failure && (
        <p className="result wrong" role="alert" data-testid="failure">
          {failureText(summary.failure)}
        </p>
      )}
      {summary && done && <Takeaway summary={summary} />}
      {summary ? <SummaryFigures s={summary} done={done} /> : <p className="muted">No run yet.</p>}
      {summary && Object.keys(summary.link).length > 0 && (
        <details className="link-counters">
          <summary>Link-layer counters</summary>
          <dl className="figures compact">
            {counterPaths(summary).map(([path, v]) => {
              // Labels and units written for people (summary-fields.ts); a field a plug-in has not
              // labelled yet still shows, in its key's words (a test fails on it).
              const field = summaryField(summary.system, path);
              return (
                <Row key={path} label={field?.label ?? words(path.split('.').at(-1) ?? path)} paths={[path]}>
                  {field ? formatQuantity(field.quantity, v) : anyValue(v)}
                </Row>
              );
            })}
          </dl>
        </details>
      )}
    </section>
  );
}
