import type { StaffUser } from '@kadry/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ownerRolePermissions,
  ownerWithoutRoleFieldPermissions,
  recruiterPermissions,
} from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { pageOf } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildEmployeePermissions } from '../../employees/employees-test-data';

const ROLES = [
  { id: 1, key: 'owner', name: 'Owner', updatedAt: '2031-03-01T10:00:00.000Z', users_count: 1 },
  { id: 3, key: 'recruiter', name: 'Recruiter', updatedAt: '2031-03-01T10:00:00.000Z', users_count: 1 },
  { id: 9, key: null, name: 'Interviewers', updatedAt: '2031-03-01T10:00:00.000Z', users_count: 0 },
];
const TEAMS = [
  {
    id: 4,
    name: 'Platform',
    members_count: 3,
    managers: [{ id: 8, name: 'Rita Recruiter' }],
    is_member: false,
  },
  { id: 5, name: 'Sales', members_count: 1, managers: [], is_member: false },
];

function buildStaffUser(overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    id: 8,
    employee_id: 108,
    name: 'Rita Recruiter',
    email: 'rita@acme.test',
    role: { id: 3, key: 'recruiter', name: 'Recruiter' },
    teams: [],
    locale: 'en',
    timezone: 'Europe/Kyiv',
    is_disabled: false,
    has_password: true,
    last_sign_in_at: null,
    created_at: '2031-03-01T10:00:00.000Z',
    ...overrides,
  };
}

// The signed-in owner of the page data (id 7) and two colleagues.
const owner = buildStaffUser({
  id: 7,
  name: 'Olena Owner',
  email: 'olena@acme.test',
  role: { id: 1, key: 'owner', name: 'Owner' },
  last_sign_in_at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
});
const rita = buildStaffUser({
  teams: [
    { id: 4, name: 'Platform', is_manager: true },
    { id: 5, name: 'Sales', is_manager: false },
  ],
  last_sign_in_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
});
const ivan = buildStaffUser({
  id: 9,
  name: 'Ivan Invited',
  email: 'ivan@acme.test',
  role: { id: 9, key: null, name: 'Interviewers' },
  has_password: false,
});
const dmytro = buildStaffUser({
  id: 10,
  name: 'Dmytro Disabled',
  email: 'dmytro@acme.test',
  is_disabled: true,
});

function staffRoutes(extra: MockRoute[] = [], users: StaffUser[] = [owner, rita, ivan, dmytro]): MockRoute[] {
  return [
    ...extra,
    { path: '/api/v1/admin/users', body: pageOf(users) },
    { path: '/api/v1/roles', body: { data: ROLES } },
    { path: '/api/v1/org/teams', body: { data: TEAMS } },
  ];
}

function listCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/v1/admin/users');
}

// The page data's user (Olena Owner) also names the user menu's button: look in the table only.
function rowOf(name: string): HTMLElement {
  return within(screen.getByRole('table')).getByRole('button', { name }).closest('tr') as HTMLElement;
}

async function openEditDialog(name: string) {
  await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

describe('people & access list', () => {
  it('sits in the employees area: tabs to the directory and here, this one marked current (issue 13)', async () => {
    mockFetch(staffRoutes());
    const { location } = renderApp('/staff', {
      permissions: { ...buildEmployeePermissions(), role: { id: 1, key: 'owner', name: 'Owner' } },
    });
    const tabs = await screen.findByRole('navigation', { name: 'Employees area' });
    expect(within(tabs).getByRole('link', { name: 'People & access' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const directory = within(tabs).getByRole('link', { name: 'Employees' });
    expect(directory).not.toHaveAttribute('aria-current');
    await userEvent.click(directory);
    expect(location.history.at(-1)).toBe('/app/employees');
  });

  it('shows no area tabs where only one of the two screens is open to the user', async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    await screen.findByRole('heading', { level: 1, name: 'People & access' });
    expect(screen.queryByRole('navigation', { name: 'Employees area' })).toBeNull();
  });

  it("links each account to its employee's profile when the owner may see employees", async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', {
      permissions: {
        ...buildEmployeePermissions(),
        role: { id: 1, key: 'owner', name: 'Owner' },
      },
    });
    const link = await within(await screen.findByRole('table')).findByRole('link', {
      name: 'Profile of Rita Recruiter',
    });
    expect(link).toHaveAttribute('href', '/app/employees/108');
  });

  it('shows each account with role, teams (managers marked), status and last sign-in; the owner is "You"', async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    await screen.findByRole('heading', { level: 1, name: 'People & access' });
    await screen.findByRole('button', { name: 'Rita Recruiter' });

    const ritaRow = rowOf('Rita Recruiter');
    expect(within(ritaRow).getByText('rita@acme.test')).toBeInTheDocument();
    expect(within(ritaRow).getByText('Recruiter')).toBeInTheDocument();
    expect(within(ritaRow).getByRole('list')).toHaveTextContent('Platform · manager');
    expect(within(ritaRow).getByRole('list')).toHaveTextContent('Sales');
    expect(within(ritaRow).getByText('Active')).toHaveAttribute('data-color', 'green');
    expect(within(ritaRow).getByText('3 days ago')).toHaveAttribute('datetime', rita.last_sign_in_at);

    const ivanRow = rowOf('Ivan Invited');
    expect(within(ivanRow).getByText('Interviewers')).toBeInTheDocument();
    expect(within(ivanRow).getByText('Invitation sent')).toHaveAttribute('data-color', 'orange');
    expect(within(ivanRow).getByText('Never')).toBeInTheDocument();
    expect(within(rowOf('Dmytro Disabled')).getByText('Disabled')).toHaveAttribute('data-color', 'grey');

    const ownerRow = rowOf('Olena Owner');
    expect(within(ownerRow).getByText('You')).toBeInTheDocument();
    expect(within(ownerRow).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(ritaRow).queryByText('You')).not.toBeInTheDocument();
    expect(screen.getByText('4 people')).toBeInTheDocument();
  });

  it('sends the debounced search, the filters and the page, and keeps them in the address', async () => {
    const { calls } = mockFetch(
      staffRoutes([
        {
          path: '/api/v1/admin/users',
          body: {
            ...pageOf([owner, rita]),
            meta: { current_page: 1, last_page: 3, per_page: 20, total: 45 },
          },
        },
      ]),
    );
    const { location } = renderApp('/staff', { permissions: ownerRolePermissions });
    await screen.findByRole('button', { name: 'Rita Recruiter' });
    expect(Object.fromEntries(listCalls(calls)[0]?.url.searchParams ?? [])).toEqual({ page: '1' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'rita');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('search')).toBe('rita'));
    // One request for the whole word, not one per keystroke.
    expect(listCalls(calls).filter((call) => call.url.searchParams.has('search'))).toHaveLength(1);

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Interviewers');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'Sales');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Invitation sent');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '2',
        search: 'rita',
        role_id: '9',
        team_id: '5',
        status: 'invited',
      }),
    );
    expect(location.history?.at(-1)).toBe('/app/staff?search=rita&role_id=9&team_id=5&status=invited&page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the first answer (cached), and to a plain address.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/staff'));
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('starts from the filters in the address', async () => {
    const { calls } = mockFetch(staffRoutes());
    renderApp('/staff?status=disabled&role_id=3&page=2&team_id=oops', { permissions: ownerRolePermissions });
    await screen.findByRole('button', { name: 'Rita Recruiter' });
    expect(Object.fromEntries(listCalls(calls)[0]?.url.searchParams ?? [])).toEqual({
      page: '2',
      status: 'disabled',
      role_id: '3',
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('disabled');
  });

  it('is not there for anyone but owners: not in the navigation, and the address shows not-found', async () => {
    const { calls } = mockFetch(staffRoutes([{ path: '/api/v1/vacancies', body: pageOf([]) }]));
    renderApp('/staff', { permissions: recruiterPermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'People & access' })).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('is in the navigation for owners', async () => {
    mockFetch(staffRoutes());
    renderApp('/', { permissions: ownerRolePermissions });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'People & access' })).toHaveAttribute(
      'href',
      '/app/staff',
    );
  });
});

describe('inviting a person', () => {
  async function openInvite() {
    await userEvent.click(await screen.findByRole('button', { name: 'Invite person' }));
    return screen.findByRole('dialog', { name: 'Invite a person' });
  }

  it('checks the form before sending anything', async () => {
    const { calls } = mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please fill in this field')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Enter an email address, like name@company.com',
    );
    expect(within(dialog).getByText('Choose a role')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the contract body, says so and refreshes the list', async () => {
    const created = buildStaffUser({
      id: 12,
      name: 'Nina New',
      email: 'nina@acme.test',
      has_password: false,
    });
    const { calls } = mockFetch(
      staffRoutes([{ method: 'POST', path: '/api/v1/admin/users', status: 201, body: { data: created } }]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openInvite();
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Kyiv');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Nina New ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'Nina@Acme.test');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'Recruiter');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'Українська');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Sales' }));
    const listCallsBefore = listCalls(calls).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to nina@acme.test')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nina New',
      email: 'nina@acme.test',
      role_id: 3,
      locale: 'uk',
      timezone: 'Europe/Kyiv',
      team_ids: [5],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listCallsBefore));
  });

  it("shows the server's 422 errors under their fields and keeps the dialog open", async () => {
    mockFetch(
      staffRoutes([
        {
          method: 'POST',
          path: '/api/v1/admin/users',
          status: 422,
          body: {
            message: 'Please check the highlighted fields',
            errors: {
              email: ['Someone in the company already has this email'],
              'team_ids.0': ['Unknown team'],
            },
          },
        },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Rita Again');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'rita@acme.test');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'Recruiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Someone in the company already has this email'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(within(dialog).getByText('Unknown team')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite a person' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    await openInvite();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Invite person' })).toHaveFocus());
  });
});

describe('editing an account', () => {
  it('saves the changed fields (PUT as POST with _method) and closes', async () => {
    const { calls } = mockFetch(
      staffRoutes([
        {
          method: 'POST',
          path: '/api/v1/admin/users/8',
          body: ({ body }) => ({ data: { ...rita, ...(body as object), role: ROLES[2] } }),
        },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Rita Recruiter');
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toHaveValue('3');
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Kyiv');
    expect(within(dialog).getByText('Platform (manager), Sales')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Rita Rivera');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'Interviewers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes to Rita Rivera saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Rita Rivera',
      email: 'rita@acme.test',
      role_id: 9,
      locale: 'en',
      timezone: 'Europe/Kyiv',
      _method: 'PUT',
    });
  });

  it('keeps the role as it is, and invites nobody, when the owner role lacks the system role field', async () => {
    const { calls } = mockFetch(
      staffRoutes([
        {
          method: 'POST',
          path: '/api/v1/admin/users/8',
          body: ({ body }) => ({ data: { ...rita, ...(body as object), role: ROLES[1] } }),
        },
      ]),
    );
    renderApp('/staff', { permissions: ownerWithoutRoleFieldPermissions });
    const dialog = await openEditDialog('Rita Recruiter');
    expect(screen.queryByRole('button', { name: 'Invite person' })).not.toBeInTheDocument();
    expect(screen.getByText(/Inviting needs a role that shows system roles/)).toBeInTheDocument();
    const role = within(dialog).getByRole('combobox', { name: /Role/ });
    expect(role).toBeDisabled();
    expect(role).toHaveValue('3');
    expect(within(dialog).getByText(/cannot change this one/)).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Rita Rivera');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes to Rita Rivera saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Rita Rivera',
      role_id: 3,
    });
  });

  it("shows the server's refusal (the last owner) under the role", async () => {
    mockFetch(
      staffRoutes([
        {
          method: 'POST',
          path: '/api/v1/admin/users/7',
          status: 422,
          body: {
            message: 'Please check the highlighted fields',
            errors: { role_id: ['The company must keep at least one owner'] },
          },
        },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Olena Owner');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'Recruiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Role/ })).toHaveAccessibleDescription(
        expect.stringContaining('The company must keep at least one owner'),
      ),
    );
  });

  it('asks before disabling, explains that sessions end, then sends is_disabled', async () => {
    const { calls } = mockFetch(
      staffRoutes([
        { method: 'POST', path: '/api/v1/admin/users/8', body: { data: { ...rita, is_disabled: true } } },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Rita Recruiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable Rita Recruiter?' });
    expect(confirm).toHaveTextContent('signed out everywhere right away');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable and sign out' }));
    expect(
      await screen.findByText('Rita Recruiter is disabled and signed out everywhere'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ is_disabled: true, _method: 'PUT' });
    const edit = screen.getByRole('dialog', { name: 'Rita Recruiter' });
    expect(within(edit).getByText('Disabled')).toBeInTheDocument();
    expect(within(edit).getByRole('button', { name: 'Enable account' })).toBeInTheDocument();
  });

  it('cancelling the confirmation sends nothing', async () => {
    const { calls } = mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Rita Recruiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable Rita Recruiter?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's reason when disabling is refused", async () => {
    mockFetch(
      staffRoutes([
        {
          method: 'POST',
          path: '/api/v1/admin/users/8',
          status: 422,
          body: {
            message: 'Please check the highlighted fields',
            errors: { is_disabled: ['The company must keep at least one owner'] },
          },
        },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Rita Recruiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable and sign out' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The company must keep at least one owner',
    );
  });

  it('enables a disabled account at once', async () => {
    const { calls } = mockFetch(
      staffRoutes([
        { method: 'POST', path: '/api/v1/admin/users/10', body: { data: { ...dmytro, is_disabled: false } } },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Dmytro Disabled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable account' }));
    expect(await screen.findByText('Dmytro Disabled can sign in again')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      is_disabled: false,
      _method: 'PUT',
    });
  });

  it('resends the invitation of an invited account', async () => {
    const { calls } = mockFetch(
      staffRoutes([
        // The real answer is 204; the mock's Response cannot carry a 204, and nothing reads the body.
        { method: 'POST', path: '/api/v1/admin/users/9/invite', body: null },
      ]),
    );
    renderApp('/staff', { permissions: ownerRolePermissions });
    const dialog = await openEditDialog('Ivan Invited');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText(/A new invitation was sent to ivan@acme.test/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/v1/admin/users/9/invite',
    ]);
  });

  it('offers no resend for active accounts and no disabling of oneself', async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    const self = await openEditDialog('Olena Owner');
    expect(within(self).queryByRole('button', { name: 'Disable account' })).not.toBeInTheDocument();
    expect(
      within(self).getByText("You can't disable your own account. Another owner can."),
    ).toBeInTheDocument();
    expect(within(self).queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
  });
});

describe('accessibility (axe)', () => {
  it('the list and the invite dialog have no violations', async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    await screen.findByRole('button', { name: 'Rita Recruiter' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Invite person' }));
    await screen.findByRole('checkbox', { name: 'Sales' });
    expect(await findAxeViolations()).toEqual([]);
  });

  it('the edit dialog has no violations', async () => {
    mockFetch(staffRoutes());
    renderApp('/staff', { permissions: ownerRolePermissions });
    await openEditDialog('Ivan Invited');
    expect(await findAxeViolations()).toEqual([]);
  });
});
