/**
 * Two history runs opened as A/B (issue 25 item 1): B's changes are the keys the newer run set
 * otherwise, in canonical form; what A/B cannot carry over (B's own seed, B's own timed changes)
 * is said in words.
 */
import { describe, expect, it } from 'vitest';
import { compareText } from '../../../src/state/ab-compare';
import { parseScenario, serialiseScenario } from '../../../src/engine/scenarios';
import type { HistoryEntry } from '../../../src/state/run-history';
import { pairChanges } from '../../../src/ui/components/RunHistory';

const entry = (text: string): HistoryEntry => {
  const s = parseScenario(text).scenario;
  return { at: 1, system: s.system, text: serialiseScenario(s), seed: s.seed, simTime: 20, figures: {} };
};

describe('two history runs as A/B', () => {
  it('B changes the keys that differ, and B run from A with them is the newer run', () => {
    const a = entry('system=is707&fer=0.15&duration=20');
    const b = entry('system=is707&fer=0.2&idle=5&duration=20');
    const { changes, notes } = pairChanges(a, b);
    expect(changes).toEqual([
      { key: 'fer', value: '0.2' },
      { key: 'idle', value: '5' },
    ]);
    expect(notes).toEqual([]);
    expect(compareText(a.text, changes)).toBe(b.text);
  });

  it('another seed and other timed changes are named: B keeps A’s', () => {
    const a = entry('system=is707&fer=0.15&duration=20');
    const b = entry('system=is707&fer=0.2&seed=7&events=5@fer=0.4&duration=20');
    const { changes, notes } = pairChanges(a, b);
    expect(changes.map((c) => c.key)).toEqual(['fer']);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('B runs with A’s seed (1), not its own (7)');
    expect(notes[1]).toContain('its own timed changes are not carried over');
  });
});
