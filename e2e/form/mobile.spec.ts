import { expect, type Locator, test } from '@playwright/test';
import { openApplicationForm } from './form-helpers';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not on screen');
  return rect;
}

test('at 375 px the form fits the screen and Send stays in reach', async ({ page }) => {
  await openApplicationForm(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const send = page.getByRole('button', { name: 'Send' });
  const sendBox = await box(send);
  expect(sendBox.width).toBeGreaterThan(300);
  expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(812);
  await expect(page.getByRole('link', { name: 'processing of my personal data' })).toBeInViewport();
  // Inputs take 16 px text, so iOS does not zoom into them.
  const fontSize = await page
    .getByRole('textbox', { name: 'Email' })
    .evaluate((el) => getComputedStyle(el).fontSize);
  expect(fontSize).toBe('16px');
  // Every control is at least 44 px tall: a finger can hit it.
  for (const control of [
    page.getByRole('textbox', { name: 'Email' }),
    page.getByRole('combobox', { name: 'Experience' }),
  ]) {
    expect((await box(control)).height).toBeGreaterThanOrEqual(44);
  }
});

test('a dropdown opens downward with fields below it, upward near the end, and is at most 324 px high', async ({
  page,
}) => {
  await openApplicationForm(page);
  const experience = page.getByRole('combobox', { name: 'Experience' });
  await experience.scrollIntoViewIfNeeded();
  await experience.click();
  const down = page.getByRole('listbox');
  await expect(down).toBeVisible();
  expect((await box(down)).y).toBeGreaterThanOrEqual(
    (await box(experience)).y + (await box(experience)).height - 1,
  );
  await page.keyboard.press('Escape');

  // Languages is the third field from the end: fewer than 3 fields below it.
  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await language.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await language.click();
  const up = page.getByRole('listbox');
  await expect(up).toBeVisible();
  const upBox = await box(up);
  expect(upBox.y + upBox.height).toBeLessThanOrEqual((await box(language)).y + 1);
  expect(upBox.height).toBeLessThanOrEqual(324);
});

test('at 375 px the form with errors and an open calendar still fits', async ({ page }) => {
  await openApplicationForm(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('button', { name: 'Select: Date of birth' }).click();
  await expect(page.getByRole('dialog', { name: 'Date of birth' })).toBeVisible();
  const dialog = await box(page.getByRole('dialog', { name: 'Date of birth' }));
  expect(dialog.x).toBeGreaterThanOrEqual(0);
  expect(dialog.x + dialog.width).toBeLessThanOrEqual(375);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
