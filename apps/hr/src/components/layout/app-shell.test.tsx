import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildVacancy,
  ownerPermissions,
  pageOf,
  vacancyViewerPermissions,
} from '../../test/recruiting-test-data';
import { buildPageData, mockFetch, renderApp } from '../../test/render-app';

const baseRoutes = [
  { path: '/api/v1/notifications/count', body: { data: { unread: 3 } } },
  { path: '/api/v1/vacancies', body: pageOf([buildVacancy()]) },
  { path: '/api/v1/teams', body: { data: [] } },
];

describe('app shell', () => {
  it('shows the company, the user menu with a sign-out form carrying the CSRF token, and the unread count', async () => {
    mockFetch(baseRoutes);
    renderApp('/', { permissions: ownerPermissions });
    expect(screen.getByRole('banner')).toHaveTextContent('Acme');
    expect(await screen.findByRole('button', { name: /Notifications: 3 new/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Olena Owner/ }));
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    const form = signOut.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('action', '/app/sign-out');
    expect(form).toHaveAttribute('method', 'post');
    expect((form.elements.namedItem('_token') as HTMLInputElement).value).toBe('test-token');
  });

  it('lists every recruiting screen for an owner with ATS', async () => {
    mockFetch(baseRoutes);
    renderApp('/', { permissions: ownerPermissions });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Vacancies',
      'Candidates',
      'Candidate mail',
      'Application forms',
      'Pipeline templates',
      'Careers site',
    ]);
  });

  it('hides recruiting when the plan has no ATS, and its pages answer not found', async () => {
    mockFetch(baseRoutes);
    renderApp('/vacancies', { permissions: ownerPermissions, pageData: buildPageData({ tariffs: ['hrm'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    // Absences notify too (issue 14): the bell stays without recruiting.
    expect(await screen.findByRole('button', { name: /Notifications: 3 new/ })).toBeInTheDocument();
  });

  it('shows only what the role allows', async () => {
    mockFetch(baseRoutes);
    renderApp('/', { permissions: vacancyViewerPermissions });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vacancies']);
  });

  it('moves focus to the new page heading after navigation', async () => {
    mockFetch(baseRoutes);
    renderApp('/', { permissions: ownerPermissions });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Vacancies' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Vacancies' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('app shell on a phone (issue 18)', () => {
  it('opens the navigation from a menu button and closes it with Escape, returning focus', async () => {
    mockFetch(baseRoutes);
    renderApp('/', { permissions: ownerPermissions });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The button controls the sections, each a titled list of links.
    const sections = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    const lists = within(nav).getAllByRole('list');
    for (const list of lists) expect(sections).toContainElement(list);
    expect(within(nav).getByRole('list', { name: 'Recruiting' })).toContainElement(
      within(nav).getByRole('link', { name: 'Vacancies' }),
    );
    await userEvent.tab();
    expect(within(nav).getAllByRole('link')[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes the account menu with Escape from inside it and returns focus to its button', async () => {
    mockFetch(baseRoutes);
    renderApp('/', { permissions: ownerPermissions });
    const account = await screen.findByRole('button', { name: /Olena Owner/ });
    await userEvent.click(account);
    screen.getByRole('link', { name: 'My account' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
  });
});
