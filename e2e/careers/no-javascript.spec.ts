import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

test('without JavaScript the list shows the vacancy names', async ({ page, request }) => {
  const api = await request.get('/api/v1/public-vacancies?per_page=20');
  const { data } = (await api.json()) as { data: { name: string }[] };
  await page.goto('/careers');
  await expect(page.locator('.vacancy-list > li')).toHaveCount(20);
  for (const vacancy of data) {
    await expect(page.getByRole('link', { name: vacancy.name, exact: false }).first()).toBeVisible();
  }
});

test('without JavaScript the details page shows the whole vacancy text', async ({ page, request }) => {
  const api = await request.get('/api/v1/public-vacancies/1');
  const { data } = (await api.json()) as {
    data: { name: string; description: string; working_conditions: string };
  };
  await page.goto('/careers/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.name);
  for (const html of [data.description, data.working_conditions]) {
    const firstWords = html
      .replace(/<[^>]+>/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 6)
      .join(' ');
    await expect(page.getByText(firstWords, { exact: false }).first()).toBeVisible();
  }
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toContain('Description');
});
