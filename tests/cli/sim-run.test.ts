/**
 * `npm run sim` run in-process (src/cli/sim-run.ts `runSim`): its exit status and what it writes,
 * without spawning a process per case (issue 20 items 14, 16 and 17).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulation, MAX_SWEEP_SEEDS, parseScenario } from '../../src/engine';
import { expandSweep } from '../../src/engine/scenarios';
import { tracesToCsvFiles } from '../../src/engine/export/csv';
import { parseArgs } from '../../src/cli/args';
import { runSim } from '../../src/cli/sim-run';

type Run = { status: number; stdout: string; stderr: string };
async function sim(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const status = await runSim(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t), cpus: 2 });
  return { status, stdout, stderr };
}
const scratch = (): string => mkdtempSync(join(tmpdir(), 'sim-run-'));

describe('terminal escapes in messages that echo input (item 17)', () => {
  it('writes no raw control character to stderr, and shows each one as \\xHH', async () => {
    const r = await sim('system=is707&fer=%1b]0;pwned%07%1b[2J');
    expect(r.status).toBe(2);
    // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(r.stderr).toContain('error: fer=\\x1b]0;pwned\\x07\\x1b[2J: must be a number from 0 to 0.6');
    // An option, an unknown key and a file name echo input too.
    const opt = await sim('--\u001b[2Jx');
    expect(opt.stderr).toContain('unknown option --\\x1b[2Jx');
    const key = await sim('system=is707&%c2%9b31m=1&x%0aerror: fake=1');
    expect(key.stderr).toContain('\\x9b31m');
    expect(key.stderr).toContain('x\\x0aerror: fake');
    expect(key.stderr.split('\n').filter((l) => l.startsWith('error: fake'))).toEqual([]);
    const path = await sim('system=is707&duration=1', '--trace', join(scratch(), 'no\u0007dir', 'x'));
    expect(path.stderr).toContain('no\\x07dir');
    expect(path.stderr).not.toContain('\u0007');
  });
});

describe('--trace and --pcap (item 14)', () => {
  it('a path that cannot be written is refused before the run, naming the option and the problem', async () => {
    const dir = scratch();
    // 10^6 s of IS-707 would take minutes: a refusal after the run could not come back at once.
    const long = 'system=is707&duration=1000000';
    const missing = await sim(long, '--trace', join(dir, 'nowhere', 'x'));
    expect(missing).toEqual({
      status: 2,
      stdout: '',
      stderr: `error: --trace ${join(dir, 'nowhere', 'x')}: the directory ${join(dir, 'nowhere')} does not exist\nnothing was run (run with --help for usage)\n`,
    });
    const isDir = await sim(long, '--pcap', dir);
    expect(isDir.status).toBe(2);
    expect(isDir.stderr).toContain(`error: --pcap ${dir}: is a directory: name a file`);
    const same = await sim(long, '--trace', join(dir, 'a'), '--pcap', join(dir, '.', 'a'));
    expect(same.stderr).toContain('--trace writes there already');
    // sysfs refuses new files even to root (EACCES, or EROFS where it is mounted read-only).
    const denied = await sim(long, '--trace', '/sys/x');
    expect(denied.status).toBe(2);
    expect(denied.stderr).toMatch(
      /^error: --trace \/sys\/x: (permission denied: cannot create files in \/sys|the file system is read-only)\n/,
    );
    // --trace takes a directory: a file there, a path through a file, a directory that takes no files.
    writeFileSync(join(dir, 'f'), 'kept\n');
    expect((await sim(long, '--trace', join(dir, 'f'))).stderr).toContain(
      `error: --trace ${join(dir, 'f')}: is a file: name a directory (--trace writes one CSV file per trace source into it)\n`,
    );
    expect((await sim(long, '--trace', join(dir, 'f', 'x'))).stderr).toContain(
      `error: --trace ${join(dir, 'f', 'x')}: a part of the path is not a directory\n`,
    );
    expect((await sim(long, '--trace', '/sys')).stderr).toMatch(
      /^error: --trace \/sys: (permission denied: cannot create files in \/sys|the file system is read-only)\n/,
    );
    expect((await sim(long, '--trace', '')).stderr).toContain('error: --trace needs a directory name\n');
    // Refused, nothing was made or changed: no directory a, no empty pcap, the file as it was.
    expect(readdirSync(dir).sort()).toEqual(['f']);
    expect(readFileSync(join(dir, 'f'), 'utf8')).toBe('kept\n');
  });

  it('streams the trace: each file is tracesToCsvFiles’s for the run, every record, in bounded rings', async () => {
    const dir = scratch();
    const text = 'system=gsm&app=ftpGet&size=20000&seed=3';
    const r = await sim(text, '--trace', join(dir, 'g'), '--pcap', join(dir, 'g.pcap'));
    expect(r.status).toBe(0);
    const whole = createSimulation(parseScenario(text).scenario, { keepTraces: true, maxRecords: 1 << 22 });
    whole.runToEnd();
    const files = tracesToCsvFiles(whole.traces);
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readFileSync(join(dir, 'g', f.file), 'utf8'), f.file).toBe(f.text);
    expect(JSON.parse(r.stdout).traceHash).toBe(whole.summary().traceHash);
    // The hidden directory the files were written in is gone; the directory holds the files only.
    expect(readdirSync(join(dir, 'g')).sort()).toEqual(files.map((f) => f.file).sort());
    expect(readdirSync(dir).sort()).toEqual(['g', 'g.pcap']);
  });

  it('a second run into the same directory replaces its files, and leaves other files there', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 't'));
    writeFileSync(join(dir, 't', 'tcp.send.csv'), 'an earlier run\n');
    writeFileSync(join(dir, 't', 'notes.txt'), 'mine\n');
    const r = await sim('system=is707&duration=5', '--trace', join(dir, 't'));
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 't', 'tcp.send.csv'), 'utf8')).toMatch(/^t,seq,len,rtx,conn\n\d/);
    expect(readFileSync(join(dir, 't', 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('a run longer than the rings writes every record (the lab’s rings would keep the newest 2^17)', async () => {
    const dir = scratch();
    const r = await sim('system=is707&duration=3000', '--trace', join(dir, 'long'));
    expect(r.status).toBe(0);
    // No "holds its newest records only" note for any source (what the CLI said before it streamed).
    expect(r.stderr).toBe('');
    const rows = readFileSync(join(dir, 'long', 'link.frame.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows[0]).toMatch(/^t,dir,/);
    const frames = rows.length - 1;
    // ≈ 1.2 link frames per 20 ms slot over 3000 s: more than a 2^17 ring, all of them written.
    expect(frames).toBeGreaterThan(1 << 17);
    const sim3000 = createSimulation(parseScenario('system=is707&duration=3000').scenario, {
      keepTraces: true,
    });
    sim3000.runToEnd();
    expect(frames).toBe(sim3000.traces.get('link.frame')!.total);
  });
});

describe('bad arguments and scenarios are refused with a message (item 16)', () => {
  it('--seeds: decimal digits only, once, with --sweep, up to the one limit a sweep has', async () => {
    expect(() => parseArgs(['--sweep', 'x', '--seeds', '0x2'], 2)).toThrow(
      `--seeds=0x2: must be a whole number from 1 to ${MAX_SWEEP_SEEDS}, in decimal digits`,
    );
    for (const bad of ['1e3', '2.0', '+2', ' 2', '0', String(MAX_SWEEP_SEEDS + 1)])
      expect(() => parseArgs(['--sweep', 'x', '--seeds', bad], 2), bad).toThrow(/must be a whole number/);
    expect(() => parseArgs(['--sweep', 'x', '--seeds', '2', '--seeds', '3'], 2)).toThrow(
      '--seeds is given twice: give it once',
    );
    expect(() => parseArgs(['x', '--trace', 'a', '--trace', 'b'], 2)).toThrow('--trace is given twice');
    expect(() => parseArgs(['x', '--seeds', '3'], 2)).toThrow(/use it with --sweep/);
    // One limit: the argument parser's and the sweep expansion's are the same number.
    expect(parseArgs(['--sweep', 'x', '--seeds', String(MAX_SWEEP_SEEDS)], 2).seeds).toBe(MAX_SWEEP_SEEDS);
    expect(expandSweep('fer=0.1', MAX_SWEEP_SEEDS + 1).errors[0].message).toContain(
      `from 1 to ${MAX_SWEEP_SEEDS}`,
    );
  });

  it('an unknown system names the systems and says nothing ran (not "using is707")', async () => {
    const r = await sim('system=is708');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'error: system=is708: must be one of is707, gsm, phs, dect, geran (implemented: is707, gsm, phs, dect, geran)\n' +
        'nothing was run (run with --help for usage)\n',
    );
  });

  it('| alternatives without --sweep get a hint to sweep them', async () => {
    const r = await sim('system=is707&fer=0.1|0.2');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'hint: fer: | separates the alternatives of a sweep, which runs each one: npm run sim -- --sweep "system=is707&fer=0.1|0.2"',
    );
  });

  it('rules between keys refuse a run, naming the keys', async () => {
    const r = await sim('system=is707&rtoMin=600&rtoMax=0.01&duration=100');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: rtoMin=600&rtoMax=0\.01: rtoMin 600 s is above rtoMax 0\.01 s/);
    expect(r.stderr).not.toContain('using the defaults');
    expect((await sim('--sweep', 'system=dect&bearers=2|12&bth=12&duration=1')).stderr).toContain(
      'error: bearers=2&bth=12: bth 12 is above the target of 2 bearers',
    );
  });

  it('an empty shard says so on stderr and exits 0', async () => {
    const r = await sim('--sweep', 'system=is707&fer=0.1|0.2|0.3&duration=5', '--shard', '5/64');
    expect(r).toEqual({
      status: 0,
      stdout: '',
      stderr:
        'note: shard 5/64 of this sweep of 3 runs is empty: nothing to run (a sweep of N runs has N non-empty shards at most)\n',
    });
  });
});

describe('--explain: the shared explanation text (items 20, 24)', () => {
  it('a copy that arrives after RLP gave its frame up says why it did not help', async () => {
    const r = await sim('system=is707&fer=0.3&fdt=0.01&idle=0&duration=60', '--explain', '6.72');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const abort = lines.findIndex((l) => l.includes('frame 78 is given up'));
    expect(lines[abort]).toBe(
      '  3.460 s  RLP aborts the gap from frame 61: frame 78 is given up (ten frames abandoned)',
    );
    // Before: "frame 78 resent: received" four times, with no word why.
    expect(lines.slice(abort + 1, abort + 5)).toEqual([
      '  3.600 s  frame 78 resent: received after RLP had given it up at 3.460 s, too late to help (the sender, which never learns of the abort, was still answering the NAKs)',
      '  3.940 s  frame 78 resent: received after RLP had given it up at 3.460 s, too late to help',
      '  4.260 s  frame 78 resent: received after RLP had given it up at 3.460 s, too late to help',
      '  4.560 s  frame 78 resent: received after RLP had given it up at 3.460 s, too late to help',
    ]);
    expect(lines.filter((l) => / resent: received$/.test(l))).toEqual([]);
  });

  it('names the student’s release of a PHS link, not a discard after the timeout', async () => {
    const r = await sim('system=phs&release=3@5.24', '--explain', '5.577');
    expect(r.status).toBe(0);
    const [, cause] = r.stdout.split('\n');
    expect(cause).toMatch(
      /^Cause: Segment 135 \(bytes 195641–197100\) was lost because you released link 3 at 5\.240 s/,
    );
    expect(cause).not.toMatch(/because PPP Multilink discarded/);
  });
});
