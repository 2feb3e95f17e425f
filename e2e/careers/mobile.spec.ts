import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('at 375 px the mobile layout applies on the list', async ({ page }) => {
  await page.goto('/careers');
  const switcher = page.getByRole('button', { name: 'Language: English' });
  await expect(switcher).toBeVisible();
  // Narrow screens show the name's first two letters, not the flag alone (a box without a flag font).
  await expect(switcher.locator('.language-switcher__name')).toBeHidden();
  await expect(switcher.locator('.language-switcher__emoji')).toBeHidden();
  await expect(switcher.locator('.language-switcher__short')).toHaveText('En');
  await expect(switcher.locator('.language-switcher__short')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('at 375 px work types and languages go on their own lines on the details page', async ({ page }) => {
  await page.goto('/careers/1');
  const extras = page.locator('.vacancy-meta__extra');
  expect(await extras.count()).toBeGreaterThan(1);
  for (const extra of await extras.all()) {
    expect(await extra.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    await expect(extra.locator('.meta-separator')).toBeHidden();
  }
  const apply = page.getByRole('button', { name: 'Apply' });
  const box = await apply.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on wide screens work types stay on the meta line', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/careers/1');
  const display = await page
    .locator('.vacancy-meta__extra')
    .first()
    .evaluate((el) => getComputedStyle(el).display);
  expect(display).toBe('inline');
});
