import { expect, type Page, test } from '@playwright/test';

async function readTotal(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/public-vacancies?per_page=1');
  const body = (await response.json()) as { meta: { total: number } };
  return body.meta.total;
}

test('the list shows 20 vacancies, then 40, then all of them as the visitor scrolls', async ({ page }) => {
  const total = await readTotal(page);
  expect(total).toBeGreaterThan(40);
  await page.goto('/careers');
  const items = page.locator('.vacancy-list > li');
  await expect(page.getByRole('heading', { level: 1, name: 'Open positions' })).toBeVisible();
  await expect(items).toHaveCount(20);

  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(40);

  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(total);

  // Past meta.last_page nothing more is asked for.
  const extraCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/public-vacancies')) extraCalls.push(request.url());
  });
  await page.mouse.wheel(0, 5000);
  await page.waitForTimeout(300);
  expect(extraCalls).toEqual([]);
});

test('list and details hydrate without errors in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/careers', '/careers/1', '/careers/999999']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  // The not-found page answers 404, which Chromium reports as a failed resource load.
  expect(errors.filter((text) => !text.includes('404'))).toEqual([]);
});

test('an item opens its details and the back link returns to the list', async ({ page }) => {
  await page.goto('/careers');
  const first = page.locator('.vacancy-list > li').first().getByRole('link');
  const name = (await first.locator('.vacancy-item__name').textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/careers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { level: 2, name: 'Description' })).toBeVisible();

  await page.getByRole('link', { name: 'All vacancies' }).first().click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open positions' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('a hot vacancy shows the fire icon, in the list and on its page', async ({ page }) => {
  await page.goto('/careers');
  const hotItem = page
    .locator('.vacancy-list > li')
    .filter({ has: page.getByRole('img', { name: 'Hot vacancy' }) });
  await expect(hotItem.first()).toBeVisible();
  const ordinary = page
    .locator('.vacancy-list > li')
    .filter({ hasNot: page.getByRole('img', { name: 'Hot vacancy' }) });
  await expect(ordinary.first()).toBeVisible();
  await hotItem.first().getByRole('link').click();
  await expect(
    page.getByRole('heading', { level: 1 }).getByRole('img', { name: 'Hot vacancy' }),
  ).toBeVisible();
});

test('the source parameter follows the visitor to a vacancy and back', async ({ page }) => {
  await page.goto('/careers?source=x');
  const link = page.locator('.vacancy-list > li').first().getByRole('link');
  await expect(link).toHaveAttribute('href', /\/careers\/\d+\?source=x$/);
  await link.click();
  await expect(page).toHaveURL(/\?source=x$/);
  await page.getByRole('link', { name: 'All vacancies' }).first().click();
  await expect(page).toHaveURL(/\/careers\?source=x$/);
});

test('the query string of the page is passed to the list call', async ({ page }) => {
  // `campaign` means nothing to the API (it ignores unknown keys) but must still be passed on.
  await page.goto('/careers?source=x&campaign=spring');
  const request = page.waitForRequest((r) => r.url().includes('/api/v1/public-vacancies'));
  await page.locator('.vacancy-list > li').last().scrollIntoViewIfNeeded();
  const url = new URL((await request).url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    source: 'x',
    campaign: 'spring',
    page: '2',
    per_page: '20',
  });
});

test('Apply opens the form view and back returns to the details', async ({ page }) => {
  await page.goto('/careers/1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Vacancy description' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Vacancy description' }).click();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
});
