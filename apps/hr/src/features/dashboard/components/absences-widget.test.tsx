import {
  type AbsenceReportResponse,
  absenceReportResponseSchema,
} from '@kadry/shared/schemas/absence-reports';
import { type AbsenceEntry, absenceEntrySchema } from '@kadry/shared/schemas/absences';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildState, dashboardPermissions, stateText } from '../dashboard-test-data';

// The absences widget (spec §7.2): `dashboard.absence.list` with per_page from the limit, paged, and a
// type filter of `dashboard.absence.filter`'s types by total descending, the chosen one sent as
// absence_type and saved as the widget's params; and the balance widget's "By month" view of
// `dashboard.balance.absenceReport` (spec §3.2: months flattened to title plus days).

const WIDGETS = '/api/v1/dashboard/widgets';
const WIDGET_PARAMS = '/api/v1/dashboard/widgets/params';
const LIST = '/api/v1/dashboard/absences';
const FILTER = '/api/v1/dashboard/absences/filter';
const BALANCE = '/api/v1/dashboard/balance/absence';
const REPORT = '/api/v1/dashboard/balance/absence-report/current';

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function buildEntry(overrides: Partial<z.input<typeof absenceEntrySchema>> = {}): AbsenceEntry {
  return absenceEntrySchema.parse({
    id: 1,
    employee_id: 8,
    employee_name: 'Taras Shevchuk',
    absence_type: 'vacation',
    date_from: '2031-06-02',
    date_to: '2031-06-05',
    half_day_start: false,
    half_day_end: false,
    hours: null,
    days: 4,
    ...overrides,
  });
}

const taras = buildEntry();
const oksana = buildEntry({
  id: 2,
  employee_id: 9,
  employee_name: 'Oksana Hrytsenko',
  absence_type: 'home_work',
  date_from: '2031-06-09',
  date_to: '2031-06-09',
  days: 1,
});

function page(data: AbsenceEntry[], current = 1, last = 1, total = data.length, perPage = 5) {
  return { data, meta: { current_page: current, last_page: last, per_page: perPage, total } };
}

// The server's order is not the widget's: it shows the types by total, most first.
const filter = {
  data: [
    { absence_type: 'sick_days', total: 3 },
    { absence_type: 'vacation', total: 12 },
    { absence_type: 'home_work', total: 5 },
  ],
};

function dashboardWith(params: object = {}): MockRoute {
  return {
    path: WIDGETS,
    body: stateText(
      buildState(['absences'], { params: { absences: params }, available: ['companyInfo', 'absences'] }),
    ),
  };
}

async function findWidget(name = 'Absences') {
  const heading = await screen.findByRole('heading', { name, level: 2 });
  return heading.closest('section') as HTMLElement;
}

describe('the absences widget', () => {
  it('lists page 1 with per_page from its limit: person, type, dates, days and status', async () => {
    const { calls } = mockFetch([
      dashboardWith({ limit: 2 }),
      { path: LIST, body: page([taras, oksana], 1, 1, 2, 2) },
      { path: FILTER, body: filter },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    const list = await within(widget).findByRole('list', { name: 'Absences' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Taras Shevchuk');
    expect(rows[0]).toHaveTextContent('Vacation · Jun 2, 2031 – Jun 5, 2031');
    expect(rows[0]).toHaveTextContent('4 days · Approved');
    expect(rows[1]).toHaveTextContent('Working from home · Jun 9, 2031');
    expect(rows[1]).toHaveTextContent('1 day · Approved');
    const sent = callsTo(calls, 'GET', LIST)[0]?.url.searchParams;
    expect(sent?.get('page')).toBe('1');
    expect(sent?.get('per_page')).toBe('2');
    expect(sent?.has('absence_type')).toBe(false);
    // Everything fits on one page: no paging.
    expect(within(widget).queryByRole('navigation')).toBeNull();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('offers the filter’s types by total descending, and sends and saves the one chosen', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      dashboardWith({ limit: 5 }),
      {
        path: LIST,
        body: ({ url }) =>
          url.searchParams.get('absence_type') === 'vacation' ? page([taras]) : page([taras, oksana]),
      },
      { path: FILTER, body: filter },
      {
        method: 'POST',
        path: WIDGET_PARAMS,
        body: { data: { widget_name: 'absences', params: { limit: 5, absence_type: 'vacation' } } },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    const select = within(widget).getByRole('combobox', { name: 'Type' });
    await within(select).findByRole('option', { name: 'Vacation (12)' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All types', 'Vacation (12)', 'Working from home (5)', 'Sick day (3)']);
    expect(await within(widget).findByText('Oksana Hrytsenko')).toBeInTheDocument();

    await user.selectOptions(select, 'vacation');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', LIST).at(-1)?.url.searchParams.get('absence_type')).toBe('vacation'),
    );
    expect(callsTo(calls, 'GET', LIST).at(-1)?.url.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(within(widget).queryByText('Oksana Hrytsenko')).toBeNull());
    // Saved as the widget's params, merged as absentToday's filter is.
    await waitFor(() => expect(callsTo(calls, 'POST', WIDGET_PARAMS)).toHaveLength(1));
    const body = callsTo(calls, 'POST', WIDGET_PARAMS)[0]?.body as { widget_name: string; params: string };
    expect(body.widget_name).toBe('absences');
    expect(JSON.parse(body.params)).toEqual({ absence_type: 'vacation' });
    expect(select).toHaveValue('vacation');
  });

  it('asks with its saved type, and pages with next and previous', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      dashboardWith({ limit: 1, absence_type: 'vacation' }),
      {
        path: LIST,
        body: ({ url }) =>
          url.searchParams.get('page') === '2' ? page([oksana], 2, 2, 2, 1) : page([taras], 1, 2, 2, 1),
      },
      { path: FILTER, body: filter },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByText('Taras Shevchuk')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', LIST)[0]?.url.searchParams.get('absence_type')).toBe('vacation');
    expect(within(widget).getByRole('combobox', { name: 'Type' })).toHaveValue('vacation');

    const pages = within(widget).getByRole('navigation');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(widget).findByText('Oksana Hrytsenko')).toBeInTheDocument();
    const second = callsTo(calls, 'GET', LIST).at(-1)?.url.searchParams;
    expect(second?.get('page')).toBe('2');
    expect(second?.get('per_page')).toBe('1');
    expect(second?.get('absence_type')).toBe('vacation');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await within(widget).findByText('Taras Shevchuk')).toBeInTheDocument();
  });

  it('says when nobody is going to be away', async () => {
    mockFetch([
      dashboardWith(),
      { path: LIST, body: page([], 1, 1, 0) },
      { path: FILTER, body: { data: [] } },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByText('No upcoming absences.')).toBeInTheDocument();
    expect(within(widget).queryByRole('list', { name: 'Absences' })).toBeNull();
    expect(within(widget).getByRole('combobox', { name: 'Type' })).toHaveValue('');
  });

  it('says when its absences could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    mockFetch([
      dashboardWith(),
      { path: LIST, status: 503, body: { message: 'Try later.' } },
      { path: FILTER, body: filter },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByRole('alert')).toHaveTextContent('Could not load this widget.');
    mockFetch([dashboardWith(), { path: LIST, body: page([taras]) }, { path: FILTER, body: filter }]);
    await user.click(within(widget).getByRole('button', { name: 'Try again' }));
    expect(await within(widget).findByText('Taras Shevchuk')).toBeInTheDocument();
  });
});

function buildReport(): AbsenceReportResponse {
  const day = (date: string, amount = 1) => ({ date, amount });
  const entry = (id: number, from: string, to: string, months: { title: string; days: unknown[] }[]) => ({
    id,
    status: 'approved',
    date_from: from,
    date_to: to,
    half_day_start: false,
    half_day_end: false,
    days: months.reduce((sum, month) => sum + month.days.length, 0),
    months: months.map((month) => ({ title: month.title, days_data: { list: month.days } })),
  });
  return absenceReportResponseSchema.parse({
    data: {
      vacation: {
        absence_type: 'vacation',
        number: 1,
        unit: 'days',
        total: 5.5,
        absence_data: [
          // One absence across two months, and another in the first of them ending on a half day.
          entry(31, '2031-05-29', '2031-06-02', [
            { title: '2031-05', days: [day('2031-05-29'), day('2031-05-30')] },
            { title: '2031-06', days: [day('2031-06-02')] },
          ]),
          entry(32, '2031-05-12', '2031-05-13', [
            { title: '2031-05', days: [day('2031-05-12'), day('2031-05-13', 0.5)] },
          ]),
        ],
      },
      // A type with no absences this year is not shown.
      sick_days: { absence_type: 'sick_days', number: 2, unit: 'days', total: 0, absence_data: [] },
    },
    meta: { employee_id: 7, year: 2031 },
  });
}

describe('the absence balance widget by month', () => {
  function balanceRoutes(report: MockRoute): MockRoute[] {
    return [
      {
        path: WIDGETS,
        body: stateText(buildState(['absenceBalance'], { available: ['companyInfo', 'absenceBalance'] })),
      },
      {
        path: BALANCE,
        body: {
          data: [
            {
              absence_type: 'vacation',
              unit: 'days',
              year: 2031,
              accrued: 24,
              used: 5.5,
              pending: 0,
              available: 18.5,
            },
          ],
        },
      },
      report,
    ];
  }

  it('shows, once opened, each type’s months with their days', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(balanceRoutes({ path: REPORT, body: buildReport() }));
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget('My absence balance');
    expect(await within(widget).findByText('18.5 days available')).toBeInTheDocument();
    const toggle = within(widget).getByRole('button', { name: 'By month' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Nothing is asked until opened.
    expect(callsTo(calls, 'GET', REPORT)).toHaveLength(0);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(await within(panel).findByRole('heading', { name: 'Vacation', level: 3 })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Sick day' })).toBeNull();
    expect(panel).toHaveTextContent('Days by month, 2031');
    const months = within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(months).toEqual(['May 2031', 'June 2031']);
    const days = within(panel)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    // May merges both absences' days, in date order; the half day says how much it counts.
    expect(days).toEqual(['3.5 days May 12, May 13 (0.5), May 29, May 30', '1 day Jun 2']);
    expect(await findAxeViolations()).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(widget).queryByText('May 2031')).toBeNull();
  });

  it('says when the year has no absences, and when the report could not be loaded', async () => {
    const user = userEvent.setup();
    const empty = absenceReportResponseSchema.parse({ data: {}, meta: { employee_id: 7, year: 2031 } });
    mockFetch(balanceRoutes({ path: REPORT, body: empty }));
    const view = renderApp('/', { permissions: dashboardPermissions });
    let widget = await findWidget('My absence balance');
    await user.click(within(widget).getByRole('button', { name: 'By month' }));
    expect(await within(widget).findByText('No absences this year.')).toBeInTheDocument();
    view.unmount();

    mockFetch(balanceRoutes({ path: REPORT, status: 503, body: { message: 'Try later.' } }));
    renderApp('/', { permissions: dashboardPermissions });
    widget = await findWidget('My absence balance');
    await user.click(within(widget).getByRole('button', { name: 'By month' }));
    expect(await within(widget).findByRole('alert')).toHaveTextContent('Could not load this widget.');
  });
});
