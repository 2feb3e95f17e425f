import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildVacancy, ownerPermissions, pageOf } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp, renderAppInBrowserHistory } from '../../../test/render-app';

const vacancies = [1, 2, 3, 4, 5, 9].map((status) =>
  buildVacancy({ id: status, name: `Vacancy ${status}`, status, responses_count: status }),
);

function vacancyCalls(calls: { method: string; url: URL }[]) {
  return calls.filter((call) => call.url.pathname === '/api/v1/vacancies');
}

describe('vacancies list', () => {
  it('colours status chips by id: 1 green, 2 orange, 3 red, 4 green, 5 red, other grey', async () => {
    mockFetch([
      { path: '/api/v1/vacancies', body: pageOf(vacancies) },
      { path: '/api/v1/teams', body: { data: [] } },
    ]);
    renderApp('/vacancies', { permissions: ownerPermissions });
    await screen.findByRole('link', { name: 'Vacancy 1' });
    const colours = [1, 2, 3, 4, 5, 9].map((id) => {
      const row = screen.getByRole('link', { name: `Vacancy ${id}` }).closest('tr') as HTMLElement;
      return row.querySelector('[data-color]')?.getAttribute('data-color');
    });
    expect(colours).toEqual(['green', 'orange', 'red', 'green', 'red', 'grey']);
    expect(screen.getByRole('link', { name: 'Vacancy 9' }).closest('tr')).toHaveTextContent('Other');
  });

  it('sends the search, the filters and the page to the list call', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/vacancies', body: pageOf(vacancies, 3) },
      { path: '/api/v1/teams', body: { data: [{ id: 4, name: 'Platform' }] } },
    ]);
    renderApp('/vacancies', { permissions: ownerPermissions });
    await screen.findByRole('link', { name: 'Vacancy 1' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'backend');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Careers site' }), 'true');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Team' }), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      const last = vacancyCalls(calls).at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        page: '2',
        search: 'backend',
        status: '2',
        is_published: 'true',
        team_id: '4',
      });
    });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('offers creating a vacancy only to roles that may create', async () => {
    mockFetch([
      { path: '/api/v1/vacancies', body: pageOf([]) },
      { path: '/api/v1/teams', body: { data: [] } },
    ]);
    renderApp('/vacancies', { permissions: ownerPermissions });
    // Issue 18: with no filters, "No vacancies match." said nothing useful; it says what to do instead.
    expect(await screen.findByText(/There are no vacancies yet\./)).toBeInTheDocument();
    expect(screen.queryByText('No vacancies match.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create the first vacancy' })).toHaveAttribute(
      'href',
      '/app/vacancies/new',
    );
    expect(screen.getByRole('link', { name: 'Create vacancy' })).toHaveAttribute(
      'href',
      '/app/vacancies/new',
    );
  });

  it('says nothing matches when filters leave the list empty', async () => {
    mockFetch([
      { path: '/api/v1/vacancies', body: pageOf([]) },
      { path: '/api/v1/teams', body: { data: [] } },
    ]);
    renderApp('/vacancies?search=zzz', { permissions: ownerPermissions });
    expect(await screen.findByText('No vacancies match.')).toBeInTheDocument();
  });
});

describe('vacancies list filters in the address', () => {
  const TEAMS = { data: [{ id: 4, name: 'Platform' }] };

  function listRoutes(lastPage = 3): MockRoute[] {
    return [
      { path: '/api/v1/vacancies', body: pageOf(vacancies, lastPage) },
      { path: '/api/v1/teams', body: TEAMS },
    ];
  }

  function lastListQuery(calls: { method: string; url: URL }[]) {
    return Object.fromEntries(vacancyCalls(calls).at(-1)?.url.searchParams ?? []);
  }

  function address() {
    return `${window.location.pathname}${window.location.search}`;
  }

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('opens filtered from a link: asks for the filtered list and shows the filters in the controls', async () => {
    const { calls } = mockFetch(listRoutes());
    renderApp('/vacancies?search=engineer&status=1&is_published=false&team_id=4&page=2', {
      permissions: ownerPermissions,
    });
    await screen.findByRole('link', { name: 'Vacancy 1' });
    expect(Object.fromEntries(vacancyCalls(calls)[0]?.url.searchParams ?? [])).toEqual({
      page: '2',
      search: 'engineer',
      status: '1',
      is_published: 'false',
      team_id: '4',
    });
    expect(vacancyCalls(calls)).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('engineer');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Careers site' })).toHaveValue('false');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('4'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('ignores unknown and malformed parameters instead of sending them', async () => {
    const { calls } = mockFetch(listRoutes());
    renderApp('/vacancies?status=9&is_published=yes&team_id=x&page=0&search=%20%20&sort=name', {
      permissions: ownerPermissions,
    });
    await screen.findByRole('link', { name: 'Vacancy 1' });
    expect(Object.fromEntries(vacancyCalls(calls)[0]?.url.searchParams ?? [])).toEqual({ page: '1' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Careers site' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('a changed filter goes into the address on page 1, and Back restores the filters before it', async () => {
    const { calls } = mockFetch(listRoutes());
    renderAppInBrowserHistory('/vacancies?status=2&page=2', { permissions: ownerPermissions });
    await screen.findByText('Page 2 of 3');

    await userEvent.selectOptions(
      await screen
        .findByRole('option', { name: 'Platform' })
        .then(() => screen.getByRole('combobox', { name: 'Team' })),
      '4',
    );
    await waitFor(() => expect(address()).toBe('/app/vacancies?status=2&team_id=4'));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', status: '2', team_id: '4' }));

    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/app/vacancies?status=2&page=2'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('typing is one history entry: Back returns to the list before the search and empties the box', async () => {
    const { calls } = mockFetch(listRoutes());
    renderAppInBrowserHistory('/vacancies?status=2&page=2', { permissions: ownerPermissions });
    await screen.findByText('Page 2 of 3');
    const search = screen.getByRole('searchbox', { name: 'Search' });

    await userEvent.type(search, 'da');
    await waitFor(() => expect(address()).toBe('/app/vacancies?search=da&status=2'));
    await userEvent.type(search, 'ta');
    await waitFor(() => expect(address()).toBe('/app/vacancies?search=data&status=2'));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', search: 'data', status: '2' }));

    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/app/vacancies?status=2&page=2'));
    await waitFor(() => expect(search).toHaveValue(''));
    act(() => window.history.forward());
    await waitFor(() => expect(search).toHaveValue('data'));
  });

  it('"Clear filters" goes back to the whole list and puts focus on the search', async () => {
    mockFetch(listRoutes());
    const { location } = renderApp('/vacancies?search=data&status=2', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/vacancies'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('an address past the last page goes to the last page, replacing the entry', async () => {
    const { calls } = mockFetch(listRoutes(3));
    const { location } = renderApp('/vacancies?status=2&page=7', { permissions: ownerPermissions });
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(location.history).toEqual(['/app/vacancies?status=2&page=3']);
    expect(lastListQuery(calls)).toEqual({ page: '3', status: '2' });
  });

  it('forgets a team that no longer exists, so the select and the list agree', async () => {
    const { calls } = mockFetch(listRoutes());
    const { location } = renderApp('/vacancies?team_id=99&status=1', { permissions: ownerPermissions });
    await waitFor(() => expect(location.history).toEqual(['/app/vacancies?status=1']));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', status: '1' }));
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('');
  });
});
