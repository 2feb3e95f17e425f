import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, openStaffApi, readInvitationLink, signIn } from '../hr/hr-session';
import { HR_OWNER } from '../hr/hr-users';

// Issue 15's task flow, each person in their own browser: the owner creates a task with two files about
// an employee and assigns it to them; the employee comments with a rating; a half-written comment's
// draft (the IndexedDB store commentDrafts of the database hrm) survives a reload; the owner resolves it.

type Created = { data: { id: number } };
type Role = { id: number; key: string | null };

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

/** The draft kept for a task's new comment, read straight from the browser's local database. */
function readDraft(page: Page, taskId: number): Promise<string | null> {
  return page.evaluate(
    (key) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('hrm');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('commentDrafts')) return resolve(null);
          const get = db.transaction('commentDrafts').objectStore('commentDrafts').get(key);
          get.onsuccess = () => resolve((get.result as { text?: string } | undefined)?.text ?? null);
          get.onerror = () => resolve(null);
        };
      }),
    `task:${taskId}`,
  );
}

test('the owner creates a task with two files for an employee, who comments with a rating and keeps a draft over a reload; the owner resolves it', async ({
  page,
  browser,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const employee = {
    firstName: 'Iryna',
    lastName: `Tasks ${unique}`,
    name: `Iryna Tasks ${unique}`,
    email: `iryna-${unique}@e2e.test`,
    password: `iryna-password-${unique}`,
  };
  const taskName = `Prepare the onboarding plan ${unique}`;

  // Set-up through the API, as the owner: the employee, with access as an employee.
  await signIn(page, HR_OWNER);
  const api = await openStaffApi(page);
  const record = (await api.post('/api/v1/employees', {
    first_name: employee.firstName,
    last_name: employee.lastName,
    email: employee.email,
  })) as Created;
  const roles = (await api.get('/api/v1/roles')) as { data: Role[] };
  const employeeRole = roles.data.find((role) => role.key === 'employee');
  if (!employeeRole) throw new Error('no built-in employee role');
  await api.post(`/api/v1/employees/${record.data.id}/access`, { role_id: employeeRole.id });
  const employeePage = await acceptInvitation(page, browser, employee);

  // The owner creates the task from the tasks screen: about the employee, assigned to them, two files.
  await page.goto('/app/tasks');
  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByRole('textbox', { name: 'Name' }).fill(taskName);
  await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Welcome meeting' });
  await form.getByRole('textbox', { name: 'Description' }).fill('Walk through the first week.');
  await form.getByRole('combobox', { name: 'Concerns' }).selectOption({ label: employee.name });
  await form.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: employee.name });
  await form.locator('input[type="file"]').setInputFiles([
    {
      name: 'first-week.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4 first week ${'x'.repeat(2048)}`),
    },
    { name: 'contacts.txt', mimeType: 'text/plain', buffer: Buffer.from(`Who to ask: ${'y'.repeat(2048)}`) },
  ]);
  await expect(form.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await form.getByRole('button', { name: 'Create task' }).click();
  const created = page.getByRole('dialog', { name: taskName });
  await expect(created.getByRole('link', { name: 'first-week.pdf' })).toBeVisible();
  await expect(created.getByRole('link', { name: 'contacts.txt' })).toBeVisible();
  await expect(created.getByText(employee.name).first()).toBeVisible();

  // The employee finds it among their tasks and comments with a rating of 4.
  await employeePage.goto('/app/tasks');
  await employeePage.getByRole('button', { name: taskName, exact: true }).click();
  const modal = employeePage.getByRole('dialog', { name: taskName });
  await expect(employeePage).toHaveURL(/\/app\/tasks\/\d+$/);
  const taskId = Number(/\/app\/tasks\/(\d+)$/.exec(employeePage.url())?.[1]);
  await modal.getByRole('textbox', { name: 'Your comment' }).fill('Looks good, I will bring my laptop.');
  await modal.getByRole('radio', { name: '4 of 5' }).check();
  await modal.getByRole('button', { name: 'Send comment' }).click();
  const comment = modal.getByRole('article', { name: employee.name });
  await expect(comment).toContainText('Looks good, I will bring my laptop.');
  await expect(comment.getByRole('img', { name: '4 of 5' })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');

  // A half-written comment: kept in the browser's local database, there again after a reload.
  await modal.getByRole('textbox', { name: 'Your comment' }).fill('Also, could we');
  await expect.poll(() => readDraft(employeePage, taskId)).toBe('Also, could we');
  await employeePage.reload();
  const reopened = employeePage.getByRole('dialog', { name: taskName });
  await expect(reopened.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Also, could we');
  await expect(reopened.getByText('Your unsent draft was restored.')).toBeVisible();

  // The owner reads the comment and resolves the task.
  await page.goto(`/app/tasks/${taskId}`);
  const ownerModal = page.getByRole('dialog', { name: taskName });
  await expect(ownerModal.getByRole('article', { name: employee.name })).toContainText('Looks good');
  await ownerModal.getByRole('combobox', { name: 'Resolution' }).selectOption({ label: 'Done' });
  await ownerModal.getByRole('button', { name: 'Resolve' }).click();
  await expect(ownerModal.getByText('Task resolved: Done.')).toBeAttached();
  await expect(ownerModal.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The employee's open tasks no longer list it.
  await employeePage.goto('/app/tasks');
  await expect(employeePage.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(employeePage.getByRole('button', { name: taskName, exact: true })).toHaveCount(0);

  await employeePage.context().close();
});

for (const width of [1280, 375]) {
  test(`the tasks screen and the task modal fit ${width} px without axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, HR_OWNER);
    await page.goto('/app/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    // Nothing wider than the window: no page-wide sideways scrolling; on phones the modal fills it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await dialog.boundingBox();
    if (width <= 600) expect(box?.width).toBe(width);
    else expect(box?.width ?? width).toBeLessThan(width);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'New task' })).toBeFocused();
  });
}
