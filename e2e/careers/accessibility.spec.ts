import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

test('the list has no axe violations', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.locator('.vacancy-list > li')).toHaveCount(20);
  await expectNoAxeViolations(page);
});

test('the details page has no axe violations', async ({ page }) => {
  await page.goto('/careers/1');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the not-found page has no axe violations', async ({ page }) => {
  await page.goto('/careers/999999');
  await expect(page.getByText('Opening not found')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the open language menu has no axe violations', async ({ page }) => {
  await page.goto('/careers');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('every interactive element shows a visible focus indicator', async ({ page }) => {
  await page.goto('/careers/1');
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'none';
      const style = getComputedStyle(el);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline).not.toMatch(/^none|0px$/);
  }
});
