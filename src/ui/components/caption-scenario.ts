import { num } from '../format';

/** Timed changes a figure's caption lists one by one; a longer list is summarised. */
export const CAPTION_EVENTS_MAX = 6;

/**
 * The scenario as a figure's caption shows it (Charts.tsx): the canonical text, with a long
 * `events` list — a drag records a few points a second — summarised as "74 timed changes of
 * msX/msY from 3.2 s to 7.1 s" (issue 20, item 32): listed in full it filled the caption with
 * hundreds of characters no reader uses. The link holds the full list.
 */
export function captionScenario(text: string, max = CAPTION_EVENTS_MAX): string {
  const parts = text.split('&');
  const at = parts.findIndex((p) => p.startsWith('events='));
  if (at < 0) return text;
  const items = parts[at].slice('events='.length).split(';').filter(Boolean);
  if (items.length <= max) return text;
  const times: number[] = [];
  const keys: string[] = [];
  for (const item of items) {
    const m = /^([^@]+)@([^=]+)=/.exec(item);
    if (!m) continue;
    times.push(Number(m[1]));
    if (!keys.includes(m[2])) keys.push(m[2]);
  }
  const rest = parts.filter((_, i) => i !== at).join('&');
  const from = Math.min(...times);
  const to = Math.max(...times);
  return `${rest} · ${items.length} timed changes of ${keys.join('/')} from ${num(from, 1)} s to ${num(to, 1)} s`;
}
