import { expect, test } from '@playwright/test';

for (const path of ['/careers/999999', '/careers/not-a-number']) {
  test(`an unknown vacancy (${path}) shows the not-found view with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Opening not found')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'All vacancies' })).toHaveAttribute(
      'href',
      '/careers',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
}

test('/ redirects to the list', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/careers$/);
});
