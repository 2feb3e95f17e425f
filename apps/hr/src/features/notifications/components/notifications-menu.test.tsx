import { notificationsResponseSchema } from '@kadry/shared/schemas/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { ownerPermissions } from '../../../test/recruiting-test-data';
import { buildPageData, type MockRoute, mockFetch, renderApp } from '../../../test/render-app';
import {
  buildRequest,
  managerAbsencePermissions,
  page,
  vacationType,
} from '../../absences/absences-test-data';

const LIST = '/api/v1/notifications';
const COUNT = '/api/v1/notifications/count';
const READ = '/api/v1/notifications/read';

const absenceRequest = {
  id: 11,
  employee_id: 8,
  employee_name: 'Olena Kovalenko',
  is_own: false,
  absence_type: 'vacation',
  type_names: { en: 'Vacation', ru: 'Отпуск', uk: 'Відпустка' },
  date_from: '2031-03-03',
  date_to: '2031-03-07',
  half_day_start: false,
  half_day_end: false,
  status: 'pending',
} as const;

/** One page of the list: an absence to decide, a new application, and the user's own approved one (read). */
function listAnswer(unread = 2) {
  return notificationsResponseSchema.parse({
    data: [
      {
        id: 3,
        kind: 'absence_requested',
        read_at: null,
        created_at: '2031-03-01T09:30:00.000Z',
        absence_request: absenceRequest,
      },
      {
        id: 2,
        kind: 'application_created',
        read_at: null,
        created_at: '2031-02-28T12:00:00.000Z',
        application_id: 41,
        vacancy_id: 5,
        vacancy_name: 'Backend Engineer',
      },
      {
        id: 1,
        kind: 'absence_approved',
        read_at: '2031-02-21T08:00:00.000Z',
        created_at: '2031-02-20T08:00:00.000Z',
        absence_request: {
          ...absenceRequest,
          id: 9,
          employee_id: 7,
          employee_name: 'Olena Owner',
          is_own: true,
          date_from: '2031-02-24',
          date_to: '2031-02-24',
          status: 'approved',
        },
      },
    ],
    meta: { current_page: 1, last_page: 1, per_page: 10, total: 3, unread },
  });
}

function routes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: COUNT, body: { data: { unread: 2 } } },
    { path: LIST, body: listAnswer() },
    { method: 'POST', path: READ, body: { data: { unread: 1 } } },
  ];
}

async function openPanel() {
  const bell = await screen.findByRole('button', { name: /Notifications: 2 new/ });
  await userEvent.click(bell);
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  return screen.findByRole('region', { name: 'Notifications' });
}

describe('the notifications panel', () => {
  it('lists applications and absence steps with readable lines, the unread ones marked', async () => {
    mockFetch(routes());
    renderApp('/', { permissions: ownerPermissions });
    const panel = await openPanel();
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app/absences/requests?request=11',
      '/app/applications/41',
      '/app/absences?request=9',
    ]);
    expect(links[0]).toHaveTextContent(/^Unread: Olena Kovalenko asks for vacation March 3\s*–\s*7, 2031/);
    expect(links[1]).toHaveTextContent(/^Unread: New application: Backend Engineer/);
    expect(links[2]).toHaveTextContent(/^Your vacation February 24, 2031 was approved/);
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('shows generic notifications (tasks, questions, mentions) with their actor and link', async () => {
    const generic = notificationsResponseSchema.parse({
      data: [
        {
          id: 5,
          kind: 'task_assigned',
          read_at: null,
          created_at: '2031-03-01T09:30:00.000Z',
          target: { type: 'task', id: 12 },
          actor_name: 'Olena Owner',
          title: 'Welcome meeting',
          link: '/app/tasks/12',
        },
        {
          id: 4,
          kind: 'question_asked',
          read_at: null,
          created_at: '2031-03-01T08:30:00.000Z',
          target: { type: 'question', id: 3 },
          actor_name: null,
          title: 'Parking',
          link: '/app/questions/3',
        },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 2, unread: 2 },
    });
    mockFetch([
      { path: COUNT, body: { data: { unread: 2 } } },
      { path: LIST, body: generic },
    ]);
    renderApp('/', { permissions: ownerPermissions });
    const panel = await openPanel();
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/app/tasks/12', '/app/questions/3']);
    expect(links[0]).toHaveTextContent(/^Unread: Olena Owner assigned you a task: Welcome meeting/);
    expect(links[1]).toHaveTextContent(/^Unread: Someone asked HR: Parking/);
  });

  it('opening an absence notification marks it read and opens the request', async () => {
    const { calls } = mockFetch(
      routes([
        { path: '/api/v1/absences/types', body: { data: [vacationType] } },
        { path: '/api/v1/absences/management', body: page([]) },
        { path: '/api/v1/absences/management/count', body: { data: { total: 0, by_type: [] } } },
        { path: '/api/v1/dashboard/requests', body: page([]) },
        { path: '/api/v1/employee-request/requests/11', body: { data: buildRequest({ id: 11 }) } },
      ]),
    );
    const { location } = renderApp('/', {
      permissions: {
        ...managerAbsencePermissions,
        permissions: {
          ...managerAbsencePermissions.permissions,
          Notification: ownerPermissions.permissions.Notification,
        },
      },
    });
    const panel = await openPanel();
    await userEvent.click(
      await within(panel).findByRole('link', { name: /Olena Kovalenko asks for vacation/ }),
    );
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === READ)).toHaveLength(1));
    expect(calls.find((call) => call.url.pathname === READ)?.body).toEqual({ ids: [3] });
    expect(location.history?.at(-1)).toBe('/app/absences/requests?request=11');
    // The page opens the request's detail from the address.
    expect(await screen.findByRole('dialog', { name: 'Absence request' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications: 1 new' })).toBeInTheDocument(),
    );
  });

  it('marks all read: the count follows the server', async () => {
    const { calls } = mockFetch(routes([{ method: 'POST', path: READ, body: { data: { unread: 0 } } }]));
    renderApp('/', { permissions: ownerPermissions });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === READ)).toHaveLength(1));
    expect(calls.find((call) => call.url.pathname === READ)?.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Notifications: 0 new' })).toBeInTheDocument();
  });

  it('says when there is nothing; Escape closes the panel and returns to the bell', async () => {
    mockFetch([
      { path: COUNT, body: { data: { unread: 2 } } },
      {
        path: LIST,
        body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, unread: 0 } },
      },
    ]);
    renderApp('/', { permissions: ownerPermissions });
    const panel = await openPanel();
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const bell = screen.getByRole('button', { name: /Notifications/ });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('offers a retry when the list fails', async () => {
    mockFetch([
      { path: COUNT, body: { data: { unread: 2 } } },
      { path: LIST, status: 500, body: { message: 'Server error' } },
    ]);
    renderApp('/', { permissions: ownerPermissions });
    const panel = await openPanel();
    expect(await within(panel).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('stays in a plan without recruiting (absences notify too), and is absent without the Notification permission', async () => {
    mockFetch(routes());
    const { unmount } = renderApp('/', {
      permissions: ownerPermissions,
      pageData: buildPageData({ tariffs: ['hrm'] }),
    });
    expect(await screen.findByRole('button', { name: /Notifications: 2 new/ })).toBeInTheDocument();
    unmount();
    renderApp('/', { permissions: managerAbsencePermissions });
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });
});
