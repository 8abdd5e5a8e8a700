/**
 * Edits, Restart and the share link (issue 8, items 1, 3 and 7): a change before the run or
 * after it finished is a starting value; a change mid-run is a timed change; a changed preset
 * says so; a drag records a short path whose replay is the same run.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  pageSummary,
  param,
  playToEnd,
  query,
  ready,
  setParam,
  statusIs,
  simTime,
  test,
} from './fixtures';
import { seriousAxeFindings } from './axe';

const tcp = (s: Record<string, unknown>) => s.tcp as Record<string, number>;
const eventCount = (q: string) => (/events=([^&]*)/.exec(q)?.[1].split(';').length ?? 0) as number;

/** Drag the phone from where it is by (dx, dy) pixels over about `ms` of wall time. */
async function drag(page: Page, dx: number, dy: number, ms: number): Promise<void> {
  const box = await page.getByTestId('ms').boundingBox();
  if (!box) throw new Error('the phone is not on the map');
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const start = Date.now();
  for (let f = 0; f < 1;) {
    f = Math.min(1, (Date.now() - start) / ms);
    await page.mouse.move(x0 + dx * f, y0 + dy * f);
    await page.waitForTimeout(16); // a person's pointer: one move per animation frame
  }
  await page.mouse.up();
}

/**
 * A drag as a person's pointer makes it: one mouse move per animation frame for `ms` of wall time,
 * dispatched inside the page (Playwright's own moves arrive far less often on a busy machine).
 */
async function frameRateDrag(page: Page, dx: number, dy: number, ms: number): Promise<number> {
  const box = await page.getByTestId('ms').boundingBox();
  if (!box) throw new Error('the phone is not on the map');
  return page.evaluate(
    async ({ x0, y0, dx, dy, ms }) => {
      const el = document.querySelector('[data-testid="ms"]');
      if (!el) throw new Error('no phone');
      const fire = (type: string, x: number, y: number) =>
        el.dispatchEvent(
          new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true, view: window }),
        );
      fire('mousedown', x0, y0);
      const start = performance.now();
      let moves = 0;
      for (let f = 0; f < 1; moves++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        f = Math.min(1, (performance.now() - start) / ms);
        fire('mousemove', x0 + dx * f, y0 + dy * f);
      }
      fire('mouseup', x0 + dx, y0 + dy);
      return moves;
    },
    { x0: box.x + box.width / 2, y0: box.y + box.height / 2, dx, dy, ms },
  );
}

test('IS-707 Figures 5–6: idle=inf set after the run finished is a starting value that Restart uses; the preset says it was modified', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('preset-select').selectOption('is707-fig5');
  await expect(page.getByTestId('preset-info')).toContainText('Figures 5 and 6');
  await expect(page.locator('[data-live="tcp.maxRto"]')).toBeVisible();
  await playToEnd(page, 120_000);
  const first = await pageSummary(page);

  await setParam(page, 'idle', 'inf');
  await page.getByTestId('restart').click();
  await ready(page);
  await expect.poll(() => query(page)).toContain('idle=inf');
  expect(query(page)).not.toContain('events');
  await expect(await param(page, 'idle')).toHaveValue('inf');
  await expect(page.getByTestId('timed-idle')).toHaveCount(0);

  // Item 3: the preset is no longer the study's experiment.
  const info = page.getByTestId('preset-info');
  await expect(info).toHaveAttribute('data-modified', 'true');
  await expect(info.getByRole('heading')).toContainText('Modified from');
  await expect(page.locator('[data-live]')).toHaveCount(0);
  await expect(page.getByTestId('preset-select').locator('option:checked')).toContainText('Modified from');
  await expect.poll(() => new URL(page.url()).hash).not.toContain('preset=');
  expect(await seriousAxeFindings(page)).toEqual([]);

  await playToEnd(page, 120_000);
  const second = await pageSummary(page);
  expect(String(second.scenario)).toContain('idle=inf');
  expect(tcp(second).timeouts).not.toBe(tcp(first).timeouts);
  expect(tcp(second).rtoAtMaxFraction).toBeLessThan(tcp(first).rtoAtMaxFraction);
});

test('PHS: the phone dragged after the run finished keeps its place (msX a plain key) and the run uses it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/?system=phs&env=outdoor&shadowing=0&units=0,0;0,0;-180,0&msX=-60');
  await playToEnd(page, 120_000);
  await drag(page, 60, 0, 200);
  // The last point of the drag reaches the link a moment after the pointer stops.
  const marker = async () => Number(await page.getByTestId('ms').getAttribute('aria-valuenow'));
  await expect
    .poll(async () => Number(/&msX=(-?\d+)/.exec(query(page))?.[1]) === (await marker()))
    .toBe(true);
  const q = query(page);
  expect(q).not.toContain('events');
  const msX = Number(/&msX=(-?\d+)/.exec(q)?.[1]);
  expect(msX).toBeGreaterThan(-60);
  // The run is back at 0 s, ready to play from the new position.
  await statusIs(page, 'ready');
  await playToEnd(page, 120_000);
  const end = await pageSummary(page);
  expect(String(end.scenario)).toContain(`msX=${msX}`);
  await expect(page.getByTestId('ms-position')).toContainText(`x ${msX}`);
});

test('a 3 s drag at 100× records a short path; the shared link replays the same trace', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/?system=is707&radioFromMap=1&duration=3600');
  await ready(page);
  await page.getByTestId('speed').selectOption('100');
  await page.getByTestId('play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(5);
  const moves = await frameRateDrag(page, 200, 60, 3000);
  expect(moves).toBeGreaterThan(60);
  await page.getByTestId('pause').click();
  await playToEnd(page, 120_000);
  const live = await pageSummary(page);
  const q = query(page);
  const events = eventCount(q);
  console.log(
    `3 s drag at 100× (${moves} pointer moves): ${events} events, URL ${page.url().length} characters`,
  );
  expect(events).toBeGreaterThan(2);
  expect(events).toBeLessThanOrEqual(40);
  expect(page.url().length).toBeLessThan(800);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await playToEnd(fresh, 120_000);
  const replay = await pageSummary(fresh);
  expect(replay.traceHash).toBe(live.traceHash);
  expect(replay).toEqual(live);
  await context.close();
});

test('mid-run: typing a value and pressing Enter records one timed change, marked beside the field and listed', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.05&duration=60');
  await ready(page);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(2);
  await page.getByTestId('pause').click();
  await setParam(page, 'fer', '0.3');
  await page.getByTestId('param-fer').blur(); // the field loses focus after Enter
  await expect.poll(() => query(page)).toMatch(/events=[\d.]+@fer=0\.3$/);
  await page.getByTestId('step').click();
  await page.getByTestId('step').click();
  expect(eventCount(query(page))).toBe(1);
  await expect(page.getByTestId('timed-fer')).toContainText('replayed on Restart');
  await expect(page.getByTestId('timed-changes')).toContainText('fer');
  await expect(page.getByTestId('clear-timed')).toHaveAccessibleName('Clear timed changes');
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Restart replays it; "Clear timed changes" drops it and keeps the starting values.
  await page.getByTestId('restart').click();
  await expect.poll(() => query(page)).toMatch(/fer=0\.05.*events=[\d.]+@fer=0\.3$/);
  await page.getByTestId('clear-timed').click();
  await expect.poll(() => query(page)).toBe('system=is707&fer=0.05&duration=60');
  await expect(page.getByTestId('timed-changes')).toHaveCount(0);
});
