import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Wireshark's command-line reader, when installed (Debian package `tshark`), must decode the export.
const tshark = ['/usr/bin/tshark', '/usr/local/bin/tshark'].find((p) => existsSync(p));

describe.skipIf(!tshark)('pcap export read by tshark', () => {
  it('decodes every packet as IPv4/TCP between 10.0.0.1 and 10.0.0.2 with the simulated timestamps', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pcap-'));
    const file = join(dir, 'run.pcap');
    const sim = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/sim.ts', 'system=is707&fer=0.1&duration=60', '--pcap', file],
      { encoding: 'utf8' },
    );
    expect(sim.status).toBe(0);
    const fields = execFileSync(
      tshark as string,
      [
        '-r',
        file,
        '-T',
        'fields',
        '-e',
        'frame.time_relative',
        '-e',
        'ip.src',
        '-e',
        'tcp.srcport',
        '-e',
        'tcp.len',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(fields.length).toBeGreaterThan(50);
    for (const [t, src, port, len] of fields) {
      expect(Number(t)).toBeLessThanOrEqual(60);
      if (src === '10.0.0.1') expect([port, len]).toEqual(['20', '536']);
      else expect([src, port, len]).toEqual(['10.0.0.2', '5001', '0']);
    }
  });
});
