import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';

/** axe-core over the page as it is now, for WCAG 2.2 A and AA. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Signs in through the sign-in page and waits for the app: its home (whatever it shows) with the
 * account's own menu in the top bar.
 */
export async function signIn(page: Page, account: { email: string; password: string; name: string }) {
  await page.goto('/app/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: account.name, exact: true }),
  ).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();
}

/** The set-password link of the newest mail to `to` (GET /api/test/emails, newest first). */
export async function readInvitationLink(page: Page, to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const response = await page.request.get(`/api/test/emails?to=${encodeURIComponent(to)}`);
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { subject: string; text: string }[] };
    const match = data[0]?.text.match(/https?:\/\/\S+\/app\/password\/reset\/\S+/);
    expect(match).not.toBeNull();
    link = match?.[0] ?? '';
  }).toPass({ timeout: 10_000 });
  return link;
}

/**
 * The staff API as the user signed in on `page` (their cookie, the CSRF token of the app's page):
 * for setting up what a test is not about.
 */
export async function openStaffApi(page: Page) {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  if (!token) throw new Error('openStaffApi: the page has no CSRF token');
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  async function send(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<unknown> {
    const response = await page.request.fetch(url, { method, headers, ...(data ? { data } : {}) });
    expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.status() === 204 ? null : response.json();
  }
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, data?: unknown) => send('POST', url, data),
    put: (url: string, data: unknown) => send('PUT', url, data),
  };
}

/**
 * A colleague invited by the owner signed in on `ownerPage` (through the API), who sets their
 * password from the invitation and signs in, in a browser of their own.
 */
export async function inviteColleague(
  ownerPage: Page,
  browser: Browser,
  person: { name: string; email: string; password: string; roleKey: string },
) {
  const api = await openStaffApi(ownerPage);
  const roles = (await api.get('/api/v1/roles')) as { data: { id: number; key: string | null }[] };
  const role = roles.data.find((candidate) => candidate.key === person.roleKey);
  if (!role) throw new Error(`inviteColleague: no role ${person.roleKey}`);
  const created = (await api.post('/api/v1/admin/users', {
    name: person.name,
    email: person.email,
    role_id: role.id,
  })) as { data: { id: number } };
  const link = await readInvitationLink(ownerPage, person.email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Repeat the password').fill(person.password);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page).toHaveURL(/\/app\/sign-in/);
  await signIn(page, person);
  return { id: created.data.id, page, context };
}
