import { expect, type Page, test } from '@playwright/test';
import { openStaffApi, signIn } from '../hr/hr-session';
import { HR_OWNER } from '../hr/hr-users';

// Issue 17, one person many applications (decision 027): the same person applies twice with other
// e-mails; the card suggests the other as a possible duplicate; the owner compares and merges; the card
// then shows both applications, the history says "merged", and the merge is undone again.

type Created = { data: { id: number } };

async function apply(page: Page, vacancyId: number, who: { name: string; email: string }) {
  const response = await page.request.post(`/api/v1/public-vacancies/${vacancyId}/response`, {
    multipart: {
      source: 'e2e',
      'fields[0][type]': 'name',
      'fields[0][input_value]': who.name,
      'fields[1][type]': 'email',
      'fields[1][input_value]': who.email,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Created).data.id;
}

test('a duplicate applicant is merged from the card, which then shows both applications; the merge is undone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const unique = Date.now().toString(36);
  await signIn(page, HR_OWNER);
  const api = await openStaffApi(page);
  const form = (await api.post('/api/v1/forms', {
    name: `E2E merge form ${unique}`,
    is_default: false,
    fields: [
      { name: 'Name', type: 'name', input_type: 'text', required: true, validation: null, input_meta: null },
      {
        name: 'Email',
        type: 'email',
        input_type: 'email',
        required: true,
        validation: null,
        input_meta: null,
      },
    ],
  })) as Created;
  const vacancyIds: number[] = [];
  for (const name of [`E2E first vacancy ${unique}`, `E2E second vacancy ${unique}`]) {
    const vacancy = (await api.post('/api/v1/vacancies', { name, form_id: form.data.id })) as Created;
    await api.post(`/api/v1/vacancies/${vacancy.data.id}/publish`);
    vacancyIds.push(vacancy.data.id);
  }
  const name = `Mariia Duplicate ${unique}`;
  const first = await apply(page, vacancyIds[0] ?? 0, { name, email: `mariia-${unique}@home.e2e.test` });
  await apply(page, vacancyIds[1] ?? 0, { name, email: `mariia-${unique}@work.e2e.test` });

  await page.goto(`/app/applications/${first}`);
  const banner = page.getByRole('region', { name: 'Possible duplicate' });
  await expect(banner).toContainText('same name');
  await banner.getByRole('button', { name: 'Compare and merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare and merge' });
  await expect(dialog.getByRole('region', { name: 'This person' })).toContainText(
    `mariia-${unique}@home.e2e.test`,
  );
  await expect(dialog.getByRole('region', { name: 'Possible duplicate' })).toContainText(
    `E2E second vacancy ${unique}`,
  );
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(dialog).toBeHidden();

  const applications = page.getByRole('region', { name: 'All applications of this person (2)' });
  await expect(applications).toContainText(`E2E first vacancy ${unique}`);
  await expect(applications.getByRole('link', { name: `E2E second vacancy ${unique}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Possible duplicate' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Activity history' })).toContainText(
    `${name} merged into ${name}`,
  );

  // The people view lists the person once, with both applications.
  await page.goto(`/app/applications?view=people&search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('main').getByRole('list', { name: 'People' })).toContainText('2 applications');

  // Undone: apart again, each card with its own application.
  await page.goto(`/app/applications/${first}`);
  await page.getByRole('button', { name: 'Undo merge' }).click();
  await expect(page.getByRole('region', { name: 'All applications of this person (1)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Possible duplicate' })).toBeVisible();
});
