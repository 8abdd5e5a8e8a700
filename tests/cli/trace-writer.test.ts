/**
 * The streamed `--trace` writer (src/cli/trace-writer.ts) on a recorder fed by hand: the files it
 * appends to stretch by stretch are byte for byte `tracesToCsvFiles`'s for the same records,
 * including a source declared mid-run and one that never records.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../src/engine/core/trace';
import { tracesToCsvFiles } from '../../src/engine/export/csv';
import { TraceCsvWriter } from '../../src/cli/trace-writer';

describe('TraceCsvWriter', () => {
  it('appends each stretch to its source’s file; the files equal tracesToCsvFiles’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-writer-'));
    const traces = new TraceRecorder({ maxRecords: 1 << 10 });
    const holder = { traces };
    const frames = traces.source('link.frame', ['dir', 'kind', 'seq'], { kind: ['I', 'CRC ERR, resent'] });
    traces.source('tcp.timeout', ['rto']);
    const writer = new TraceCsvWriter(dir);
    for (let i = 0; i < 5; i++) frames.record(i * 20e6, i % 2, i % 3, i);
    expect(writer.drain(holder)).toBe(5);
    // Declared mid-run: its file starts with its header at the next stretch.
    const mac = traces.source('dect.mac', ['packet', 'dir'], { dir: ['down', 'up'] });
    for (let i = 5; i < 12; i++) {
      frames.record(i * 20e6, 0, 1, i);
      mac.record(i * 20e6 + 1, i, i % 2);
    }
    writer.drain(holder);
    frames.record(0.25e9, 1, 0, 12);
    const names = writer.finish(holder);
    const files = tracesToCsvFiles(traces);
    expect(names).toEqual(files.map((f) => f.file));
    expect(names).toEqual(['link.frame.csv', 'tcp.timeout.csv', 'dect.mac.csv']);
    for (const f of files) expect(readFileSync(join(dir, f.file), 'utf8'), f.file).toBe(f.text);
    // Labels as labels (quoted when they hold a comma), a code with none as its number, a silent
    // source as its header alone.
    expect(readFileSync(join(dir, 'link.frame.csv'), 'utf8')).toMatch(
      /^t,dir,kind,seq\n0,0,I,0\n0\.02,1,"CRC ERR, resent",1\n0\.04,0,2,2\n/,
    );
    expect(readFileSync(join(dir, 'tcp.timeout.csv'), 'utf8')).toBe('t,rto\n');
    expect(readdirSync(dir).sort()).toEqual(['dect.mac.csv', 'link.frame.csv', 'tcp.timeout.csv']);
    expect(writer.dropped.size).toBe(0);
  });

  it('counts the records a ring overwrote before a stretch was read', () => {
    const traces = new TraceRecorder({ maxRecords: 4 });
    const s = traces.source('tcp.send', ['seq']);
    const writer = new TraceCsvWriter(mkdtempSync(join(tmpdir(), 'trace-writer-')));
    for (let i = 0; i < 10; i++) s.record(i, i);
    writer.drain({ traces });
    writer.close();
    expect(writer.dropped.get('tcp.send')).toBe(6);
  });
});
