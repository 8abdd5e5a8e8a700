import { describe, expect, it } from 'vitest';
import { captionScenario } from '../../../src/ui/components/caption-scenario';

describe('the scenario in a figure’s caption (issue 20, item 32)', () => {
  it('keeps a short list of timed changes whole', () => {
    const text = 'system=is707&fer=0.1&events=2@fer=0.3;5@fer=0.1';
    expect(captionScenario(text)).toBe(text);
    expect(captionScenario('system=gsm')).toBe('system=gsm');
  });

  it('summarises a drag’s long list: how many, of which keys, from when to when', () => {
    const points = Array.from({ length: 37 }, (_, i) => {
      const t = (3.2 + i * (3.9 / 36)).toFixed(2);
      return `${t}@msX=${2000 + 20 * i};${t}@msY=${-10 * i}`;
    });
    const text = `system=is707&radioFromMap=1&msX=2000&events=${points.join(';')}&seed=4`;
    const out = captionScenario(text);
    expect(out).toBe(
      'system=is707&radioFromMap=1&msX=2000&seed=4 · 74 timed changes of msX/msY from 3.2 s to 7.1 s',
    );
    expect(out.length).toBeLessThan(100);
  });
});
