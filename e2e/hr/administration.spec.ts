import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, readInvitationLink, signIn } from './hr-session';
import { HR_OWNER } from './hr-users';

test('an owner invites a recruiter, who sets a password, signs in and manages their account; once disabled, their next request ends at sign-in', async ({
  page,
  browser,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const invitee = {
    name: `Ira Invitee ${unique}`,
    email: `ira-${unique}@e2e.test`,
    password: `ira-password-${unique}`,
  };

  await signIn(page, HR_OWNER);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'People & access' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People & access' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: HR_OWNER.email })).toContainText('You');
  await expectNoAxeViolations(page);

  // Invite: keyboard to the dialog, the time zone picked by typing part of a city.
  await page.getByRole('button', { name: 'Invite person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a person' });
  await expect(dialog.getByRole('textbox', { name: /Name/ })).toBeFocused();
  await dialog.getByRole('textbox', { name: /Name/ }).fill(invitee.name);
  await dialog.getByRole('textbox', { name: /Email/ }).fill(invitee.email);
  await dialog.getByRole('combobox', { name: /Role/ }).selectOption({ label: 'Recruiter' });
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('berlin');
  await expect(page.getByRole('option', { name: /Europe\/Berlin/ })).toBeVisible();
  await zone.press('Enter');
  await expect(zone).toHaveValue('Europe/Berlin');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Invite person' })).toBeFocused();
  const inviteeRow = table.getByRole('row').filter({ hasText: invitee.email });
  await expect(inviteeRow).toContainText('Invitation sent');
  await expect(inviteeRow).toContainText('Recruiter');

  // The invitee, in a browser of their own, sets a password from the email and signs in.
  const link = await readInvitationLink(page, invitee.email);
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
  await inviteePage.getByLabel('Repeat the password').fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Set the password' }).click();
  await expect(inviteePage).toHaveURL(/\/app\/sign-in/);
  await signIn(inviteePage, invitee);
  const inviteeNav = inviteePage.getByRole('navigation', { name: 'Main navigation' });
  await expect(inviteeNav.getByRole('link', { name: 'Vacancies' })).toBeVisible();
  await expect(inviteeNav.getByRole('link', { name: 'People & access' })).toHaveCount(0);
  await inviteePage.goto('/app/staff');
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // On their own account: a new password (the session is rotated, so the page reloads and they stay
  // signed in), then Ukrainian (the page reloads in it).
  await inviteePage.getByRole('button', { name: invitee.name }).click();
  await inviteePage.getByRole('link', { name: 'My account' }).click();
  const passwordForm = inviteePage.getByRole('form', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill(invitee.password);
  await passwordForm.getByLabel('New password', { exact: true }).fill(`${invitee.password}-2`);
  await passwordForm.getByLabel('Repeat the new password').fill(`${invitee.password}-2`);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('status')).toContainText('Password changed');
  await expect(passwordForm.getByRole('status')).toBeHidden();
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  const profileForm = inviteePage.getByRole('form', { name: 'Profile' });
  await profileForm.getByLabel('Language').selectOption({ label: 'Українська' });
  await profileForm.getByRole('button', { name: 'Save profile' }).click();
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Мій профіль' })).toBeVisible();
  await expect(inviteePage.locator('html')).toHaveAttribute('lang', 'uk');

  // The owner sees them active, and disables them after a confirmation.
  await page.reload();
  await expect(inviteeRow).toContainText('Active');
  await inviteeRow.getByRole('button', { name: invitee.name }).click();
  const edit = page.getByRole('dialog', { name: invitee.name });
  await edit.getByRole('button', { name: 'Disable account' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Disable ${invitee.name}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Disable and sign out' }).click();
  await expect(page.getByText(`${invitee.name} is disabled and signed out everywhere`)).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Enable account' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(inviteeRow).toContainText('Disabled');

  // The invitee's next request (opening Vacancies: an API call in the app) finds the session gone,
  // and the app's reload on 401 lands them on the sign-in page.
  await inviteePage
    .getByRole('navigation', { name: 'Основна навігація' })
    .getByRole('link', { name: 'Вакансії' })
    .click();
  await expect(inviteePage).toHaveURL(/\/app\/sign-in/);
  await inviteeContext.close();
});

test('my account: the profile and password forms have no accessibility violations', async ({ page }) => {
  await signIn(page, HR_OWNER);
  await page.getByRole('button', { name: HR_OWNER.name }).click();
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText(HR_OWNER.email)).toBeVisible();
  await expectNoAxeViolations(page);
  // A mismatch is caught before anything is sent.
  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('Current password').fill(HR_OWNER.password);
  await password.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await password.getByLabel('Repeat the new password').fill('a different passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText("The passwords don't match")).toBeVisible();
});
