import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { fileInputOf, makeTextCv, openApplicationForm } from '../form/form-helpers';
import { openStaffApi, signIn } from './hr-session';
import { HR_OWNER } from './hr-users';

// Issue 18: every HR screen fits a 375 px phone with no sideways page scroll, and at 1280 px too, with no
// serious axe violation at either width; a card moves on the stages board by keyboard alone.

/** A candidate applies on the careers site (demo vacancy 2, its default form), so the card and board have one. */
async function applyAsCandidate(page: Page, firstName: string): Promise<void> {
  await openApplicationForm(page);
  await fileInputOf(page, 'CV').setInputFiles(makeTextCv());
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('grace.hopper@example.com');
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill('Doe');
  await page.getByRole('textbox', { name: 'Email' }).fill(`${firstName.toLowerCase()}@example.com`);
  // A phone of its own too: the CV's would make the application Grace Hopper's (matched on arrival).
  await page.getByRole('textbox', { name: 'Phone' }).fill(`+3809${String(Date.now()).slice(-8)}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/request sent/i)).toBeVisible();
}

type Listed = { data: { id: number }[] };

/** Every screen of the app, with real ids of the demo data (and of the application made above). */
async function listScreens(page: Page): Promise<string[]> {
  const api = await openStaffApi(page);
  const first = async (url: string) => {
    const id = ((await api.get(url)) as Listed).data[0]?.id;
    if (id === undefined) throw new Error(`no item at ${url}`);
    return id;
  };
  const vacancyId = 2;
  const applicationId = await first(`/api/v1/applications?vacancy_id=${vacancyId}`);
  const formId = await first('/api/v1/forms');
  const teamId = await first('/api/v1/teams');
  const roleId = await first('/api/v1/roles');
  const employeeId = await first('/api/v1/employees/visible');
  return [
    '/app',
    '/app/vacancies',
    '/app/vacancies/new',
    `/app/vacancies/${vacancyId}`,
    `/app/vacancies/${vacancyId}/board`,
    '/app/applications',
    `/app/applications/${applicationId}`,
    '/app/forms',
    '/app/forms/new',
    `/app/forms/${formId}`,
    '/app/careers-settings',
    '/app/teams',
    '/app/teams/chart',
    `/app/teams/${teamId}`,
    '/app/roles',
    `/app/roles/${roleId}`,
    '/app/staff',
    '/app/employees',
    `/app/employees/${employeeId}`,
    '/app/employees/new',
    '/app/employees/import',
    '/app/dictionaries',
    '/app/mail-templates',
    '/app/settings/integrations',
    '/app/absences',
    '/app/absences/requests',
    '/app/absences/timeline',
    '/app/absences/report',
    '/app/absences/feeds',
    '/app/settings/absences',
    '/app/settings/absences/policies',
    '/app/settings/absences/calendars',
    '/app/account',
  ];
}

async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  // Lists, dictionaries and the rest of the page's data have arrived (and their layout with them).
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .query-state[role="status"]')).toHaveCount(0);
}

/** How far the page scrolls sideways beyond the viewport (0 when it fits). */
function measureOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) -
      document.documentElement.clientWidth,
  );
}

/**
 * axe's serious and critical findings. Mail previews are sandboxed frames with scripts off: axe cannot
 * run inside them (axe-core/playwright then waits forever), and their content is the mail's HTML, not
 * the app's markup; so they are left out, and only their titles are checked here.
 */
async function findSeriousViolations(page: Page): Promise<string[]> {
  const untitled = await page.locator('iframe[sandbox]:not([title]), iframe[sandbox][title=""]').count();
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    .concat(untitled > 0 ? [`frame-title: ${untitled} sandboxed frame(s) without a title`] : []);
}

/** YYYY-MM-DD, `days` from today (UTC), kept inside this month so the timeline and report show it. */
function dayOfThisMonth(days: number): string {
  const now = new Date();
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(lastDay, Math.max(1, now.getUTCDate() + days));
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
}

/**
 * Content for the absence and integration screens, so they are measured full rather than empty: an
 * approved business trip and a pending request of two demo people this month, a company feed and an API
 * token. Each worker runs this once; a second run's overlapping requests are refused (422), harmlessly.
 */
async function seedScreenContent(page: Page): Promise<void> {
  const api = await openStaffApi(page);
  const people = ((await api.get('/api/v1/employees/visible')) as Listed).data;
  const [first, second] = people;
  if (!first || !second) throw new Error('the demo company has fewer than two people');
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const headers = { 'x-csrf-token': token ?? '', 'x-requested-with': 'XMLHttpRequest' };
  const span = { date_from: dayOfThisMonth(-3), date_to: dayOfThisMonth(3) };
  for (const [url, data] of [
    ['/api/v1/absences/entries', { absence_type: 'business_trip', employee_ids: [first.id], ...span }],
    ['/api/v1/employee-request/requests', { absence_type: 'home_work', employee_id: second.id, ...span }],
  ] as const) {
    const response = await page.request.post(url, { headers, data });
    expect([200, 201, 422], `${url}: ${await response.text()}`).toContain(response.status());
  }
  await api.post('/api/v1/absences/feeds', {
    name: 'Everyone (screens check)',
    scope: 'company',
    type_codes: [],
  });
  await api.post('/api/v1/integrations/api-tokens', { name: 'Screens check', scopes: ['vacancies:read'] });
}

/** The dialogs of the newer screens, each opened by a button of its page: measured like the screens. */
async function listDialogs(page: Page): Promise<{ path: string; opener: (page: Page) => Locator }[]> {
  const api = await openStaffApi(page);
  const applicationId = ((await api.get('/api/v1/applications?vacancy_id=2')) as Listed).data[0]?.id;
  if (applicationId === undefined) throw new Error('no application on vacancy 2');
  const button = (name: string) => (on: Page) => on.locator('main').getByRole('button', { name }).first();
  return [
    { path: '/app/absences', opener: button('Why this balance? (Vacation)') },
    { path: '/app/absences/requests', opener: button('Enter an absence') },
    { path: '/app/absences/requests', opener: button('Details') },
    {
      path: '/app/absences/timeline',
      opener: (on) => on.getByRole('rowheader').getByRole('button').first(),
    },
    { path: '/app/settings/absences', opener: button('Edit Vacation') },
    { path: '/app/settings/absences/policies', opener: button('New policy') },
    { path: '/app/settings/absences/calendars', opener: button('New calendar') },
    { path: '/app/settings/integrations', opener: button('Create token') },
    { path: '/app/mail-templates', opener: button('New template') },
    { path: `/app/applications/${applicationId}`, opener: button('Send mail…') },
    { path: `/app/applications/${applicationId}`, opener: button('Reject…') },
  ];
}

test.describe('every HR screen at phone and desktop widths', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    const page = await browser.newPage();
    const api = await (async () => {
      await signIn(page, HR_OWNER);
      return openStaffApi(page);
    })();
    const existing = (await api.get('/api/v1/applications?vacancy_id=2')) as Listed;
    if (existing.data.length === 0) await applyAsCandidate(page, 'Screens');
    // The application may have left the page on the careers site: back to the app for its CSRF token.
    await page.goto('/app');
    await seedScreenContent(page);
    await page.close();
  });

  for (const width of [375, 1280]) {
    test(`fits ${width} px without sideways scrolling and has no serious axe violation`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, HR_OWNER);
      const problems: string[] = [];
      for (const path of await listScreens(page)) {
        await openScreen(page, path);
        const overflow = await measureOverflow(page);
        if (overflow > 0) problems.push(`${path}: ${overflow} px wider than the ${width} px viewport`);
        for (const violation of await findSeriousViolations(page)) problems.push(`${path}: ${violation}`);
      }
      expect(problems).toEqual([]);
    });

    test(`the dialogs of the absence, integration and candidate mail screens fit ${width} px, with no serious axe violation`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, HR_OWNER);
      const problems: string[] = [];
      for (const { path, opener } of await listDialogs(page)) {
        await openScreen(page, path);
        await opener(page).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await page.waitForLoadState('networkidle');
        const name = `${path} → ${(await dialog.getAttribute('aria-label')) ?? (await dialog.locator('h2').first().textContent())}`;
        const overflow = await measureOverflow(page);
        if (overflow > 0) problems.push(`${name}: ${overflow} px wider than the ${width} px viewport`);
        const inner = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
        if (inner > 0) problems.push(`${name}: the dialog scrolls ${inner} px sideways`);
        for (const violation of await findSeriousViolations(page)) problems.push(`${name}: ${violation}`);
      }
      expect(problems).toEqual([]);
    });
  }

  test('at 375 px the navigation is behind a menu button that opens, closes with Escape and returns focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, HR_OWNER);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'Vacancies' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Vacancies' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Vacancies' })).toBeHidden();
    await menu.click();
    await nav.getByRole('link', { name: 'Vacancies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vacancies' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Vacancies' })).toBeHidden();
  });
});

test('a card moves on the stages board by keyboard, and the move is announced', async ({ page }) => {
  test.slow();
  const firstName = `Keyboard${Date.now().toString(36)}`;
  await applyAsCandidate(page, firstName);
  await signIn(page, HR_OWNER);
  await page.goto('/app/vacancies/2/board');
  const handle = page.getByRole('button', { name: `Drag ${firstName} Doe` });
  await expect(handle).toBeVisible();
  const announcement = page.locator('main p[role="status"].visually-hidden');

  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(announcement).toContainText(`${firstName} Doe picked up, in New`);
  await page.keyboard.press('ArrowRight');
  await expect(announcement).toContainText(`${firstName} Doe over Screening, position`);
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText(
    new RegExp(`^${firstName} Doe moved to Screening, position \\d+ of \\d+$`),
  );
  await expect(handle).toBeFocused();

  // Escape puts a lifted card back where it was.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(announcement).toContainText(`Move cancelled: ${firstName} Doe stays in Screening`);

  await page.reload();
  const screening = page.getByRole('region', { name: /^Screening/ });
  await expect(screening.getByRole('button', { name: `Drag ${firstName} Doe` })).toBeVisible();
});
