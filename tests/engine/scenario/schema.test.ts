import { describe, expect, it } from 'vitest';
import {
  RESERVED_KEYS,
  implementedSystems,
  isImplemented,
  liveKeys,
  scenarioKeys,
  schemaFor,
} from '../../../src/engine/scenarios';
import type { ParamSpec } from '../../../src/engine/scenario/types';
import { isValidValue } from '../../../src/engine/scenario/values';
import {
  TCP_OVERRIDE_KEYS,
  resolveTcpProfiles,
  tcpOverrides,
} from '../../../src/engine/systems/common-params';
import { defaultScenario, parseScenario } from '../../../src/engine/scenarios';
import { TEST_PARAMS, TEST_SCHEMA, TEST_SYSTEM, withTestSystem } from './test-schema';

function checkSchema(name: string, params: readonly ParamSpec[]): void {
  const keys = params.map((p) => p.key);
  expect(new Set(keys).size, `${name}: unique keys`).toBe(keys.length);
  for (const p of params) {
    expect(RESERVED_KEYS, `${name}.${p.key}`).not.toContain(p.key);
    expect(p.key, `${name}.${p.key} camelCase`).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(p.description, `${name}.${p.key} one line`).not.toMatch(/\n/);
    expect(p.description.length, `${name}.${p.key} description`).toBeGreaterThan(5);
    expect(p.label.length, `${name}.${p.key} label`).toBeGreaterThan(0);
    expect(isValidValue(p, p.default), `${name}.${p.key} default is valid`).toBe(true);
    if (p.kind === 'number') expect(p.min <= p.max, `${name}.${p.key} range`).toBe(true);
  }
}

describe('schemas', () => {
  it('is707 is implemented, then gsm, phs, dect and geran; unknown ids are not', () => {
    expect(implementedSystems()).toEqual(['is707', 'gsm', 'phs', 'dect', 'geran']);
    expect(isImplemented('dect')).toBe(true);
    expect(isImplemented('is707')).toBe(true);
    expect(isImplemented('foo')).toBe(false);
    expect(isImplemented(TEST_SYSTEM)).toBe(false);
    expect(isImplemented('__proto__')).toBe(false);
    expect(isImplemented('constructor')).toBe(false);
  });

  it('a schema built with an extra system parses it; the engine’s own schema refuses that id', () => {
    expect(TEST_SCHEMA.implementedSystems()).toContain(TEST_SYSTEM);
    const r = withTestSystem.parseScenario(`system=${TEST_SYSTEM}&load=high`);
    expect(r.errors).toEqual([]);
    expect(r.scenario.system).toBe(TEST_SYSTEM);
    expect(r.scenario.values.load).toBe('high');
    expect(implementedSystems()).not.toContain(TEST_SYSTEM);
    const gone = parseScenario(`system=${TEST_SYSTEM}`);
    expect(gone.scenario.system).toBe('is707');
    expect(gone.errors.map((e) => e.key)).toEqual(['system']);
  });

  it('every implemented schema (and the test schema) is well formed', () => {
    for (const id of implementedSystems()) checkSchema(id, schemaFor(id) ?? []);
    checkSchema('test', TEST_PARAMS);
  });

  it('lists the IS-707 keys of is707.md and the common keys, in canonical order', () => {
    expect(scenarioKeys('is707')).toEqual([
      'system',
      'seed',
      'fer',
      'fdt',
      'idle',
      'nakRounds',
      'handshake',
      'nakTimer',
      'abortTimer',
      'reverse',
      'wireRate',
      'wireDelay',
      'apQueue',
      'dir',
      'radioFromMap',
      'duration',
      'app',
      'tcp',
      'tcpClient',
      'tcpServer',
      ...TCP_OVERRIDE_KEYS,
      'sack',
      'timestamps',
      'eifel',
      'frto',
      'remedy',
      'snoop',
      'eln',
      'split',
      'splitBuffer',
      'msX',
      'msY',
      'events',
    ]);
    expect(liveKeys('is707')).toEqual(['fer', 'fdt', 'idle', 'reverse', 'radioFromMap', 'msX', 'msY']);
  });
});

describe('common params helpers', () => {
  it('resolves the profiles of the two ends', () => {
    const v = (q: string) => parseScenario(q).scenario.values;
    expect(resolveTcpProfiles(v(''), 'ns2reno')).toEqual({ client: 'ns2reno', server: 'ns2reno' });
    expect(resolveTcpProfiles(v('tcp=bsd44'), 'ns2reno')).toEqual({ client: 'bsd44', server: 'bsd44' });
    expect(resolveTcpProfiles(v('tcp=bsd44&tcpServer=winnt4'), 'ns2reno')).toEqual({
      client: 'bsd44',
      server: 'winnt4',
    });
    const pair = { client: 'win98', server: 'winnt4' } as const;
    expect(resolveTcpProfiles({ tcp: 'study', tcpClient: 'tcp', tcpServer: 'tcp' }, pair)).toEqual(pair);
    expect(resolveTcpProfiles({ tcp: 'study', tcpClient: 'bsd44', tcpServer: 'tcp' }, pair)).toEqual({
      client: 'bsd44',
      server: 'winnt4',
    });
    expect(resolveTcpProfiles({ tcp: 'win98', tcpClient: 'tcp', tcpServer: 'tcp' }, pair)).toEqual({
      client: 'win98',
      server: 'win98',
    });
  });

  it('collects only the overrides that are set', () => {
    expect(tcpOverrides(defaultScenario().values)).toEqual({});
    expect(
      tcpOverrides(parseScenario('mss=1000&rtoMin=0.5&dataRetries=inf&nagle=0').scenario.values),
    ).toEqual({
      mss: 1000,
      rtoMin: 0.5,
      dataRetries: Infinity,
      nagle: 0,
    });
  });
});
