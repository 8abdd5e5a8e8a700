/**
 * The PIAFS monitor table (phs.md "Views"; the study's Figure 2): TIME in 10 ms slots, then what
 * the base station and the mobile received, each as NUM, REQ and DATA / IDLE / CRC ERR, side by
 * side, for one link. It follows the run live, or shows the slots around a TCP retransmission
 * clicked on the sequence graph, and can jump to the next place where the study's pattern
 * shows (a run of CRC ERR rows, REQ stuck, the missing frame re-sent among new ones, REQ jumping).
 *
 * Colour is never the only cue (ui.md "Visual language"): CRC ERR rows say so in words, re-sent
 * frames carry ↺, REQ jumps ⇑ and the jump, a stuck REQ =.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useLab } from '../../hooks/use-lab';
import { usePanelSources } from '../../hooks/use-near-view';
import { monitorPatterns, monitorRows, SLOT_S, type MonitorCell, type MonitorColumns } from './monitor-rows';
import { count } from '../../format';
import type { MonitorPattern } from '../../../engine/systems/phs/monitor-pattern';

const SIZES = [20, 40, 80] as const;
const MONITOR_SOURCES = ['piafs.monitor'];
const LINKS = [1, 2, 3, 4, 5, 6] as const;

const ERROR_STYLE = { color: 'var(--error)', fontWeight: 600 } as const;
const RETX_STYLE = { color: 'var(--retx)' } as const;
const IDLE_STYLE = { color: 'var(--muted)' } as const;

function Cell({ c }: { c: MonitorCell | null }) {
  if (!c) {
    return (
      <>
        <td />
        <td />
        <td className="muted">–</td>
      </>
    );
  }
  if (c.word === 'CRC ERR') {
    return (
      <>
        <td />
        <td />
        <td style={ERROR_STYLE} data-kind="crc">
          ✕ CRC ERR
        </td>
      </>
    );
  }
  return (
    <>
      <td style={c.resent ? RETX_STYLE : undefined} data-resent={c.resent || undefined}>
        {c.num}
        {c.resent ? ' ↺' : ''}
      </td>
      <td data-req-jump={c.reqJump || undefined} data-req-stuck={c.reqStuck || undefined}>
        {c.req}
        {c.reqJump ? ` ⇑${c.reqJump}` : c.reqStuck ? ' =' : ''}
      </td>
      <td style={c.word === 'IDLE' ? IDLE_STYLE : undefined}>{c.word}</td>
    </>
  );
}

/** The table itself, for given trace columns (rendered by the panel; exported for tests). */
export function PiafsMonitorTable({
  data,
  link,
  fromSlot,
  toSlot,
}: {
  data: MonitorColumns | undefined;
  link: number;
  fromSlot: number;
  toSlot: number;
}) {
  const rows = monitorRows(data, link - 1, fromSlot, toSlot);
  return (
    <table className="piafs-monitor" data-testid="piafs-monitor-table">
      <caption className="sr-only">
        PIAFS monitor of link {link}, slots {fromSlot} to {toSlot}
      </caption>
      <thead>
        <tr>
          <th scope="col" rowSpan={2}>
            TIME (slot)
          </th>
          <th scope="colgroup" colSpan={3}>
            Base station receives
          </th>
          <th scope="colgroup" colSpan={3}>
            Mobile receives
          </th>
        </tr>
        <tr>
          <th scope="col">NUM</th>
          <th scope="col">REQ</th>
          <th scope="col">frame</th>
          <th scope="col">NUM</th>
          <th scope="col">REQ</th>
          <th scope="col">frame</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={7} className="muted">
              No frames on link {link} in these slots.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.slot} data-testid="monitor-row" data-slot={r.slot}>
              <th scope="row">{r.slot}</th>
              <Cell c={r.bs} />
              <Cell c={r.ms} />
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** The pattern found in words: its CRC ERR rows, how long REQ stuck, the re-sent frame and REQ's jump. */
function patternWords(next: MonitorPattern): string {
  return (
    `Slots ${next.crcFrom}–${next.crcTo}: ${count(next.crcRows, 'CRC ERR row')}; REQ stuck on ${next.missing} for ` +
    `${count(next.stuckRows, 'row')}; frame ${next.missing} re-sent at slot ${next.resendSlot}; ` +
    `REQ then ${next.creep ? `crept ${next.creep} and ` : ''}jumped by ${next.jump} to ${next.reqAfter}.`
  );
}

/** A labelled menu of numbers. */
function NumberSelect<N extends number>({
  label,
  testId,
  value,
  options,
  set,
}: {
  label: string;
  testId: string;
  value: N;
  options: readonly N[];
  set(n: N): void;
}) {
  return (
    <label>
      {label}{' '}
      <select data-testid={testId} value={value} onChange={(e) => set(Number(e.currentTarget.value) as N)}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

const HOW_TO_READ =
  'TIME in 10 ms slots; NUM = the frame’s own number, REQ = the number its sender expects next (modulo 128). ' +
  '↺ re-sent, = REQ stuck on a missing frame, ⇑ REQ jumps.';

/**
 * Where the monitor pins to show pattern `p` whole — the CRC ERR run, the re-sent frame and the REQ
 * jump after it — and the fewest slots that hold it.
 */
function patternWindow(p: MonitorPattern): { first: number; slots: (typeof SIZES)[number] } {
  const span = p.resendSlot - p.crcFrom + 4 * (p.creep + 2);
  return {
    first: Math.max(0, p.crcFrom - 3),
    slots: SIZES.find((n) => n >= span) ?? SIZES[SIZES.length - 1],
  };
}

/** The PIAFS monitor panel of the PHS lab (`data-testid="piafs-monitor"`). */
export function PiafsMonitorPanel() {
  const panel = useRef<HTMLElement>(null);
  const [data] = usePanelSources<MonitorColumns>(panel, MONITOR_SOURCES);
  const simTime = useLab((s) => s.simTime);
  const selection = useLab((s) => s.selection);
  const [link, setLink] = useState(2);
  const [size, setSize] = useState<(typeof SIZES)[number]>(40);
  /** null: follow the run (or the clicked retransmission); a number: pinned at that first slot. */
  const [pinned, setPinned] = useState<number | null>(null);
  const [note, setNote] = useState('');

  const nowSlot = Math.floor(simTime / SLOT_S);
  const from = useMemo(() => {
    if (pinned !== null) return pinned;
    if (selection) return Math.max(0, Math.round(selection.t / SLOT_S) - Math.floor(size / 2));
    return Math.max(0, nowSlot - size + 1);
  }, [pinned, selection, nowSlot, size]);
  const to = from + size - 1;
  // Off screen while the run plays the panel reads nothing (usePanelSources): it keeps the table it
  // last drew (the same element: React does not render it again), not a one-row "no frames" one
  // whose height would move the page under a reader further down.
  const table = useRef<ReactNode>(null);
  if (data !== undefined || table.current === null)
    table.current = <PiafsMonitorTable data={data} link={link} fromSlot={from} toSlot={to} />;

  const findNext = () => {
    const found = monitorPatterns(data, link - 1);
    const next = found.find((p) => p.crcFrom > from) ?? found[0];
    if (!next) {
      setNote(`No run of CRC ERR rows followed by a REQ jump on link ${link} yet.`);
      return;
    }
    const shown = patternWindow(next);
    setPinned(shown.first);
    if (shown.slots > size) setSize(shown.slots);
    setNote(patternWords(next));
  };

  return (
    <section
      ref={panel}
      className="piafs-monitor-panel"
      data-testid="piafs-monitor"
      aria-label="PIAFS monitor"
    >
      <div className="field inline">
        <NumberSelect label="Link" testId="piafs-monitor-link" value={link} options={LINKS} set={setLink} />{' '}
        <NumberSelect<(typeof SIZES)[number]>
          label="Slots"
          testId="piafs-monitor-size"
          value={size}
          options={SIZES}
          set={setSize}
        />{' '}
        <button type="button" data-testid="piafs-monitor-find" onClick={findNext}>
          Find Figure 2 pattern
        </button>{' '}
        <button
          type="button"
          className="quiet"
          disabled={pinned === null}
          onClick={() => {
            setPinned(null);
            setNote('');
          }}
        >
          {selection ? 'Back to the clicked retransmission' : 'Follow the run'}
        </button>
      </div>
      <p className="muted small" aria-live="polite" data-testid="piafs-monitor-note">
        {note ||
          (pinned === null && selection
            ? `Around the retransmission clicked at ${selection.t.toFixed(2)} s.`
            : HOW_TO_READ)}
      </p>
      {/* Its own sideways scroll where even the close-set table is wider than the panel (five-digit
          slots, CRC ERR on both sides), so the page never scrolls sideways (issue 20, item 31). */}
      <div className="piafs-monitor-scroll" tabIndex={0} role="region" aria-label="PIAFS monitor table">
        {table.current}
      </div>
    </section>
  );
}
