/** The DECT model's settings (config.ts) read from a parsed scenario's values (params.ts). */
import type { Scenario } from '../../scenario/types';
import { ScenarioValues } from '../../scenario/typed-values';
import type { TcpProfile } from '../../tcp/profiles';
import { resolveTcpProfiles, tcpOverrides } from '../common-params';
import { stackRemedies } from '../remedy-params';
import { parseLoad, type DectConfig } from './config';
import { DECT_MOBILITY, DECT_PARAMS } from './params';

export function dectConfig(scenario: Scenario): DectConfig {
  const v = ScenarioValues.of(scenario, DECT_PARAMS);
  const load = v.raw('load');
  const episode = v.episode('berEpisode');
  const names = resolveTcpProfiles(v.all, 'bsd44');
  // Every override key is a profile field of the same name; `nagle` is written 0/1 for a boolean.
  const { nagle, ...numeric } = tcpOverrides(v.all);
  // The remedies apply at both ends (remedies.md); `remedy` and `eifel` imply their keys.
  const overrides: Partial<TcpProfile> = { ...numeric, ...stackRemedies(v.all) };
  if (nagle !== undefined) overrides.nagle = nagle !== 0;
  return {
    lambda: v.number('lambda'),
    batch: v.number('batch'),
    bearers: v.number('bearers'),
    bth: v.number('bth'),
    load: parseLoad(typeof load === 'string' ? load : (load as readonly number[])),
    berScale: v.number('berScale'),
    hoScale: v.number('hoScale'),
    hoTimer: v.number('hoTimer'),
    cellDwell: v.number('cellDwell'),
    berEpisode: episode.end > episode.start ? { ...episode } : null,
    mobility: v.option('mobility', DECT_MOBILITY),
    msX: v.number('msX'),
    msY: v.number('msY'),
    fixedBearers: false,
    tcpClient: names.client,
    tcpServer: names.server,
    tcpOverrides: overrides,
  };
}
