import { describe, expect, it } from 'vitest';
import { parseScenario, runScenarioText } from '../../../../src/engine';
import { LOAD_PRESETS } from '../../../../src/engine/systems/dect/config';
import { dectConfig } from '../../../../src/engine/systems/dect/scenario-config';

describe('DECT scenario keys', () => {
  it('defaults are dect.md’s, and every key reaches the model’s settings', () => {
    const d = dectConfig(parseScenario('system=dect').scenario);
    expect(d).toMatchObject({ lambda: 20, batch: 1, bearers: 10, bth: 4, hoTimer: 1, cellDwell: 120 });
    expect(d.load).toEqual(LOAD_PRESETS.reference);
    expect(d.berEpisode).toBeNull();
    expect(d.mobility).toBe('markov');
    expect(d.tcpClient).toBe('bsd44');
    const c = dectConfig(
      parseScenario(
        'system=dect&lambda=35&batch=4&bearers=8&bth=3&load=1,2,3,4&berScale=2&hoScale=0.5&hoTimer=0.5&cellDwell=60&berEpisode=500-1000-10&mobility=map&msX=30&tcp=modern&rtoMin=2',
      ).scenario,
    );
    expect(c).toMatchObject({ lambda: 35, batch: 4, bearers: 8, bth: 3, berScale: 2, hoScale: 0.5 });
    expect(c).toMatchObject({ hoTimer: 0.5, cellDwell: 60, mobility: 'map', msX: 30, tcpServer: 'modern' });
    expect(c.load).toEqual([1, 2, 3, 4]);
    expect(c.berEpisode).toEqual({ start: 500, end: 1000, factor: 10 });
    // The remedy keys (remedy-params.ts) ride with the overrides, all off here.
    expect(c.tcpOverrides).toEqual({ rtoMin: 2, sack: false, timestamps: false, eifel: false, frto: false });
    expect(dectConfig(parseScenario('system=dect&load=high').scenario).load).toEqual(LOAD_PRESETS.high);
    expect(runScenarioText('system=dect&duration=1&seed=7').summary?.seed).toBe(7);
  });

  it('bad values name the key and what is allowed', () => {
    const { errors } = parseScenario('system=dect&load=busy&bearers=13&mobility=walk');
    expect(errors.map((e) => e.key)).toEqual(['load', 'bearers', 'mobility']);
    expect(errors[0].message).toMatch(/low, reference, high, or a comma list of 4 numbers/);
  });

  it('mobility=map: the phone dragged into another cell starts a connection handover; markov mid-run restarts the chain', () => {
    const still = runScenarioText('system=dect&mobility=map&duration=30&load=low').summary!;
    const dragged = runScenarioText(
      'system=dect&mobility=map&duration=30&load=low&events=10@msX=22',
    ).summary!;
    const link = (s: typeof still) => s.link as { connectionHandovers: number };
    expect(link(still).connectionHandovers).toBe(0);
    // 22 m is 2 m past the midpoint to the RFP at 40 m: within the 5 m hysteresis, no handover.
    expect(link(dragged).connectionHandovers).toBe(0);
    const crossed = runScenarioText(
      'system=dect&mobility=map&duration=30&load=low&events=10@msX=30',
    ).summary!;
    expect(link(crossed).connectionHandovers).toBe(1);
    // The map ignores the phone under markov; switching to map moves the connection to the phone's cell.
    const markov = runScenarioText(
      'system=dect&cellDwell=1e5&duration=30&load=low&events=5@msX=-40',
    ).summary!;
    expect(link(markov).connectionHandovers).toBe(0);
    const switched = runScenarioText(
      'system=dect&cellDwell=1e5&duration=30&load=low&events=5@msX=-40;10@mobility=map',
    ).summary!;
    expect(link(switched).connectionHandovers).toBe(1);
  });
});
