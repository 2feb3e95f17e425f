import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, inviteColleague, openStaffApi, signIn } from './hr-session';
import { HR_OWNER } from './hr-users';

// Teams decide what "my team" reaches, and a role edited in the permission matrix changes what a
// person may do: both seen by the person themselves, in their own browser.

test('joining a team shows a recruiter the team’s vacancy; a custom role made in the matrix lets them view every vacancy and nothing else', async ({
  page,
  browser,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const teamName = `E2E team ${unique}`;
  const roleName = `E2E viewer ${unique}`;
  const teamVacancy = `E2E team vacancy ${unique}`;
  const otherVacancy = `E2E other vacancy ${unique}`;
  const person = {
    name: `Rita Recruiter ${unique}`,
    email: `rita-${unique}@e2e.test`,
    password: `rita-password-${unique}`,
    roleKey: 'recruiter',
  };

  await signIn(page, HR_OWNER);

  // The owner adds a team through the Teams screen.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await page.getByRole('button', { name: 'New team' }).click();
  const createTeam = page.getByRole('dialog', { name: 'New team' });
  await createTeam.getByLabel('Team name').fill(teamName);
  await createTeam.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText(`Team ${teamName} created`)).toBeVisible();

  // Two vacancies of the owner's: one of that team, one of no team (set up through the API).
  const api = await openStaffApi(page);
  const teams = (await api.get(`/api/v1/org/teams?search=${encodeURIComponent(teamName)}`)) as {
    data: { id: number }[];
  };
  const teamId = teams.data[0]?.id;
  expect(teamId).toBeDefined();
  await api.post('/api/v1/vacancies', { name: teamVacancy, team_id: teamId });
  await api.post('/api/v1/vacancies', { name: otherVacancy });

  // A recruiter in no team sees neither.
  const rita = await inviteColleague(page, browser, person);
  await rita.page.goto(`/app/vacancies?search=${encodeURIComponent(unique)}`);
  await expect(rita.page.getByText('No vacancies match.')).toBeVisible();

  // The owner adds them to the team on the team's page.
  // The teams page is a tree: select the team, then Enter opens its page.
  await page.goto('/app/teams');
  await page.getByRole('treeitem', { name: new RegExp(teamName) }).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await page.getByRole('button', { name: 'Add members' }).click();
  const add = page.getByRole('dialog', { name: 'Add members' });
  await add.getByLabel('Search people').fill(person.email);
  await add.getByRole('checkbox', { name: new RegExp(person.name) }).check();
  await add.getByRole('button', { name: 'Add 1 person' }).click();
  await expect(page.getByRole('row').filter({ hasText: person.name })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save members' }).click();
  await expect(page.getByText('Members saved')).toBeVisible();

  // Now the team's vacancy is theirs to see; the other still is not.
  await rita.page.reload();
  const ritaList = rita.page.getByRole('table', { name: 'Vacancies' });
  await expect(ritaList.getByRole('link', { name: teamVacancy })).toBeVisible();
  await expect(ritaList.getByRole('link', { name: otherVacancy })).toHaveCount(0);

  // The owner makes a role from nothing that may only view vacancies, everyone's, in the matrix.
  await nav.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await page.getByRole('button', { name: 'New role' }).click();
  const createRole = page.getByRole('dialog', { name: 'New role' });
  await createRole.getByLabel('Role name').fill(roleName);
  await createRole.getByLabel('Start from').selectOption({ label: 'Nothing (no access anywhere)' });
  await createRole.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Role: ${roleName}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Vacancies — View', exact: true }).selectOption({ label: 'All' });
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Role ${roleName} saved`)).toBeVisible();

  // … and gives it to the recruiter.
  const roles = (await api.get('/api/v1/roles')) as { data: { id: number; name: string }[] };
  const viewer = roles.data.find((role) => role.name === roleName);
  expect(viewer).toBeDefined();
  await api.put(`/api/v1/admin/users/${rita.id}`, { role_id: viewer?.id });

  // They see every vacancy, may not create one, and have no Candidates screen.
  await rita.page.reload();
  await expect(ritaList.getByRole('link', { name: teamVacancy })).toBeVisible();
  await expect(ritaList.getByRole('link', { name: otherVacancy })).toBeVisible();
  await expect(rita.page.getByRole('link', { name: 'Create vacancy' })).toHaveCount(0);
  const ritaNav = rita.page.getByRole('navigation', { name: 'Main navigation' });
  await expect(ritaNav.getByRole('link', { name: 'Candidates' })).toHaveCount(0);
  await rita.context.close();
});
