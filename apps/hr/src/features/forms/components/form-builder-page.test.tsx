import type { StaffForm } from '@kadry/shared/schemas/recruiting';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerPermissions } from '../../../test/recruiting-test-data';
import { mockFetch, renderApp } from '../../../test/render-app';
import { moveItem, parseFormats, parseOptionLines } from './form-builder-model';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('form builder model', () => {
  it('moves items within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
  });

  it('keeps option ids by name, then by position, and numbers new ones after the largest', () => {
    expect(parseOptionLines('Senior\n\nJunior\nSenior\nLead', [{ id: 4, name: 'Junior' }])).toEqual([
      { id: 5, name: 'Senior' },
      { id: 4, name: 'Junior' },
      { id: 6, name: 'Lead' },
    ]);
    // Typing a line letter by letter, or fixing a typo, keeps the option's id.
    expect(
      parseOptionLines('Juniour\nSenior', [
        { id: 1, name: 'Junior' },
        { id: 2, name: 'Senior' },
      ]),
    ).toEqual([
      { id: 1, name: 'Juniour' },
      { id: 2, name: 'Senior' },
    ]);
    expect(parseFormats('PDF, .docx  pdf')).toEqual(['pdf', 'docx']);
  });
});

const savedForm = (body: unknown): { data: StaffForm } => ({
  data: { id: 9, vacancy_ids: [], ...(body as Omit<StaffForm, 'id' | 'vacancy_ids'>) },
});

describe('form builder', () => {
  it('adds, edits, reorders and removes fields, previews them with the careers components and saves the order', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/v1/forms', status: 201, body: ({ body }) => savedForm(body) },
      {
        path: '/api/v1/forms/9',
        body: ({ url }) => savedForm({ name: url.pathname, is_default: false, fields: [] }),
      },
    ]);
    const { location } = renderApp('/forms/new', { permissions: ownerPermissions });
    // The builder is a lazy chunk; its first transform in a test run can take a while.
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Form name' }, { timeout: 10_000 }),
      'Engineers',
    );

    // A select with options typed by hand.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New field type' }), 'select');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const list = screen.getByRole('list', { name: 'Fields' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    const title = within(first).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveFocus();
    await userEvent.clear(title);
    await userEvent.type(title, 'Seniority');
    await userEvent.type(within(first).getByRole('textbox', { name: 'Options' }), 'Junior{Enter}Senior');
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Required' }));

    // A files field with formats and a file limit.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New field type' }), 'files');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const second = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await userEvent.clear(within(second).getByRole('textbox', { name: 'Title' }));
    await userEvent.type(within(second).getByRole('textbox', { name: 'Title' }), 'Portfolio');
    const formats = within(second).getByRole('textbox', { name: 'Accepted formats' });
    await userEvent.clear(formats);
    await userEvent.type(formats, 'pdf, png');
    const maxFiles = within(second).getByRole('spinbutton', { name: 'Maximum number of files' });
    await userEvent.clear(maxFiles);
    await userEvent.type(maxFiles, '3');

    // A text field, removed again.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New field type' }), 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Text' }));

    // The preview draws the fields with the careers site's own components.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Seniority')).toBeInTheDocument();
    expect(within(preview).getByText('Portfolio')).toBeInTheDocument();

    // Reorder with the keyboard: Alt+ArrowUp inside the second field moves it first; focus follows.
    within(second).getByRole('button', { name: 'Move Portfolio up' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Portfolio', 'Seniority']),
    );
    expect(screen.getByRole('button', { name: 'Move Portfolio up' })).toHaveFocus();
    expect(screen.getByText('Portfolio moved to position 1 of 2')).toBeInTheDocument();
    // And with the buttons.
    await userEvent.click(screen.getByRole('button', { name: 'Move Seniority up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/app/forms/9'));
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/forms');
    expect(post?.body).toEqual({
      name: 'Engineers',
      is_default: false,
      fields: [
        {
          name: 'Seniority',
          type: 'custom_property',
          input_type: 'select',
          required: true,
          validation: null,
          input_meta: {
            options: [
              { id: 1, name: 'Junior' },
              { id: 2, name: 'Senior' },
            ],
          },
          dictionary: null,
          value: null,
        },
        {
          name: 'Portfolio',
          type: 'files',
          input_type: 'files',
          required: false,
          validation: null,
          input_meta: { maxFiles: 3, formats: ['pdf', 'png'] },
          dictionary: null,
          value: null,
        },
      ],
    });
    // Many keystrokes through the careers components: slower than one screen load.
  }, 30_000);

  it('lists forms and deletes one that is not the default', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/v1/forms',
        body: {
          data: [
            { id: 1, name: 'Default', is_default: true, fields_count: 4 },
            { id: 2, name: 'Designers', is_default: false, fields_count: 6 },
          ],
        },
      },
      { method: 'DELETE', path: '/api/v1/forms/2', body: null },
    ]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/forms', { permissions: ownerPermissions });
    expect(await screen.findByRole('link', { name: 'Default' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete form Default' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete form Designers' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
