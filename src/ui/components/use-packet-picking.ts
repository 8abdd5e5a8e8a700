/**
 * Picking in the packet view (PacketView.tsx): a click on a segment, an ACK or a frame — or the
 * arrow keys, then Enter — opens that datagram's chain in "Why did it happen?"; Escape lets go.
 * The words of the mark the keys reach go to a live region, those of the one opened to the page.
 */
import { useState, type RefObject } from 'react';
import { chartScale } from '../charts/host-size';
import { useLabStore } from '../hooks/use-lab';
import { hitAt, type HitItem } from '../packets/draw';
import { datagramSelection, frameDatagram } from '../packets/pick';
import type { PacketSnapshot } from '../packets/snapshot';
import { datagramWords, frameWords } from '../packets/words';
import type { PacketPlugin } from './use-packet-drawing';

/** The words of the mark `key` in a snapshot. */
function markWords(key: string, snap: PacketSnapshot, plugin: PacketPlugin): string {
  const n = Number(key.slice(1));
  if (key[0] === 'd') {
    const d = snap.datagrams.find((m) => m.id === n);
    return d ? datagramWords(d, plugin.packetPath) : '';
  }
  const f = snap.frames.find((m) => m.index === n);
  return f ? frameWords(f, plugin.packetPath) : '';
}

/** +1 for the keys that move to the next mark, −1 for those that move back, 0 for any other. */
function arrowStep(key: string): number {
  if (key === 'ArrowRight' || key === 'ArrowDown') return 1;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return -1;
  return 0;
}

/** The mark `step` away from `focus` in `list`, round the ends; from none, the first or the last. */
function nextMark(list: readonly HitItem[], focus: string | null, step: number): HitItem {
  const at = list.findIndex((h) => h.key === focus);
  return list[at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length];
}

interface Drawn {
  hits: RefObject<HitItem[]>;
  snap: RefObject<PacketSnapshot | null>;
  redraw: RefObject<() => void>;
}

export function usePacketPicking(
  plugin: PacketPlugin,
  host: RefObject<HTMLDivElement | null>,
  focus: { current: string | null },
  { hits, snap, redraw }: Drawn,
) {
  const store = useLabStore();
  const [picked, setPicked] = useState('');
  const [focusWords, setFocusWords] = useState('');
  const spec = plugin.packetPath;

  /** Open the chain of the mark `key` (a datagram or a frame). */
  const open = (key: string): void => {
    const s = store.getState();
    const n = Number(key.slice(1));
    const id = key[0] === 'd' ? n : frameDatagram(s.traces, spec, plugin.linkDecoder, n);
    if (id === null) {
      setPicked('That frame carried no datagram the page still holds.');
      return;
    }
    const r = datagramSelection(s.traces, id);
    const words = snap.current ? markWords(`d${id}`, snap.current, plugin) : '';
    if ('selection' in r) s.setSelection(r.selection);
    const where =
      'selection' in r
        ? r.none
          ? ` Not resent: ${r.none}; “Why?” shows the nearest TCP event about the same bytes, if any.`
          : ' Its chain is in “Why?”, under the sequence graph.'
        : ` ${r.none}.`;
    setPicked(`${words}${where}`.trim());
  };

  const onClick = (e: React.MouseEvent<HTMLCanvasElement>): void => {
    const r = e.currentTarget.getBoundingClientRect();
    const scale = host.current ? chartScale(host.current) : 1;
    const hit = hitAt(hits.current, (e.clientX - r.left) / scale, (e.clientY - r.top) / scale);
    if (!hit) return;
    focus.current = hit.key;
    redraw.current();
    open(hit.key);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const list = hits.current;
    if (e.key === 'Escape') {
      focus.current = null;
      setFocusWords('');
      redraw.current();
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && focus.current) {
      e.preventDefault();
      open(focus.current);
      return;
    }
    const step = arrowStep(e.key);
    if (step === 0 || list.length === 0) return;
    e.preventDefault();
    const next = nextMark(list, focus.current, step);
    focus.current = next.key;
    setFocusWords(snap.current ? markWords(next.key, snap.current, plugin) : '');
    redraw.current();
  };

  return { picked, focusWords, onClick, onKeyDown };
}
