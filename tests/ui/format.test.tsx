import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../src/engine';
import { SummaryFigures } from '../../src/ui/components/SummaryPanel';
import { bitRate, count, num, percent, seconds, sig } from '../../src/ui/format';

const T = '\u202f';

describe('numbers in words', () => {
  it('rounds sensibly, with units and thin separators', () => {
    expect(num(56816)).toBe(`56${T}816`);
    expect(num(1234)).toBe('1234');
    expect(sig(0.90654, 3)).toBe('0.907');
    expect(bitRate(339946.4000000001)).toBe(`340${T}kbit/s`);
    expect(bitRate(7600)).toBe(`7.60${T}kbit/s`);
    expect(percent(0.2262)).toBe(`22.6${T}%`);
  });

  it('writes durations without trailing zeros', () => {
    expect(seconds(64)).toBe(`64${T}s`);
    expect(seconds(32.4)).toBe(`32.4${T}s`);
    expect(seconds(2.868)).toBe(`2.868${T}s`);
    expect(seconds(3)).toBe(`3${T}s`);
    expect(seconds(0.9167)).toBe(`917${T}ms`);
    expect(seconds(0.3)).toBe(`300${T}ms`);
    expect(seconds(1200)).toBe(`1200${T}s`);
  });

  it('counts in the singular and the plural', () => {
    expect(count(1, 'timeout')).toBe('1 timeout');
    expect(count(25, 'timeout')).toBe('25 timeouts');
    expect(count(0, 'echo', 'echoes')).toBe('0 echoes');
  });
});

describe('summary panel figures', () => {
  const run = (text: string) => {
    const sim = createSimulation(parseScenario(text).scenario);
    sim.runToEnd();
    return renderToStaticMarkup(<SummaryFigures s={sim.summary()} />);
  };

  it('a ping run: round trips, and no TCP goodput of zero', () => {
    const html = run('system=gsm&app=ping&duration=10');
    expect(html).toContain('Ping round trip');
    expect(html).toMatch(/mean 9\d\d\u202fms/);
    expect(html).toContain('not used by this workload');
    expect(html).not.toContain('Goodput');
  });

  it('a GSM FTP run: the study’s kbyte/s beside TCP’s figures, singular and plural words', () => {
    const html = run('system=gsm&size=20000');
    expect(html).toContain('kbyte/s');
    expect(html).toContain('Goodput');
    expect(html).toMatch(/\d+ timeouts?,/);
    expect(html).not.toMatch(/\b1 timeouts\b|\b1 fast retransmits\b/);
  });

  it('a DECT run: goodput of both directions, TH and its share of TH_teo each way, the figures agreeing', () => {
    const sim = createSimulation(parseScenario('system=dect&duration=60').scenario, { traces: false });
    sim.runToEnd();
    const s = sim.summary();
    const html = renderToStaticMarkup(<SummaryFigures s={s} />);
    const th = s.app.th as number;
    // Goodput counts both directions: twice TH's segments of 512 bytes.
    expect(s.tcp.goodputBps).toBeCloseTo(2 * th * 4096, 0);
    expect(s.normalizedGoodput).toBeCloseTo(th / (s.capacityBps / 4096), 5);
    expect(html).toContain(
      `${bitRate(s.tcp.goodputBps)} both ways together; each way TH = ${sig(th, 3)} segments/s`,
    );
    expect(html).toContain(
      `${sig(s.normalizedGoodput, 3)}</strong> of TH_teo, the ${bitRate(s.capacityBps)}`,
    );
    expect(html).not.toContain("of the bearer's");
  });
});

describe('summary values of unknown shape', () => {
  it('drop trailing zeros', async () => {
    const { anyValue } = await import('../../src/ui/format');
    expect(anyValue(0.918)).toBe('0.918');
    expect(anyValue(0.9065)).toBe('0.9065');
    expect(anyValue(12)).toBe('12');
    expect(anyValue(true)).toBe('yes');
  });
});

describe('link-layer counters that are lists or records', () => {
  it('read as words, never as JSON (GSM’s byte budget widened the page to 764 px at 390 px)', async () => {
    const { anyValue } = await import('../../src/ui/format');
    expect(anyValue([63.71, 62.04, 29.6317])).toBe('63.71, 62.04, 29.63');
    const budget = { dir: 'down', payload: 831.762, pppStuffing: 113.832, spare: 0 };
    const text = anyValue(budget);
    expect(text).toBe('dir down · payload 831.8 · pppStuffing 113.8 · spare 0');
    expect(text).not.toMatch(/[{}"]/);
  });
});
