import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { EN, fileInputOf, makeTextCv, openApplicationForm, tabTo } from './form-helpers';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

test('the empty form has no axe violations', async ({ page }) => {
  await openApplicationForm(page);
  await expectNoAxeViolations(page);
});

test('the form with a dropdown open has no axe violations', async ({ page }) => {
  await openApplicationForm(page);
  await page.getByRole('combobox', { name: 'Experience' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the form with the calendar open has no axe violations', async ({ page }) => {
  await openApplicationForm(page);
  await page.getByRole('button', { name: 'Select: Date of birth' }).click();
  await expect(page.getByRole('dialog', { name: 'Date of birth' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the form showing errors has no axe violations', async ({ page }) => {
  await openApplicationForm(page);
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

test('the whole form can be filled and sent with the keyboard alone, then the success view has no axe violations', async ({
  page,
}) => {
  await page.goto('/careers/2');
  const apply = page.getByRole('button', { name: 'Apply' });
  await tabTo(page, apply);
  await page.keyboard.press('Enter');

  const firstName = page.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toBeVisible();
  await tabTo(page, firstName);
  await page.keyboard.type('Dorothy');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type('dorothy@example.com');

  const addCv = page.getByRole('group', { name: 'CV' }).getByRole('button', { name: 'Add file' });
  await tabTo(page, addCv);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(
    makeTextCv({ name: 'Dorothy Vaughan', email: 'dv@example.com', phone: '+12025550100' }),
  );
  await expect(page.getByRole('button', { name: 'Remove file grace-hopper-cv.txt' })).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'Date of birth' }));
  await page.keyboard.type('12201910');
  await expect(page.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('12/20/1910');

  // A date picked in the calendar with arrows and Enter.
  await tabTo(page, page.getByRole('button', { name: 'Select: Earliest start date' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Earliest start date' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Earliest start date' })).not.toHaveValue('');

  const experience = page.getByRole('combobox', { name: 'Experience' });
  await tabTo(page, experience);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(experience).not.toHaveText(EN['careers.form.not_selected'] ?? '');

  const relocate = page.getByRole('checkbox', { name: 'Ready to relocate' });
  await tabTo(page, relocate);
  await page.keyboard.press('Space');
  await expect(relocate).toBeChecked();

  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await tabTo(page, language);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Level' })).toBeEnabled();

  await tabTo(page, page.getByRole('textbox', { name: 'From' }));
  await page.keyboard.type('2500');

  const send = page.getByRole('button', { name: 'Send' });
  await tabTo(page, send, 60);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: EN['careers.success.title'] })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a CV field error is tied to its button for screen readers', async ({ page }) => {
  await openApplicationForm(page);
  await fileInputOf(page, 'CV').setInputFiles({
    name: 'notes.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(2048, 1),
  });
  await expect(
    page.getByRole('group', { name: 'CV' }).getByRole('button', { name: 'Add file' }),
  ).toHaveAccessibleDescription(/This file format is not supported/);
});
