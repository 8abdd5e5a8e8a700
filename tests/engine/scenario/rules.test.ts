/**
 * The rules between keys (engine/scenario/rules.ts, each system's `rules`): scenarios whose keys
 * are each in range but together make no sense are refused with a message naming the keys (issue
 * 20 item 16), by the one parser the URL, the worker, the CLI and the tests share; the lab keeps
 * running on values that agree.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioStrict, serialiseScenario } from '../../../src/engine/scenarios';
import { SYSTEM_INFOS } from '../../../src/engine/systems/catalog';
import { decodeViewChecked } from '../../../src/state/url-codec';
import { cleanSweepText } from '../../../src/state/sweep-link';
import { SimSession } from '../../../src/worker/session';
import { getSystem } from '../../../src/engine/systems';

const refusal = (text: string): string[] => parseScenarioStrict(text).errors.map((e) => e.message);

describe('rules between keys', () => {
  it('rtoMin above rtoMax is refused, naming both keys; the lab runs on the profile’s values', () => {
    expect(refusal('system=is707&rtoMin=600&rtoMax=0.01')).toEqual([
      'rtoMin=600&rtoMax=0.01: rtoMin 600 s is above rtoMax 0.01 s: the RTO is clamped between the two (RFC 6298 §2.4–2.5), so its lower bound cannot lie above its upper one',
    ]);
    const lab = parseScenario('system=is707&rtoMin=600&rtoMax=0.01&fer=0.2');
    expect(lab.errors.map((e) => e.key)).toEqual(['rtoMin&rtoMax']);
    expect(lab.errors[0].message).toMatch(/; using the defaults for rtoMin and rtoMax$/);
    expect(serialiseScenario(lab.scenario)).toBe('system=is707&fer=0.2');
  });

  it('rtoInit above rtoMax is refused, and so is a key above the profile’s own value', () => {
    expect(refusal('system=gsm&rtoInit=600&rtoMax=1')[0]).toMatch(
      /^rtoInit=600&rtoMax=1: rtoInit 600 s is above rtoMax 1 s: the RTO before the first RTT sample is cut to rtoMax/,
    );
    // ns2reno's RTO max is 64 s: rtoMin=600 alone says so.
    expect(refusal('system=is707&rtoMin=600')[0]).toMatch(
      /^rtoMin=600: rtoMin 600 s is above rtoMax 64 s \(the ns2reno profile's value\)/,
    );
    // With a profile whose maximum is larger, the same value is fine.
    expect(refusal('system=is707&tcp=win98&rtoMin=200')).toEqual([]);
    expect(refusal('system=is707&rtoMin=2&rtoMax=2&rtoInit=2')).toEqual([]);
    // A profile's initial RTO (ns2reno: 6 s) above a smaller rtoMax asked for is cut to it, as a stack does.
    expect(refusal('system=is707&rtoMax=1')).toEqual([]);
    expect(refusal('system=is707&rtoMax=0.1')[0]).toMatch(
      /rtoMin 0\.2 s \(the ns2reno profile's value\) is above rtoMax 0\.1 s/,
    );
  });

  it('DECT: a bth above the target of bearers is refused; the default bth with a small target is not', () => {
    expect(refusal('system=dect&bearers=2&bth=12')).toEqual([
      'bearers=2&bth=12: bth 12 is above the target of 2 bearers: bearers are set up again only when fewer than bth are held, and the TCP user never holds more than its target, so bth must be at most bearers',
    ]);
    expect(serialiseScenario(parseScenario('system=dect&bearers=2&bth=12').scenario)).toBe(
      'system=dect&bearers=2',
    );
    expect(refusal('system=dect&bearers=2')).toEqual([]);
    expect(refusal('system=dect&bearers=8&bth=8')).toEqual([]);
  });

  it('PHS: a release or a burst of a link that is not up, and hit on one, are refused', () => {
    expect(refusal('system=phs&channels=1&release=6@5')).toEqual([
      'channels=1&release=6@5: the item 6@5 names link 6, which is not up at 5 s: channels=1 sets up link 1 only at the start, and no add item sets it up by then',
    ]);
    expect(refusal('system=phs&channels=1&hit=6')).toEqual([
      'channels=1&hit=6: hit=6 bursts link 6 at the start, which is not up then: channels=1 sets up link 1 only at the start',
    ]);
    expect(refusal('system=phs&channels=3&burst=5@2:100')[0]).toMatch(
      /^channels=3&burst=5@2:100: the item 5@2:100 names link 5/,
    );
    expect(refusal('system=phs&link3=0&release=3@5')[0]).toMatch(/link3=0 switches it off at the start/);
    // A link added before its release, all links (*), and links up from the start are fine.
    expect(refusal('system=phs&channels=5&add=6@1&release=6@3')).toEqual([]);
    expect(refusal('system=phs&channels=1&release=*@5&hit=all')).toEqual([]);
    expect(refusal('system=phs&release=3@5&hit=2')).toEqual([]);
    // The lab keeps channels=1 and drops the release.
    const lab = parseScenario('system=phs&channels=1&release=6@5');
    expect(serialiseScenario(lab.scenario)).toBe('system=phs&channels=1');
  });

  it('every system’s defaults keep its rules', () => {
    for (const info of SYSTEM_INFOS) {
      expect(parseScenario(`system=${info.id}`).errors, info.id).toEqual([]);
      expect((info.rules ?? []).length, info.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('the page’s links: a B change or a sweep alternative that breaks a rule is named and dropped', () => {
    const ab = decodeViewChecked('b.rtoMax=0.01&b.fer=0.2', { system: 'is707' });
    expect(ab.view.compare).toEqual([{ key: 'fer', value: '0.2' }]);
    expect(ab.errors.map((e) => e.key)).toEqual(['b.rtoMax']);
    expect(ab.errors[0].allowed).toMatch(
      /^a value that agrees with the other keys \(rtoMax=0\.01: rtoMin 0\.2 s \(the ns2reno profile's value\) is above rtoMax 0\.01 s/,
    );
    const sweep = cleanSweepText('system=is707&rtoMin=1|600&rtoMax=64');
    expect(sweep.text).toBe('system=is707&rtoMin=1&rtoMax=64');
    expect(sweep.errors).toEqual([
      expect.objectContaining({
        key: 'sweep',
        value: 'rtoMin=600',
        allowed: expect.stringMatching(
          /^a value that agrees with the other keys \(rtoMin=600&rtoMax=64: rtoMin 600 s is above rtoMax 64 s/,
        ),
      }),
    ]);
  });

  it('the lab refuses a starting value that breaks a rule with the values already set', () => {
    const session = new SimSession({ parseScenario, serialiseScenario, getSystem });
    session.load('system=is707&rtoMax=1&duration=5');
    const r = session.change('rtoMin', '5');
    expect(r.applied).toBe('rejected');
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^rtoMin=5&rtoMax=1: rtoMin 5 s is above rtoMax 1 s: /),
    ]);
    expect(session.change('rtoMin', '0.5').applied).toBe('restart');
  });

  it('refuses a starting value that breaks a rule keyed on another key, and keeps the scenario', () => {
    // PHS's release items name a link that must be up when they fire (phs/rules.ts): link1=0 keeps
    // link 1 down from the start, so release=1@0 would have nothing to release. The sequence fuzz
    // found the session taking link1=0 and making a link that did not parse (fresh seed 807892415).
    const session = new SimSession({ parseScenario, serialiseScenario, getSystem });
    const loaded = session.load('system=phs&release=1@0&duration=5');
    const r = session.change('link1', '0');
    expect(r.applied).toBe('rejected');
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^link1=0: conflicts with release=1@0: the item 1@0 names link 1, which is not up at 0 s: link1=0 /,
      ),
    ]);
    expect(r.errors.map((e) => e.key)).toEqual(['link1']);
    expect(session.step(0)?.canonical).toBe(loaded.state?.canonical);
    expect(session.change('link2', '0').applied).toBe('restart');
  });
});
