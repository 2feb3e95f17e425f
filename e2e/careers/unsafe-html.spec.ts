import { expect, test } from '@playwright/test';
import { UNSAFE_VACANCY } from './unsafe-vacancy';

test('a vacancy body with <img onerror>, <script> and javascript: links runs nothing', async ({
  page,
  request,
}) => {
  const api = await request.get('/api/v1/public-vacancies?per_page=100');
  const { data } = (await api.json()) as { data: { id: number; name: string }[] };
  const vacancy = data.find((item) => item.name === UNSAFE_VACANCY.name);
  expect(vacancy, 'the e2e seed adds the unsafe vacancy').toBeDefined();

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`/careers/${vacancy?.id}`);
  await expect(page.getByText('Text before the payload.')).toBeVisible();
  await expect(page.getByText('Text after the payload.')).toBeVisible();
  // The name is text, not markup.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(UNSAFE_VACANCY.name);

  await page.getByText('Click this paragraph.').click();
  await page.waitForTimeout(300);

  // What the server sent: the sanitiser removed it (a CSP would also block it, so check both).
  const body = page.locator('.vacancy-section__body');
  await expect(body.locator('script, iframe, img, svg')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
  const handlers = await body.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((el) =>
      el.getAttributeNames().filter((name) => name.startsWith('on')),
    ),
  );
  expect(handlers).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __kadryXss?: unknown }).__kadryXss),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
});
