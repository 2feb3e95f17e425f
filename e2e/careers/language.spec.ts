import { expect, test } from '@playwright/test';

test('switching to Ukrainian reloads with ?lang=uk and shows Ukrainian text', async ({ page }) => {
  await page.goto('/careers');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: /Українська/ }).click();
  await expect(page).toHaveURL(/\/careers\?lang=uk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Відкриті вакансії' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

test('after ?source=x the language is appended with &lang=uk', async ({ page }) => {
  await page.goto('/careers/1?source=x');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: /Українська/ }).click();
  await expect(page).toHaveURL(/\/careers\/1\?source=x&lang=uk$/);
  await expect(page.getByRole('link', { name: 'Усі вакансії' }).first()).toHaveAttribute(
    'href',
    '/careers?source=x&lang=uk',
  );
});

test('the switcher works from the keyboard', async ({ page }) => {
  await page.goto('/careers');
  const button = page.getByRole('button', { name: 'Language: English' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Language' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /English/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Русский/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /English/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?lang=uk$/);
});

test('Accept-Language picks an offered language when the URL names none', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'ru-RU',
    extraHTTPHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' },
  });
  const page = await context.newPage();
  await page.goto('/careers');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await context.close();
});
