import { expect, test } from '@playwright/test';
import { EN, fileInputOf, fill, makeTextCv, openApplicationForm } from './form-helpers';

test('a CV upload is parsed at once and fills the empty email and phone, visibly', async ({ page }) => {
  await openApplicationForm(page);
  const parse = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/public-vacancies/parse/cv'),
  );
  await fileInputOf(page, 'CV').setInputFiles(makeTextCv());
  expect((await parse).status()).toBe(200);

  await expect(page.getByText(fill(EN['careers.form.cv_prefilled']), { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('grace.hopper@example.com');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+12025550143');
  await expect(
    page.getByRole('textbox', { name: 'Email' }).locator('xpath=ancestor::div[contains(@class,"field")][1]'),
  ).toHaveClass(/field--prefilled/);
  await expect(page.getByText('grace-hopper-cv.txt')).toBeVisible();
});

test('a file that is not a readable CV is dropped with the supported-formats message', async ({ page }) => {
  await openApplicationForm(page);
  // Binary noise named .pdf: accepted by its name, refused by the server for its content.
  const fake = { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(4096, 7) };
  await fileInputOf(page, 'CV').setInputFiles(fake);
  await expect(page.getByRole('group', { name: 'CV' }).locator('.field__error')).toHaveText(
    EN['candidate.cv.supported_formats'] ?? '',
  );
  await expect(page.getByText('scan.pdf')).toHaveCount(0);
});
