import type { LoginAsAction } from '@kadry/shared/schemas/employee-access';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';
import { buildEmployee, buildEmployeePermissions, lookupRoutes } from '../employees-test-data';
import { describeRoute } from './login-as-actions-section';

// The profile's "Done while logged in as {name}" (decision 016, addendum): the login-as log of one
// employee, inside the history, for holders of the Employee login_as action only.

const ACTIONS_PATH = '/api/v1/login-as/actions';
const TITLE = 'Done while logged in as Anna Kovalenko';

function profileRoutes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/v1/employees/11', body: { data: buildEmployee() } },
    {
      path: '/api/v1/employees/11/changes',
      body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
    },
    ...lookupRoutes(),
  ];
}

function buildAction(overrides: Partial<LoginAsAction> = {}): LoginAsAction {
  return {
    id: 1,
    at: '2030-03-01T10:00:00.000Z',
    method: 'POST',
    route: '/api/v1/employees/:id/login-as',
    object_id: 11,
    status: 200,
    impersonator: { id: 1, name: 'Olena Owner' },
    acting_user: { id: 7, name: 'Anna Kovalenko', employee_id: 11 },
    ...overrides,
  };
}

function page(data: LoginAsAction[]) {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } };
}

const withLoginAs = () =>
  buildEmployeePermissions({ actions: ['get_profile', 'send_access', 'email', 'login_as'] });

async function findSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: TITLE });
}

describe('done while logged in as', () => {
  it('lists each action with its time, who was logged in, what and how it ended', async () => {
    const { calls } = mockFetch(
      profileRoutes([
        {
          path: ACTIONS_PATH,
          body: page([
            buildAction({ id: 4, route: '/api/v1/login-as/end', object_id: null }),
            buildAction({
              id: 3,
              method: 'DELETE',
              route: '/api/v1/absences/:id',
              object_id: 5,
              status: 403,
            }),
            buildAction({ id: 2, method: 'PUT', route: '/api/v1/employees/:id', object_id: 11 }),
            buildAction({ id: 1 }),
          ]),
        },
      ]),
    );
    renderApp('/employees/11', { permissions: withLoginAs() });
    const section = await findSection();
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        'Olena Owner returned to their own account POST /api/v1/login-as/end done (200)',
      ),
      expect.stringContaining('Olena Owner: deleted absences › #5 DELETE /api/v1/absences/:id refused (403)'),
      expect.stringContaining('Olena Owner: changed employees › #11 PUT /api/v1/employees/:id done (200)'),
      expect.stringContaining('Olena Owner logged in as Anna Kovalenko'),
    ]);
    expect(within(items[0] as HTMLElement).getByText(/2030/)).toHaveAttribute(
      'datetime',
      '2030-03-01T10:00:00.000Z',
    );
    const asked = calls.find((call) => call.url.pathname === ACTIONS_PATH);
    expect(asked?.url.searchParams.get('employee_id')).toBe('11');
    expect(await findAxeViolations()).toEqual([]);
  });

  it('says when nothing was done', async () => {
    mockFetch(profileRoutes([{ path: ACTIONS_PATH, body: page([]) }]));
    renderApp('/employees/11', { permissions: withLoginAs() });
    expect(
      await within(await findSection()).findByText(
        'Nothing has been done while logged in as Anna Kovalenko.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads again', async () => {
    mockFetch(profileRoutes([{ path: ACTIONS_PATH, status: 500, body: { message: 'Server error' } }]));
    renderApp('/employees/11', { permissions: withLoginAs() });
    const section = await findSection();
    const alert = await within(section).findByRole('alert');
    mockFetch(profileRoutes([{ path: ACTIONS_PATH, body: page([buildAction()]) }]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Olena Owner logged in as Anna Kovalenko')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is neither shown nor asked for without the login_as action', async () => {
    const { calls } = mockFetch(profileRoutes());
    renderApp('/employees/11', { permissions: buildEmployeePermissions() });
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === ACTIONS_PATH)).toBe(false);
  });
});

describe('describeRoute', () => {
  it('drops the API prefix, names the object and spells dashes as spaces', () => {
    expect(describeRoute('/api/v1/absences/:id/approve', 5)).toBe('absences › #5 › approve');
    expect(describeRoute('/api/v1/employees/:id/login-as', 11)).toBe('employees › #11 › login as');
    expect(describeRoute('/api/v1/employees/:id/files/:fileId', 11)).toBe('employees › #11 › files › …');
    expect(describeRoute('/vue-global/tasks', null)).toBe('vue global › tasks');
  });
});
