import { type Browser, expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { openStaffApi, readInvitationLink, signIn } from '../hr/hr-session';
import { HR_OWNER } from '../hr/hr-users';

// Issue 14's flow, each person in their own browser: an employee requests a vacation spanning a public
// holiday of their work calendar with a half day at the end and sees the days counted; their manager
// approves it from the management tab, then HR (the owner) takes the chain's second step; the
// employee's balance shows it used and its ledger lists it; the timeline shows it; and the iCal feed
// the employee makes at /app/absences/feeds holds the event with the right dates.

type Created = { data: { id: number } };
type Role = { id: number; key: string | null };

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC timestamp. */
function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * A Monday-to-Friday week of this year: the one starting 2-3 weeks ahead, or, late in December, one
 * 3-4 weeks back (the balance shown is this year's, and past dates may be requested too).
 */
function pickWeek(): { monday: string; wednesday: string; friday: string; saturday: string } {
  const today = new Date();
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const toMonday = (time: number) => time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS;
  let monday = toMonday(todayUtc + 14 * DAY_MS);
  if (new Date(monday + 4 * DAY_MS).getUTCFullYear() !== today.getUTCFullYear())
    monday = toMonday(todayUtc - 21 * DAY_MS);
  return {
    monday: isoDate(monday),
    wednesday: isoDate(monday + 2 * DAY_MS),
    friday: isoDate(monday + 4 * DAY_MS),
    saturday: isoDate(monday + 5 * DAY_MS),
  };
}

/** Sets the password from the invitation sent to `person` and signs them in, in a browser of their own. */
async function acceptInvitation(
  ownerPage: Page,
  browser: Browser,
  person: { name: string; email: string; password: string },
): Promise<Page> {
  const link = await readInvitationLink(ownerPage, person.email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Repeat the password').fill(person.password);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page).toHaveURL(/\/app\/sign-in/);
  await signIn(page, person);
  return page;
}

test('an employee requests a vacation over a public holiday with a half day at the end; the manager and HR approve it; the balance, its ledger, the timeline and the iCal feed show it', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const week = pickWeek();
  const year = week.monday.slice(0, 4);
  const employee = {
    firstName: 'Olena',
    lastName: `Leave ${unique}`,
    name: `Olena Leave ${unique}`,
    email: `olena-${unique}@e2e.test`,
    password: `olena-password-${unique}`,
  };
  const manager = {
    firstName: 'Mykola',
    lastName: `Lead ${unique}`,
    name: `Mykola Lead ${unique}`,
    email: `mykola-${unique}@e2e.test`,
    password: `mykola-password-${unique}`,
  };

  // Set-up through the API, as the owner: a team, the manager and the employee (managed by them),
  // a work calendar of the employee's own with a public holiday on the Wednesday of the week, a
  // vacation policy of 20 days for the employee, and access for both.
  await signIn(page, HR_OWNER);
  const api = await openStaffApi(page);
  const team = (await api.post('/api/v1/org/teams', { name: `E2E leave team ${unique}` })) as Created;
  const managerRecord = (await api.post('/api/v1/employees', {
    first_name: manager.firstName,
    last_name: manager.lastName,
    email: manager.email,
    team_ids: [team.data.id],
  })) as Created;
  const employeeRecord = (await api.post('/api/v1/employees', {
    first_name: employee.firstName,
    last_name: employee.lastName,
    email: employee.email,
    team_ids: [team.data.id],
    manager_id: managerRecord.data.id,
  })) as Created;
  const calendar = (await api.post('/api/v1/absences/settings/calendars', {
    name: `E2E calendar ${unique}`,
    country_code: null,
    time_zone: 'Europe/Kyiv',
    working_weekdays: [1, 2, 3, 4, 5],
    is_default: false,
  })) as Created;
  await api.post(`/api/v1/absences/settings/calendars/${calendar.data.id}/days`, {
    date: week.wednesday,
    name: 'E2E Day',
    kind: 'public_holiday',
  });
  await api.put(`/api/v1/absences/settings/calendars/${calendar.data.id}/assignments`, {
    employee_ids: [employeeRecord.data.id],
  });
  await api.post('/api/v1/absences/settings/policies', {
    absence_type: 'vacation',
    name: `E2E vacation ${unique}`,
    yearly_allowance: 20,
    accrual: 'upfront',
    employee_ids: [employeeRecord.data.id],
  });
  const roles = (await api.get('/api/v1/roles')) as { data: Role[] };
  const roleId = (key: string) => {
    const role = roles.data.find((candidate) => candidate.key === key);
    if (!role) throw new Error(`no built-in role ${key}`);
    return role.id;
  };
  await api.post(`/api/v1/employees/${managerRecord.data.id}/access`, { role_id: roleId('manager') });
  await api.post(`/api/v1/employees/${employeeRecord.data.id}/access`, { role_id: roleId('employee') });
  const employeePage = await acceptInvitation(page, browser, employee);
  const managerPage = await acceptInvitation(page, browser, manager);

  // The employee requests Monday to Friday: the holiday is not counted (4 days), and the half day at
  // the end takes half a day off that (3.5), before anything is sent.
  await employeePage.goto('/app/absences');
  const form = employeePage.getByRole('form', { name: 'Request an absence' });
  await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Vacation' });
  await form.getByRole('textbox', { name: 'From', exact: true }).fill(week.monday);
  await form.getByRole('textbox', { name: 'To', exact: true }).fill(week.friday);
  const preview = form.getByRole('status');
  await expect(preview).toHaveText('This request counts 4 days.');
  await form.getByRole('checkbox', { name: 'The last day until midday' }).check();
  await expect(preview).toHaveText('This request counts 3.5 days.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(employeePage.getByText('Request sent: 3.5 days, awaiting approval.')).toBeVisible();
  const mine = employeePage.getByRole('region', { name: 'My requests' });
  await expect(mine.getByRole('article', { name: 'Vacation' })).toContainText('Pending');

  // The manager approves it from the management tab; the chain's HR step is then the owner's.
  await managerPage.goto('/app/absences/requests');
  const cardName = `${employee.name} · Vacation`;
  const managerAwaiting = managerPage.getByRole('region', { name: /^Awaiting my decision/ });
  const managerCard = managerAwaiting.getByRole('article', { name: cardName });
  await expect(managerCard).toContainText('3.5 days');
  await managerCard.getByRole('button', { name: 'Approve' }).click();
  await expect(managerPage.getByText(`Approved: ${employee.name}.`)).toBeVisible();
  await expect(managerAwaiting.getByRole('article', { name: cardName })).toHaveCount(0);

  await page.goto('/app/absences/requests');
  const ownerCard = page
    .getByRole('region', { name: /^Awaiting my decision/ })
    .getByRole('article', { name: cardName });
  await expect(ownerCard).toContainText(`Manager: ${manager.name} approved`);
  await ownerCard.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Approved: ${employee.name}.`)).toBeVisible();

  // The employee's balance: 3.5 used of 20, and the ledger lists the absence with its dates.
  await employeePage.reload();
  await expect(mine.getByRole('article', { name: 'Vacation' })).toContainText('Approved');
  const balance = employeePage.getByRole('listitem').filter({
    has: employeePage.getByRole('heading', { name: `Vacation, ${year}` }),
  });
  await expect(balance.locator('dt:text-is("Used") + dd')).toHaveText('3.5 days');
  await expect(balance.locator('dt:text-is("Available") + dd')).toHaveText('16.5 days');
  await balance.getByRole('button', { name: 'Why this balance? (Vacation)' }).click();
  const ledger = employeePage.getByRole('dialog', { name: 'Vacation: line by line' });
  const medium = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
  const range = `${medium.format(new Date(`${week.monday}T00:00:00Z`))} – ${medium.format(
    new Date(`${week.friday}T00:00:00Z`),
  )}`;
  await expect(ledger.getByRole('row', { name: /^Accrual/ })).toContainText('+20 days');
  await expect(ledger.getByRole('row', { name: `Absence ${range}` })).toContainText('-3.5 days');
  await ledger.getByRole('button', { name: 'Close' }).first().click();

  // The timeline of the team, that month: the five days marked, the holiday shaded, the half day said.
  await page.goto(`/app/absences/timeline?month=${week.monday.slice(0, 7)}&team_id=${team.data.id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: employee.name }) });
  const cell = (date: string) => row.getByRole('cell').nth(Number(date.slice(8)) - 1);
  for (const date of [week.monday, week.wednesday, week.friday])
    await expect(cell(date)).toHaveClass(/timeline__cell--absent/);
  await expect(cell(week.wednesday)).toHaveClass(/timeline__cell--off/);
  await expect(cell(week.friday)).toHaveText('Vacation, half day');
  await expect(cell(week.saturday)).not.toHaveClass(/timeline__cell--absent/);

  // The employee's own iCal feed of vacations: its secret URL, fetched as a calendar app would (no
  // cookie), holds the absence as an all-day event, DTEND exclusive.
  await employeePage.goto('/app/absences/feeds');
  await employeePage.getByRole('textbox', { name: 'Name' }).fill('My vacations');
  await employeePage.getByRole('checkbox', { name: 'Vacation' }).check();
  await employeePage.getByRole('button', { name: 'Create the feed' }).click();
  const url = await employeePage.getByRole('textbox', { name: 'Feed address' }).inputValue();
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  const events = new ICAL.Component(ICAL.parse(await response.text()))
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component));
  expect(
    events.map((event) => ({
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isDate: event.startDate.isDate && event.endDate.isDate,
    })),
  ).toEqual([
    {
      summary: `${employee.name}: Vacation (until midday)`,
      start: week.monday,
      end: week.saturday,
      isDate: true,
    },
  ]);

  await employeePage.context().close();
  await managerPage.context().close();
});
