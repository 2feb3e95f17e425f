import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../features/employees/api/login-as';
import { findAxeViolations } from '../../test/axe';
import { buildVacancy, ownerPermissions, pageOf } from '../../test/recruiting-test-data';
import { buildPageData, mockFetch, renderApp } from '../../test/render-app';

// The "login as" banner (docs/decisions/016-login-as.md): on every screen while the session is
// someone else's, with the way back.

const routes = [
  { path: '/api/v1/notifications/count', body: { data: { unread: 0 } } },
  { path: '/api/v1/vacancies', body: pageOf([buildVacancy()]) },
  { path: '/api/v1/teams', body: { data: [] } },
  { method: 'POST' as const, path: '/api/v1/login-as/end', body: { data: { redirect: '/app' } } },
];

function impersonatedPageData() {
  const pageData = buildPageData();
  return {
    ...pageData,
    user: { ...pageData.user, name: 'Petro Employee', impersonator: { name: 'Olena Owner' } },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('impersonation banner', () => {
  it('says whose account this is and who opened it, and returns to one’s own account from the keyboard', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const { calls } = mockFetch(routes);
    renderApp('/', { permissions: ownerPermissions, pageData: impersonatedPageData() });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('You are signed in as Petro Employee');
    expect(banner).toHaveTextContent('Signed in by Olena Owner');

    const back = within(banner).getByRole('button', { name: 'Return to my account' });
    await userEvent.tab();
    await userEvent.tab();
    expect(back).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/app'));
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/v1/login-as/end')).toBe(
      true,
    );
  });

  it('is not there in one’s own session', async () => {
    mockFetch(routes);
    renderApp('/', { permissions: ownerPermissions });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'Return to my account' })).toBeNull();
  });

  it('has no axe violations', async () => {
    mockFetch(routes);
    renderApp('/', { permissions: ownerPermissions, pageData: impersonatedPageData() });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await findAxeViolations()).toEqual([]);
  });
});
