/**
 * The base-station remedies' part in a chain (remedies.md, "Traces and summary": "Why did it
 * happen?" names them): what the Snoop agent did for a segment (`snoop.resend`, `snoop.suppress`,
 * `snoop.handback`) and the ELN marks on the duplicate ACKs for it (`eln.mark`), between its first
 * transmission and the event explained.
 */
import type { Nanos } from '../../core/time';
import type { TraceTable } from './table';
import type { ExplainItem } from './types';
import { at } from './words';

/** What the agents add: items for the TCP layer and a clause for the cause sentence (null: nothing). */
export interface StationStory {
  readonly items: readonly ExplainItem[];
  readonly clause: string | null;
}

/** Records of `source` whose `field` equals `value`, at times in [from, to]. */
function matching(
  table: TraceTable,
  source: string,
  field: string,
  value: number,
  from: Nanos,
  to: Nanos,
): number[] {
  const s = table.get(source);
  if (!s) return [];
  const col = s.col(field);
  const out: number[] = [];
  for (let i = 0; i < s.n; i++) if (col[i] === value && s.t[i] >= from && s.t[i] <= to) out.push(i);
  return out;
}

/** The agents' part for the segment starting at byte `seq` (named `seg`), from `from` to `to`. */
export function stationStory(
  table: TraceTable,
  seq: number,
  seg: string,
  from: Nanos,
  to: Nanos,
): StationStory {
  const items: ExplainItem[] = [];
  const clauses: string[] = [];
  const resends = matching(table, 'snoop.resend', 'seq', seq, from, to);
  if (resends.length > 0) {
    const s = table.get('snoop.resend')!;
    for (const i of resends)
      items.push({
        t: s.t[i],
        text: `the Snoop agent at the base station resent ${seg} locally (try ${s.col('try')[i]}, after ${s.label('why', s.col('why')[i])})`,
        tone: 'ok',
      });
    const lastWhy = s.label('why', s.col('why')[resends[resends.length - 1]]);
    clauses.push(
      `the Snoop agent at the base station resent ${seg} ${resends.length === 1 ? 'once' : `${resends.length} times`} ` +
        `from its cache (last after ${lastWhy}), at ${at(s.t[resends[0]])} first`,
    );
  }
  const kept = matching(table, 'snoop.suppress', 'ack', seq, from, to);
  if (kept.length > 0) {
    const s = table.get('snoop.suppress')!;
    items.push({
      t: s.t[kept[0]],
      text: `the Snoop agent kept ${kept.length} duplicate ACK${kept.length === 1 ? '' : 's'} for ${seg} from the sender`,
      tone: 'info',
    });
    clauses.push('its duplicate ACKs never reached the sender');
  }
  const back = matching(table, 'snoop.handback', 'seq', seq, from, to);
  if (back.length > 0) {
    const s = table.get('snoop.handback')!;
    items.push({
      t: s.t[back[0]],
      text: `after 3 local tries the Snoop agent handed ${seg} back to TCP`,
      tone: 'lost',
    });
    clauses.push('after 3 local tries it handed the segment back to TCP');
  }
  const marks = matching(table, 'eln.mark', 'ack', seq, from, to);
  if (marks.length > 0) {
    const s = table.get('eln.mark')!;
    items.push({
      t: s.t[marks[0]],
      text: `the base station marked ${marks.length} duplicate ACK${marks.length === 1 ? '' : 's'} for ${seg} with ELN: lost on the radio hop`,
      tone: 'info',
    });
    clauses.push(
      'the base station marked its duplicate ACKs with ELN, so the sender resent it without cutting cwnd',
    );
  }
  return { items, clause: clauses.length > 0 ? clauses.join('; ') : null };
}
