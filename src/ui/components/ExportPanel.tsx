import { useState } from 'react';
import { useHiddenPolicy } from '../exercises/hidden';
import { useLab, useLabStore } from '../hooks/use-lab';
import { download, fileStem } from './download';
import { EmbedCodeMaker } from './EmbedCodeMaker';

/** Export the run: CSV of every trace, pcap of the TCP/IP packets (charts export SVG/PNG themselves). */
export function ExportPanel() {
  const store = useLabStore();
  const system = useLab((s) => s.system);
  const seed = useLab((s) => s.scenario?.seed);
  const simTime = useLab((s) => s.simTime);
  const status = useLab((s) => s.status);
  const [message, setMessage] = useState('');
  // The traces whose values an open exercise hides (the RTO in force…) stay out of the CSV.
  const leaveOut = useHiddenPolicy().sources;
  const stem = fileStem(system, seed, simTime);
  const run = async (what: 'csv' | 'pcap') => {
    const s = store.getState();
    s.pause();
    setMessage(`Preparing ${what.toUpperCase()}…`);
    try {
      if (what === 'csv')
        download(
          `${stem}-traces.zip`,
          (await s.exportCsv(leaveOut)) as Uint8Array<ArrayBuffer>,
          'application/zip',
        );
      else
        download(
          `${stem}.pcap`,
          (await s.exportPcap()) as Uint8Array<ArrayBuffer>,
          'application/vnd.tcpdump.pcap',
        );
      setMessage(`${what.toUpperCase()} saved.`);
    } catch (err) {
      setMessage(`Export failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const disabled = status === 'starting' || status === 'failed';
  return (
    <section className="panel export" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p>
        <button type="button" data-testid="export-csv" disabled={disabled} onClick={() => void run('csv')}>
          Traces (CSV files, ZIP)
        </button>{' '}
        <button type="button" data-testid="export-pcap" disabled={disabled} onClick={() => void run('pcap')}>
          Packets (pcap, for Wireshark)
        </button>
      </p>
      {leaveOut.length > 0 && (
        <p className="muted small" data-testid="export-hidden-note">
          While the exercise is open, the CSV leaves out {leaveOut.join(', ')}: their values would answer it.
        </p>
      )}
      <p className="muted small">
        The traces: one CSV file per trace source (tcp.send.csv, link.frame.csv, …), each a table with time in
        simulated seconds and the source’s fields by name — as the command line’s <code>--trace</code> writes
        them. Each chart has its own SVG and PNG buttons; “Copy link” at the top shares the scenario and the
        view.
      </p>
      <p role="status" className="small">
        {message}
      </p>
      <EmbedCodeMaker />
    </section>
  );
}
