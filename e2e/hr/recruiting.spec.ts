import { expect, test } from '@playwright/test';
import { chooseOption, fileInputOf, makeTextCv } from '../form/form-helpers';
import { expectNoAxeViolations, signIn } from './hr-session';
import { HR_OWNER, HR_RECRUITER } from './hr-users';

test('an HR user publishes a vacancy with a custom form, a candidate applies with a CV, the HR user moves them to Interview', async ({
  page,
  browser,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const formName = `E2E form ${unique}`;
  const vacancyName = `E2E vacancy ${unique}`;
  await signIn(page, HR_OWNER);

  // The form: one custom_property select and one files field.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Application forms' })
    .click();
  await page.getByRole('link', { name: 'Create form' }).click();
  await page.getByLabel('Form name').fill(formName);
  const fields = page.getByRole('list', { name: 'Fields' });
  await page.getByLabel('New field type').selectOption('select');
  await page.getByRole('button', { name: 'Add field' }).click();
  const select = fields.getByRole('listitem').nth(0);
  await select.getByLabel('Title').fill('Seniority');
  await select.getByLabel('Options', { exact: true }).fill('Junior\nSenior');
  await page.getByLabel('New field type').selectOption('files');
  await page.getByRole('button', { name: 'Add field' }).click();
  const files = fields.getByRole('listitem').nth(1);
  await files.getByLabel('Title').fill('Portfolio');
  await files.getByLabel('Accepted formats').fill('pdf');
  // And the CV: a files field of type cv, which the careers site parses on upload.
  await page.getByLabel('New field type').selectOption('files');
  await page.getByRole('button', { name: 'Add field' }).click();
  const cv = fields.getByRole('listitem').nth(2);
  await cv.getByLabel('Title').fill('CV');
  await cv.getByLabel('Field type').selectOption('cv');
  await cv.getByLabel('Accepted formats').fill('pdf, txt');
  await cv.getByLabel('Required').check();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('Seniority')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/app\/forms\/\d+$/);

  // The vacancy, with that form, published.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Vacancies' })
    .click();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Create vacancy' }).click();
  await page.getByRole('textbox', { name: /Name/ }).fill(vacancyName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Build things with us.');
  await page.getByLabel('Number of positions').pressSequentially('2');
  await expect(page.getByLabel('Number of positions')).toHaveValue('2');
  await page.getByLabel('Application form').selectOption({ label: formName });
  await page.getByRole('button', { name: 'Create vacancy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: vacancyName })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  // On the careers site, with the custom form.
  await page.goto('/careers');
  const item = page.getByRole('link', { name: new RegExp(vacancyName) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.getByText('Build things with us.')).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Seniority')).toBeVisible();
  await expect(page.getByText('Portfolio')).toBeVisible();

  // A candidate applies with a CV.
  const vacancyUrl = page.url();
  await chooseOption(page, page.getByRole('combobox', { name: 'Seniority' }), 'Senior');
  await fileInputOf(page, 'CV').setInputFiles(makeTextCv());
  await expect(page.getByText('grace-hopper-cv.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/request sent/i)).toBeVisible();

  // The HR user finds the application on the vacancy's board, with the answers and the CV.
  const vacancyId = /\/careers\/(\d+)/.exec(vacancyUrl)?.[1];
  await page.goto(`/app/vacancies/${vacancyId}/board`);
  const newColumn = page.getByRole('region', { name: /^New/ });
  const card = newColumn.getByRole('listitem').first();
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers.getByText('Senior', { exact: true })).toBeVisible();
  const cvLink = answers.getByRole('link', { name: 'grace-hopper-cv.txt' });
  const download = await page.request.get((await cvLink.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);
  await expectNoAxeViolations(page);

  await page.getByLabel('Stage').selectOption({ label: 'Interview' });
  await expect(page.getByText('Stage changed')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Stage')).toHaveValue(
    (await page.getByLabel('Stage').locator('option', { hasText: 'Interview' }).getAttribute('value')) ?? '',
  );

  // A recruiter without access to that vacancy sees it neither in the app nor through the API.
  const recruiterContext = await browser.newContext();
  const recruiter = await recruiterContext.newPage();
  await signIn(recruiter, HR_RECRUITER);
  await recruiter.goto('/app/vacancies');
  await expect(recruiter.getByRole('heading', { level: 1, name: 'Vacancies' })).toBeVisible();
  await expect(recruiter.getByRole('table').or(recruiter.getByText(/^There are no vacancies/))).toBeVisible();
  await expect(recruiter.getByRole('link', { name: vacancyName })).toHaveCount(0);
  expect((await recruiter.request.get(`/api/v1/vacancies/${vacancyId}`)).status()).toBe(404);
  const applicationId = /\/candidates\/(\d+)/.exec(page.url())?.[1];
  expect((await recruiter.request.get(`/api/v1/applications/${applicationId}`)).status()).toBe(404);
  await recruiter.goto(`/app/applications/${applicationId}`);
  await expect(recruiter.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await recruiter.goto(`/app/vacancies/${vacancyId}`);
  await expect(recruiter.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await recruiterContext.close();
});
