import { expect, test } from '@playwright/test';
import { type Catalog, EN, fill, openApplicationForm, UK, watchSubmissions } from './form-helpers';

test('an empty submit shows the required messages, focuses the first field and sends nothing', async ({
  page,
}) => {
  const submissions = watchSubmissions(page);
  await openApplicationForm(page);
  await page.getByRole('button', { name: 'Send' }).click();
  const required = page.getByText(fill(EN['public.fill_fields']), { exact: true });
  await expect(required).toHaveCount(3);
  const firstName = page.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('group', { name: 'CV' }).getByRole('button', { name: 'Add file' }),
  ).toHaveAccessibleDescription(/Please fill in this field/);
  // Give a wrongly sent request every chance to show up.
  await page.waitForTimeout(300);
  expect(submissions.count()).toBe(0);
});

for (const [language, texts, query, dateText] of [
  ['English', EN, '', '01/15/2099'],
  ['Ukrainian', UK, '?lang=uk', '15.01.2099'],
] as [string, Catalog, string, string][]) {
  test(`wrong values show their messages in ${language}`, async ({ page }) => {
    const submissions = watchSubmissions(page);
    await openApplicationForm(page, { query, texts });
    await page.getByRole('textbox', { name: 'Email' }).fill('grace@');
    await page.getByRole('textbox', { name: 'Phone' }).fill('12345');
    await page.getByRole('textbox', { name: 'LinkedIn or portfolio' }).fill('www.example.com');
    await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially(dateText.replace(/\D/g, ''));
    await page.getByRole('textbox', { name: texts['careers.form.salary_from'] }).fill('5000');
    await page.getByRole('textbox', { name: texts['careers.form.salary_to'] }).fill('3000');
    await page.getByRole('button', { name: texts['careers.form.send'] }).click();

    const expectError = async (fieldName: string, message: string) => {
      const control = page.getByRole(fieldName === 'Expected salary' ? 'group' : 'textbox', {
        name: fieldName,
      });
      const error = fieldName === 'Expected salary' ? control.locator('.field__error') : null;
      if (error) await expect(error).toHaveText(message);
      else await expect(control).toHaveAccessibleDescription(message);
    };
    await expectError('Email', fill(texts['career_page.application_form.error_email']));
    await expectError('Phone', fill(texts['career_page.application_form.error_length_min'], { min: 7 }));
    await expectError('LinkedIn or portfolio', fill(texts['common.candidates.incorrect_url']));
    await expectError(
      'Date of birth',
      fill(texts['validation.custom.birth_date.before'], { attribute: 'Date of birth' }),
    );
    await expectError('Expected salary', fill(texts['career_page.salary_range.error']));
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
    expect(submissions.count()).toBe(0);
  });
}

test('a text field is checked when focus leaves it, and clears its error as soon as it is right', async ({
  page,
}) => {
  await openApplicationForm(page);
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('grace@');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await email.press('Tab');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('grace@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');
});
