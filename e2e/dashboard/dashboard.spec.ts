import { DASHBOARD_WIDGETS } from '@kadry/shared/schemas/dashboard';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations, signIn } from '../hr/hr-session';
import { HR_OWNER } from '../hr/hr-users';

// Issue 15's dashboard, as the demo owner sees it on the first start (seed-demo-first-start.ts): every
// widget with data; a widget removed and added again, moved by keyboard, by its buttons and by pointer, the layout
// the same after a reload; axe on the dashboard, the task modal and the children statistics page at
// 1280 and 375 px; and the children statistics of one team exported to an XLSX whose rows are the
// screen's. The owner's layout is put back to the company default at the end.

// One after another in one worker: the first test changes the owner's layout that the others read.
test.describe.configure({ mode: 'default' });

const WIDTHS = [1280, 375] as const;

function slotOf(page: Page, widget: string) {
  return page.locator(`li[data-widget="${widget}"]`);
}

/** The widgets on the dashboard, in order. */
function order(page: Page): Promise<string[]> {
  return page
    .locator('li[data-widget]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-widget') ?? ''));
}

/** Waits until every widget has answered: no loading, empty or error state anywhere. */
async function expectEveryWidgetFilled(page: Page) {
  for (const widget of DASHBOARD_WIDGETS) {
    const slot = slotOf(page, widget);
    await expect(slot, widget).toBeVisible();
    await expect(slot.getByRole('heading', { level: 2 }).first(), widget).toBeVisible();
    await expect(slot.locator('.dashboard-widget__state, .dashboard-widget__empty'), widget).toHaveCount(0);
  }
}

/** No page-wide sideways scrolling (a 375 px phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openDashboard(page: Page) {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('the demo owner’s dashboard shows every widget with data; a widget added and moved stays so after a reload', async ({
  page,
}) => {
  test.slow();
  await signIn(page, HR_OWNER);
  await openDashboard(page);
  await expectEveryWidgetFilled(page);
  expect(await order(page)).toEqual([...DASHBOARD_WIDGETS]);

  await page.getByRole('button', { name: 'Customise', pressed: false }).click();
  const status = page.locator('section.dashboard > p[role="status"]');
  // Every widget is placed: one goes, then comes back at the end.
  await page.getByRole('button', { name: 'Remove Corporate events' }).click();
  await expect(status).toHaveText('Corporate events removed');
  await expect(slotOf(page, 'corpEvents')).toHaveCount(0);
  await page.getByLabel('Widget to add').selectOption({ label: 'Corporate events' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const total = DASHBOARD_WIDGETS.length;
  await expect(status).toHaveText(`Corporate events added at position ${total}`);
  await expect(
    slotOf(page, 'corpEvents').getByRole('button', { name: 'Remove Corporate events' }),
  ).toBeFocused();

  // By keyboard: Alt+↑ in the card; then the move button.
  await page.keyboard.press('Alt+ArrowUp');
  await expect(status).toHaveText(`Corporate events moved to position ${total - 1} of ${total}`);
  await slotOf(page, 'corpEvents').getByRole('button', { name: 'Move Corporate events up' }).click();
  await expect(status).toHaveText(`Corporate events moved to position ${total - 2} of ${total}`);
  await expect(
    slotOf(page, 'corpEvents').getByRole('button', { name: 'Move Corporate events up' }),
  ).toBeFocused();

  const others = DASHBOARD_WIDGETS.filter((widget) => widget !== 'corpEvents');
  await expect
    .poll(() => order(page))
    .toEqual([...others.slice(0, total - 3), 'corpEvents', ...others.slice(total - 3)]);

  // By pointer: its handle dragged onto the widget two places before it takes that place (a tall
  // window, so both are on screen together).
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 1600 });
  const target = others[total - 5] ?? '';
  const handle = slotOf(page, 'corpEvents').getByRole('button', { name: 'Drag Corporate events' });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await slotOf(page, target).boundingBox();
  if (!from || !to) throw new Error('the widgets are not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2 + 1, to.y + to.height / 2, { steps: 2 });
  await page.mouse.up();
  // Where a pointer drop lands depends on the grid's layout: the card is earlier than it was, and the
  // order the page shows is the one saved (checked after the reload below).
  const before = [...others.slice(0, total - 3), 'corpEvents', ...others.slice(total - 3)];
  await expect
    .poll(async () => (await order(page)).indexOf('corpEvents'))
    .toBeLessThan(before.indexOf('corpEvents'));
  const expected = await order(page);
  // dnd-kit's own live region tells screen readers where it landed.
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(
    new RegExp(`^Corporate events moved to position \\d+ of ${total}$`),
  );
  if (viewport) await page.setViewportSize(viewport);
  await page.getByRole('button', { name: 'Done', exact: true, pressed: true }).click();

  // Saved on the server: the same order after a reload.
  await page.reload();
  await expect(slotOf(page, 'corpEvents')).toBeVisible();
  expect(await order(page)).toEqual(expected);
  await expectEveryWidgetFilled(page);

  // Back to the company default, for the other tests.
  await page.getByRole('button', { name: 'Customise', pressed: false }).click();
  await page.getByRole('button', { name: 'Back to the company default' }).click();
  await expect(status).toHaveText('Your dashboard is the company default again');
  await expect.poll(() => order(page)).toEqual([...DASHBOARD_WIDGETS]);
});

for (const width of WIDTHS) {
  test(`axe finds nothing on the dashboard, the task modal and the children statistics at ${width} px`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, HR_OWNER);
    await openDashboard(page);
    await expectEveryWidgetFilled(page);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // A task from the myTasks widget, in its modal.
    const firstTask = slotOf(page, 'myTasks').locator('.task-row__open').first();
    const taskName = (await firstTask.textContent())?.trim() ?? '';
    await firstTask.click();
    const modal = page.getByRole('dialog', { name: taskName });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Your comment' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);

    await page.goto('/app/statistics/children');
    await expect(page.getByRole('heading', { level: 1, name: 'Children statistics' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Children' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
}

/** The rows the list shows, every page of it: child, parent. */
async function readScreenRows(page: Page): Promise<string[][]> {
  const rows: string[][] = [];
  for (;;) {
    const table = page.getByRole('table', { name: 'Children' });
    await expect(table).toBeVisible();
    rows.push(
      ...(await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector('th')?.textContent?.trim() ?? '',
            tr.querySelectorAll('td')[4]?.textContent?.trim() ?? '',
          ]),
        )),
    );
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) return rows;
    const current = await page.locator('[aria-current="page"]').textContent();
    await next.click();
    await expect(page.locator('[aria-current="page"]')).not.toHaveText(current ?? '');
  }
}

test('children statistics of one team export an XLSX whose rows are the screen’s', async ({ page }) => {
  test.slow();
  await signIn(page, HR_OWNER);
  await page.goto('/app/statistics/children');
  const filters = page.getByRole('search', { name: 'Filter children' });
  await filters.getByRole('checkbox', { name: 'Engineering' }).check();
  const total = page.locator('.children-statistics__total');
  const before = await total.textContent();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(total).not.toHaveText(before ?? '');
  const count = Number(/\d+/.exec((await total.textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThan(0);
  const screen = await readScreenRows(page);
  expect(screen).toHaveLength(count);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const exported: string[][] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    exported.push([String(row.getCell(1).value ?? ''), String(row.getCell(6).value ?? '')]);
  });
  expect(exported).toEqual(screen);
});
