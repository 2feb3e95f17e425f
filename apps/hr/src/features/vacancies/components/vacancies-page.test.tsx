import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildVacancy, ownerPermissions, pageOf } from '../../../test/recruiting-test-data';
import { mockFetch, renderApp } from '../../../test/render-app';

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
    expect(await screen.findByText('No vacancies match.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create vacancy' })).toHaveAttribute(
      'href',
      '/app/vacancies/new',
    );
  });
});
