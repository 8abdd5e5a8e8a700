/**
 * Issue 8, item 9: no overlapping or clipped text in the map and the toolbar at 390, 1280 and
 * 1920 px. Every text element's getBoundingClientRect is compared with every other one (and with
 * the phone and the station icons on the map), and with its container.
 */
import type { Page } from '@playwright/test';
import { checkMap, overlapping, type Rect } from './boxes';
import { expect, playToEnd, ready, test } from './fixtures';

/** The header's and the playback bar's texts, and the ones cut by their own box. */
async function toolbarBoxes(page: Page): Promise<{ texts: Rect[]; clipped: string[] }> {
  return page.locator('.lab-header, .playback').evaluateAll((bars) => {
    const texts: { what: string; x0: number; y0: number; x1: number; y1: number }[] = [];
    const clipped: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const bar of bars) {
      for (const e of bar.querySelectorAll<HTMLElement>('h1, button, select, label > span, .clock > span')) {
        if (e.offsetParent === null || e.classList.contains('sr-only')) continue;
        const b = e.getBoundingClientRect();
        const what =
          e instanceof HTMLSelectElement ? (e.selectedOptions[0]?.text ?? '') : (e.textContent ?? '');
        texts.push({ what, x0: b.left, y0: b.top, x1: b.right, y1: b.bottom });
        if (e instanceof HTMLSelectElement) {
          // The shown option must fit between the padding and the arrow (≈ 20 px).
          const cs = getComputedStyle(e);
          canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
          if (canvas.measureText(what).width > room) clipped.push(`select “${what}”`);
        } else if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible') {
          clipped.push(what);
        }
      }
    }
    // Parents (a label and its span) are not compared with their own children.
    return { texts: texts.filter((t) => t.what.trim() !== ''), clipped };
  });
}

async function checkToolbar(page: Page, where: string): Promise<void> {
  const t = await toolbarBoxes(page);
  expect(overlapping(t.texts), `${where}: toolbar texts on each other`).toEqual([]);
  expect(t.clipped, `${where}: toolbar texts cut by their box`).toEqual([]);
}

const WIDTHS = [390, 1280, 1920] as const;

/** Resize the window to `width` px and wait for the map to lay itself out again at its host's width. */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  // map.ts redraws its stations, labels and frame when its host resizes (a frame or two later).
  await expect
    .poll(() =>
      page.getByTestId('map').evaluate((host) => {
        const svg = host.querySelector('svg');
        return svg ? Math.abs(Number(svg.getAttribute('width')) - host.clientWidth) : Infinity;
      }),
    )
    .toBeLessThanOrEqual(1);
}

/** Load `url` with the window `width` px wide, until the lab is ready. */
async function openAt(page: Page, url: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url);
  await ready(page);
}

/**
 * Open `url` at `first` px and run `check` there, then at each other width after resizing the
 * window to it. Each page is loaded once, at the widths in turn (so that every width has pages
 * first laid out at it), not once per width: 33 loads were most of this file's 38 CPU-seconds. A
 * resize must lay the page out as a load at that width does — a person turning a tablet or
 * narrowing a window sees it — so the checks after one hold the same claim.
 */
async function atEveryWidth(
  page: Page,
  url: string,
  first: (typeof WIDTHS)[number],
  check: (where: string) => Promise<void>,
): Promise<void> {
  await openAt(page, url, first);
  for (const width of [first, ...WIDTHS.filter((w) => w !== first)]) {
    if (width !== first) await resizeTo(page, width);
    await check(`${url} at ${width} px${width === first ? '' : ' (resized)'}`);
  }
}

test('IS-707 first visit at 390, 1280 and 1920 px: nothing on the map or the toolbar overlaps or is cut, phone at the edge included', async ({
  page,
}) => {
  // The first visit, loaded at each width.
  for (const width of WIDTHS) {
    await openAt(page, '/', width);
    await checkMap(page, `IS-707 at ${width} px`);
    await checkToolbar(page, `IS-707 at ${width} px`);
  }
  // The phone on a ring label's spot (3 km on the upper-right diagonal) and at the map's edge.
  for (const [i, [x, y]] of [
    [2121, 2121],
    [5000, 0],
    [0, -5000],
  ].entries()) {
    await atEveryWidth(page, `/?system=is707&radioFromMap=1&msX=${x}&msY=${y}`, WIDTHS[i], (where) =>
      checkMap(page, where),
    );
  }
});

test('at every width, the phone at DECT’s RFP 2 (0 m), near IS-707’s and GSM’s base stations, and GERAN’s long label: nothing covered', async ({
  page,
}) => {
  for (const [i, url] of [
    '/?system=dect&mobility=map',
    '/?system=is707#preset=is707-fig5',
    '/?system=gsm&radio=good',
    '/?system=geran',
  ].entries()) {
    // GERAN's map has two texts: the station's label and the scale bar's.
    await atEveryWidth(page, url, WIDTHS[i % WIDTHS.length], (where) =>
      checkMap(page, where, url.includes('geran') ? 2 : 3),
    );
  }
});

test('GSM first visit at every width: the base station’s long label clears the phone beside it', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await openAt(page, '/?system=gsm', width);
    await checkMap(page, `GSM at ${width} px`);
  }
});

test('PHS at every width: the three units are drawn apart and their labels clear of links, base and each other', async ({
  page,
}) => {
  await atEveryWidth(page, '/?system=phs', 1280, async (where) => {
    await checkMap(page, where);
    const spots = await page
      .getByTestId('map')
      .locator('g.station')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('transform')));
    expect(new Set(spots).size, where).toBe(3);
  });
  await atEveryWidth(page, '/?system=phs&units=0,0;0,0;-180,0&env=outdoor&msX=-60', 1920, (where) =>
    checkMap(page, `PHS outdoor: ${where}`),
  );
});

test('a long run: the clock never re-wraps the toolbar, and the last x-axis label is whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A six-digit clock: 100 000 s is as wide as the 200 000 s this test once ran (the clock's
  // digits are tabular, app.css), at half the run.
  await page.goto('/?system=is707&duration=100000');
  await ready(page);
  const bar = page.locator('.playback');
  const before = await bar.boundingBox();
  await playToEnd(page, 120_000);
  await expect(page.getByTestId('clock')).toContainText('100 000 s');
  await expect(page.getByTestId('clock')).toContainText('finished');
  const after = await bar.boundingBox();
  expect(after?.height).toBe(before?.height);
  await checkToolbar(page, 'after the long run');
  // Every x tick label of the sequence graph lies inside its svg.
  const cut = await page.getByTestId('chart-seq').evaluate((el) => {
    const svg = el.querySelector('svg')!.getBoundingClientRect();
    return [...el.querySelectorAll('.axis-x .tick text')]
      .map((t) => ({ t: t.textContent, b: t.getBoundingClientRect() }))
      .filter(({ b }) => b.right > svg.right + 0.5 || b.left < svg.left - 0.5)
      .map(({ t }) => t);
  });
  expect(cut).toEqual([]);
  // No two x tick labels touch (the end tick is left out rather than crowd the last round one).
  const touching = await page.getByTestId('chart-seq').evaluate((el) => {
    const boxes = [...el.querySelectorAll('.axis-x .tick text')].map((t) => ({
      t: t.textContent,
      b: t.getBoundingClientRect(),
    }));
    return boxes
      .slice(1)
      .flatMap((x, i) => (x.b.left < boxes[i].b.right + 4 ? [`${boxes[i].t} ${x.t}`] : []));
  });
  expect(touching).toEqual([]);
});

test('at 1280 × 720 (a projector) the header is one row: “Copy link” beside the pickers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await ready(page);
  const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())!;
  const preset = await box(page.getByTestId('preset-select'));
  for (const id of ['share', 'help-tour', 'system-select']) {
    const b = await box(page.getByTestId(id));
    expect(b.y + b.height / 2, `${id} on the pickers' row`).toBeGreaterThan(preset.y);
    expect(b.y + b.height / 2, `${id} on the pickers' row`).toBeLessThan(preset.y + preset.height);
  }
  await checkToolbar(page, '1280 × 720');
});

test('at 1920 px a changed preset’s “Modified from …” title is shown whole in the preset menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 900 });
  // The longest preset titles of IS-707 and GSM, each with its scenario changed.
  for (const url of ['/?system=is707&fer=0.2#preset=is707-fig9', '/?system=gsm#preset=gsm-crr']) {
    await page.goto(url);
    await ready(page);
    await expect(page.getByTestId('preset-select').locator('option').first()).toContainText('Modified from');
    await checkToolbar(page, url);
  }
});

test('at 390 px the empty graph’s note and the PIAFS monitor table fit their boxes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  // GSM's ping sends no TCP segment: its graph keeps the longest note.
  await page.goto('/?system=gsm&app=ping');
  await ready(page);
  const svg = (await page.getByTestId('chart-seq').locator('svg').first().boundingBox())!;
  const note = (await page.locator('text.empty-note').boundingBox())!;
  expect(note.x, 'note’s left inside the graph').toBeGreaterThanOrEqual(svg.x);
  expect(note.x + note.width, 'note’s right inside the graph').toBeLessThanOrEqual(svg.x + svg.width);
  await page.goto('/?system=phs&duration=4');
  await playToEnd(page);
  await page.getByTestId('piafs-monitor-find').click();
  const table = (await page.getByTestId('piafs-monitor-table').boundingBox())!;
  const panel = (await page.getByTestId('piafs-monitor').boundingBox())!;
  expect(table.x + table.width, 'the monitor table inside its panel').toBeLessThanOrEqual(
    panel.x + panel.width,
  );
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
});

test('at 390 px no system’s page is wider than the screen (no sideways scrolling)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  for (const system of ['is707', 'gsm', 'phs']) {
    await page.goto(`/?system=${system}`);
    await ready(page);
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll, `${system}: page width at 390 px`).toBeLessThanOrEqual(client);
  }
});
