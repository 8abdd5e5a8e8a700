import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario, type Summary } from '../../../src/engine';
import { failureText } from '../../../src/engine/scenario/summary';
import { secs, tcpFailureWhat } from '../../../src/engine/systems/common/failure';
import { num } from '../../../src/ui/format';

function run(text: string): Summary {
  const { scenario, errors } = parseScenario(text);
  expect(errors).toEqual([]);
  const sim = createSimulation(scenario, { traces: false });
  sim.runToEnd();
  return sim.summary();
}

/** Every link released at 5 s, link 3 set up again from 14 s (issue 8, item 6). */
const PHS_ALL_RELEASED =
  'system=phs&events=5@link1=0;5@link2=0;5@link3=0;5@link4=0;5@link5=0;5@link6=0;14@link3=1';

describe('summary.failure: what failed, when and why', () => {
  it('numbers are grouped as the page groups them (thin spaces, five digits and more)', () => {
    const f = { reason: 'retries' as const, at: 0, retransmissions: 5, segment: 330, rto: 9.6 };
    expect(tcpFailureWhat({ ...f, byte: 480341 })).toBe(
      'TCP gave up after 5 retransmissions of segment 330 (byte 480\u202f341)',
    );
    expect(tcpFailureWhat({ ...f, byte: 1200 })).toContain('(byte 1200)');
    expect(secs(12345.5)).toBe('12\u202f345.5 s');
    expect(secs(9.6)).toBe('9.6 s');
    expect(failureText({ what: 'TCP gave up', why: 'no link', at: 123456.789 })).toBe(
      'TCP gave up at 123\u202f456.789 s: no link.',
    );
    for (const byte of [1, 999, 1200, 18761, 480341, 1234567])
      expect(tcpFailureWhat({ ...f, byte })).toContain(`(byte ${num(byte)})`);
  });

  it('PHS: TCP gives up after its retries while no link was up, and says so with the gap', () => {
    const s = run(PHS_ALL_RELEASED);
    expect(s.app.failed).toBe(true);
    const f = s.failure;
    expect(f).toBeDefined();
    // Windows 95's five data retransmissions (tcp.md), of the segment that was outstanding.
    expect(f?.what).toMatch(
      /^TCP gave up after 5 retransmissions of segment \d+ \(byte \d{1,4}(\u202f\d{3})*\)$/,
    );
    expect(f?.at).toBeCloseTo(s.simTime, 1);
    // Links released at 5 s; link 3's set-up (setupTime) ends the gap after 14 s.
    expect(f?.why).toMatch(/^no link was up for 11 s \(from 5 s to 16 s\)/);
    expect(failureText(f!)).toContain(` at ${f!.at} s: no link was up`);
  });

  it('PHS: a phone out of reach of every unit fails to connect, naming the field strengths', () => {
    const f = run('system=phs&env=outdoor&shadowing=0&msX=388').failure;
    expect(f?.what).toBe('TCP could not connect: 2 SYN retransmissions went unanswered');
    expect(f?.why).toMatch(/^no link was ever up: set-up needs 30 dBµV and the units gave [\d.]+, /);
  });

  it('GSM: a dropped call gives the RLP reason and the radio figures', () => {
    const s = run('system=gsm&radio=custom&fer=0.6&fdt=0.1&app=ping&duration=300');
    expect(s.link.callDropReason).toBe('resets');
    expect(s.failure?.what).toBe('The GSM call dropped');
    // The resets it names are the summary's (resetProcedures): one meaning of "reset" (issue 20 item 7).
    const done = s.link.resetProcedures as number;
    expect(s.failure?.why).toMatch(
      new RegExp(
        `^RLP needed 3 resets within 60 s \\(maxResets = 3\\): instead of the last one the call dropped \\(${done} resets? done in the run\\); the radio lost [\\d.]+ % of RLP frames`,
      ),
    );
    expect(s.failure!.at).toBeLessThanOrEqual(s.simTime);
  });

  it('GSM: a TCP give-up names the segment and the backed-off RTO', () => {
    const f = run('system=gsm&radio=custom&fer=0.2&fdt=0.01&dataRetries=1').failure;
    expect(f?.what).toMatch(
      /^TCP gave up after 1 retransmission of segment \d+ \(byte \d{1,4}(\u202f\d{3})*\)$/,
    );
    expect(f?.why).toMatch(/RLP frames .*; the RTO had backed off to [\d.]+ s$/);
  });

  it('IS-707: a finite dataRetries aborts the bulk sender, and the summary says why', () => {
    const f = run('system=is707&fer=0.6&fdt=0.001&duration=300&dataRetries=3').failure;
    expect(f?.what).toMatch(/^The sender's TCP gave up after 3 retransmissions/);
    expect(f?.why).toMatch(
      /^the forward channel was in its bad state [\d.]+ % of the time \(FER 0.6, f_dT 0.001\)/,
    );
  });

  it('successful runs carry no failure field', () => {
    expect('failure' in run('system=phs&release=3@5')).toBe(false);
    expect('failure' in run('system=gsm&size=20000')).toBe(false);
    expect('failure' in run('system=is707&duration=60')).toBe(false);
  });

  it('the CLI prints it in the summary JSON', () => {
    // The bundled tool, as `npm run sim` runs it (through tsx the run transpiled the engine again).
    const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', PHS_ALL_RELEASED], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout) as Summary;
    expect(s.failure?.why).toMatch(/^no link was up for 11 s/);
  });
});
