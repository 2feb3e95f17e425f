import { expect, test } from '@playwright/test';
import { CAPTCHA_COMPANY } from './captcha-company';
import { EN, fileInputOf, makeTextCv } from './form-helpers';

// The company of captcha-company.ts lives on its own host name; the e2e server listens on this port.
const origin = `http://${CAPTCHA_COMPANY.host}:${process.env.KADRY_E2E_PORT}`;

test('with the test captcha provider, a refused token keeps the form filled and the next attempt is accepted', async ({
  page,
}) => {
  await page.goto(`${origin}/careers`);
  await page.getByRole('link', { name: CAPTCHA_COMPANY.vacancyName }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Katherine');
  await page.getByRole('textbox', { name: 'Email' }).fill('katherine@example.com');
  await fileInputOf(page, 'CV').setInputFiles(
    makeTextCv({ name: 'Katherine Johnson', email: 'k@example.com', phone: '+12025550199' }),
  );
  await expect(page.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');

  // The first attempt's token is turned into one the test provider refuses, on its way to the server.
  const tokens: string[] = [];
  await page.route('**/api/v1/public-vacancies/*/response', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    const token = /test:pass:[0-9a-f-]+/.exec(body)?.[0] ?? '';
    tokens.push(token);
    if (tokens.length > 1) return route.continue();
    return route.continue({
      postData: Buffer.from(body.replace(token, token.replace('test:pass:', 'test:invalid:')), 'latin1'),
    });
  });

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText(EN['errors.captcha_failed'] ?? '');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Katherine');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('katherine@example.com');
  await expect(page.getByText('grace-hopper-cv.txt')).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { level: 1, name: EN['careers.success.title'] })).toBeVisible();
  expect(tokens).toHaveLength(2);
  expect(tokens[0]).toMatch(/^test:pass:/);
  // A new token for each attempt: the provider accepts each one once.
  expect(tokens[1]).toMatch(/^test:pass:/);
  expect(tokens[1]).not.toBe(tokens[0]);
});

test('the careers page of a company with a site key never loads Google for the test key', async ({
  page,
}) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) external.push(request.url());
  });
  await page.goto(`${origin}/careers`);
  await page.getByRole('link', { name: CAPTCHA_COMPANY.vacancyName }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
  expect(external.filter((url) => url.includes('recaptcha'))).toEqual([]);
});
