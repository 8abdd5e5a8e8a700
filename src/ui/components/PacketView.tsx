/**
 * The packet view (issue 25 item 4): the path fixed host → base station → radio hop → phone with
 * the run's TCP segments, ACKs and link frames moving along it, coloured by fate, the queues as
 * they fill and each lane's good/bad state — at the simulated time the charts show. It reads the
 * page's trace buffers (ui/packets/snapshot.ts) and the system's path (its plug-in's
 * `packetPath`), draws on one canvas, and only while it is on screen and the run plays at 1× (or
 * is paused): faster, it waits. A click on a segment, an ACK or a frame — or the arrow keys and
 * Enter — opens that datagram's chain in "Why did it happen?".
 */
import { useRef, useState } from 'react';
import { useHiddenPolicy } from '../exercises/hidden';
import { useLab } from '../hooks/use-lab';
import { labPlugin } from '../systems';
import { fasterThanRealTime } from '../../state/types';
import type { ThemeName } from '../theme/palette';
import { PacketLegend } from './PacketLegend';
import { usePacketDrawing, type PacketPlugin } from './use-packet-drawing';
import { usePacketPicking } from './use-packet-picking';
import './packet-view.css';

function PacketCanvas({ theme, plugin }: { theme: ThemeName; plugin: PacketPlugin }) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const focus = useRef<string | null>(null);
  const drawn = usePacketDrawing(plugin, theme, host, canvas, focus);
  const { picked, focusWords, onClick, onKeyDown } = usePacketPicking(plugin, host, focus, drawn);
  const { summary } = drawn;
  const playing = useLab((s) => s.status === 'playing');
  // Faster than 1× the view waits (and draws nothing).
  const waiting = useLab((s) => s.status === 'playing' && fasterThanRealTime(s.speed));
  const spec = plugin.packetPath;

  return (
    <div className="packet-view" ref={host}>
      {waiting && (
        <p className="small muted" data-testid="packet-waiting">
          The packet view moves at 1× only: choose 1× in the playback bar (or pause) to watch the packets.
        </p>
      )}
      <canvas
        ref={canvas}
        className="packet-canvas tcp-event-key"
        data-testid="packet-canvas"
        tabIndex={0}
        role="application"
        aria-roledescription="packet view"
        aria-label={`Packets on the path ${spec.places.fixed} → ${spec.places.base} → ${spec.places.hop} → ${spec.places.phone}. Arrow keys move between the segments, ACKs and frames drawn; Enter explains the one picked.`}
        aria-describedby="packet-summary"
        onClick={onClick}
        onKeyDown={onKeyDown}
      />
      <p className="sr-only" aria-live="polite" data-testid="packet-focus">
        {focusWords}
      </p>
      <p
        id="packet-summary"
        className="small packet-summary"
        data-testid="packet-summary"
        aria-live={playing ? 'off' : 'polite'}
      >
        {summary}
      </p>
      {picked && (
        <p className="small" data-testid="packet-picked">
          {picked}
        </p>
      )}
      <PacketLegend theme={theme} note={spec.note} />
    </div>
  );
}

/** The packet view's panel: collapsible, open by default; hidden while an exercise hides the link chart. */
export function PacketView({ theme }: { theme: ThemeName }) {
  const [open, setOpen] = useState(true);
  const policy = useHiddenPolicy();
  const plugin = labPlugin(useLab((s) => s.system));
  return (
    <details
      className="panel chart packet-panel"
      data-testid="packet-view"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>Packet view</summary>
      {open &&
        (policy.chart('link') ? (
          <p className="muted chart-hidden">
            The packet view is hidden with the link-layer chart until you answer.
          </p>
        ) : (
          plugin && <PacketCanvas theme={theme} plugin={plugin} />
        ))}
    </details>
  );
}
