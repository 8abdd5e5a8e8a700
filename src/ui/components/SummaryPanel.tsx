import type { Summary } from '../../engine/scenario/summary';
import { useLab } from '../hooks/use-lab';
import { anyValue, bitRate, bytes, num, percent, seconds, sig, words } from '../format';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="kv">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Figures({ s }: { s: Summary }) {
  const tcp = s.tcp;
  const transfer = s.app.transferTime;
  return (
    <dl className="figures">
      <Row label="Goodput">
        {bitRate(tcp.goodputBps)} — <strong>{sig(s.normalizedGoodput, 3)}</strong> of the bearer's{' '}
        {bitRate(s.capacityBps)}
      </Row>
      <Row label="Delivered in order">{bytes(tcp.bytesDelivered)}</Row>
      <Row label="Segments sent">
        {num(tcp.segmentsSent)}, of which {num(tcp.retransmits)} retransmissions
      </Row>
      <Row label="Timeouts">
        {num(tcp.timeouts)} timeouts, {num(tcp.fastRetransmits)} fast retransmits
      </Row>
      <Row label="Largest RTO">
        {seconds(tcp.maxRto)}; at its maximum {percent(tcp.rtoAtMaxFraction)} of the time
      </Row>
      <Row label="Round-trip time">
        {tcp.rttMean > 0 ? `mean ${seconds(tcp.rttMean)}, min ${seconds(tcp.rttMin)}` : 'no sample yet'}
      </Row>
      {typeof transfer === 'number' && <Row label="Transfer time">{seconds(transfer)}</Row>}
      {tcp.connectFailures > 0 && <Row label="Connections failed">{num(tcp.connectFailures)}</Row>}
      <Row label="Workload">{s.completed ? 'completed' : 'running'}</Row>
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
  return (
    <section
      className="panel summary"
      aria-labelledby="summary-title"
      data-testid="summary"
      data-json={summary ? JSON.stringify(summary) : ''}
      data-sim-time={String(simTime)}
    >
      <h2 id="summary-title">Summary at {num(simTime, 2)} s</h2>
      {summary ? <Figures s={summary} /> : <p className="muted">No run yet.</p>}
      {summary && Object.keys(summary.link).length > 0 && (
        <details className="link-counters">
          <summary>Link-layer counters</summary>
          <dl className="figures compact">
            {Object.entries(summary.link).map(([k, v]) => (
              <Row key={k} label={words(k)}>
                {anyValue(v)}
              </Row>
            ))}
            {Object.entries(summary.app)
              .filter(([k]) => k !== 'transferTime')
              .map(([k, v]) => (
                <Row key={`app-${k}`} label={words(k)}>
                  {anyValue(v)}
                </Row>
              ))}
          </dl>
        </details>
      )}
    </section>
  );
}
