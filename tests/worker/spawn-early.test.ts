/**
 * The page's entry starts its first engine before the page's code has loaded (worker/client.ts
 * `spawnEarly`, issue 13): the first spawn call gets that engine, later calls new ones, and a crash
 * of the early engine reaches whoever took it — also when it crashed before anyone did.
 */
import { describe, expect, it } from 'vitest';
import { spawnEarly, type EngineClient } from '../../src/worker/client';

/** Fake engines: each remembers the onCrash it was spawned with. */
function fakes() {
  const made: { client: EngineClient; crash: (m: string) => void }[] = [];
  const spawn = (onCrash: (m: string) => void): EngineClient => {
    const client = { api: {} as EngineClient['api'], terminate() {} };
    made.push({ client, crash: onCrash });
    return client;
  };
  return { made, spawn };
}

describe('spawnEarly', () => {
  it('spawns one engine at once, hands it to the first call, and spawns afresh afterwards', () => {
    const { made, spawn } = fakes();
    const take = spawnEarly(spawn);
    expect(made).toHaveLength(1);
    expect(take(() => {})).toBe(made[0].client);
    expect(made).toHaveLength(1);
    const second = take(() => {});
    expect(made).toHaveLength(2);
    expect(second).toBe(made[1].client);
  });

  it('a crash after the engine was taken goes to the taker', () => {
    const { made, spawn } = fakes();
    const take = spawnEarly(spawn);
    const seen: string[] = [];
    take((m) => seen.push(m));
    made[0].crash('worker failed to load');
    expect(seen).toEqual(['worker failed to load']);
  });

  it('a crash before anyone took the engine is reported to the taker, after it holds the client', async () => {
    const { made, spawn } = fakes();
    const take = spawnEarly(spawn);
    made[0].crash('worker failed to load');
    const seen: string[] = [];
    let held: EngineClient | null = null;
    held = take((m) => seen.push(`${m} (client held: ${held !== null})`));
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual(['worker failed to load (client held: true)']);
  });
});
