import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { ownerPermissions } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

// The tags editor's guard (issue 17): leaving the page or reloading it with a tag typed and not saved
// asks first; a saved tag does not.

const tagManager = buildPermissions({
  ...ownerPermissions.permissions,
  'Vacancy.Tag': { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
});

const RELOCATION = {
  id: 3,
  name: 'Relocation',
  color: 'blue',
  applications_count: 1,
  can_update: true,
  can_delete: true,
};

const routes: MockRoute[] = [
  { path: '/api/v1/tags', body: { data: [RELOCATION] } },
  {
    path: '/api/v1/vacancies',
    body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
  },
];

/** Whether a reload or closing the tab would get the browser's "leave the page?" prompt now. */
function isUnloadHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function vacanciesLink(): HTMLElement {
  const [link] = screen.getAllByRole('link', { name: 'Vacancies' });
  if (!link) throw new Error('no link to vacancies');
  return link;
}

describe('the tags editor (issue 17)', () => {
  it('asks before leaving with a new tag typed: staying keeps it, leaving discards it', async () => {
    mockFetch(routes);
    const { location } = renderApp('/tags', { permissions: tagManager });
    const create = await screen.findByRole('region', { name: 'Create tag' });
    expect(isUnloadHeld()).toBe(false);
    await userEvent.type(within(create).getByRole('textbox', { name: /Name/ }), 'Remote');
    expect(isUnloadHeld()).toBe(true);

    await userEvent.click(vacanciesLink());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location.history.at(-1)).toBe('/app/tags');
    expect(within(create).getByRole('textbox', { name: /Name/ })).toHaveValue('Remote');

    await userEvent.click(vacanciesLink());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies'));
  });

  it('guards a tag being renamed, and lets go once it is saved', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/v1/tags/3',
        body: { data: { ...RELOCATION, name: 'Relocation EU' } },
      },
      ...routes,
    ]);
    const { location } = renderApp('/tags', { permissions: tagManager });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tag Relocation' }));
    const list = screen.getByRole('region', { name: 'Tags' });
    const name = within(list).getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, ' EU');
    await userEvent.click(vacanciesLink());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(name).toHaveValue('Relocation EU');

    await userEvent.click(within(list).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/tags/3')?.body).toMatchObject({
        name: 'Relocation EU',
      }),
    );
    expect(await screen.findByText('Tag saved')).toBeInTheDocument();
    expect(isUnloadHeld()).toBe(false);
    await userEvent.click(vacanciesLink());
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('lets go once a new tag is created, its colour kept for the next one', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/tags',
        status: 201,
        body: { data: { ...RELOCATION, id: 5, name: 'Remote', color: 'green', applications_count: 0 } },
      },
      ...routes,
    ]);
    renderApp('/tags', { permissions: tagManager });
    const create = await screen.findByRole('region', { name: 'Create tag' });
    await userEvent.type(within(create).getByRole('textbox', { name: /Name/ }), 'Remote');
    await userEvent.selectOptions(within(create).getByRole('combobox', { name: 'Colour' }), 'green');
    await userEvent.click(within(create).getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('Tag created')).toBeInTheDocument();
    expect(within(create).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(within(create).getByRole('combobox', { name: 'Colour' })).toHaveValue('green');
    expect(isUnloadHeld()).toBe(false);
  });
});
