import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import {
  type AbsencePolicy,
  calendarAssignmentsBodySchema,
  calendarDayBodySchema,
  createAbsencePolicyBodySchema,
  type EditableAbsenceType,
  importHolidaysBodySchema,
  updateAbsencePolicyBodySchema,
  updateAbsenceTypeBodySchema,
  type WorkCalendar,
} from '@kadry/shared/schemas/absence-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions, ownerRolePermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { buildPageData, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';

const S = '/api/v1/absences/settings';

function type(
  overrides: Partial<EditableAbsenceType> & { id: number; code: EditableAbsenceType['code'] },
): EditableAbsenceType {
  return {
    number: null,
    names: { en: overrides.code, ru: overrides.code, uk: overrides.code },
    unit: 'days',
    counting: 'working_days',
    needs_approval: true,
    needs_document: false,
    counts_against_balance: false,
    color: '#4caf50',
    icon: 'beach',
    is_enabled: true,
    position: overrides.id,
    approval_chain: ['manager'],
    fallback_approver: null,
    ...overrides,
  };
}

const TYPES = [
  type({
    id: 1,
    code: 'vacation',
    names: { en: 'Vacation', ru: 'Отпуск', uk: 'Відпустка' },
    unit: 'half_days',
    approval_chain: ['manager', 'hr'],
    counts_against_balance: true,
  }),
  type({
    id: 2,
    code: 'sick_days',
    names: { en: 'Sick day', ru: 'Больничный', uk: 'Лікарняний' },
    is_enabled: false,
  }),
  type({
    id: 3,
    code: 'business_trip',
    names: { en: 'Business trip', ru: 'Командировка', uk: 'Відрядження' },
    needs_approval: false,
    approval_chain: [],
  }),
];

const DEFAULT_POLICY: AbsencePolicy = {
  id: 11,
  absence_type: 'vacation',
  name: 'Vacation',
  is_default: true,
  yearly_allowance: 20,
  accrual: 'upfront',
  tenure_milestones: [],
  rounding_step: 0.5,
  carry_over_cap: 5,
  carry_over_expiry: { month: 3, day: 31 },
  allow_negative: false,
  negative_limit: null,
  counting: 'working_days',
  teams: [],
  employees: [],
  is_active: true,
};

const CALENDAR: WorkCalendar = {
  id: 21,
  name: 'Kyiv office',
  country_code: 'UA',
  time_zone: 'Europe/Kyiv',
  working_weekdays: [1, 2, 3, 4, 5],
  is_default: true,
  employees_count: 1,
  teams_count: 1,
  people_count: 7,
};

const TEAMS = {
  data: [
    { id: 5, name: 'Support', members_count: 2, managers: [], is_member: false },
    { id: 6, name: 'Sales', members_count: 4, managers: [], is_member: false },
  ],
};
const COUNTRIES = {
  data: [
    { code: 'PL', name: 'Poland' },
    { code: 'UA', name: 'Ukraine' },
  ],
};

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

/** An update's body as the server reads it (the client sends PUT as POST with `_method`). */
function withoutOverride(body: unknown): Record<string, unknown> {
  const { _method: _override, ...rest } = body as Record<string, unknown>;
  return rest;
}

const settingsRole = buildPermissions({
  Settings: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
});

describe('absence settings: who sees them', () => {
  it('links the screen for owners and roles that change settings, not for others', async () => {
    mockFetch([{ path: `${S}/types`, body: { data: TYPES } }]);
    const { unmount } = renderApp('/', { permissions: settingsRole });
    const links = await screen.findAllByRole('link', { name: 'Absence settings' });
    for (const link of links) expect(link).toHaveAttribute('href', '/app/settings/absences');
    unmount();
    renderApp('/settings/absences', {
      permissions: buildPermissions({
        Settings: {
          visibilitySettings: {
            view: 'to_all',
            create: 'not_visible',
            update: 'only_my',
            delete: 'not_visible',
            all: null,
          },
          actions: [],
          fields_view: [],
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Absence settings');
    expect(screen.queryByRole('link', { name: 'Absence settings' })).not.toBeInTheDocument();
  });

  it('is not offered outside the HRM plan', async () => {
    mockFetch([]);
    renderApp('/', { permissions: ownerRolePermissions, pageData: buildPageData({ tariffs: ['ats'] }) });
    expect(await screen.findAllByRole('link', { name: 'Roles' })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Absence settings' })).not.toBeInTheDocument();
  });
});

describe('absence types', () => {
  it('lists every type with its colour, unit, approval and switch, and switches one off', async () => {
    const { calls } = mockFetch([
      { path: `${S}/types`, body: { data: TYPES } },
      {
        method: 'POST',
        path: `${S}/types/1`,
        body: ({ body }) => ({ data: { ...TYPES[0], ...withoutOverride(body) } }),
      },
    ]);
    renderApp('/settings/absences', { permissions: ownerRolePermissions });
    const row = (await screen.findByRole('rowheader', { name: /Vacation/ })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Half days');
    expect(row).toHaveTextContent('Manager → HR');
    const trip = screen.getByRole('rowheader', { name: /Business trip/ }).closest('tr') as HTMLElement;
    expect(trip).toHaveTextContent('No approval');
    expect(screen.getByRole('switch', { name: 'Sick day in use' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Types' })).toHaveAttribute('aria-current', 'page');
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(within(row).getByRole('switch', { name: 'Vacation in use' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${S}/types/1`)).toHaveLength(1));
    const sent = callsTo(calls, 'POST', `${S}/types/1`)[0]?.body;
    expect(sent).toMatchObject({ _method: 'PUT', is_enabled: false });
    expect(updateAbsenceTypeBodySchema.safeParse(withoutOverride(sent)).success).toBe(true);
    expect(await within(row).findByRole('switch', { name: 'Vacation in use' })).not.toBeChecked();
  });

  it('edits a type in a dialog and shows the server’s refusal under its field', async () => {
    let attempts = 0;
    const { calls } = mockFetch([
      { path: `${S}/types`, body: { data: TYPES } },
      { path: '/api/v1/org/people', body: { data: [{ id: 31, name: 'Hanna HR', email: null }] } },
      {
        method: 'POST',
        path: `${S}/types/1`,
        status: 422,
        body: () => {
          attempts += 1;
          return {
            message: 'Check the fields.',
            errors: { approval_chain: ['A type that needs approval needs at least one approval step.'] },
          };
        },
      },
    ]);
    renderApp('/settings/absences', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Vacation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vacation' });
    const english = within(dialog).getByRole('textbox', { name: /Name in English/ });
    await userEvent.clear(english);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fill this in')).toBeInTheDocument();
    expect(attempts).toBe(0);
    await userEvent.type(english, 'Annual leave');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Approval chain' }),
      'HR → Manager',
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Fallback approver' }),
      'Hanna HR',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findAllByText('A type that needs approval needs at least one approval step.'),
    ).not.toHaveLength(0);
    const sent = withoutOverride(callsTo(calls, 'POST', `${S}/types/1`)[0]?.body);
    expect(sent).toMatchObject({
      names: { en: 'Annual leave', ru: 'Отпуск', uk: 'Відпустка' },
      approval_chain: ['hr', 'manager'],
      fallback_approver_id: 31,
      needs_approval: true,
    });
    expect(updateAbsenceTypeBodySchema.safeParse(sent).success).toBe(true);
  });

  it('offers a retry when the types fail to load', async () => {
    mockFetch([{ path: `${S}/types`, status: 500, body: { message: 'Boom' } }]);
    renderApp('/settings/absences', { permissions: ownerRolePermissions });
    expect(await screen.findByText('Could not load the data.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('policies', () => {
  it('shows what a policy gives and to whom, and creates one assigned to a team', async () => {
    const { calls } = mockFetch([
      { path: `${S}/types`, body: { data: TYPES } },
      { path: `${S}/policies`, body: { data: [DEFAULT_POLICY] } },
      { path: '/api/v1/org/teams', body: TEAMS },
      {
        method: 'POST',
        path: `${S}/policies`,
        status: 201,
        body: {
          data: {
            ...DEFAULT_POLICY,
            id: 12,
            name: 'Support',
            is_default: false,
            teams: [{ id: 5, name: 'Support' }],
          },
        },
      },
    ]);
    renderApp('/settings/absences/policies', { permissions: ownerRolePermissions });
    const card = (await screen.findByRole('heading', { name: 'Vacation', level: 3 })).closest(
      'li',
    ) as HTMLElement;
    expect(card).toHaveTextContent('20 days a year, all at the start of the year');
    expect(card).toHaveTextContent('Up to 5, used by 31 March');
    expect(card).toHaveTextContent('Everyone else (default)');

    await userEvent.click(screen.getByRole('button', { name: 'New policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New policy' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Support');
    const allowance = within(dialog).getByRole('spinbutton', { name: /Yearly allowance/ });
    await userEvent.clear(allowance);
    await userEvent.type(allowance, '24');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Accrual' }),
      'month by month',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'The balance may go below zero' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /How far below zero/ }), '3');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Support' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${S}/policies`)).toHaveLength(1));
    const sent = callsTo(calls, 'POST', `${S}/policies`)[0]?.body;
    expect(sent).toMatchObject({
      absence_type: 'vacation',
      name: 'Support',
      yearly_allowance: 24,
      accrual: 'monthly',
      allow_negative: true,
      negative_limit: 3,
      team_ids: [5],
      employee_ids: [],
      carry_over_cap: null,
    });
    expect(createAbsencePolicyBodySchema.safeParse(sent).success).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('explains a refused delete and switches the policy off instead', async () => {
    const { calls } = mockFetch([
      { path: `${S}/types`, body: { data: TYPES } },
      { path: `${S}/policies`, body: { data: [DEFAULT_POLICY] } },
      {
        method: 'DELETE',
        path: `${S}/policies/11`,
        status: 409,
        body: {
          message: 'Balances were accrued under this policy, so it cannot be deleted. Switch it off instead.',
        },
      },
      {
        method: 'POST',
        path: `${S}/policies/11`,
        body: { data: { ...DEFAULT_POLICY, is_default: false, is_active: false } },
      },
    ]);
    renderApp('/settings/absences/policies', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vacation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Vacation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(/Balances were accrued under this policy, so it stays/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off instead' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${S}/policies/11`)).toHaveLength(1));
    const sent = withoutOverride(callsTo(calls, 'POST', `${S}/policies/11`)[0]?.body);
    expect(sent).toMatchObject({ is_default: false, team_ids: [], employee_ids: [] });
    expect(updateAbsencePolicyBodySchema.safeParse(sent).success).toBe(true);
  });

  it('says when there are no policies', async () => {
    mockFetch([
      { path: `${S}/types`, body: { data: TYPES } },
      { path: `${S}/policies`, body: { data: [] } },
    ]);
    renderApp('/settings/absences/policies', { permissions: ownerRolePermissions });
    expect(await screen.findByText('There are no policies yet.')).toBeInTheDocument();
  });
});

describe('work calendars', () => {
  const year = new Date().getFullYear();
  const DAYS = `${S}/calendars/21/days`;

  function calendarRoutes(days: { id: number; date: string; name: string; kind: 'public_holiday' }[]) {
    return [
      { path: `${S}/calendars`, body: { data: [CALENDAR] } },
      {
        path: `${S}/calendars/21`,
        body: {
          data: {
            ...CALENDAR,
            employees: [{ id: 41, name: 'Ivan Employee' }],
            teams: [{ id: 5, name: 'Support' }],
          },
        },
      },
      { path: DAYS, body: () => ({ data: days }) },
      { path: `${S}/holiday-countries`, body: COUNTRIES },
      { path: '/api/v1/org/teams', body: TEAMS },
    ];
  }

  it('says when there are no calendars yet', async () => {
    mockFetch([
      { path: `${S}/calendars`, body: { data: [] } },
      { path: `${S}/holiday-countries`, body: COUNTRIES },
    ]);
    renderApp('/settings/absences/calendars', { permissions: ownerRolePermissions });
    expect(await screen.findByText(/No calendars yet/)).toBeInTheDocument();
  });

  it('imports public holidays for the year on screen and says how many were added', async () => {
    const days: { id: number; date: string; name: string; kind: 'public_holiday' }[] = [];
    const { calls } = mockFetch([
      ...calendarRoutes(days),
      {
        method: 'POST',
        path: `${S}/calendars/21/import-holidays`,
        body: () => {
          days.push({ id: 1, date: `${year}-08-24`, name: 'Independence Day', kind: 'public_holiday' });
          return { data: { added: 1, skipped: 0 } };
        },
      },
    ]);
    renderApp('/settings/absences/calendars', { permissions: ownerRolePermissions });
    const card = (await screen.findByRole('button', { name: 'Open Kyiv office' })).closest(
      'li',
    ) as HTMLElement;
    expect(card).toHaveTextContent('Default');
    expect(card).toHaveTextContent('Mon, Tue, Wed, Thu, Fri');
    expect(card).toHaveTextContent('7 people count on it · assigned: 1 by name, 1 by team');
    expect(await screen.findByText(`No holidays or days off in ${year} yet.`)).toBeInTheDocument();
    expect(await screen.findByText('Ivan Employee')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);

    const country = screen.getByRole('combobox', { name: 'Public holidays of' });
    await waitFor(() => expect(country).toHaveValue('UA'));
    await userEvent.click(screen.getByRole('button', { name: `Import public holidays for ${year}` }));
    expect(await screen.findByText(`${year}: 1 holidays added, 0 already there.`)).toBeInTheDocument();
    const sent = callsTo(calls, 'POST', `${S}/calendars/21/import-holidays`)[0]?.body;
    expect(sent).toEqual({ country: 'UA', year });
    expect(importHolidaysBodySchema.safeParse(sent).success).toBe(true);
    expect(await screen.findByRole('rowheader', { name: `Aug 24, ${year}` })).toBeInTheDocument();
  });

  it('adds a day, showing the server’s refusal under the date', async () => {
    let attempts = 0;
    const { calls } = mockFetch([
      ...calendarRoutes([{ id: 1, date: `${year}-08-24`, name: 'Independence Day', kind: 'public_holiday' }]),
      {
        method: 'POST',
        path: DAYS,
        status: 422,
        body: () => {
          attempts += 1;
          return {
            message: 'Check the fields.',
            errors: { date: ['This calendar already has an entry on this date.'] },
          };
        },
      },
    ]);
    renderApp('/settings/absences/calendars', { permissions: ownerRolePermissions });
    const form = (await screen.findByRole('heading', { name: 'Add a day' })).closest(
      'section',
    ) as HTMLElement;
    const date = within(form).getByLabelText(/Date/);
    await userEvent.clear(date);
    await userEvent.type(date, `${year}-08-24`);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Team day');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText('This calendar already has an entry on this date.'),
    ).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(attempts).toBe(1);
    const sent = callsTo(calls, 'POST', DAYS)[0]?.body;
    expect(sent).toEqual({ date: `${year}-08-24`, name: 'Team day', kind: 'company_day_off' });
    expect(calendarDayBodySchema.safeParse(sent).success).toBe(true);
  });

  it('assigns teams to a calendar as stored teams, keeping the people and teams already on it', async () => {
    const { calls } = mockFetch([
      ...calendarRoutes([]),
      {
        method: 'POST',
        path: `${S}/calendars/21/assignments`,
        body: {
          data: {
            ...CALENDAR,
            teams_count: 2,
            people_count: 9,
            employees: [{ id: 41, name: 'Ivan Employee' }],
            teams: [
              { id: 6, name: 'Sales' },
              { id: 5, name: 'Support' },
            ],
          },
        },
      },
    ]);
    renderApp('/settings/absences/calendars', { permissions: ownerRolePermissions });
    const section = (await screen.findByRole('heading', { name: 'Who counts on this calendar' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(section).findByText('7 people count on it')).toBeInTheDocument();
    const teams = within(section).getByRole('group', { name: 'Teams on this calendar' });
    await waitFor(() => expect(within(teams).getByRole('checkbox', { name: 'Support' })).toBeChecked());
    expect(within(teams).getByRole('checkbox', { name: 'Sales' })).not.toBeChecked();
    await userEvent.click(within(teams).getByRole('checkbox', { name: 'Sales' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save people and teams' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${S}/calendars/21/assignments`)).toHaveLength(1));
    const sent = withoutOverride(callsTo(calls, 'POST', `${S}/calendars/21/assignments`)[0]?.body);
    expect(sent).toEqual({ employee_ids: [41], team_ids: [5, 6] });
    expect(calendarAssignmentsBodySchema.safeParse(sent).success).toBe(true);
    expect(await screen.findByText('9 people on this calendar')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('creates a calendar with its working days and time zone', async () => {
    const { calls } = mockFetch([
      ...calendarRoutes([]),
      {
        method: 'POST',
        path: `${S}/calendars`,
        status: 201,
        body: {
          data: {
            ...CALENDAR,
            id: 22,
            name: 'Warsaw',
            is_default: false,
            employees_count: 0,
            teams_count: 0,
            people_count: 0,
            employees: [],
            teams: [],
          },
        },
      },
    ]);
    renderApp('/settings/absences/calendars', { permissions: ownerRolePermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'New calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'New calendar' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Warsaw');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Country' }), 'Poland');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Friday' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${S}/calendars`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${S}/calendars`)[0]?.body).toEqual({
      name: 'Warsaw',
      country_code: 'PL',
      time_zone: 'Europe/Kyiv',
      working_weekdays: [1, 2, 3, 4, 6],
      is_default: false,
    });
  });
});
