import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { buildVacancy, ownerPermissions, pageOf, STAGES } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

const VACANCY_PATH = '/api/v1/vacancies/5';

function editorRoutes(vacancy = buildVacancy({ id: 5, name: 'QA' }), extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: VACANCY_PATH, body: { data: vacancy } },
    { path: `${VACANCY_PATH}/stages`, body: { data: STAGES } },
    { path: '/api/v1/applications', body: pageOf([]) },
    { path: '/api/v1/vacancies', body: pageOf([buildVacancy({ id: 2, name: 'Designer' })]) },
    { path: '/api/v1/teams', body: { data: [] } },
    { path: '/api/v1/users', body: { data: [] } },
    { path: '/api/v1/forms', body: { data: [] } },
  ];
}

describe('deleting a vacancy', () => {
  it('asks first, then sends DELETE, says so and opens the list', async () => {
    const { calls } = mockFetch(
      editorRoutes(undefined, [{ method: 'DELETE', path: VACANCY_PATH, status: 204 }]),
    );
    const deletes = () => calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname);
    const { location } = renderApp('/vacancies/5', { permissions: ownerPermissions });
    const remove = await screen.findByRole('button', { name: 'Delete' });

    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete “QA”?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);

    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete vacancy' }),
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies'));
    expect(deletes()).toEqual([VACANCY_PATH]);
    expect(await screen.findByText('Vacancy “QA” deleted')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Designer' })).toBeInTheDocument();
  });

  it("shows the server's reason when the vacancy has candidates (409) and offers withdrawing it instead", async () => {
    const message = 'This vacancy has applications; close or withdraw it instead of deleting';
    const published = buildVacancy({
      id: 5,
      name: 'QA',
      is_published: true,
      public_url: 'https://jobs.acme.test/careers/5',
    });
    const { calls } = mockFetch(
      editorRoutes(published, [
        { method: 'DELETE', path: VACANCY_PATH, status: 409, body: { message } },
        {
          method: 'POST',
          path: `${VACANCY_PATH}/withdraw`,
          body: { data: { ...published, is_published: false, public_url: null } },
        },
      ]),
    );
    const { location } = renderApp('/vacancies/5', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “QA”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete vacancy' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('set its status to Closed or Cancelled');
    expect(within(dialog).queryByRole('button', { name: 'Delete vacancy' })).toBeNull();
    expect(location.history.at(-1)).toBe('/app/vacancies/5');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw from the careers site' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/withdraw'))).toBe(
      true,
    );
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('is offered only with the Vacancy delete permission', async () => {
    mockFetch(editorRoutes());
    renderApp('/vacancies/5', {
      permissions: buildPermissions({
        Vacancy: {
          visibilitySettings: { ...setAllLevel('to_all'), delete: 'not_visible', all: null },
          actions: [],
          fields_view: [],
        },
      }),
    });
    // May edit (the pipeline is there), may not delete.
    expect(await screen.findByRole('region', { name: 'Pipeline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('has no axe violations with the dialog open', async () => {
    mockFetch(editorRoutes());
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    expect(await findAxeViolations()).toEqual([]);
  });
});
