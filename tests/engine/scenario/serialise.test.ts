import { describe, expect, it } from 'vitest';
import { defaultScenario, parseScenario } from '../../../src/engine/scenarios';
import { serialiseScenario } from '../../../src/engine/scenarios';
import type { Scenario } from '../../../src/engine/scenario/types';
import { withTestSystem } from './test-schema';

const canonical = (q: string): string => serialiseScenario(parseScenario(q).scenario);

describe('serialiseScenario', () => {
  it('always writes system, omits defaults', () => {
    expect(serialiseScenario(defaultScenario())).toBe('system=is707');
    expect(canonical('fer=0.1&fdt=0.1&idle=0&seed=1&mss=profile&apQueue=inf&nakRounds=1,2,3&reverse=1')).toBe(
      'system=is707',
    );
  });

  it('writes keys in schema order, numbers in shortest round-trip form, events last and sorted', () => {
    expect(
      canonical(
        'events=30@msX=140;12.5@fer=0.2&msY=1e2&mss=1000&tcp=bsd44&wireRate=2.0e6&idle=inf&fer=3E-1&seed=0042&system=is707',
      ),
    ).toBe(
      'system=is707&seed=42&fer=0.3&idle=inf&wireRate=2000000&tcp=bsd44&mss=1000&msY=100&events=12.5@fer=0.2;30@msX=140',
    );
    expect(canonical('wireRate=1e10&wireDelay=0.0000001')).toBe(
      'system=is707&wireRate=10000000000&wireDelay=1e-7',
    );
    expect(canonical('nakRounds=1.0,4&handshake=1&reverse=0')).toBe(
      'system=is707&nakRounds=1,4&handshake=1&reverse=0',
    );
  });

  it('is idempotent and parse∘serialise is the identity on parsed scenarios', () => {
    const qs = [
      '',
      'fer=0.3&fdt=0.01&idle=5',
      '?idle=inf&apQueue=20&dataRetries=inf&rtoMin=0.5&events=1@idle=inf;2@reverse=0;3@radioFromMap=1',
      'fer=0.9&bad=1&seed=7',
    ];
    for (const q of qs) {
      const c = canonical(q);
      expect(canonical(c), q).toBe(c);
      const back = parseScenario(c);
      expect(back.errors).toEqual([]);
      expect(back.scenario).toEqual(parseScenario(q).scenario);
    }
  });

  it('sorts events stably when the scenario holds them out of order', () => {
    const s: Scenario = {
      ...defaultScenario(),
      events: [
        { t: 5, key: 'fer', value: 0.3 },
        { t: 1, key: 'fer', value: 0.2 },
        { t: 5, key: 'fer', value: 0.4 },
      ],
    };
    expect(serialiseScenario(s)).toBe('system=is707&events=1@fer=0.2;5@fer=0.3;5@fer=0.4');
  });

  describe('other value kinds', () => {
    const { parseScenario, serialiseScenario } = withTestSystem;
    const canonical = (q: string): string => serialiseScenario(parseScenario(q).scenario);

    it('round-trips hex, timed lists, episodes, points and word-or-numbers', () => {
      const q =
        'system=toy&accm=000A0000&burst=02@10:370,*@1e1:60&release=3@5&berEpisode=500-1000-10&units=0,0;10,0;0,1e1&load=1,2,3,4&releaseDetect=0.50&tcpClient=bsd44&events=4@units=1,1;2,2;3,3;2@burst=1@2:3';
      const c = canonical(q);
      expect(c).toBe(
        'system=toy&accm=000a0000&burst=2@10:370,*@10:60&release=3@5&berEpisode=500-1000-10&units=0,0;10,0;0,10&load=1,2,3,4&releaseDetect=0.5&tcpClient=bsd44&events=2@burst=1@2:3;4@units=1,1;2,2;3,3',
      );
      expect(canonical(c)).toBe(c);
      expect(parseScenario(c).scenario).toEqual(parseScenario(q).scenario);
      expect(canonical('system=toy&load=reference&accm=FFFFFFFF&berEpisode=0-0-1&releaseDetect=random')).toBe(
        'system=toy',
      );
    });
  });
});
