import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
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

async function findSeriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('every HR screen at phone and desktop widths', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    const api = await (async () => {
      await signIn(page, HR_OWNER);
      return openStaffApi(page);
    })();
    const existing = (await api.get('/api/v1/applications?vacancy_id=2')) as Listed;
    if (existing.data.length === 0) await applyAsCandidate(page, 'Screens');
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
