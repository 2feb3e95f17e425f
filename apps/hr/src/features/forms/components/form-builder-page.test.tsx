import type { FieldOption, FormField } from '@kadry/shared/schemas/form';
import type { StaffForm, StaffFormField } from '@kadry/shared/schemas/recruiting';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerPermissions } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import {
  changeFieldType,
  changeInputType,
  createField,
  moveItem,
  parseFormats,
  parseOptionLines,
} from './form-builder-model';

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

  it('gives dictionary-backed field types their dictionary and drops it from inputs without options', () => {
    const select = createField('select', 'Seniority');
    expect(changeFieldType(select, 'experience').dictionary).toBe('experience');
    expect(changeFieldType(createField('text', 'X'), 'experience').dictionary).toBeNull();
    // A dictionary chosen by hand is kept.
    expect(changeFieldType({ ...select, dictionary: 'sex' }, 'experience').dictionary).toBe('sex');
    expect(changeInputType({ ...select, dictionary: 'experience' }, 'text').dictionary).toBeNull();
    expect(changeInputType(select, 'salary').dictionary).toBe('currency');
  });
});

const EXPERIENCE: FieldOption[] = [
  { id: 11, name: 'No experience' },
  { id: 12, name: '1–3 years' },
  { id: 13, name: 'More than 5 years' },
];

/** The preview route as the server answers it: dictionary options filled in, staff-only keys gone. */
function answerPreview({ body }: { body: unknown }): { fields: FormField[] } {
  const { fields } = body as { fields: StaffFormField[] };
  return {
    fields: fields.map(({ dictionary, ...field }) =>
      dictionary === 'experience'
        ? { ...field, input_meta: { ...field.input_meta, options: EXPERIENCE } }
        : field,
    ),
  };
}

/** Field names of the latest request to the preview route. */
function previewedNames(calls: RecordedCall[]): string[] | undefined {
  const last = calls.filter((call) => call.url.pathname === '/api/v1/forms/preview').at(-1);
  return (last?.body as { fields: StaffFormField[] } | undefined)?.fields.map((field) => field.name);
}

const previewRoute: MockRoute = { method: 'POST', path: '/api/v1/forms/preview', body: answerPreview };

const savedForm = (body: unknown): { data: StaffForm } => ({
  data: { id: 9, vacancy_ids: [], ...(body as Omit<StaffForm, 'id' | 'vacancy_ids'>) },
});

describe('form builder', () => {
  it('adds, edits, reorders and removes fields, previews them with the careers components and saves the order', async () => {
    const { calls } = mockFetch([
      previewRoute,
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

    // The preview draws the server's answer for the fields with the careers site's own components.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Seniority')).toBeInTheDocument();
    expect(await within(preview).findByText('Portfolio')).toBeInTheDocument();
    await waitFor(() => expect(within(preview).queryByText('Text')).toBeNull());
    // After the pause in typing, the server was asked for exactly the fields on screen.
    await waitFor(() => expect(previewedNames(calls)).toEqual(['Seniority', 'Portfolio']));

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

/** Layout for dnd-kit in jsdom (which lays nothing out): the builder's rows stacked 100 px apart. */
function stackBuilderRows() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.matches('li[data-key]')) return original.call(this);
    const index = [...(this.parentElement?.children ?? [])].indexOf(this);
    return DOMRect.fromRect({ x: 0, y: index * 100, width: 600, height: 90 });
  });
}

const loadedForm: StaffForm = {
  id: 9,
  name: 'Engineers',
  is_default: false,
  vacancy_ids: [],
  fields: ['Alpha', 'Beta', 'Gamma'].map((name) => ({ ...createField('text', name), dictionary: null })),
};

describe('form builder preview and dragging', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('previews the dictionary options the server fills in and lists them read-only in the editor', async () => {
    const { calls } = mockFetch([previewRoute]);
    renderApp('/forms/new', { permissions: ownerPermissions });
    await screen.findByRole('textbox', { name: 'Form name' }, { timeout: 10_000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New field type' }), 'select');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const row = within(screen.getByRole('list', { name: 'Fields' })).getAllByRole(
      'listitem',
    )[0] as HTMLElement;
    const title = within(row).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Experience');
    // Choosing the Experience field type takes the company's experience dictionary.
    await userEvent.selectOptions(within(row).getByRole('combobox', { name: 'Field type' }), 'experience');
    expect(within(row).getByRole('combobox', { name: 'Options from' })).toHaveValue('experience');
    expect(within(row).queryByRole('textbox', { name: 'Options' })).toBeNull();
    expect(within(row).getByText(/come from the company dictionary “Experience”/)).toBeInTheDocument();

    // The editor lists the dictionary's options once the preview has them.
    await userEvent.click(await within(row).findByText('3 options'));
    expect(
      within(within(row).getByRole('list', { name: 'Experience' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No experience', '1–3 years', 'More than 5 years']);

    // The preview's select offers the dictionary's options, drawn by the careers component.
    const preview = screen.getByRole('region', { name: 'Preview' });
    await userEvent.click(within(preview).getByRole('combobox'));
    expect(await screen.findByRole('option', { name: '1–3 years' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'More than 5 years' })).toBeInTheDocument();

    // Typing is debounced: the preview was asked once per pause, not once per keystroke.
    const previews = calls.filter((call) => call.url.pathname === '/api/v1/forms/preview');
    expect(previews.length).toBeLessThanOrEqual(3);
    expect((previews.at(-1)?.body as { fields: StaffFormField[] } | undefined)?.fields).toEqual([
      expect.objectContaining({ name: 'Experience', type: 'experience', dictionary: 'experience' }),
    ]);
  });

  it('says quietly in the preview when it cannot be refreshed, and still draws the fields', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/v1/forms/preview', status: 500, body: { message: 'Server Error' } },
    ]);
    renderApp('/forms/new', { permissions: ownerPermissions });
    await screen.findByRole('textbox', { name: 'Form name' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByText('The preview could not be refreshed and may be out of date.'),
    ).toBeInTheDocument();
    expect(within(preview).getByText('Text')).toBeInTheDocument();
    const asked = calls.filter((call) => call.url.pathname === '/api/v1/forms/preview').length;
    await userEvent.click(within(preview).getByRole('button', { name: 'Refresh preview' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/v1/forms/preview').length).toBe(asked + 1),
    );
  });

  it('reorders fields by dragging with the keyboard (Space, ArrowDown, Space) and saves the new order', async () => {
    stackBuilderRows();
    const { calls } = mockFetch([
      previewRoute,
      { path: '/api/v1/forms/9', body: { data: loadedForm } },
      { method: 'POST', path: '/api/v1/forms/9', body: ({ body }) => savedForm(body) },
    ]);
    renderApp('/forms/9', { permissions: ownerPermissions });
    const handle = await screen.findByRole('button', { name: 'Drag Alpha' }, { timeout: 10_000 });
    expect(handle).toHaveAttribute('aria-roledescription', 'movable field');
    handle.focus();
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText('Picked up Alpha, position 1 of 3.')).toBeInTheDocument();
    await userEvent.keyboard('[ArrowDown]');
    expect(await screen.findByText('Alpha is over position 2 of 3.')).toBeInTheDocument();
    await userEvent.keyboard('[Space]');

    const list = screen.getByRole('list', { name: 'Fields' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Beta', 'Alpha', 'Gamma']),
    );
    expect(await screen.findByText('Alpha moved to position 2 of 3')).toBeInTheDocument();
    // The buttons still work beside dragging.
    await userEvent.click(screen.getByRole('button', { name: 'Move Gamma up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/v1/forms/9')).toBe(
        true,
      ),
    );
    const put = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/forms/9');
    const body = put?.body as { _method: string; name: string; fields: StaffFormField[] } | undefined;
    expect(body).toMatchObject({ _method: 'PUT', name: 'Engineers' });
    expect(body?.fields.map((field) => field.name)).toEqual(['Beta', 'Gamma', 'Alpha']);
  });
});
