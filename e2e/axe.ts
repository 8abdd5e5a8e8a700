/**
 * axe-core for the specs, at a third of its cost: on a page after a run (≈ 1,300–1,900 elements,
 * charts full of SVG text) one `AxeBuilder.analyze()` took 5–9 s of the page's main thread on the
 * shared two-core machine, the largest single cost of the browser suite (31 calls). Three things
 * make it cheaper without changing a finding the specs look at:
 * - Only the rules that can report what the spec asserts on. axe gives every rule a fixed impact
 *   (axe-core 4.13: `_finalizeRuleResult` stamps the rule's impact on each of its results), so a
 *   rule whose impact is minor or moderate — `region` alone ≈ 1.2 s — never yields a serious or
 *   critical violation; `seriousAxeFindings` leaves those rules out, `axeFindings` runs them all.
 * - Only violations are gathered (`resultTypes`): passes and incomplete results are not built.
 * - On a page without frames, axe runs in the page itself (legacy mode) instead of opening a
 *   blank page to merge the frames' partial results: with one frame there is nothing to merge. A
 *   page with an iframe keeps the default, which also tests cross-origin frames.
 * The findings read `id (impact): help — targets`, so a failure names what and where.
 */
import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { chartsDrawn, expect } from './fixtures';

const require = createRequire(import.meta.url);
const axeCore = require('axe-core') as { _audit: { rules: readonly { id: string; impact?: string }[] } };

/** The rules whose every violation is minor or moderate (each axe rule has one impact). */
export const MILD_RULES: readonly string[] = axeCore._audit.rules
  .filter((r) => r.impact === 'minor' || r.impact === 'moderate')
  .map((r) => r.id);

const SERIOUS = new Set(['serious', 'critical']);

async function analyze(page: Page, include: readonly string[], mildToo: boolean) {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  if (!mildToo) builder = builder.disableRules([...MILD_RULES]);
  if ((await page.locator('iframe').count()) === 0) builder = builder.setLegacyMode();
  const result = await builder.analyze();
  return result.violations
    .filter((v) => mildToo || SERIOUS.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Serious and critical axe violations on the page, or inside the elements `include` selects. */
export function seriousAxeFindings(page: Page, ...include: string[]): Promise<string[]> {
  return analyze(page, include, false);
}

/** Every axe violation, whatever its impact, on the page or inside the elements `include` selects. */
export function axeFindings(page: Page, ...include: string[]): Promise<string[]> {
  return analyze(page, include, true);
}

/**
 * Serious and critical axe violations in both themes, on one run: the page is scanned in the theme
 * it has, switched to the other (the store's `setTheme`, what the theme control does) and, once the
 * charts have redrawn in its colours, scanned again. Each finding names the theme it was found in.
 * (A light and a dark test each playing the same run cost the suite a run and a page load a pair.)
 */
export async function seriousAxeFindingsInBothThemes(page: Page, ...include: string[]): Promise<string[]> {
  const findings: string[] = [];
  const first = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
  for (const theme of [first, first === 'dark' ? 'light' : 'dark']) {
    if (theme !== first) {
      await page.evaluate((t) => {
        window.__lab?.getState().setTheme(t as 'light' | 'dark');
      }, theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await chartsDrawn(page);
    }
    findings.push(...(await seriousAxeFindings(page, ...include)).map((f) => `${theme}: ${f}`));
  }
  return findings;
}
