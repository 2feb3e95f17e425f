import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { EditableEntry } from '@kadry/shared/schemas/dictionaries';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';

const MANAGE = '/api/v1/dictionaries/manage';
const GRADE = `${MANAGE}/grade`;

function dictionariesPermissions(level: Level = 'to_all') {
  return buildPermissions({
    Dictionaries: {
      visibilitySettings: { create: level, update: level, delete: level, view: 'to_all', all: null },
      actions: [],
      fields_view: [],
    },
  });
}

function entry(overrides: Partial<EditableEntry> & { id: number; en: string }): EditableEntry {
  const { en, ...rest } = overrides;
  return {
    code: `code_${overrides.id}`,
    names: { en, ru: `${en} (ru)`, uk: `${en} (uk)` },
    meta: {},
    position: overrides.id,
    is_global: true,
    is_hidden: false,
    ...rest,
  };
}

const entries = [
  entry({ id: 1, en: 'Junior' }),
  entry({ id: 2, en: 'Senior', is_hidden: true }),
  entry({ id: 3, en: 'Guru', is_global: false }),
];

const list = {
  data: [
    { dictionary: 'grade', entries_count: 3, updated_at: null },
    { dictionary: 'sex', entries_count: 2, updated_at: null },
  ],
};

function dictionary(items: EditableEntry[]) {
  return { data: { dictionary: 'grade', updated_at: null, entries: items } };
}

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

/** Whether a reload or closing the tab would get the browser's "leave the page?" prompt now. */
function isUnloadHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
}

describe('dictionaries screen', () => {
  it('lists the dictionaries and the entries of the chosen one with their names in every language', async () => {
    mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary(entries) },
    ]);
    renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    expect(await screen.findByRole('link', { name: 'Grades' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('rowheader', { name: 'Junior' });
    expect(rowOf('Junior')).toHaveTextContent('Junior (ru)');
    expect(rowOf('Junior')).toHaveTextContent('Junior (uk)');
    expect(rowOf('Senior')).toHaveTextContent('Hidden');
    expect(within(rowOf('Senior')).getByRole('button', { name: 'Show Senior' })).toBeInTheDocument();
    // Shipped entries are hidden, never deleted; the company's own may be deleted.
    expect(within(rowOf('Junior')).queryByRole('button', { name: 'Delete Junior' })).not.toBeInTheDocument();
    expect(within(rowOf('Guru')).getByRole('button', { name: 'Delete Guru' })).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('asks to choose a dictionary first, and says when one is empty', async () => {
    mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary([]) },
    ]);
    renderApp('/dictionaries', { permissions: dictionariesPermissions() });
    expect(await screen.findByText('Choose a dictionary to see and edit its entries.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: 'Grades' }));
    expect(await screen.findByText('This dictionary has no entries yet.')).toBeInTheDocument();
  });

  it('offers a retry when the entries fail to load', async () => {
    mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, status: 500, body: { message: 'Boom' } },
    ]);
    renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    expect(await screen.findByText('Could not load the data.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('adds an entry with its names, English required', async () => {
    const { calls } = mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary(entries) },
      {
        method: 'POST',
        path: GRADE,
        status: 201,
        body: { data: entry({ id: 4, en: 'Principal', is_global: false }) },
      },
    ]);
    renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    const form = (await screen.findByRole('heading', { name: 'New entry' })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name in Ukrainian' }), 'Головний');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Enter the name in English')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', GRADE)).toHaveLength(0);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name in English' }), ' Principal ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'POST', GRADE)).toHaveLength(1));
    expect(callsTo(calls, 'POST', GRADE)[0]?.body).toEqual({ names: { en: 'Principal', uk: 'Головний' } });
  });

  it('renames, hides and deletes entries', async () => {
    const { calls } = mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary(entries) },
      { method: 'POST', path: `${GRADE}/1`, body: { data: entry({ id: 1, en: 'Junior+' }) } },
      { method: 'DELETE', path: `${GRADE}/3`, status: 204, body: undefined },
    ]);
    renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Junior' }));
    const renameForm = screen.getByRole('table').querySelector('form') as HTMLElement;
    const english = within(renameForm).getByRole('textbox', { name: 'Name in English' });
    await userEvent.clear(english);
    await userEvent.type(english, 'Junior+');
    await userEvent.click(within(renameForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${GRADE}/1`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${GRADE}/1`)[0]?.body).toMatchObject({
      _method: 'PUT',
      names: { en: 'Junior+', ru: 'Junior (ru)', uk: 'Junior (uk)' },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Hide Junior' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${GRADE}/1`)).toHaveLength(2));
    expect(callsTo(calls, 'POST', `${GRADE}/1`)[1]?.body).toMatchObject({ is_hidden: true });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Guru' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Guru”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', `${GRADE}/3`)).toHaveLength(1));
  });

  it('reorders with the keyboard, sending every entry in the new order', async () => {
    const { calls } = mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary(entries) },
      { method: 'POST', path: `${GRADE}/order`, body: dictionary(entries) },
    ]);
    renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    const down = await screen.findByRole('button', { name: 'Move Junior down' });
    expect(screen.getByRole('button', { name: 'Move Junior up' })).toHaveAttribute('aria-disabled', 'true');
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(calls, 'POST', `${GRADE}/order`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${GRADE}/order`)[0]?.body).toMatchObject({ ids: [2, 1, 3] });
  });

  it('asks before leaving with an entry typed and not added (issue 17)', async () => {
    const reasons = `${MANAGE}/rejection_reason`;
    mockFetch([
      {
        path: MANAGE,
        body: {
          data: [...list.data, { dictionary: 'rejection_reason', entries_count: 0, updated_at: null }],
        },
      },
      { path: reasons, body: { data: { dictionary: 'rejection_reason', updated_at: null, entries: [] } } },
      { path: GRADE, body: dictionary(entries) },
    ]);
    const { location } = renderApp('/dictionaries/rejection_reason', {
      permissions: dictionariesPermissions(),
    });
    const form = (await screen.findByRole('heading', { name: 'New entry' })).closest(
      'section',
    ) as HTMLElement;
    expect(isUnloadHeld()).toBe(false);
    const english = within(form).getByRole('textbox', { name: 'Name in English' });
    await userEvent.type(english, 'Went silent');
    expect(isUnloadHeld()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Grades' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location.history.at(-1)).toBe('/app/dictionaries/rejection_reason');
    expect(english).toHaveValue('Went silent');

    await userEvent.click(screen.getByRole('link', { name: 'Grades' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/dictionaries/grade'));
    expect(await screen.findByRole('rowheader', { name: 'Junior' })).toBeInTheDocument();
  });

  it('lets go once the entry is added or the rename saved (issue 17)', async () => {
    const { calls } = mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary(entries) },
      {
        method: 'POST',
        path: GRADE,
        status: 201,
        body: { data: entry({ id: 4, en: 'Principal', is_global: false }) },
      },
      { method: 'POST', path: `${GRADE}/1`, body: { data: entry({ id: 1, en: 'Junior+' }) } },
    ]);
    const { location } = renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    const form = (await screen.findByRole('heading', { name: 'New entry' })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name in English' }), 'Principal');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'POST', GRADE)).toHaveLength(1));
    await waitFor(() => expect(isUnloadHeld()).toBe(false));

    await userEvent.click(screen.getByRole('button', { name: 'Rename Junior' }));
    const renameForm = screen.getByRole('table').querySelector('form') as HTMLElement;
    await userEvent.type(within(renameForm).getByRole('textbox', { name: 'Name in English' }), '+');
    expect(isUnloadHeld()).toBe(true);
    await userEvent.click(within(renameForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${GRADE}/1`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('table').querySelector('form')).toBeNull());
    expect(isUnloadHeld()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Genders' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/dictionaries/sex'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('keeps a rename the server refused open, still guarded (issue 17)', async () => {
    const { calls } = mockFetch([
      { path: MANAGE, body: list },
      { path: GRADE, body: dictionary(entries) },
      { method: 'POST', path: `${GRADE}/1`, status: 500, body: { message: 'Boom' } },
    ]);
    const { snackbars } = renderApp('/dictionaries/grade', { permissions: dictionariesPermissions() });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Junior' }));
    const renameForm = screen.getByRole('table').querySelector('form') as HTMLElement;
    const english = within(renameForm).getByRole('textbox', { name: 'Name in English' });
    await userEvent.type(english, '+');
    await userEvent.click(within(renameForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${GRADE}/1`)).toHaveLength(1));
    await waitFor(() =>
      expect(snackbars.getSnapshot()).toContainEqual(
        expect.objectContaining({ kind: 'error', message: 'Boom' }),
      ),
    );
    expect(english).toBeInTheDocument();
    expect(english).toHaveValue('Junior+');
    expect(isUnloadHeld()).toBe(true);
  });

  it('is not offered to a role that may not edit dictionaries for the whole company', async () => {
    mockFetch([{ path: MANAGE, body: list }]);
    renderApp('/dictionaries', { permissions: dictionariesPermissions('only_my') });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Dictionaries');
    expect(screen.queryByRole('link', { name: 'Dictionaries' })).not.toBeInTheDocument();
  });
});
