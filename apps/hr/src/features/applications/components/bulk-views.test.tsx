import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import {
  buildApplicationSummary,
  buildVacancy,
  ownerPermissions,
  STAGES,
} from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { savedViewHref } from './saved-views-menu';

// Sorting, bulk moves with undo, "all matching", saved views and board cards (issue 17).

const summary = (id: number, stageIndex: number, name: string, extra: Record<string, unknown> = {}) =>
  buildApplicationSummary({
    id,
    candidate: { id: id + 100, name, email: null, phone: null },
    stage: STAGES[stageIndex] as (typeof STAGES)[number],
    ...extra,
  });

const page = (data: unknown[], total = data.length) => ({
  data,
  meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 20)), per_page: 20, total },
});

function listRoutes(extra: MockRoute[] = [], total?: number): MockRoute[] {
  return [
    ...extra,
    {
      path: '/api/v1/applications',
      body: page([summary(11, 0, 'Taras Shevchuk'), summary(12, 1, 'Lesya Ukrainka')], total),
    },
    { path: '/api/v1/vacancies', body: page([buildVacancy()]) },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/tags', body: { data: [] } },
  ];
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.pathname === '/api/v1/applications')
    .map((call) => Object.fromEntries(call.url.searchParams));

describe('sorting the candidates list', () => {
  it('sorts by a column header, by mouse or keyboard, and says how it is sorted', async () => {
    const { calls } = mockFetch(listRoutes());
    renderApp('/applications', { permissions: ownerPermissions });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    const table = screen.getByRole('table');
    // Newest first by default.
    expect(within(table).getByRole('columnheader', { name: /Applied/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Name: sort ascending' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'name', order: 'asc' }));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: /Applied/ })).not.toHaveAttribute('aria-sort');
    // The keyboard: the same button, reversed.
    within(table).getByRole('button', { name: 'Name: sort descending' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'name', order: 'desc' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Rating: sort descending' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'rating', order: 'desc' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Days in stage: sort descending' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'days_in_stage', order: 'desc' }),
    );
  });

  it('shows the latest rating and days in stage, and a sort from the address', async () => {
    const entered = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    mockFetch([
      {
        path: '/api/v1/applications',
        body: page([
          summary(11, 0, 'Taras Shevchuk', {
            latest_recommendation: 'strong_yes',
            stage_entered_at: entered,
          }),
        ]),
      },
      { path: '/api/v1/vacancies', body: page([buildVacancy()]) },
      { path: '/api/v1/tags', body: { data: [] } },
    ]);
    renderApp('/applications?sort=source&order=asc', { permissions: ownerPermissions });
    const row = (await screen.findByRole('link', { name: 'Taras Shevchuk' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Strong yes')).toBeInTheDocument();
    expect(within(row).getByText('3 days')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Source/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});

describe('bulk moves', () => {
  it('moves the selection to a stage, reports each, and offers an undo that puts them back', async () => {
    const { calls } = mockFetch(
      listRoutes([
        {
          method: 'POST',
          path: '/api/v1/applications/bulk/stage',
          body: {
            data: [
              { id: 11, outcome: 'done' },
              { id: 12, outcome: 'unchanged' },
            ],
            meta: {
              done: 1,
              skipped: 1,
              action_id: 77,
              undoable_until: new Date(Date.now() + 60_000).toISOString(),
            },
          },
        },
        {
          method: 'POST',
          path: '/api/v1/application-bulk-actions/77/undo',
          body: { data: [{ id: 11, outcome: 'done' }], meta: { done: 1, skipped: 0 } },
        },
      ]),
    );
    renderApp('/applications?vacancy_id=1', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Taras Shevchuk' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lesya Ukrainka' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Move to stage…' }), '3');
    // No mail unless asked for: the move alone, which can be undone.
    expect(within(bar).getByRole('checkbox', { name: 'Send mail to the candidates' })).not.toBeChecked();
    await userEvent.click(within(bar).getByRole('button', { name: 'Move 2' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/bulk/stage')?.body).toEqual({
        application_ids: [11, 12],
        stage_id: 3,
      }),
    );
    expect(await screen.findByText('Done for 1 of 2. 1 was in that stage already.')).toBeInTheDocument();
    const undoBar = screen.getByRole('region', { name: 'Undo the last action' });
    expect(within(undoBar).getByText('2 candidates moved.')).toBeInTheDocument();
    expect(within(undoBar).getByText(/s left\)/)).toBeInTheDocument();
    await userEvent.click(within(undoBar).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone. Done for 1 of 1.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Undo the last action' })).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/v1/application-bulk-actions/77/undo')).toBe(true);
  });

  it('moves with a mail to each candidate from a template, says the mails are queued, and offers no undo', async () => {
    const { calls } = mockFetch(
      listRoutes([
        {
          method: 'POST',
          path: '/api/v1/applications/bulk/stage',
          body: {
            data: [
              { id: 11, outcome: 'done' },
              { id: 12, outcome: 'no_email' },
            ],
            // Recorded, but without a window: a move that sent mail cannot be undone (decision 033).
            meta: { done: 1, skipped: 1, action_id: 78, undoable_until: null },
          },
        },
        {
          path: '/api/v1/mail-templates',
          body: {
            data: [
              {
                id: 42,
                purpose: 'generic',
                locale: 'en',
                name: 'Invitation',
                subject: 'Interview: {vacancy}',
                body: '<p>Hello {candidate_name}.</p>',
                updated_at: '2031-03-01T10:00:00.000Z',
              },
            ],
          },
        },
      ]),
    );
    renderApp('/applications?vacancy_id=1', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Taras Shevchuk' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lesya Ukrainka' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Move to stage…' }), '3');
    expect(within(bar).queryByRole('textbox', { name: /Subject/ })).toBeNull();
    await userEvent.click(within(bar).getByRole('checkbox', { name: 'Send mail to the candidates' }));
    const mail = within(bar).getByRole('group', { name: 'Move to Interview and write to the candidates' });
    expect(within(mail).getByText('A move that sends mail cannot be undone.')).toBeInTheDocument();
    // An empty mail does not go.
    await userEvent.click(within(bar).getByRole('button', { name: 'Move and send' }));
    expect(await within(mail).findByText('Write a subject.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/v1/applications/bulk/stage')).toBe(false);
    await within(mail).findByRole('option', { name: 'Invitation' });
    await userEvent.selectOptions(within(mail).getByRole('combobox', { name: 'Template' }), '42');
    await userEvent.clear(within(mail).getByRole('textbox', { name: /Subject/ }));
    await userEvent.type(within(mail).getByRole('textbox', { name: /Subject/ }), 'Next step: {{vacancy}');
    await userEvent.click(within(bar).getByRole('button', { name: 'Move and send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/bulk/stage')?.body).toEqual({
        application_ids: [11, 12],
        stage_id: 3,
        mail: {
          locale: 'en',
          template_id: 42,
          subject: 'Next step: {vacancy}',
          body: '<p>Hello {candidate_name}.</p>',
          interview_time: null,
        },
      }),
    );
    expect(
      await screen.findByText(
        'Done for 1 of 2. 1 left no e-mail address. 1 mail is queued. A move that sends mail cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Undo the last action' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offers every application matching the filters, and acts on the filter, not the ids', async () => {
    const { calls } = mockFetch(
      listRoutes(
        [
          {
            method: 'POST',
            path: '/api/v1/applications/bulk/stage',
            body: {
              data: [{ id: 11, outcome: 'done' }],
              meta: { done: 1, skipped: 0, action_id: null, undoable_until: null },
            },
          },
        ],
        45,
      ),
    );
    renderApp('/applications?vacancy_id=1&source=linkedin', { permissions: ownerPermissions });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText(/All 2 candidates on this page are selected/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select all 45 matching' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    expect(within(bar).getByText('All 45 matching selected')).toBeInTheDocument();
    // Tags go by ids only; the export takes the filters.
    const exportLink = within(bar).getByRole('link', { name: 'Export 45 (XLSX)' });
    const exportUrl = new URL(exportLink.getAttribute('href') ?? '', 'http://x');
    expect(Object.fromEntries(exportUrl.searchParams)).toEqual({
      format: 'xlsx',
      vacancy_id: '1',
      source: 'linkedin',
    });
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Move to stage…' }), '2');
    await userEvent.click(within(bar).getByRole('button', { name: 'Move 45' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/bulk/stage')?.body).toEqual({
        filter: { vacancy_id: 1, source: 'linkedin' },
        stage_id: 2,
      }),
    );
    // Sent mail or not, no undo is offered without a window.
    expect(screen.queryByRole('region', { name: 'Undo the last action' })).toBeNull();
  });

  it('says "1,000+" past the ranked search\'s cap, never an exact number, and acts on the filter', async () => {
    const { calls } = mockFetch(
      listRoutes([
        {
          path: '/api/v1/applications/search',
          body: {
            data: [summary(11, 0, 'Taras Shevchuk'), summary(12, 1, 'Lesya Ukrainka')].map((application) => ({
              application,
              rank: 0.5,
              snippet: [],
              snippet_source: null,
            })),
            meta: { current_page: 1, last_page: 50, per_page: 20, total: 1000, total_is_capped: true },
          },
        },
        {
          method: 'POST',
          path: '/api/v1/applications/bulk/stage',
          body: {
            data: [{ id: 11, outcome: 'done' }],
            meta: { done: 1, skipped: 0, action_id: null, undoable_until: null },
          },
        },
      ]),
    );
    renderApp('/applications?vacancy_id=1&search=python', { permissions: ownerPermissions });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(screen.getByText('1,000+ applications found')).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all matching (1,000+)' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    expect(within(bar).getByText('All matching selected (1,000+)')).toBeInTheDocument();
    const exportLink = within(bar).getByRole('link', { name: 'Export all matching (1,000+, XLSX)' });
    expect(
      Object.fromEntries(new URL(exportLink.getAttribute('href') ?? '', 'http://x').searchParams),
    ).toEqual({
      format: 'xlsx',
      vacancy_id: '1',
      search: 'python',
    });
    // Nowhere an exact count the search did not make.
    expect(document.body.textContent).not.toMatch(/1,?000(?!\+)/);
    await userEvent.click(within(bar).getByRole('button', { name: 'Reject…' }));
    expect(
      await screen.findByRole('dialog', { name: 'Reject all matching candidates (1,000+)' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // The server resolves "all matching" itself: the filter goes, not the ids shown.
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Move to stage…' }), '2');
    await userEvent.click(within(bar).getByRole('button', { name: 'Move all matching (1,000+)' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/bulk/stage')?.body).toEqual({
        filter: { vacancy_id: 1, search: 'python' },
        stage_id: 2,
      }),
    );
    expect(listCalls(calls)).toEqual([]);
  });

  it('needs one vacancy to move between stages, and exports a picked selection by ids', async () => {
    mockFetch(listRoutes());
    renderApp('/applications', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Lesya Ukrainka' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    expect(within(bar).queryByRole('combobox', { name: 'Move to stage…' })).toBeNull();
    expect(within(bar).getByText('Filter by a vacancy to move candidates to a stage.')).toBeInTheDocument();
    const href = within(bar).getByRole('link', { name: 'Export 1 (XLSX)' }).getAttribute('href') ?? '';
    expect(Object.fromEntries(new URL(href, 'http://x').searchParams)).toEqual({ format: 'xlsx', ids: '12' });
    expect(await findAxeViolations()).toEqual([]);
  });
});

describe('undoing a bulk tagging', () => {
  const tag = {
    id: 5,
    name: 'Referral',
    color: 'green',
    applications_count: 0,
    can_update: true,
    can_delete: true,
  };
  const tagged = (actionId: number | null) => ({
    method: 'POST' as const,
    path: '/api/v1/applications/bulk/tags',
    body: {
      data: [
        { id: 11, outcome: 'done' },
        { id: 12, outcome: 'done' },
      ],
      meta: {
        done: 2,
        skipped: 0,
        action_id: actionId,
        undoable_until: actionId === null ? null : new Date(Date.now() + 60_000).toISOString(),
      },
    },
  });

  async function tagBoth() {
    renderApp('/applications?vacancy_id=1', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Taras Shevchuk' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lesya Ukrainka' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    await userEvent.selectOptions(await within(bar).findByRole('combobox', { name: 'Tag to add' }), '5');
    await userEvent.click(within(bar).getByRole('button', { name: 'Add tag' }));
  }

  it('offers an undo after tagging, which takes the tag off again', async () => {
    const { calls } = mockFetch([
      tagged(81),
      {
        method: 'POST',
        path: '/api/v1/application-bulk-actions/81/undo',
        body: { data: [{ id: 12, outcome: 'done' }], meta: { done: 1, skipped: 0 } },
      },
      ...listRoutes().filter((route) => route.path !== '/api/v1/tags'),
      { path: '/api/v1/tags', body: { data: [tag] } },
    ]);
    await tagBoth();
    const undoBar = await screen.findByRole('region', { name: 'Undo the last action' });
    expect(within(undoBar).getByText('Tag added to 2 candidates.')).toBeInTheDocument();
    await userEvent.click(within(undoBar).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone. Done for 1 of 1.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/v1/application-bulk-actions/81/undo')).toBe(true);
  });

  it('offers none when the server says it cannot be undone', async () => {
    mockFetch([
      tagged(null),
      ...listRoutes().filter((route) => route.path !== '/api/v1/tags'),
      { path: '/api/v1/tags', body: { data: [tag] } },
    ]);
    await tagBoth();
    expect(await screen.findByText(/Done for 2 of 2/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Undo the last action' })).toBeNull();
  });
});

describe('sorting the board', () => {
  const boardRoutes = (): MockRoute[] => [
    { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/tags', body: { data: [] } },
    {
      path: '/api/v1/applications',
      body: page([summary(11, 0, 'Taras Shevchuk'), summary(12, 0, 'Lesya Ukrainka')]),
    },
  ];

  it('asks the API for the chosen order, keeps it in the address, and shows each column in it', async () => {
    const { calls } = mockFetch(boardRoutes());
    const { location } = renderApp('/vacancies/1/board?sort=name&order=asc', {
      permissions: ownerPermissions,
    });
    const column = (await screen.findByRole('link', { name: 'Taras Shevchuk' }, { timeout: 10_000 })).closest(
      'ul',
    );
    if (!column) throw new Error('no column');
    // Cards keep the order the API answered in.
    expect(
      within(column)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Taras Shevchuk', 'Lesya Ukrainka']);
    expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'name', order: 'asc', vacancy_id: '1' });
    const sortBy = screen.getByRole('combobox', { name: 'Sort cards by' });
    expect(sortBy).toHaveValue('name');
    await userEvent.selectOptions(sortBy, 'days_in_stage');
    // A column's own default direction: longest waiting first.
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'days_in_stage', order: 'desc' }),
    );
    expect(location.history.at(-1)).toContain('sort=days_in_stage&order=desc');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'days_in_stage', order: 'asc' }),
    );
    await userEvent.selectOptions(sortBy, '');
    await waitFor(() => expect(listCalls(calls).at(-1)?.sort).toBeUndefined());
    expect(location.history.at(-1)).not.toContain('sort=');
  });
});

describe('saved views', () => {
  const VIEW = {
    id: 5,
    name: 'Interviews',
    layout: 'board',
    filters: { vacancy_id: 1, tag_id: 2 },
    created_at: '2031-03-01T10:00:00.000Z',
    updated_at: '2031-03-01T10:00:00.000Z',
  } as const;

  it('builds each view its address', () => {
    expect(savedViewHref(VIEW)).toBe('/vacancies/1/board?tag_id=2');
    expect(savedViewHref({ layout: 'list', filters: { vacancy_id: 1, sort: 'rating', order: 'desc' } })).toBe(
      '/applications?vacancy_id=1&sort=rating&order=desc',
    );
  });

  it('lists, saves the current filters with sorting, renames and deletes', async () => {
    let views: unknown[] = [VIEW];
    const { calls } = mockFetch(
      listRoutes([
        { path: '/api/v1/saved-views', body: () => ({ data: views }) },
        {
          method: 'POST',
          path: '/api/v1/saved-views',
          status: 201,
          body: ({ body }) => {
            const created = { ...VIEW, id: 6, ...(body as object) };
            views = [...views, created];
            return { data: created };
          },
        },
        {
          method: 'POST',
          path: '/api/v1/saved-views/5',
          body: ({ body }) => ({ data: { ...VIEW, name: (body as { name: string }).name } }),
        },
        { method: 'DELETE', path: '/api/v1/saved-views/5', status: 204 },
      ]),
    );
    renderApp('/applications?vacancy_id=1&sort=name&order=asc', { permissions: ownerPermissions });
    const toggle = await screen.findByRole('button', { name: 'Saved views' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const link = await screen.findByRole('link', { name: /Interviews/ });
    expect(link).toHaveAttribute('href', '/app/vacancies/1/board?tag_id=2');

    await userEvent.type(screen.getByRole('textbox', { name: 'View name' }), 'By name');
    await userEvent.click(screen.getByRole('button', { name: 'Save this view' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/saved-views')?.body,
      ).toEqual({
        name: 'By name',
        layout: 'list',
        filters: { vacancy_id: 1, sort: 'name', order: 'asc' },
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Rename “Interviews”' }));
    const rename = screen.getByRole('textbox', { name: 'New name for “Interviews”' });
    await userEvent.clear(rename);
    await userEvent.type(rename, 'Tech interviews{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/saved-views/5')?.body).toMatchObject({
        name: 'Tech interviews',
        _method: 'PUT',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Interviews”' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/saved-views/5'),
      ).toBe(true),
    );
    // Escape closes the menu and gives the focus back to its button.
    screen.getByRole('textbox', { name: 'View name' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('says when there are none', async () => {
    mockFetch(listRoutes([{ path: '/api/v1/saved-views', body: { data: [] } }]));
    renderApp('/applications', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Saved views' }));
    expect(await screen.findByText('No saved views yet.')).toBeInTheDocument();
  });
});

describe('board cards', () => {
  it('show the applied date, source, days in stage, latest rating, and select for bulk moves', async () => {
    const entered = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    mockFetch([
      { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      { path: '/api/v1/tags', body: { data: [] } },
      {
        path: '/api/v1/applications',
        body: page([
          summary(11, 0, 'Taras Shevchuk', {
            source: 'linkedin',
            latest_recommendation: 'yes',
            stage_entered_at: entered,
          }),
        ]),
      },
    ]);
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    const link = await screen.findByRole('link', { name: 'Taras Shevchuk' }, { timeout: 10_000 });
    const card = link.closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('linkedin')).toBeInTheDocument();
    expect(within(card).getByText('1 day in stage')).toBeInTheDocument();
    expect(within(card).getByText('Yes')).toBeInTheDocument();
    // Each fact is named for screen readers.
    expect(within(card).getByText('Applied').tagName).toBe('DT');
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Select Taras Shevchuk' }));
    const bar = screen.getByRole('region', { name: 'Selected candidates' });
    expect(within(bar).getByRole('combobox', { name: 'Move to stage…' })).toBeInTheDocument();
  });
});

describe('a mail about a board move', () => {
  const INVITATION = {
    id: 42,
    purpose: 'generic',
    locale: 'en',
    name: 'Invitation',
    subject: 'Interview: {vacancy}',
    body: '<p>Hello {candidate_name}.</p>',
    updated_at: '2031-03-01T10:00:00.000Z',
  };

  /** The board's calls, with a server that keeps Taras in the stage he was moved to. */
  function boardWithMail(): MockRoute[] {
    let tarasStage = 0;
    return [
      { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      { path: '/api/v1/tags', body: { data: [] } },
      { path: '/api/v1/mail-templates', body: { data: [INVITATION] } },
      {
        path: '/api/v1/applications',
        body: () => page([summary(11, tarasStage, 'Taras Shevchuk'), summary(12, 1, 'Lesya Ukrainka')]),
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/stage',
        body: ({ body }) => {
          tarasStage = STAGES.findIndex((stage) => stage.id === (body as { stage_id: number }).stage_id);
          return { data: summary(11, tarasStage, 'Taras Shevchuk') };
        },
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/mails',
        status: 201,
        body: {
          data: {
            id: 71,
            application_id: 11,
            kind: 'manual',
            state: 'queued',
            subject: 'Interview: Backend engineer',
            body: '<p>Hello Taras Shevchuk.</p>',
            sender: { id: 7, name: 'Olena Owner' },
            send_at: '2031-03-05T10:00:00.000Z',
            sent_at: null,
            error: null,
            created_at: '2031-03-05T10:00:00.000Z',
          },
        },
      },
    ];
  }

  it('offers a mail after a move, which opens the mail dialog for the moved candidate', async () => {
    const { calls } = mockFetch(boardWithMail());
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Move Taras Shevchuk to stage' }, { timeout: 10_000 }),
      '3',
    );
    const offer = await screen.findByRole('region', { name: 'Send a mail about this move' });
    expect(within(offer).getByText('Taras Shevchuk moved to Interview.')).toBeInTheDocument();
    // The move went alone: nothing was mailed before the recruiter asks.
    expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/stage')?.body).toEqual({
      stage_id: 3,
      _method: 'PUT',
    });
    expect(calls.some((call) => call.url.pathname.endsWith('/mails'))).toBe(false);
    await userEvent.click(within(offer).getByRole('button', { name: 'Send mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mail to Taras Shevchuk' });
    expect(screen.queryByRole('region', { name: 'Send a mail about this move' })).toBeNull();
    // The move is done: the dialog only writes.
    expect(within(dialog).queryByRole('combobox', { name: 'Also move to stage' })).toBeNull();
    await within(dialog).findByRole('option', { name: 'Invitation' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/mails')?.body).toEqual({
        locale: 'en',
        template_id: 42,
        subject: 'Interview: {vacancy}',
        body: '<p>Hello {candidate_name}.</p>',
        interview_time: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The mail is on its way.')).toBeInTheDocument();
    // Focus is back on the card written about, not lost with the offer.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Drag Taras Shevchuk' })).toHaveFocus());
  });

  it('after a keyboard move, still announces it and keeps the focus on the card, with the offer beside', async () => {
    mockFetch(boardWithMail());
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    const handle = await screen.findByRole('button', { name: 'Drag Taras Shevchuk' }, { timeout: 10_000 });
    handle.focus();
    await userEvent.keyboard(' {ArrowRight} ');
    const status = screen
      .getAllByRole('status')
      .find((element) => element.classList.contains('visually-hidden'));
    await waitFor(() =>
      expect(status).toHaveTextContent('Taras Shevchuk moved to Screening, position 1 of 2'),
    );
    const offer = await screen.findByRole('region', { name: 'Send a mail about this move' });
    expect(within(offer).getByText('Taras Shevchuk moved to Screening.')).toBeInTheDocument();
    // The offer is no live region: the move is said once, by the status line.
    expect(offer.closest('[role="status"], [aria-live]')).toBeNull();
    const screening = screen.getByRole('region', { name: 'Screening (2)' });
    await waitFor(() =>
      expect(within(screening).getByRole('button', { name: 'Drag Taras Shevchuk' })).toHaveFocus(),
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Send a mail about this move' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
