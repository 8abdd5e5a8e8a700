/**
 * The packet view's legend (issue 25 item 4): each colour with its shape and its words, so that
 * colour is never the only cue; and the system's own note on what its lanes' shading means.
 */
import { datagramColour, frameColour } from '../packets/draw';
import { FRAME_WINDOW_FRAMES } from '../packets/snapshot';
import { palette, type ThemeName } from '../theme/palette';

interface Entry {
  readonly colour: string;
  readonly mark: 'wide' | 'narrow' | 'crossed' | 'hollow' | 'hatched';
  readonly text: string;
}

function Swatch({ colour, mark }: Pick<Entry, 'colour' | 'mark'>) {
  return (
    <span
      className={`packet-swatch packet-swatch-${mark}`}
      style={{ background: colour }}
      aria-hidden="true"
    />
  );
}

export function PacketLegend({ theme, note }: { theme: ThemeName; note: string }) {
  const pal = palette(theme);
  const entries: Entry[] = [
    { colour: datagramColour('flight', false, pal), mark: 'wide', text: 'TCP segment on its way' },
    { colour: datagramColour('flight', true, pal), mark: 'narrow', text: 'ACK on its way' },
    { colour: datagramColour('delivered', false, pal), mark: 'wide', text: 'delivered' },
    {
      colour: datagramColour('retransmitted', false, pal),
      mark: 'hollow',
      text: 'retransmitted (a copy sent again)',
    },
    {
      colour: datagramColour('givenUp', false, pal),
      mark: 'crossed',
      text: 'given up (dropped, or sent again)',
    },
    { colour: frameColour('errored', pal), mark: 'crossed', text: 'frame received in error' },
    { colour: frameColour('givenUp', pal), mark: 'crossed', text: 'frame given up by the link' },
    { colour: frameColour('control', pal), mark: 'wide', text: 'control or idle frame' },
    { colour: pal.status.bad, mark: 'hatched', text: 'shaded lane: see below' },
  ];
  return (
    <>
      <ul className="packet-legend small" aria-label="What the packet view’s marks mean">
        {entries.map((e) => (
          <li key={e.text}>
            <Swatch colour={e.colour} mark={e.mark} /> {e.text}
          </li>
        ))}
      </ul>
      <p className="small muted packet-note">
        Top tracks: datagrams toward the phone, then toward the fixed host, placed between the times the
        traces record (sent, framed, arrived); a datagram waiting to be framed is a square in its queue.
        Lanes: each link’s frames of the last {FRAME_WINDOW_FRAMES} frame times drift across it, toward the
        phone in its top half and back in its bottom half. {note}
      </p>
    </>
  );
}
