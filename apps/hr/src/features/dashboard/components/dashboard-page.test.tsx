import type { DashboardState, DashboardWidget } from '@kadry/shared/schemas/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import {
  buildCompanyInfo,
  buildRequest,
  buildState,
  dashboardPermissions,
  stateText,
} from '../dashboard-test-data';

const WIDGETS = '/api/v1/dashboard/widgets';
const CURRENT = '/api/v1/dashboard/layouts/current';
const CURRENT_PARAMS = '/api/v1/dashboard/layouts/current/params';
const WIDGET_PARAMS = '/api/v1/dashboard/widgets/params';
const COMPANY = '/api/v1/dashboard/company-info';
const ABOUT = '/api/v1/dashboard/about-company';
const BIRTHDAYS = '/api/v1/dashboard/birthdays';
const ANNIVERSARIES = '/api/v1/dashboard/important-dates';
const PROBATION = '/api/v1/employees/probation';
const ABSENT = '/api/v1/dashboard/absent-today';
const ABSENT_TOTAL = '/api/v1/dashboard/absent-today/total';
const BALANCE = '/api/v1/dashboard/balance/absence';
const MY_REQUESTS = '/api/v1/dashboard/requests/my';
const ALL_REQUESTS = '/api/v1/dashboard/requests';
const CANDIDATES = '/api/v1/employees/candidates';
const TEAMS = '/dictionaries/visible-teams';

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

const emptyList = { data: [], meta: { total: 0 } };

/** The widgets' data, each answering something (or nothing) unless a test says otherwise. */
function widgetRoutes(): MockRoute[] {
  return [
    { path: COMPANY, body: { data: buildCompanyInfo() } },
    {
      path: BIRTHDAYS,
      body: {
        data: [
          { employee: { id: 3, name: 'Tina Mate', photo_url: null }, date: '2031-03-10', days_until: 0 },
          { employee: { id: 4, name: 'Leap Ling', photo_url: null }, date: '2031-02-28', days_until: 3 },
        ],
        meta: { total: 2 },
      },
    },
    { path: ANNIVERSARIES, body: emptyList },
    { path: PROBATION, body: { data: [] } },
    {
      path: ABSENT,
      body: {
        data: [
          {
            id: 1,
            employee_id: 3,
            employee_name: 'Tina Mate',
            absence_type: 'vacation',
            date_from: '2031-03-09',
            date_to: '2031-03-12',
            half_day_start: false,
            half_day_end: false,
            hours: null,
            days: 4,
            today: '2031-03-10',
          },
        ],
        meta: { current_page: 1, last_page: 1, per_page: 5, total: 1 },
      },
    },
    { path: ABSENT_TOTAL, body: { data: { total: 1 } } },
    { path: BALANCE, body: { data: [] } },
    { path: MY_REQUESTS, body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 5, total: 0 } } },
    { path: CANDIDATES, body: emptyList },
    { path: TEAMS, body: { teams: [{ id: 9, name: 'Platform', parent_id: null, is_hidden: false }] } },
  ];
}

/**
 * The layout routes over a layout held here: reads answer it, saves change it (as the server would),
 * so what the screen shows after a save is what was saved.
 */
function layoutRoutes(
  initial: DashboardState,
  saveStatus = 204,
): { routes: MockRoute[]; current: () => DashboardState } {
  let state = initial;
  return {
    current: () => state,
    routes: [
      { path: WIDGETS, body: () => stateText(state) },
      {
        method: 'POST',
        path: CURRENT,
        status: saveStatus,
        body: ({ body }) => {
          if (saveStatus !== 204) return { message: 'This widget is not available to you.' };
          const names = (body as { widgets: DashboardWidget[] }).widgets;
          state = buildState(names, { source: 'own' });
          return undefined;
        },
      },
    ],
  };
}

function cardOf(name: string): HTMLElement {
  return screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement;
}

function cardTitles(): string[] {
  const grid = screen.getByRole('list', { name: 'Widgets' });
  return within(grid)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

describe('the dashboard', () => {
  it('is the home page: each widget in its order with its data, empty and failure states', async () => {
    const { calls } = mockFetch([
      ...layoutRoutes(
        buildState(['companyInfo', 'birthdays', 'workAnniversaries', 'absentToday', 'requests']),
      ).routes,
      { path: MY_REQUESTS, status: 500, body: { message: 'Server error' } },
      ...widgetRoutes(),
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(cardTitles()).toEqual([
        'Company',
        'Birthdays',
        'Work anniversaries',
        'Absent today',
        'Absence requests',
      ]),
    );
    // Company info.
    expect(await within(cardOf('Company')).findByText('We make tools for HR.')).toBeInTheDocument();
    expect(within(cardOf('Company')).getByText('42')).toBeInTheDocument();
    expect(within(cardOf('Company')).queryByRole('button', { name: /Edit the text/ })).toBeNull();
    // Birthdays: today first; a 29 February birthday shown on the day the server answers.
    const birthdays = cardOf('Birthdays');
    expect(await within(birthdays).findByRole('link', { name: 'Tina Mate' })).toHaveAttribute(
      'href',
      '/app/employees/3',
    );
    expect(within(birthdays).getByText(/Today/)).toBeInTheDocument();
    expect(within(birthdays).getByText(/February 28/)).toBeInTheDocument();
    expect(within(birthdays).getByText(/In 3 days/)).toBeInTheDocument();
    // Empty.
    expect(
      await within(cardOf('Work anniversaries')).findByText('No work anniversaries in the next 30 days.'),
    );
    // Absent today with its total.
    expect(await within(cardOf('Absent today')).findByText('1 person away today')).toBeInTheDocument();
    // A failed widget says so and offers a retry; the others stay.
    const failed = cardOf('Absence requests');
    expect(await within(failed).findByRole('alert')).toHaveTextContent('Could not load this widget.');
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // The calls carry the widgets' parameters: per_page from the limit, the window.
    const birthdayCall = callsTo(calls, 'GET', BIRTHDAYS)[0];
    expect(birthdayCall?.url.searchParams.get('per_page')).toBe('5');
    expect(birthdayCall?.url.searchParams.get('days')).toBe('30');
    expect(await findAxeViolations()).toEqual([]);
  });

  it('shows a widget loading until its data arrives', async () => {
    const { fetchMock } = mockFetch([...layoutRoutes(buildState(['candidates'])).routes, ...widgetRoutes()]);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) =>
      String(input).includes(CANDIDATES)
        ? new Promise<Response>(() => {})
        : (answer?.(input, init) as Promise<Response>),
    );
    renderApp('/', { permissions: dashboardPermissions });
    const card = (await screen.findByRole('heading', { name: 'My candidates', level: 2 })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByRole('status')).toHaveTextContent('Loading…');
  });

  it('says so when the dashboard has no widgets', async () => {
    mockFetch([...layoutRoutes(buildState([], { source: 'own' })).routes, ...widgetRoutes()]);
    renderApp('/', { permissions: dashboardPermissions });
    expect(
      await screen.findByText('Your dashboard has no widgets. Choose Customise to add some.'),
    ).toBeInTheDocument();
  });

  it('reorders by keyboard: the move buttons and Alt+arrows save the order and announce it', async () => {
    const layout = layoutRoutes(buildState(['companyInfo', 'birthdays', 'absentToday']));
    const { calls } = mockFetch([...layout.routes, ...widgetRoutes()]);
    const user = userEvent.setup();
    renderApp('/', { permissions: dashboardPermissions });
    await user.click(await screen.findByRole('button', { name: 'Customise' }));
    expect(screen.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-pressed', 'true');

    const up = within(cardOf('Birthdays')).getByRole('button', { name: 'Move Birthdays up' });
    await user.click(up);
    await waitFor(() => expect(cardTitles()).toEqual(['Birthdays', 'Company', 'Absent today']));
    expect(callsTo(calls, 'POST', CURRENT).at(-1)?.body).toEqual({
      _method: 'PUT',
      widgets: ['birthdays', 'companyInfo', 'absentToday'],
    });
    expect(screen.getByText('Birthdays moved to position 1 of 3')).toBeInTheDocument();
    // Focus follows the card.
    await waitFor(() =>
      expect(within(cardOf('Birthdays')).getByRole('button', { name: 'Move Birthdays up' })).toHaveFocus(),
    );

    // Alt+↓ anywhere in a card moves it down.
    fireEvent.keyDown(within(cardOf('Company')).getByRole('button', { name: 'Remove Company' }), {
      key: 'ArrowDown',
      altKey: true,
    });
    await waitFor(() => expect(cardTitles()).toEqual(['Birthdays', 'Absent today', 'Company']));
    expect(screen.getByText('Company moved to position 3 of 3')).toBeInTheDocument();
    expect(layout.current().widgets.map((widget) => widget.name)).toEqual([
      'birthdays',
      'absentToday',
      'companyInfo',
    ]);
    // The first card cannot go further up.
    expect(within(cardOf('Birthdays')).getByRole('button', { name: 'Move Birthdays up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('removes and adds widgets, offering only those not on the dashboard', async () => {
    const layout = layoutRoutes(buildState(['companyInfo', 'absentToday']));
    const { calls } = mockFetch([...layout.routes, ...widgetRoutes()]);
    const user = userEvent.setup();
    renderApp('/', { permissions: dashboardPermissions });
    await user.click(await screen.findByRole('button', { name: 'Customise' }));

    await user.click(within(cardOf('Absent today')).getByRole('button', { name: 'Remove Absent today' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Company']));
    expect(screen.getByText('Absent today removed')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', CURRENT).at(-1)?.body).toEqual({
      _method: 'PUT',
      widgets: ['companyInfo'],
    });

    // Only widgets not on the dashboard are offered.
    const picker = screen.getByLabelText('Widget to add');
    expect(within(picker).queryByRole('option', { name: 'Company' })).toBeNull();
    await user.selectOptions(picker, 'Birthdays');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Company', 'Birthdays']));
    expect(screen.getByText('Birthdays added at position 2')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', CURRENT).at(-1)?.body).toEqual({
      _method: 'PUT',
      widgets: ['companyInfo', 'birthdays'],
    });
  });

  it('puts the layout back when the server refuses the change', async () => {
    const layout = layoutRoutes(buildState(['companyInfo', 'absentToday']), 403);
    mockFetch([...layout.routes, ...widgetRoutes()]);
    const user = userEvent.setup();
    renderApp('/', { permissions: dashboardPermissions });
    await user.click(await screen.findByRole('button', { name: 'Customise' }));
    await user.click(within(cardOf('Absent today')).getByRole('button', { name: 'Move Absent today up' }));
    await waitFor(() => expect(screen.getByText(/could not be saved/)).toBeInTheDocument());
    await waitFor(() => expect(cardTitles()).toEqual(['Company', 'Absent today']));
  });

  it('saves a widget’s settings as its parameters, and absentToday’s by merging', async () => {
    const state = buildState(['birthdays', 'absentToday']);
    const { calls } = mockFetch([
      ...layoutRoutes(state).routes,
      {
        method: 'POST',
        path: CURRENT_PARAMS,
        body: { data: { widget_name: 'birthdays', params: { limit: 10, days: 30, team_ids: [9] } } },
      },
      {
        method: 'POST',
        path: WIDGET_PARAMS,
        body: { data: { widget_name: 'absentToday', params: { limit: 5, absence_type: 'vacation' } } },
      },
      ...widgetRoutes(),
    ]);
    const user = userEvent.setup();
    renderApp('/', { permissions: dashboardPermissions });
    const birthdays = (await screen.findByRole('heading', { name: 'Birthdays', level: 2 })).closest(
      'li',
    ) as HTMLElement;
    const toggle = within(birthdays).getByRole('button', { name: 'Settings of the widget Birthdays' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(within(birthdays).getByLabelText('Rows shown'), '10');
    await user.click(await within(birthdays).findByRole('checkbox', { name: 'Platform' }));
    await user.click(within(birthdays).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', CURRENT_PARAMS)).toHaveLength(1));
    const sent = callsTo(calls, 'POST', CURRENT_PARAMS)[0]?.body as { widget_name: string; params: string };
    expect(sent.widget_name).toBe('birthdays');
    expect(JSON.parse(sent.params)).toEqual({ limit: 10, days: 30, team_ids: [9] });
    // The widget asks again with the saved parameters.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', BIRTHDAYS).at(-1)?.url.search).toBe('?per_page=10&days=30&team_ids=9'),
    );

    const absent = cardOf('Absent today');
    await user.click(within(absent).getByRole('button', { name: 'Settings of the widget Absent today' }));
    await user.selectOptions(within(absent).getByLabelText('Type'), 'vacation');
    await user.click(within(absent).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', WIDGET_PARAMS)).toHaveLength(1));
    const merged = callsTo(calls, 'POST', WIDGET_PARAMS)[0]?.body as { widget_name: string; params: string };
    expect(merged.widget_name).toBe('absentToday');
    expect(JSON.parse(merged.params)).toEqual({ limit: 5, absence_type: 'vacation' });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', ABSENT_TOTAL).at(-1)?.url.searchParams.get('absence_type')).toBe(
        'vacation',
      ),
    );
  });

  it('lists all requests the user sees with their filters, linking their own to my absences', async () => {
    const { calls } = mockFetch([
      ...layoutRoutes(
        buildState(['requests'], { params: { requests: { scope: 'all', team_id: 9, status: 'pending' } } }),
      ).routes,
      {
        path: ALL_REQUESTS,
        body: {
          data: [buildRequest(), buildRequest({ id: 12, employee_id: 3, employee_name: 'Tina Mate' })],
          meta: { current_page: 1, last_page: 1, per_page: 5, total: 2 },
        },
      },
      ...widgetRoutes(),
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const card = (await screen.findByRole('heading', { name: 'Absence requests', level: 2 })).closest(
      'li',
    ) as HTMLElement;
    expect(await within(card).findByRole('link', { name: 'Olena Owner · Vacation' })).toHaveAttribute(
      'href',
      '/app/absences?request=11',
    );
    // Someone else's request: no management tab for this role, so no link.
    expect(within(card).getByText('Tina Mate · Vacation')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Tina Mate · Vacation' })).toBeNull();
    const call = callsTo(calls, 'GET', ALL_REQUESTS)[0];
    expect(call?.url.search).toBe('?page=1&per_page=5&status=pending&team_id=9');
    expect(callsTo(calls, 'GET', MY_REQUESTS)).toEqual([]);
  });

  it('lets an owner edit the text about the company', async () => {
    let about = 'We make tools for HR.';
    const { calls } = mockFetch([
      ...layoutRoutes(buildState(['companyInfo'], { can_edit_default: true })).routes,
      { path: COMPANY, body: () => ({ data: buildCompanyInfo({ about, can_edit_about: true }) }) },
      {
        method: 'POST',
        path: ABOUT,
        body: ({ body }) => {
          about = (body as { about: string }).about;
          return { data: { about, can_edit: true } };
        },
      },
      ...widgetRoutes(),
    ]);
    const user = userEvent.setup();
    renderApp('/', { permissions: dashboardPermissions });
    await user.click(await screen.findByRole('button', { name: 'Edit the text about the company' }));
    const field = screen.getByLabelText('About the company');
    await user.clear(field);
    await user.type(field, 'Remote first since 2020.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Remote first since 2020.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', ABOUT)[0]?.body).toEqual({
      _method: 'PUT',
      about: 'Remote first since 2020.',
    });
  });

  it('keeps the former start page: without the dashboard the home page lists the sections', async () => {
    mockFetch([]);
    renderApp('/', { permissions: buildPermissions() });
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Olena Owner', level: 1 }),
    ).toBeInTheDocument();
  });

  it('keeps the former start page in the navigation, beside the dashboard', async () => {
    mockFetch([...layoutRoutes(buildState(['companyInfo', 'birthdays'])).routes, ...widgetRoutes()]);
    renderApp('/sections', { permissions: dashboardPermissions });
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Olena Owner', level: 1 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: /./ });
    expect(within(nav).getByRole('link', { name: 'All sections' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/');
  });
});
