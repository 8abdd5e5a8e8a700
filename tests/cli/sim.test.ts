import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseArgs, parseShard, shardRange } from '../../src/cli/args';

type Run = { status: number | null; stdout: string; stderr: string };
/** `npm run sim` as the user runs it: the bundled tool (rebuilt first if a source changed). */
const sim = (...args: string[]): Run => {
  const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
/** The same tool run from its TypeScript source through tsx. */
const simFromSource = (...args: string[]): Run => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('npm run sim', () => {
  it('--explain prints the cross-layer chain of the TCP event nearest a time', () => {
    const r = sim('system=is707&fer=0.3&fdt=0.01&idle=0&duration=60', '--explain', '6.72');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Retransmission of segment 3 (bytes 1073–1608) at 6.720 s (connection 1)');
    expect(lines[1]).toMatch(
      /^Cause: Segment 3 \(bytes 1073–1608\) was lost because RLP aborted frame \d+ after three NAK rounds during a [\d.]+ s fade\.$/,
    );
    expect(lines).toEqual(expect.arrayContaining(['TCP', 'IP', 'RLP (forward)', 'Channel (forward)']));
    // The same run asked by segment number gives the same chain.
    expect(sim('system=is707&fer=0.3&fdt=0.01&idle=0&duration=60', '--explain', 'seg=3').stdout).toBe(
      r.stdout,
    );
  });

  it('--explain names the key of a bad query and says when there is nothing to explain', () => {
    const bad = sim('system=is707&duration=10', '--explain', 'seg=abc');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/error: explain seg=abc: a segment number, a whole number ≥ 1/);
    const none = sim('system=is707&fer=0&duration=10', '--explain', 'seg=2');
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(
      /error: explain: segment 2 of connection 1 was sent once and never retransmitted/,
    );
  });

  it('prints the summary JSON of a scenario', () => {
    const r = sim('system=is707&fer=0.05&duration=60');
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.scenario).toBe('system=is707&fer=0.05&duration=60');
    expect(s.simTime).toBe(60);
    expect(s.capacityBps).toBe(7600);
    expect(s.tcp.bytesDelivered).toBeGreaterThan(0);
    expect(s.traceHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('rejects a bad scenario with status 2, naming the key and what is allowed, without a stack trace', () => {
    const r = sim('system=is707&fer=0.9&bogus=1');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('fer=0.9');
    expect(r.stderr).toContain('from 0 to 0.6');
    expect(r.stderr).toContain('bogus');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).toMatch(/\nnothing was run \(run with --help for usage\)\n$/);
  });

  it('writes one CSV file per trace source into the --trace directory, and a pcap file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const traces = join(dir, 'traces');
    const pcap = join(dir, 'out.pcap');
    const r = sim('system=is707&duration=30', '--trace', traces, '--pcap', pcap);
    expect(r.status).toBe(0);
    // Columns named by field (issue 20, item 19): a spreadsheet opens each file as it is.
    expect(readFileSync(join(traces, 'tcp.send.csv'), 'utf8').split('\n')[0]).toBe('t,seq,len,rtx,conn');
    expect(readFileSync(join(traces, 'ip.packet.csv'), 'utf8').split('\n')[0]).toBe(
      't,id,conn,src,dst,seq,len,ack,flags',
    );
    expect(readFileSync(join(traces, 'link.frame.csv'), 'utf8')).toMatch(/^t,dir,/);
    // The old one-file form is refused (exit 2, naming the option), not made into a directory.
    const old = sim('system=is707&duration=1', '--trace', join(dir, 'out.csv'));
    expect(old.status).toBe(2);
    expect(old.stderr).toContain('--trace');
    expect(old.stderr).toContain('directory');
    const bytes = readFileSync(pcap);
    expect(bytes.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(bytes.length).toBeGreaterThan(24 + 56 * 10);
  });

  it('Ctrl-C during a streamed --trace leaves the paths as they were and ends as SIGINT ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    /** Start a 10^6 s run tracing into `out`, interrupt it once files are being written, and return the signal it ended with. */
    const interrupted = async (out: string, signal: NodeJS.Signals): Promise<NodeJS.Signals | null> => {
      const child = spawn(
        process.execPath,
        ['scripts/cli.mjs', 'sim', 'system=is707&duration=1000000', '--trace', out],
        { stdio: 'ignore' },
      );
      const ended = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, s) => r(s)));
      // The run's files are written in a hidden directory inside the output until the run is done.
      const writing = (): boolean =>
        existsSync(out) &&
        readdirSync(out).some((n) => n.startsWith('.run-') && existsSync(join(out, n, 'tcp.send.csv')));
      await expect.poll(writing, { timeout: 20_000 }).toBe(true);
      child.kill(signal);
      return ended;
    };
    // A directory the run made is removed with its hidden one: nothing half-written is left.
    expect(await interrupted(join(dir, 'x'), 'SIGINT')).toBe('SIGINT');
    expect(readdirSync(dir)).toEqual([]);
    // A directory that was there keeps what it held (an earlier run's file), and only that.
    const kept = join(dir, 'kept');
    mkdirSync(kept);
    writeFileSync(join(kept, 'tcp.send.csv'), 'earlier\n');
    expect(await interrupted(kept, 'SIGTERM')).toBe('SIGTERM');
    expect(readdirSync(kept)).toEqual(['tcp.send.csv']);
    expect(readFileSync(join(kept, 'tcp.send.csv'), 'utf8')).toBe('earlier\n');
    // A --pcap file the run created (written only at the end) is removed too.
    const pcapDir = mkdtempSync(join(tmpdir(), 'sim-'));
    const child = spawn(
      process.execPath,
      ['scripts/cli.mjs', 'sim', 'system=is707&duration=1000000', '--pcap', join(pcapDir, 'x.pcap')],
      { stdio: 'ignore' },
    );
    const ended = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, s) => r(s)));
    await expect.poll(() => existsSync(join(pcapDir, 'x.pcap')), { timeout: 20_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGHUP');
    expect(await ended).toBe('SIGHUP');
    expect(readdirSync(pcapDir)).toEqual([]);
  }, 60_000);

  it('prints the same summary from the bundle as from the source', () => {
    const text = 'system=gsm&app=ftpGet&size=20000&seed=3';
    const bundled = sim(text);
    const source = simFromSource(text);
    expect(bundled.status).toBe(0);
    expect(JSON.parse(bundled.stdout)).toEqual(JSON.parse(source.stdout));
  });

  it.each([
    ['the bundle', sim],
    ['the source', simFromSource],
  ])(
    'sweeps alternatives and seeds in parallel from %s, one JSON line per run, in a fixed order',
    (_, run) => {
      const r = run('--sweep', 'system=is707&fer=0.01|0.2&duration=20', '--seeds', '2', '--jobs', '2');
      expect(r.status).toBe(0);
      const lines = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.link.fer, l.seed])).toEqual([
        [0.01, 1],
        [0.01, 2],
        [0.2, 1],
        [0.2, 2],
      ]);
    },
  );
});

describe('--shard i/n', () => {
  it('the shards of a sweep, concatenated in order, print the whole sweep line for line', () => {
    const sweep = ['--sweep', 'system=is707&fer=0.01|0.2|0.3&duration=5', '--seeds', '2', '--jobs', '2'];
    const whole = sim(...sweep);
    expect(whole.status).toBe(0);
    expect(whole.stdout.trim().split('\n')).toHaveLength(6);
    for (const n of [4, 7]) {
      const parts = Array.from({ length: n }, (_, i) => sim(...sweep, '--shard', `${i + 1}/${n}`));
      expect(parts.map((p) => p.status)).toEqual(parts.map(() => 0));
      expect(parts.map((p) => p.stdout).join('')).toBe(whole.stdout);
    }
  });

  it('splits any number of runs into n disjoint contiguous parts whose union is every run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 300 }), (total, count) => {
        const seen: number[] = [];
        const sizes: number[] = [];
        for (let index = 1; index <= count; index++) {
          const { from, to } = shardRange(total, { index, count });
          sizes.push(to - from);
          for (let k = from; k < to; k++) seen.push(k);
        }
        expect(seen).toEqual(Array.from({ length: total }, (_, k) => k));
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('refuses a malformed or out-of-range shard, and a shard without --sweep', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '2', '1/2/3', '-1/4'])
      expect(() => parseShard(bad)).toThrow(`--shard=${bad}: must be i/n`);
    expect(() => parseArgs(['x=1', '--shard', '1/2'], 2)).toThrow(/use it with --sweep/);
    expect(parseArgs(['--sweep', 'x=1', '--shard', '2/5'], 2).shard).toEqual({ index: 2, count: 5 });
  });
});

describe('parseArgs', () => {
  it('refuses unknown options and bad counts with a message', () => {
    expect(() => parseArgs(['--frob'], 2)).toThrow(/unknown option --frob/);
    expect(() => parseArgs(['--seeds', '0'], 2)).toThrow(/--seeds=0: must be a whole number from 1/);
    expect(() => parseArgs(['--sweep', 'a', '--trace', 'x'], 2)).toThrow(/single run/);
    expect(() => parseArgs(['--sweep', 'a', '--explain', '3'], 2)).toThrow(/single run/);
    expect(parseArgs(['x', '--explain', 'seg=4'], 2).explain).toBe('seg=4');
  });
});
