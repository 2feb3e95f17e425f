import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';

/** Issue 3: list and details ship at most 100 KB of gzipped JavaScript before the form is opened. */
const JS_BUDGET_GZIP_BYTES = 100 * 1024;

async function collectJavaScript(page: Page, path: string) {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return scripts;
}

for (const path of ['/careers', '/careers/1']) {
  test(`${path} loads at most 100 KB of gzipped JavaScript, without the form or language menu`, async ({
    page,
  }) => {
    const scripts = await collectJavaScript(page, path);
    const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    test.info().annotations.push({ type: 'gzipped JS', description: `${(total / 1024).toFixed(1)} KB` });
    console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzipped JavaScript in ${scripts.size} file(s)`);
    // The form and the language menu are chunks of their own, loaded on first use.
    expect([...scripts.keys()].filter((file) => /response-form|language-menu/.test(file))).toEqual([]);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  });
}

test('the logo and list items do not shift the layout', async ({ page }) => {
  await page.goto('/careers');
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBeLessThan(0.02);
});
