/**
 * Keys an activity's step locks (issue 23 item 3): a change is refused with the reason, and a load —
 * a link with another value — cannot unlock them: the run holds the step's value and timed changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocks, type LockSet } from '../../src/state/locks';
import { harness, settle, type Harness } from './harness';

const STEP = 'system=is707&fer=0.3&fdt=0.01&duration=2';
const LOCKS: LockSet = {
  base: STEP,
  locks: [
    { key: 'fer', reason: 'the lesson is about Pe = 0.3' },
    { key: 'seed', reason: 'one realisation for the whole class' },
  ],
};

describe('applyLocks', () => {
  it('keeps a text that obeys the locks as it is', () => {
    expect(applyLocks(`${STEP}&idle=5`, LOCKS)).toEqual({ text: `${STEP}&idle=5`, lockedOut: [] });
    expect(applyLocks('system=is707&fer=0.1', null).text).toBe('system=is707&fer=0.1');
  });

  it('puts back the locked value, drops the link’s timed changes of it, and says what it replaced', () => {
    const r = applyLocks('system=is707&seed=9&fer=0.05&idle=5&events=3@fer=0.5;4@idle=1', LOCKS);
    expect(r.text).toBe('system=is707&fer=0.3&idle=5&events=4@idle=1');
    expect(r.lockedOut).toEqual([
      {
        key: 'fer',
        given: '0.05 (with 1 timed change)',
        locked: '0.3',
        reason: 'the lesson is about Pe = 0.3',
      },
      { key: 'seed', given: '9', locked: '1', reason: 'one realisation for the whole class' },
    ]);
  });

  it('holds the step’s own timed changes of a locked key, in time order among the others', () => {
    const set = { base: 'system=is707&fer=0.3&events=5@fer=0.6', locks: [LOCKS.locks[0]] };
    expect(applyLocks('system=is707&fer=0.3&events=1@idle=2;9@idle=3', set).text).toBe(
      'system=is707&fer=0.3&events=1@idle=2;5@fer=0.6;9@idle=3',
    );
  });

  it('holds nothing on another system’s scenario', () => {
    expect(applyLocks('system=gsm', LOCKS)).toEqual({ text: 'system=gsm', lockedOut: [] });
  });
});

let h: Harness;
afterEach(() => h?.close());

/** Run a store call to its end, its result committed. */
async function done(call: () => Promise<void>): Promise<void> {
  const p = call();
  await settle(h);
  await p;
  await settle(h);
}

describe('the store under locks', () => {
  it('refuses a change of a locked key with the reason, and lets others through', async () => {
    h = harness();
    h.store.getState().setLocks(LOCKS);
    await done(() => h.store.getState().load(STEP));
    await h.store.getState().change('fer', '0.05');
    let s = h.store.getState();
    expect(s.changeErrors).toEqual([
      {
        key: 'fer',
        value: '0.05',
        message: 'locked by this step of the activity: the lesson is about Pe = 0.3',
      },
    ]);
    expect(s.text).toBe(STEP);
    await h.store.getState().newSeed();
    expect(h.store.getState().text).toBe(STEP);
    await done(() => h.store.getState().change('idle', '5'));
    s = h.store.getState();
    expect(s.changeErrors).toEqual([]);
    expect(s.text).toBe('system=is707&fer=0.3&fdt=0.01&idle=5&duration=2');
  });

  it('a link’s other value of a locked key is not used, and is named', async () => {
    h = harness();
    h.store.getState().setLocks(LOCKS);
    await done(() => h.store.getState().load('system=is707&fer=0.05&fdt=0.01&duration=2&seed=4'));
    const s = h.store.getState();
    expect(s.text).toBe(STEP);
    expect(s.lockedOut.map((l) => [l.key, l.given, l.locked])).toEqual([
      ['fer', '0.05', '0.3'],
      ['seed', '4', '1'],
    ]);
    // The same locks set again (the panel follows the boot) keep the note; other locks clear it.
    h.store.getState().setLocks({ ...LOCKS });
    expect(h.store.getState().lockedOut).toHaveLength(2);
    h.store.getState().setLocks(null);
    expect(h.store.getState().lockedOut).toEqual([]);
  });

  it('relock brings a running scenario in line when a step locks keys it had changed', async () => {
    h = harness();
    await done(() => h.store.getState().load('system=is707&fer=0.05&fdt=0.01&duration=2'));
    h.store.getState().setLocks(LOCKS);
    await done(() => h.store.getState().relock());
    expect(h.store.getState().text).toBe(STEP);
  });
});
