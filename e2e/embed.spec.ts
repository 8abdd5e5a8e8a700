/**
 * Issue 24, "Done when": an embed page inside an iframe on a course page shows only its panels
 * and posts each step's result and the score to that page; the full lab refuses to be framed and
 * the embed page allows it, online and offline (the service worker must not answer an embed
 * navigation with the lab's page). The course page is served by the test itself (page.route) on
 * another origin than the lab's: http://localhost:<port> beside the lab's http://127.0.0.1:<port>.
 */
import type { Frame, Page } from '@playwright/test';
import { CLASS_SCENARIO, classActivityItems } from './class-activity';
import { COURSE_ORIGINS, serveCoursePage, type CoursePage } from './course-page';
import { expect, ready, test } from './fixtures';
import { seriousAxeFindings } from './axe';

const port = Number(process.env.E2E_PORT ?? 4174);
const LAB = `http://127.0.0.1:${port}`;

test.use({ courseOrigins: COURSE_ORIGINS, refusedFraming: /frame-ancestors 'none'/ });

let course: CoursePage | null = null;
test.afterEach(async () => {
  await course?.close();
  course = null;
});

/** Open a course page framing `frames(its origin)`. */
async function coursePage(page: Page, frames: (origin: string) => Record<string, string>): Promise<string> {
  course = await serveCoursePage(frames);
  await page.goto(course.url);
  return course.origin;
}

function frameNamed(page: Page, name: string): Frame {
  const f = page.frame({ name });
  if (!f) throw new Error(`no frame ${name}`);
  return f;
}

/** Whether the framed page ran: the lab's root holds its React tree. */
async function labShown(f: Frame): Promise<boolean> {
  return f.evaluate(() => document.querySelector('[data-testid="lab"]') !== null).catch(() => false);
}

test('embedded on a course page: only its panels, and each step’s result and the score reach the page', async ({
  page,
}) => {
  await coursePage(page, (origin) => ({
    lab: `${LAB}/embed.html?${CLASS_SCENARIO}#panels=seq,summary&${classActivityItems()}&origin=${encodeURIComponent(origin)}`,
  }));
  const lab = page.frameLocator('iframe[name="lab"]');
  await expect(lab.getByTestId('activity')).toBeVisible();
  await expect(lab.locator('[data-status]')).toHaveAttribute('data-status', /ready|done/);
  // Only the panels named (and the open activity): no header, map, other charts, parameters, export.
  await expect(lab.getByTestId('chart-seq')).toBeVisible();
  await expect(lab.getByTestId('summary')).toBeAttached();
  for (const gone of ['map', 'chart-rto', 'chart-cwnd', 'system-select', 'export-csv', 'param-fer'])
    await expect(lab.getByTestId(gone), gone).toHaveCount(0);
  await expect(lab.locator('.lab-header, footer')).toHaveCount(0);

  // Step 1: run to the end and check; step 2 (goes on with that run): check; finish.
  await lab.getByTestId('speed').selectOption('max');
  await lab.getByTestId('play').click();
  await expect(lab.locator('[data-status]')).toHaveAttribute('data-status', 'done');
  await lab.getByTestId('check-1.1').getByTestId('exercise-check').click();
  await expect(lab.getByTestId('check-1.1').getByTestId('exercise-result')).toHaveAttribute(
    'data-correct',
    'true',
  );
  await lab.getByTestId('activity-next').click();
  await lab.getByTestId('check-2.1').getByTestId('exercise-check').click();
  await expect(lab.getByTestId('check-2.1').getByTestId('exercise-result')).toHaveAttribute(
    'data-correct',
    'true',
  );
  await lab.getByTestId('activity-finish').click();

  await expect
    .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received.length))
    .toBe(3);
  const received = await page.evaluate(
    () => (window as unknown as { received: { origin: string; data: Record<string, unknown> }[] }).received,
  );
  expect(received.map((m) => m.origin)).toEqual([LAB, LAB, LAB]);
  const activity = { id: 'class-demo', title: 'A first look at TCP over IS-707', steps: 2 };
  const head = { source: 'wireless-tcp-lab', version: 1, activity };
  const check = { number: 1, correct: true, tries: 1, hint: false, revealed: false, points: 1, max: 1 };
  expect(received[0].data).toEqual({
    ...head,
    type: 'step',
    step: { number: 1, title: 'The sequence graph', answered: 1, checks: 1, points: 1, max: 1 },
    check,
  });
  expect(received[1].data).toEqual({
    ...head,
    type: 'step',
    step: { number: 2, title: 'The timer', answered: 1, checks: 1, points: 1, max: 1 },
    check,
  });
  expect(received[2].data).toMatchObject({
    ...head,
    type: 'score',
    score: { points: 2, max: 2, percent: 100, answered: 2, checks: 2 },
  });
  expect(typeof received[2].data.seconds).toBe('number');
});

test('a course page named by no embed link receives nothing', async ({ page }) => {
  // The link names another course page: the browser does not deliver the reports to this one.
  await coursePage(page, () => ({
    lab: `${LAB}/embed.html?${CLASS_SCENARIO}#panels=seq&${classActivityItems()}&origin=${encodeURIComponent('https://course.example.edu')}`,
  }));
  const lab = page.frameLocator('iframe[name="lab"]');
  await expect(lab.locator('[data-status]')).toHaveAttribute('data-status', /ready|done/);
  await lab.getByTestId('speed').selectOption('max');
  await lab.getByTestId('play').click();
  await expect(lab.locator('[data-status]')).toHaveAttribute('data-status', 'done');
  await lab.getByTestId('check-1.1').getByTestId('exercise-check').click();
  await expect(lab.getByTestId('check-1.1').getByTestId('exercise-result')).toHaveAttribute(
    'data-correct',
    'true',
  );
  // A message to this page would have arrived by now (the one above did within a frame).
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
});

test.describe('offline', () => {
  // The suite blocks service workers except where they are the subject (playwright.config.ts).
  // It goes offline (setOffline): its context, with service workers, is reused by no other test
  // (offline.spec.ts, the other one that allows them, runs in workers of its own).
  test.use({ serviceWorkers: 'allow' });

  test('the full lab refuses to be framed and the embed page allows it, online and then offline', async ({
    page,
    context,
  }) => {
    const frames = {
      embed: `${LAB}/embed.html?system=gsm&duration=5#panels=seq`,
      full: `${LAB}/?system=gsm&duration=5`,
    };
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors 'none'/.test(m.text())) refusals.push(m.text());
    });
    const check = async (when: string) => {
      await expect
        .poll(() => labShown(frameNamed(page, 'embed')), { message: `${when}: embed page shown` })
        .toBe(true);
      await expect(page.frameLocator('iframe[name="embed"]').getByTestId('chart-seq')).toBeVisible();
      await expect(page.frameLocator('iframe[name="embed"]').locator('.lab-header')).toHaveCount(0);
      await expect.poll(() => refusals.length, { message: `${when}: the lab refused` }).toBeGreaterThan(0);
      expect(await labShown(frameNamed(page, 'full')), `${when}: full lab not shown`).toBe(false);
    };
    await coursePage(page, () => frames);
    await check('online');
    // The embed page's service worker (in the course page's partition) controls it once installed.
    const embed = frameNamed(page, 'embed');
    await embed.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => embed.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Offline, the course page still open: both frames navigate again, to what the service worker holds.
    refusals.length = 0;
    await context.setOffline(true);
    await page.evaluate((f) => {
      for (const [name, src] of Object.entries(f)) {
        const el = document.querySelector<HTMLIFrameElement>(`iframe[name="${name}"]`)!;
        el.src = src.includes('#') ? src.replace('#', '&seed=2#') : `${src}&seed=2`;
      }
    }, frames);
    await expect.poll(() => frameNamed(page, 'embed').url()).toContain('seed=2');
    await check('offline');
    // The embed page came from the cache: the server cannot be reached.
    expect(await frameNamed(page, 'embed').evaluate(() => navigator.onLine)).toBe(false);
    await context.setOffline(false);
  });
});

test('the server: the full lab’s pages say frame-ancestors none, the embed page a framing policy', async ({
  request,
}) => {
  const csp = async (path: string) =>
    (await request.get(`${LAB}${path}`)).headers()['content-security-policy'];
  for (const path of ['/', '/index.html', '/?system=gsm', '/some/route'])
    expect(await csp(path), path).toContain("frame-ancestors 'none'");
  for (const path of ['/embed.html', '/embed.html?system=gsm', '/embed'])
    expect(await csp(path), path).toContain('frame-ancestors *');
});

test('the embed page on its own: no serious or critical accessibility violations', async ({ page }) => {
  await page.goto(`/embed.html?${CLASS_SCENARIO}#panels=map,seq,rto,summary&${classActivityItems()}`);
  await ready(page);
  await expect(page.getByTestId('chart-rto')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
});

test('Make an embed code: the snippet, pasted in a course page, shows the scenario and the panels ticked', async ({
  page,
}) => {
  await page.goto('/?system=gsm&duration=5#charts=seq,rto');
  await ready(page);
  const maker = page.getByTestId('embed-maker');
  await maker.locator('summary').click();
  // At first: the map, the sequence graph, the summary and the open RTO chart.
  for (const p of ['map', 'seq', 'summary', 'rto'])
    await expect(page.getByTestId(`embed-panel-${p}`)).toBeChecked();
  await page.getByTestId('embed-panel-map').uncheck();
  await page.getByTestId('embed-origin').fill('https://moodle.example.edu/course/3');
  await expect(page.getByTestId('embed-origin-error')).toBeVisible();
  await page.getByTestId('embed-origin').fill('http://127.0.0.1:9');
  await expect(page.getByTestId('embed-origin-error')).toHaveCount(0);
  const code = await page.getByTestId('embed-code').inputValue();
  expect(code).toMatch(/^<iframe src="[^"]+" title="Wireless TCP Lab" width="960" height="720"/);
  const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
  expect(src).toContain(`${LAB}/embed.html?system=gsm&duration=5#`);
  expect(src).toContain('panels=seq,summary,rto');
  expect(src).toContain('origin=http://127.0.0.1:9');
  expect(await seriousAxeFindings(page, '[data-testid="embed-maker"]')).toEqual([]);

  await coursePage(page, () => ({ lab: src }));
  const lab = page.frameLocator('iframe[name="lab"]');
  await expect(lab.getByTestId('chart-rto').locator('svg')).toBeVisible();
  await expect(lab.getByTestId('chart-seq')).toBeVisible();
  await expect(lab.getByTestId('map')).toHaveCount(0);
  expect(await lab.locator('[data-status]').getAttribute('data-status')).toMatch(/starting|ready|done/);
});
