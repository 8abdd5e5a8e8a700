/**
 * Issue #8 item 2: every parameter slider shows the value in force (thumb and text agree while
 * paused, playing or finished) and moves by a sensible step with the keys — one rung of a round
 * ladder, logarithmic on a log key.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, param, ready, simTime, test } from './fixtures';

/** The text field's value and the value the slider's thumb stands for (its aria-valuetext). */
async function shown(page: Page, key: string): Promise<{ text: string; thumb: string }> {
  const text = await (await param(page, key)).inputValue();
  const thumb = ((await page.getByTestId(`param-${key}-slider`).getAttribute('aria-valuetext')) ?? '').split(
    ' ',
  )[0];
  return { text, thumb };
}

/** Where the thumb sits, as a fraction of the track (0…1). */
async function thumbFraction(slider: Locator): Promise<number> {
  return slider.evaluate((el) => {
    const r = el as HTMLInputElement;
    return (Number(r.value) - Number(r.min)) / (Number(r.max) - Number(r.min));
  });
}

async function drag(page: Page, slider: Locator, from: number, to: number): Promise<void> {
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  if (!box) throw new Error('no slider');
  const y = box.y + box.height / 2;
  // The thumb's centre travels over the track minus one thumb width (about 16 px in Chromium).
  const at = (f: number) => box.x + 8 + (box.width - 16) * f;
  await page.mouse.move(at(from), y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(at(from + ((to - from) * i) / 8), y);
  await page.mouse.up();
}

test('FER slider dragged while paused: thumb and text show one value, before and after Play', async ({
  page,
}) => {
  await page.goto('/?system=is707&fer=0.2&duration=300');
  await ready(page);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(1);
  await page.getByTestId('pause').click();
  await param(page, 'fer');
  const slider = page.getByTestId('param-fer-slider');

  // Two drags at one paused moment: the second replaces the first (the moment holds one value).
  await drag(page, slider, 0.2 / 0.6, 0.5 / 0.6);
  await page.waitForTimeout(400);
  let s = await shown(page, 'fer');
  expect(s.thumb).toBe(s.text);
  expect(Number(s.text)).toBeGreaterThan(0.4);
  // The thumb stands where the text says (0…0.6 linear).
  expect(await thumbFraction(slider)).toBeCloseTo(Number(s.text) / 0.6, 2);

  await drag(page, slider, 0.5 / 0.6, 0.35 / 0.6);
  await expect.poll(async () => Number((await shown(page, 'fer')).text)).toBeCloseTo(0.35, 1);
  s = await shown(page, 'fer');
  expect(s.thumb).toBe(s.text);
  expect(await thumbFraction(slider)).toBeCloseTo(Number(s.text) / 0.6, 2);

  // After Play the second drag is in force, and both show it.
  await page.getByTestId('play').click();
  await expect.poll(async () => (await shown(page, 'fer')).text).toMatch(/^0\.3[0-9]*$/);
  s = await shown(page, 'fer');
  expect(s.thumb).toBe(s.text);
  await page.getByTestId('pause').click();
});

test('ArrowRight on the FER slider moves one step of 0.01; Home and End go to the ends', async ({ page }) => {
  await page.goto('/?system=is707&fer=0.14&duration=60');
  await ready(page);
  await param(page, 'fer');
  const slider = page.getByTestId('param-fer-slider');
  await slider.focus();
  await slider.press('ArrowRight');
  await expect.poll(async () => (await shown(page, 'fer')).text).toBe('0.15');
  await slider.press('ArrowRight');
  await expect.poll(async () => (await shown(page, 'fer')).text).toBe('0.16');
  await slider.press('ArrowLeft');
  await expect.poll(async () => (await shown(page, 'fer')).text).toBe('0.15');
  await slider.press('PageUp');
  await expect.poll(async () => (await shown(page, 'fer')).text).toBe('0.25');
  await slider.press('End');
  await expect.poll(async () => shown(page, 'fer')).toEqual({ text: '0.6', thumb: '0.6' });
  await slider.press('Home');
  await expect.poll(async () => shown(page, 'fer')).toEqual({ text: '0', thumb: '0' });
  await expect.poll(() => new URL(page.url()).searchParams.get('fer')).toBe('0');
});

test('ArrowRight on the f_d·T slider (log scale) moves by round log steps, press after press', async ({
  page,
}) => {
  await page.goto('/?system=is707&fdt=0.001&duration=60');
  await ready(page);
  await param(page, 'fdt');
  const slider = page.getByTestId('param-fdt-slider');
  await slider.focus();
  for (const want of ['0.0012', '0.0015', '0.002', '0.0025']) {
    await slider.press('ArrowRight');
    await expect.poll(async () => shown(page, 'fdt')).toEqual({ text: want, thumb: want });
  }
  await slider.press('PageUp');
  await expect.poll(async () => (await shown(page, 'fdt')).text).toBe('0.025');
  // A typed value between rungs: the next press goes to the next round value.
  await (await param(page, 'fdt')).fill('0.0031');
  await (await param(page, 'fdt')).press('Enter');
  await expect.poll(async () => (await shown(page, 'fdt')).thumb).toBe('0.0031');
  await slider.focus();
  await slider.press('ArrowRight');
  await expect.poll(async () => shown(page, 'fdt')).toEqual({ text: '0.004', thumb: '0.004' });
});

test('ArrowRight on the idle-frames slider from 0 goes 1, 2, 3 (whole-number log ladder); End is inf', async ({
  page,
}) => {
  await page.goto('/?system=is707&idle=0&duration=60');
  await ready(page);
  await param(page, 'idle');
  const slider = page.getByTestId('param-idle-slider');
  await slider.focus();
  for (const want of ['1', '2', '3', '4', '5', '6', '8']) {
    await slider.press('ArrowRight');
    await expect.poll(async () => shown(page, 'idle')).toEqual({ text: want, thumb: want });
  }
  await slider.press('ArrowLeft');
  await expect.poll(async () => (await shown(page, 'idle')).text).toBe('6');
  await slider.press('End');
  await expect.poll(async () => (await shown(page, 'idle')).text).toBe('inf');
  await expect.poll(() => new URL(page.url()).searchParams.get('idle')).toBe('inf');
});
