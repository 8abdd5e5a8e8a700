/**
 * The remedy keys (remedies.md "Mechanisms", systems/remedy-params.ts): `sack`, `timestamps`,
 * `eifel`, `frto` and `remedy` in every system's TCP group; `eifel=1&timestamps=0` refused naming
 * both keys; `remedy` setting its keys; `snoop`, `eln`, `split` (and `splitBuffer`) keys of the
 * systems with a base-station point, one at a time, and refused — "not applicable" — where the
 * model has none, by the lab's parser and by the CLI (exit 2).
 */
import { describe, expect, it } from 'vitest';
import { implementedSystems, paramSpec, parseScenario } from '../../../src/engine/scenarios';
import { baseStationRemedies, stackRemedies } from '../../../src/engine/systems/remedy-params';
import { scenarioProfiles } from '../../../src/engine/systems/common/tcp-setup';
import { runSim } from '../../../src/cli/sim-run';

const values = (text: string) => parseScenario(text).scenario.values;
const errors = (text: string) => parseScenario(text).errors.map((e) => e.message);

const POINTS: Record<string, string | null> = {
  is707: 'the access point',
  phs: 'the base station',
  gsm: "the ISP's PPP gateway",
  geran: null,
  dect: null,
};

describe('remedy keys', () => {
  it('every system has sack, timestamps, eifel, frto and remedy in its TCP group, off by default', () => {
    expect(implementedSystems().sort()).toEqual(Object.keys(POINTS).sort());
    for (const system of implementedSystems()) {
      for (const key of ['sack', 'timestamps', 'eifel', 'frto'])
        expect(paramSpec(system, key), `${system} ${key}`).toMatchObject({
          kind: 'bool',
          group: 'tcp',
          default: false,
        });
      expect(paramSpec(system, 'remedy')).toMatchObject({
        kind: 'enum',
        default: 'none',
        options: ['none', 'sack', 'timestamps', 'eifel', 'frto', 'snoop', 'eln', 'split'],
      });
      expect(stackRemedies(values(`system=${system}`))).toEqual({
        sack: false,
        timestamps: false,
        eifel: false,
        frto: false,
      });
    }
  });

  it('remedy sets its keys (eifel sets timestamps too); eifel alone implies timestamps; keys combine', () => {
    expect(stackRemedies(values('system=gsm&remedy=eifel'))).toEqual({
      sack: false,
      timestamps: true,
      eifel: true,
      frto: false,
    });
    expect(stackRemedies(values('system=gsm&eifel=1'))).toMatchObject({ timestamps: true, eifel: true });
    expect(stackRemedies(values('system=gsm&remedy=sack&frto=1'))).toEqual({
      sack: true,
      timestamps: false,
      eifel: false,
      frto: true,
    });
    // Both ends run them (the study's Windows 98 client and Windows NT 4 server).
    const ends = scenarioProfiles(values('system=gsm&remedy=frto&sack=1'), {
      client: 'win98',
      server: 'winnt4',
    });
    for (const p of [ends.client, ends.server])
      expect(p).toMatchObject({ sack: true, frto: true, eifel: false });
  });

  it('refuses eifel=1&timestamps=0 naming both keys, and a remedy its own key turns off', () => {
    const [eifel] = errors('system=phs&eifel=1&timestamps=0');
    expect(eifel).toMatch(/^eifel=1&timestamps=0: Eifel detection reads the timestamps option/);
    expect(values('system=phs&eifel=1&timestamps=0')).toMatchObject({ eifel: false, timestamps: false });
    expect(errors('system=phs&remedy=eifel&timestamps=0')[0]).toMatch(
      /^remedy=eifel&timestamps=0: remedy=eifel switches timestamps on, which timestamps=0 turns off/,
    );
    expect(errors('system=is707&remedy=sack&sack=0')[0]).toMatch(/^remedy=sack&sack=0: /);
    expect(errors('system=is707&remedy=sack&sack=1&eifel=1&timestamps=1')).toEqual([]);
  });

  it('snoop, eln and split are keys where remedies.md places a base-station point, refused where there is none', () => {
    for (const [system, point] of Object.entries(POINTS)) {
      for (const key of ['snoop', 'eln', 'split']) {
        for (const text of [`system=${system}&${key}=1`, `system=${system}&remedy=${key}`]) {
          if (point !== null) {
            expect(errors(text), text).toEqual([]);
            expect(baseStationRemedies(values(text))[key as 'snoop'], text).toBe(true);
            expect(paramSpec(system, key)!.description, key).toContain(point);
            continue;
          }
          const [message, ...more] = errors(text);
          expect(more, text).toEqual([]);
          expect(message, text).toMatch(new RegExp(`^(${key}=1|remedy=${key}): `));
          expect(message, text).toContain('not applicable: no base-station point in this model');
        }
      }
      if (point !== null)
        expect(paramSpec(system, 'splitBuffer')).toMatchObject({ default: 32768, max: 65535, group: 'tcp' });
      else expect(errors(`system=${system}&splitBuffer=4000`)[0]).toContain('not applicable');
    }
    // The lab runs on with the default.
    expect(values('system=geran&remedy=snoop').remedy).toBe('none');
  });

  it('a split relay stands alone at the base-station point; Snoop and ELN combine', () => {
    expect(errors('system=phs&snoop=1&split=1')[0]).toMatch(
      /^snoop=1&split=1: a split relay terminates TCP at the base-station point, .*: choose snoop or split; using the defaults for snoop and split$/,
    );
    expect(errors('system=is707&remedy=split&eln=1')[0]).toMatch(
      /^eln=1: a split relay .* choose eln or split;/,
    );
    expect(values('system=is707&split=1&eln=1')).toMatchObject({ split: false, eln: false });
    expect(errors('system=is707&snoop=1&eln=1&sack=1&timestamps=1')).toEqual([]);
    expect(baseStationRemedies(values('system=gsm&remedy=snoop&eln=1'))).toMatchObject({
      snoop: true,
      eln: true,
    });
  });

  it('the CLI exits with status 2 and names the key', async () => {
    let stderr = '';
    const status = await runSim(['system=geran&split=1'], {
      out: () => {},
      err: (t) => (stderr += t),
      cpus: 1,
    });
    expect(status).toBe(2);
    expect(stderr).toContain('split=1: not applicable: no base-station point in this model');
    stderr = '';
    const dect = await runSim(['system=dect&remedy=eln'], {
      out: () => {},
      err: (t) => (stderr += t),
      cpus: 1,
    });
    expect(dect).toBe(2);
    expect(stderr).toContain('remedy=eln: not applicable');
  });
});
