import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, ready, test } from './fixtures';
import { seriousAxeFindings } from './axe';

const run = promisify(execFile);

/** A summary as dotted paths and leaf values (written here, apart from the page's own code). */
function flatten(v: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0 && prefix) out[prefix] = Array.isArray(v) ? '[]' : '{}';
    for (const [k, x] of entries) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out[prefix] = v;
  return out;
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A cell as the JSON line holds the value: numbers exactly, booleans, null/absent as empty. */
function cellOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const SWEEP = 'system=is707&duration=30&fdt=0.01|1&fer=0.1|0.3';

test('a sweep link re-runs and exports a CSV whose rows equal the CLI’s sweep lines', async ({ page }) => {
  await page.goto(`/?system=is707#sweep=${encodeURIComponent(SWEEP).replace(/%7C/g, '|')}&sweep.seeds=2`);
  await ready(page);
  const result = page.getByTestId('sweep-result');
  await expect(result).toHaveAttribute('data-runs', '8', { timeout: 60_000 });
  await expect(page.getByTestId('sweep-cli')).toHaveText(`npm run sim -- --sweep "${SWEEP}" --seeds 2`);
  // The published bound of Figures 3–4 is on the plot, with its source.
  await expect(page.getByTestId('chart-sweep').locator('path.published-line')).toHaveCount(1);
  await expect(page.getByTestId('sweep-published')).toContainText('Figures 3–4');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sweep-csv').click(),
  ]);
  const rows = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
  const [header, ...body] = rows;
  const { stdout } = await run(
    process.execPath,
    ['scripts/cli.mjs', 'sim', '--sweep', SWEEP, '--seeds', '2'],
    {
      cwd: process.cwd(),
      maxBuffer: 1 << 24,
    },
  );
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => flatten(JSON.parse(l)));
  expect(body).toHaveLength(lines.length);
  expect(lines).toHaveLength(8);
  // Every field of every line is a column, and every column is a field of some line.
  expect(new Set(header)).toEqual(new Set(lines.flatMap((l) => Object.keys(l))));
  lines.forEach((line, i) => {
    const want = header.map((c) => cellOf(line[c]));
    expect(body[i], `row ${i + 1}: ${String(line.scenario)}`).toEqual(want);
  });
  // The scenarios ran in the CLI's order, from the link's sweep.
  expect(body.map((r) => r[header.indexOf('scenario')])).toEqual(lines.map((l) => l.scenario));
});

test('the sweep plot exports as SVG with the sweep, its command and the published source in the caption', async ({
  page,
}) => {
  await page.goto(`/?system=is707#sweep=${encodeURIComponent('system=is707&duration=20&fer=0.1|0.3')}`);
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-runs', '2', { timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sweep-svg').click(),
  ]);
  const svg = readFileSync((await download.path()) as string, 'utf8');
  expect(svg).toContain('sweep: system=is707&amp;duration=20&amp;fer=0.1|0.3');
  expect(svg).toContain('npm run sim -- --sweep');
  expect(svg).toContain('published: bound: min(0.918, 1 − Pe)');
  expect(svg).toContain('class="published-line"');
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sweep-png').click()]);
  expect(
    readFileSync((await png.path()) as string)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
});

test('the SVG export holds PHS Table 1’s published points where the study put them, with their source', async ({
  page,
}) => {
  // Indoor FTP Get of 1 MB (the defaults, run to its end so it has a throughput) against distance:
  // Table 1's four Get points belong on this plot.
  const text = encodeURIComponent('system=phs&msX=10|20|31.6').replace(/%7C/g, '|');
  await page.goto(`/?system=phs#sweep=${text}&sweep.y=app.throughputKbps`);
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-runs', '3', { timeout: 60_000 });
  await expect(page.getByTestId('chart-sweep').locator('g.published-points')).toHaveAttribute('data-n', '4');
  await expect(page.getByTestId('chart-sweep').locator('g.points')).toHaveAttribute('data-n', '3');
  await expect(page.getByTestId('sweep-published')).toContainText('Table 1: Get — Kojima, Kamio, Fujise');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sweep-svg').click(),
  ]);
  const svg = readFileSync((await download.path()) as string, 'utf8');
  // The caption wraps long lines: read its lines as one text.
  const caption = [...svg.matchAll(/<text class="export-caption"[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1])
    .join(' ');
  expect(caption).toContain(
    'published: Table 1: Get — Kojima, Kamio, Fujise: Analysis of TCP/IP communication using 384kbit/s-PHS experimental system, Table 1 (indoor, mean of 3 runs)',
  );
  // The live curve is in the same picture: one marker per swept distance.
  expect(svg).toMatch(/<g class="points" data-n="3">/);
  const group = /<g class="published-points" data-n="4">(.*?)<\/g>/s.exec(svg)?.[1] ?? '';
  const at = [...group.matchAll(/translate\(([-\d.e]+),([-\d.e]+)\)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  expect(at).toHaveLength(4);
  // Table 1 (spec/published-values.json "phs"): distance (m) and Get (kbit/s). The markers sit on
  // linear axes, so pixel positions must be one affine map of these values (same scale between any two).
  const table1 = [
    [10, 186.37],
    [20, 296.67],
    [26.4, 286.29],
    [31.6, 268.21],
  ];
  const scale = (k: 0 | 1, i: number) => (at[i][k] - at[0][k]) / (table1[i][k] - table1[0][k]);
  for (const i of [2, 3]) {
    expect(scale(0, i)).toBeCloseTo(scale(0, 1), 3);
    expect(scale(1, i)).toBeCloseTo(scale(1, 1), 3);
  }
  // Right and up: x grows with distance, SVG y shrinks as throughput grows.
  expect(scale(0, 1)).toBeGreaterThan(0);
  expect(scale(1, 1)).toBeLessThan(0);
});

test('a bad sweep link names each bad item and runs what is valid', async ({ page }) => {
  const text = encodeURIComponent('system=is707&duration=20&fer=0.1|abc|0.3&bogus=1');
  await page.goto(`/?system=is707#sweep=${text}&sweep.seeds=99&sweep.y=tcp.timeouts`);
  const banner = page.getByTestId('error-banner');
  await expect(banner.locator('li[data-key="sweep"]')).toHaveCount(2);
  await expect(banner).toContainText('fer=abc');
  await expect(banner.locator('li[data-key="sweep.seeds"]')).toContainText('an integer from 1 to 50');
  // fer 0.1 and 0.3, one seed, y = timeouts: two runs, and the link keeps only what was used.
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-runs', '2', { timeout: 60_000 });
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).hash))
    .toBe('#sweep=system=is707&duration=20&fer=0.1|0.3&sweep.y=tcp.timeouts');
});

test('running a sweep from the panel writes it into the link', async ({ page }) => {
  await page.goto('/?system=is707&duration=20');
  await ready(page);
  await page.getByTestId('sweep-key').selectOption('fer');
  await page.getByTestId('sweep-from').fill('0.1');
  await page.getByTestId('sweep-to').fill('0.3');
  await page.getByTestId('sweep-points').fill('2');
  await page.getByTestId('sweep-seeds').fill('1');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-runs', '2', { timeout: 60_000 });
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).hash))
    .toContain('sweep=system=is707&duration=20&fer=0.1|0.3');
});

test('a sweep with published values at 390 px: nothing wider than the page, no serious or critical violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const text = encodeURIComponent('system=is707&fer=0.3&duration=20&fdt=0.1|1&idle=0|5|inf').replace(
    /%7C/g,
    '|',
  );
  await page.goto(`/?system=is707#sweep=${text}&theme=dark`);
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-runs', '6', { timeout: 60_000 });
  // Figure 9's knee is drawn as a rule with its label.
  await expect(page.getByTestId('chart-sweep').locator('g.published-rule')).toHaveAttribute('data-n', '1');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousAxeFindings(page, '[data-testid="sweep"]')).toEqual([]);
});
