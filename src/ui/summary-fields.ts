/**
 * The summary's fields for people (issue 20 items 5 and 28): each dotted path (`tcp.timeouts`,
 * `link.mac.retransmissions`) with a label written for a reader — never one made from its key
 * ("Fer", "Srej", "Kbytes per second") — and its quantity, so the link-counter list prints units
 * and a preset's "This run" cell is printed as the study's value beside it. The fields every system
 * has (the top level, `tcp`, the workloads of engine/app) are here; each lab plug-in declares its
 * own `link` and `app` fields (`summaryFields`), which take precedence (DECT's normalizedGoodput is
 * TH / TH_teo, a share). tests/ui/summary-labels.test.tsx runs every system's workloads and fails on
 * a shown field without a label, or with a label that is only its key in other letters.
 */
import type { Summary } from '../engine/scenario/summary';
import type { SystemId } from '../engine/scenario/types';
import { Q, type Quantity } from './quantity';
import { labPlugin } from './systems';
import type { SummaryField, SummaryFields } from './systems/types';

export type { SummaryField, SummaryFields } from './systems/types';

const f = (label: string, quantity: Quantity): SummaryField => ({ label, quantity });

/** Fields of every system: scenario.md "The summary JSON", and the workloads of engine/app. */
const OWN_FIELDS: SummaryFields = {
  simTime: f('Simulated time', Q.seconds),
  completed: f('Workload completed', Q.words),
  capacityBps: f('Bearer capacity for user data', Q.bitRate),
  normalizedGoodput: f('Normalized goodput (goodput / capacity)', Q.ratio),
  'tcp.connections': f('TCP connections', Q.count),
  'tcp.connectFailures': f('Connections that failed to open', Q.count),
  'tcp.synRetransmits': f('SYN retransmissions', Q.count),
  'tcp.segmentsSent': f('TCP segments sent', Q.count),
  'tcp.retransmits': f('TCP retransmissions', Q.count),
  'tcp.timeouts': f('TCP timeouts', Q.count),
  'tcp.fastRetransmits': f('TCP fast retransmits', Q.count),
  'tcp.spuriousFastRetransmits': f('Fast retransmits after a timeout (spurious)', Q.count),
  'tcp.spuriousTimeouts': f('Timeouts whose resend was not needed (spurious)', Q.count),
  'tcp.spuriousDetected': f('Spurious timeouts detected by Eifel or F-RTO', Q.count),
  'tcp.bytesDelivered': f('Bytes delivered in order', Q.bytes),
  'tcp.goodputBps': f('TCP goodput', Q.bitRate),
  'tcp.maxRto': f('Largest RTO', Q.seconds),
  'tcp.rttMin': f('Smallest RTT sample', Q.seconds),
  'tcp.rttMean': f('Mean RTT sample', Q.seconds),
  'tcp.rtoAtMaxFraction': f('Time with the RTO at its maximum', Q.share),
  'app.kind': f('Workload', Q.words),
  'app.size': f('File size', Q.bytes),
  'app.bytesDelivered': f('Bytes of the file delivered', Q.bytes),
  'app.transferTime': f('Transfer time', Q.seconds),
  'app.throughputKbps': f('Throughput (kbit = 1000 bit)', Q.kbps),
  'app.kbytesPerSecond': f('Throughput in kbyte/s', Q.kbyteps),
  'app.failed': f('Workload failed', Q.words),
  // ping (engine/app/ping.ts)
  'app.dataBytes': f('Echo data per ping', Q.bytes),
  'app.sent': f('Echo requests sent', Q.count),
  'app.received': f('Echo replies received', Q.count),
  'app.rttMean': f('Ping round trip, mean', Q.seconds),
  'app.rttMin': f('Ping round trip, smallest', Q.seconds),
  'app.rttMax': f('Ping round trip, largest', Q.seconds),
  // netperf TCP_RR / TCP_CRR (engine/app/netperf.ts)
  'app.request': f('Request size', Q.bytes),
  'app.response': f('Response size', Q.bytes),
  'app.transactions': f('Transactions completed', Q.count),
  'app.transactionsPerSecond': f('Transactions per second', Q.perSecond),
  'app.meanTransactionTime': f('Mean time per transaction', Q.seconds),
  'app.connections': f('Connections opened by the workload', Q.count),
  // The base-station remedies (remedies.md; present only with the remedy on).
  'snoop.localRetransmits': f('Segments the Snoop agent resent locally', Q.count),
  'snoop.suppressedDupAcks': f('Duplicate ACKs the Snoop agent kept from the sender', Q.count),
  'snoop.handedBack': f('Segments the Snoop agent handed back to TCP', Q.count),
  'eln.marked': f('Duplicate ACKs marked with ELN', Q.count),
  'split.buffered': f('Bytes relayed by the split connection', Q.bytes),
  'split.peakBuffered': f('Most bytes held in the split relay', Q.bytes),
  'split.endLead': f('Server done before the phone had the data', Q.seconds),
};

/** The split connection's wired half (`split.wired`): the `tcp` block's figures, for the server's connection. */
function wiredHalf(fields: SummaryFields): SummaryFields {
  const out: Record<string, SummaryField> = {};
  for (const [path, field] of Object.entries(fields))
    if (path.startsWith('tcp.'))
      // "Largest RTO" → "largest RTO", but "TCP timeouts" stays as it is.
      out[`split.wired.${path.slice(4)}`] = f(
        `Server’s half: ${/^[A-Z][a-z]/.test(field.label) ? field.label[0].toLowerCase() + field.label.slice(1) : field.label}`,
        field.quantity,
      );
  return out;
}

export const COMMON_FIELDS: SummaryFields = { ...OWN_FIELDS, ...wiredHalf(OWN_FIELDS) };

/** A path without its list indices (`link.fieldDbuv.2` → `link.fieldDbuv`): a list's items share its field. */
export function fieldPath(path: string): string {
  return path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
}

/** The value at a summary path — a number, a list or words — or undefined (`getPath` reads numbers only). */
export function valueAt(summary: unknown, path: string): unknown {
  let cur: unknown = summary;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part))
      return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The field of a summary path in a system: the plug-in's, else the common one. */
export function summaryField(system: SystemId, path: string): SummaryField | undefined {
  const key = fieldPath(path);
  return labPlugin(system)?.summaryFields?.[key] ?? COMMON_FIELDS[key];
}

/**
 * The leaves of a summary block as the link-counter list shows them, in the summary's order:
 * records are opened into their fields (`link.mac.packets`), lists stay one figure
 * (`link.crcErrorsPerLink`), as do lists of records (GERAN's `app.perDownload`).
 */
export function shownLeaves(value: unknown, prefix: string): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    shownLeaves(v, `${prefix}.${k}`),
  );
}

/** The fields of the link-counter list of a summary: every `link` leaf, then the `app` ones. */
export function counterPaths(s: Summary): [string, unknown][] {
  return [...shownLeaves(s.link, 'link'), ...shownLeaves(s.app, 'app')].filter(
    ([p]) => p !== 'app.transferTime',
  );
}

const letters = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * True when a label is only its key in other letters ("Fer" for `fer`, "Vj tossed" for
 * `vjTossed`, "Kbytes per second" for `kbytesPerSecond`): what the list printed before labels
 * were written for people.
 */
export function isMechanicalLabel(path: string, label: string): boolean {
  const leaf = fieldPath(path).split('.').at(-1) ?? path;
  const l = letters(label);
  return l === letters(leaf) || l === letters(path);
}
