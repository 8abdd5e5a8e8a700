/**
 * Shared Playwright fixtures: every test fails if the page sends a request to
 * another origin (ui.md "makes no network request beyond its own origin") or
 * throws an uncaught error; helpers for what a person does.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect as baseExpect, type Page } from '@playwright/test';
import { test as base } from './shared-page';
import { TOUR_STORAGE_KEY } from '../src/ui/tour/tour-state';

const run = promisify(execFile);

export const test = base.extend<{
  originGuard: void;
  tour: boolean;
  tourOptOut: void;
  courseOrigins: readonly RegExp[];
  refusedFraming: RegExp | null;
}>({
  /**
   * Origins besides the lab's the test's pages may load (a course page the test serves itself on
   * a port of its own, framing the lab: e2e/embed.spec.ts). Default none.
   */
  courseOrigins: [[], { option: true }],
  /**
   * A Content-Security-Policy report the test expects (the full lab refusing to be framed) and
   * asserts itself; any other is a failure as usual. Default none.
   */
  refusedFraming: [null, { option: true }],
  /**
   * Whether the test sees the first-minute tour. Default false: every page of the test's context
   * starts with the tour marked as dismissed, as for a returning visitor, so the tests of the
   * lab's other parts start on the plain lab; `test.use({ tour: true })` opts in (e2e/tour.spec.ts).
   */
  tour: [false, { option: true }],
  tourOptOut: [
    async ({ context, tour }, use) => {
      if (!tour) {
        await context.addInitScript((key) => {
          try {
            window.localStorage.setItem(key, '1');
          } catch {
            // No storage: the tour does not start by itself either.
          }
        }, TOUR_STORAGE_KEY);
      }
      await use();
    },
    { auto: true },
  ],
  originGuard: [
    async ({ page, baseURL, courseOrigins, refusedFraming }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const allowed = (o: string) => o === origin || courseOrigins.some((r) => r.test(o));
      const foreign: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => {
        const url = r.url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        if (!allowed(new URL(url).origin)) foreign.push(url);
      });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() !== 'error' || !/Content Security Policy/i.test(m.text())) return;
        if (!refusedFraming?.test(m.text())) errors.push(m.text());
      });
      await use();
      expect(foreign, 'requests to another origin').toEqual([]);
      expect(errors, 'uncaught page errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Playwright's `expect`, with `expect.poll` probing every 25, 50, 100, then 200 ms unless a call
 * says otherwise. Its own default (100, 250, 500, then 1,000 ms) left a condition met just after a
 * probe unseen for up to a second: with about a hundred polls in the suite, that was waiting, not
 * testing. A probe is one evaluate in the page (a few milliseconds of CPU).
 */
const POLL_INTERVALS = [25, 50, 100, 200];
export const expect = new Proxy(baseExpect, {
  get(target, prop, receiver) {
    if (prop !== 'poll') return Reflect.get(target, prop, receiver) as unknown;
    const poll: typeof baseExpect.poll = (actual, options) =>
      target.poll(
        actual,
        typeof options === 'string'
          ? { message: options, intervals: POLL_INTERVALS }
          : { intervals: POLL_INTERVALS, ...options },
      );
    return poll;
  },
});

/**
 * Wait until the page's run status (`data-status`) matches `status`. Checked at every animation
 * frame in the page: a locator assertion probes at 20, 50, 100, 100, then every 500 ms, so a run
 * ending just after a probe was seen up to half a second late, and most tests wait for a run.
 */
export async function statusIs(page: Page, status: string | RegExp, timeout = 15_000): Promise<void> {
  const want: [string, string] =
    typeof status === 'string' ? [`^(?:${status})$`, ''] : [status.source, status.flags];
  try {
    await page.waitForFunction(
      ([source, flags]) =>
        new RegExp(source, flags).test(
          document.querySelector('[data-status]')?.getAttribute('data-status') ?? '',
        ),
      want,
      { polling: 'raf', timeout },
    );
  } catch (e) {
    const now = await page
      .locator('[data-status]')
      .first()
      .getAttribute('data-status', { timeout: 1_000 })
      .catch(() => 'no [data-status] element');
    throw new Error(
      `data-status did not become ${String(status)} in ${timeout} ms (it is ${now}): ${String(e)}`,
    );
  }
}

/** The summary element's JSON (the same object the CLI prints). */
export async function pageSummary(page: Page): Promise<Record<string, unknown>> {
  const json = await page.getByTestId('summary').getAttribute('data-json');
  expect(json, 'summary data-json').toBeTruthy();
  return JSON.parse(json as string) as Record<string, unknown>;
}

/** Wait until the engine has loaded the scenario (play is enabled). */
export async function ready(page: Page): Promise<void> {
  await statusIs(page, /^(?:ready|done)$/);
}

/** Choose "as fast as possible", press play and wait for the end of the run. */
export async function playToEnd(page: Page, timeout = 60_000): Promise<void> {
  await ready(page);
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await statusIs(page, 'done', timeout);
  await chartsDrawn(page);
}

/** The simulated time the page shows (the summary's `data-sim-time`), s. */
export async function simTime(page: Page): Promise<number> {
  return Number(await page.getByTestId('summary').getAttribute('data-sim-time'));
}

/**
 * Seek the run back to `t` simulated seconds, as the seek bar does when let go (the store's seek: a
 * re-run from the seed to `t`), and wait until the page shows that time.
 */
export async function seekTo(page: Page, t: number): Promise<void> {
  await page.evaluate(async (to) => {
    await window.__lab?.getState().seek(to);
    // Everything the seek brought committed: the poll below then cannot pass on the time before it.
    await window.__lab?.getState().settle();
  }, t);
  await expect.poll(() => simTime(page)).toBeCloseTo(t, 1);
}

/**
 * Wait until every chart shows its latest data. Charts out of view draw only once the data settles
 * (draw-budget.ts), so a check reading a chart's drawing right after the run ends could read an
 * earlier one. Two animation frames first, so that the last commit's effects have handed the charts
 * their data.
 */
export async function chartsDrawn(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return window.__chartsPending?.() ?? -1;
        }),
      { timeout, intervals: [50, 100, 200] },
    )
    .toBe(0);
}

/**
 * Run the CLI (`npm run sim -- "<scenario>"`, started as npm starts it: `node scripts/cli.mjs sim`,
 * without npm's own start-up) and parse the summary it prints.
 */
export async function cliSummary(scenario: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['scripts/cli.mjs', 'sim', scenario], {
    cwd: process.cwd(),
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** Open the parameter group holding `param-<key>` (groups are collapsible) and return its input. */
export async function param(page: Page, key: string) {
  const input = page.getByTestId(`param-${key}`);
  await input.evaluate((el) => {
    const d = el.closest('details');
    if (d) d.open = true;
  });
  return input;
}

/** Type a value into a parameter field and commit it (Enter). */
export async function setParam(page: Page, key: string, value: string): Promise<void> {
  const input = await param(page, key);
  await input.fill(value);
  await input.press('Enter');
}

/** The query string of the page's URL, decoded. */
export function query(page: Page): string {
  return decodeURIComponent(new URL(page.url()).search.slice(1));
}

/** Drag the phone (`ms`) with the mouse to the right edge of the map, `dy` px down on the way. */
export async function dragPhoneToEdge(page: Page, dy = 0): Promise<void> {
  // Where the phone and the map are once the page stops moving them: a system's panels load lazily
  // after it is ready, and a panel appearing above the map moves it (map.spec.ts's PHS drag once
  // pressed where the phone had been, under load).
  const boxes = () =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const r = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      return JSON.stringify([r('ms'), r('map')]);
    });
  let last = '';
  await expect.poll(async () => last === (last = await boxes()), { timeout: 5_000 }).toBe(true);
  const box = await page.getByTestId('ms').boundingBox();
  const map = await page.getByTestId('map').boundingBox();
  if (!box || !map) throw new Error('the phone or the map is not laid out');
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  const x1 = map.x + map.width - 12;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + dy * (i / 8));
  await page.mouse.up();
}
