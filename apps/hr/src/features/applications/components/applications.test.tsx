import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import {
  buildApplication,
  buildApplicationSummary,
  buildVacancy,
  ownerPermissions,
  pageOf,
  STAGES,
} from '../../../test/recruiting-test-data';
import {
  type MockRoute,
  mockFetch,
  type RecordedCall,
  renderApp,
  renderAppInBrowserHistory,
} from '../../../test/render-app';
import { formatFileSize } from './application-card-page';
import { getCandidateLabel } from './candidate-name';

const summary = (id: number, stageIndex: number, name: string) =>
  buildApplicationSummary({
    id,
    candidate: { id: id + 100, name, email: null, phone: null },
    stage: STAGES[stageIndex] as (typeof STAGES)[number],
  });

/** The ranked search's answer (decision 030): each application a hit, no snippet. */
const searchPageOf = (applications: unknown[], lastPage = 1) => {
  const { data, meta } = pageOf(applications, lastPage);
  return {
    data: data.map((application) => ({ application, rank: 0.5, snippet: [], snippet_source: null })),
    meta: { ...meta, total_is_capped: false },
  };
};

const queriesOf = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.url.pathname === path).map((call) => Object.fromEntries(call.url.searchParams));

describe('candidates list', () => {
  it('filters by search, vacancy, stage, source and dates, and offers exports with the same filters', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/applications', body: pageOf([summary(11, 0, 'Taras Shevchuk')], 2) },
      { path: '/api/v1/applications/search', body: searchPageOf([summary(11, 0, 'Taras Shevchuk')], 2) },
      { path: '/api/v1/vacancies', body: pageOf([buildVacancy()]) },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    ]);
    renderApp('/applications', { permissions: ownerPermissions });
    expect(await screen.findByRole('link', { name: 'Taras Shevchuk' })).toHaveAttribute(
      'href',
      '/app/applications/11',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'taras');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Vacancy' }), '1');
    await userEvent.selectOptions(
      await screen
        .findByRole('option', { name: 'Interview' })
        .then(() => screen.getByRole('combobox', { name: 'Stage' })),
      '3',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Source' }), 'linkedin');
    await userEvent.type(screen.getByLabelText('Applied from'), '2031-03-01');
    await userEvent.type(screen.getByLabelText('Applied until'), '2031-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Searched with no column chosen: the ranked search, with every filter of the list.
    await waitFor(() => {
      const last = calls.filter((call) => call.url.pathname.startsWith('/api/v1/applications')).at(-1);
      expect(last?.url.pathname).toBe('/api/v1/applications/search');
      expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
        page: '2',
        search: 'taras',
        vacancy_id: '1',
        stage_id: '3',
        source: 'linkedin',
        from: '2031-03-01',
        to: '2031-03-31',
      });
    });
    const csv = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect(csv.pathname).toBe('/api/v1/applications/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      format: 'csv',
      search: 'taras',
      vacancy_id: '1',
      stage_id: '3',
      source: 'linkedin',
      from: '2031-03-01',
      to: '2031-03-31',
    });
    expect(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href')).toMatch(/format=xlsx/);
  });

  it('hides the exports without the export permission', async () => {
    mockFetch([
      { path: '/api/v1/applications', body: pageOf([]) },
      { path: '/api/v1/vacancies', body: pageOf([]) },
    ]);
    const noExport = buildPermissions({
      Candidate: { ...ownerPermissions.permissions.Candidate, actions: [] },
    });
    renderApp('/applications', { permissions: noExport });
    expect(await screen.findByText('No candidates match.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Export/ })).toBeNull();
  });
});

describe('searching the candidates list (decision 030)', () => {
  const TAG = {
    id: 4,
    name: 'Referral',
    color: 'green',
    applications_count: 0,
    can_update: true,
    can_delete: true,
  };

  function searchRoutes(): MockRoute[] {
    return [
      { path: '/api/v1/applications', body: pageOf([summary(11, 0, 'Taras Shevchuk')]) },
      {
        path: '/api/v1/applications/search',
        body: {
          data: [
            {
              application: summary(12, 1, 'Lesya Ukrainka'),
              rank: 0.9,
              snippet: [
                { text: 'Senior ', match: false },
                { text: 'Python', match: true },
                { text: ' developer', match: false },
              ],
              snippet_source: 'cv',
            },
            { application: summary(13, 2, 'Ivan Franko'), rank: 1.1, snippet: [], snippet_source: null },
          ],
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 2, total_is_capped: false },
        },
      },
      { path: '/api/v1/vacancies', body: pageOf([buildVacancy()]) },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      { path: '/api/v1/tags', body: { data: [TAG] } },
    ];
  }

  it('searches through the ranked search with every filter of the list, showing its hits and snippets', async () => {
    const { calls } = mockFetch(searchRoutes());
    const { container } = renderApp(
      '/applications?vacancy_id=1&stage_id=2&tag_id=4&source=linkedin&from=2031-03-01',
      {
        permissions: ownerPermissions,
      },
    );
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(queriesOf(calls, '/api/v1/applications/search')).toEqual([]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pyth');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const hit = await screen.findByRole('link', { name: 'Lesya Ukrainka' });
    expect(queriesOf(calls, '/api/v1/applications/search')).toEqual([
      {
        page: '1',
        search: 'pyth',
        vacancy_id: '1',
        stage_id: '2',
        tag_id: '4',
        source: 'linkedin',
        from: '2031-03-01',
      },
    ]);
    // The hits in the search's order, as the table's rows; the list itself is not asked again.
    expect(queriesOf(calls, '/api/v1/applications').every((query) => query.search === undefined)).toBe(true);
    expect(hit).toHaveAttribute('href', '/app/applications/12');
    expect(screen.queryByRole('link', { name: 'Taras Shevchuk' })).toBeNull();
    const links = within(screen.getByRole('table')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Lesya Ukrainka', 'Ivan Franko']);
    expect(hit.closest('td')).toHaveTextContent('Found: Senior Python developer');
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(screen.getByText('2 applications found')).toHaveAttribute('role', 'status');
  });

  it('goes back to the list, search and all, when a column is chosen', async () => {
    const { calls } = mockFetch(searchRoutes());
    renderApp('/applications?search=pyth', { permissions: ownerPermissions });
    await screen.findByRole('link', { name: 'Lesya Ukrainka' });
    expect(queriesOf(calls, '/api/v1/applications')).toEqual([]);
    await userEvent.click(
      within(screen.getByRole('table')).getByRole('button', { name: 'Name: sort ascending' }),
    );
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(queriesOf(calls, '/api/v1/applications')).toEqual([
      { page: '1', search: 'pyth', sort: 'name', order: 'asc' },
    ]);
    expect(queriesOf(calls, '/api/v1/applications/search')).toHaveLength(1);
    expect(screen.getByText('1 application found')).toBeInTheDocument();
    // Without a search: the list, and no count of what was found.
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queriesOf(calls, '/api/v1/applications').at(-1)).toEqual({ page: '1' }));
    expect(queriesOf(calls, '/api/v1/applications/search')).toHaveLength(1);
    expect(screen.queryByText(/found$/)).toBeNull();
  });
});

describe('candidates list filters in the address', () => {
  // Vacancy 3 is not on the first page of the vacancy filter's choices: it is fetched by id. Its stages
  // have their own ids (7 New … 12 Rejected).
  const DATA_ANALYST = buildVacancy({ id: 3, name: 'Data analyst' });
  const ANALYST_STAGES = STAGES.map((stage) => ({ ...stage, id: stage.id + 6 }));

  function listRoutes(extra: MockRoute[] = []): MockRoute[] {
    return [
      ...extra,
      { path: '/api/v1/applications', body: pageOf([summary(11, 0, 'Taras Shevchuk')], 3) },
      { path: '/api/v1/applications/search', body: searchPageOf([summary(11, 0, 'Taras Shevchuk')], 3) },
      { path: '/api/v1/vacancies', body: pageOf([buildVacancy()]) },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      { path: '/api/v1/vacancies/3', body: { data: DATA_ANALYST } },
      { path: '/api/v1/vacancies/3/stages', body: { data: ANALYST_STAGES } },
    ];
  }

  const listQueries = (calls: RecordedCall[]) => queriesOf(calls, '/api/v1/applications');
  const searchQueries = (calls: RecordedCall[]) => queriesOf(calls, '/api/v1/applications/search');

  function address() {
    return `${window.location.pathname}${window.location.search}`;
  }

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('opens filtered from a link: asks for the filtered list and shows every filter in its control', async () => {
    const { calls } = mockFetch(listRoutes());
    renderApp(
      '/applications?vacancy_id=3&stage_id=7&search=taras&source=linkedin&from=2031-03-01&to=2031-03-31&page=2',
      { permissions: ownerPermissions },
    );
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(listQueries(calls)).toEqual([]);
    expect(searchQueries(calls)).toEqual([
      {
        page: '2',
        search: 'taras',
        vacancy_id: '3',
        stage_id: '7',
        source: 'linkedin',
        from: '2031-03-01',
        to: '2031-03-31',
      },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('taras');
    expect(screen.getByRole('textbox', { name: 'Source' })).toHaveValue('linkedin');
    expect(screen.getByLabelText('Applied from')).toHaveValue('2031-03-01');
    expect(screen.getByLabelText('Applied until')).toHaveValue('2031-03-31');
    // The chosen vacancy is offered (and chosen) although it is not on the first page of vacancies.
    await screen.findByRole('option', { name: 'Data analyst' });
    expect(screen.getByRole('combobox', { name: 'Vacancy' })).toHaveValue('3');
    await screen.findByRole('option', { name: 'New' });
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('7');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    // The exports carry the same filters.
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      'vacancy_id=3&stage_id=7',
    );
  });

  it('opens from an address of before the rename (/candidates…), filters and card alike', async () => {
    const { calls } = mockFetch(listRoutes());
    const { location } = renderApp('/candidates?vacancy_id=3&search=taras', {
      permissions: ownerPermissions,
    });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(location.history?.at(-1)).toBe('/app/applications?vacancy_id=3&search=taras');
    expect(searchQueries(calls).at(-1)).toMatchObject({ vacancy_id: '3', search: 'taras' });
  });

  it('ignores malformed parameters, and a stage without its vacancy', async () => {
    const { calls } = mockFetch(listRoutes());
    renderApp('/applications?stage_id=3&vacancy_id=abc&from=2031-02-30&to=soon&source=%20&page=-1', {
      permissions: ownerPermissions,
    });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(listQueries(calls)).toEqual([{ page: '1' }]);
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toBeDisabled();
    expect(screen.getByLabelText('Applied from')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('a changed filter goes into the address on page 1, and Back restores the filters before it', async () => {
    const { calls } = mockFetch(listRoutes());
    renderAppInBrowserHistory('/applications?vacancy_id=1&page=2', { permissions: ownerPermissions });
    await screen.findByText('Page 2 of 3');
    await screen.findByRole('option', { name: 'Interview' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'Interview');
    await waitFor(() => expect(address()).toBe('/app/applications?vacancy_id=1&stage_id=3'));
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toEqual({ page: '1', vacancy_id: '1', stage_id: '3' }),
    );

    await userEvent.type(screen.getByLabelText('Applied from'), '2031-03-01');
    await waitFor(() => expect(address()).toBe('/app/applications?vacancy_id=1&stage_id=3&from=2031-03-01'));

    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/app/applications?vacancy_id=1&stage_id=3'));
    await waitFor(() => expect(screen.getByLabelText('Applied from')).toHaveValue(''));
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/app/applications?vacancy_id=1&page=2'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Vacancy' })).toHaveValue('1');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('choosing another vacancy drops the stage of the one before', async () => {
    const { calls } = mockFetch(
      listRoutes([{ path: '/api/v1/vacancies', body: pageOf([buildVacancy(), DATA_ANALYST]) }]),
    );
    const { location } = renderApp('/applications?vacancy_id=1&stage_id=3', {
      permissions: ownerPermissions,
    });
    await screen.findByRole('option', { name: 'Interview' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vacancy' }), 'Data analyst');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/applications?vacancy_id=3'));
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ page: '1', vacancy_id: '3' }));
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('');
  });

  it('forgets a vacancy that is gone (or hidden), and its stage, replacing the address', async () => {
    const { calls } = mockFetch(listRoutes());
    const { location } = renderApp('/applications?vacancy_id=99&stage_id=2&source=site', {
      permissions: ownerPermissions,
    });
    await waitFor(() => expect(location.history).toEqual(['/app/applications?source=site']));
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ page: '1', source: 'site' }));
    expect(screen.getByRole('combobox', { name: 'Vacancy' })).toHaveValue('');
  });

  it('"Clear filters" shows the whole list, empties every box and puts focus on the search', async () => {
    mockFetch(listRoutes());
    const { location } = renderApp('/applications?vacancy_id=1&search=taras&to=2031-03-31', {
      permissions: ownerPermissions,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/app/applications'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(screen.getByLabelText('Applied until')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Vacancy' })).toHaveValue('');
  });

  it("the board's list link opens the list filtered by its vacancy", async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
      {
        path: '/api/v1/applications',
        body: {
          ...pageOf([summary(11, 0, 'Taras Shevchuk')]),
          meta: { current_page: 1, last_page: 2, per_page: 100, total: 130 },
        },
      },
      ...listRoutes(),
    ]);
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    expect(
      await screen.findByText('The board shows the first 1 candidates (130 in all).', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open as a list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidates' })).toBeInTheDocument();
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ page: '1', vacancy_id: '1' }));
    await screen.findByRole('option', { name: 'Backend engineer' });
    expect(screen.getByRole('combobox', { name: 'Vacancy' })).toHaveValue('1');
  });
});

/** One of a person's applications as the card's person panel lists it. */
const personApplication = (id: number, vacancy: string) => ({
  id,
  vacancy: { id: id + 100, name: vacancy },
  stage: STAGES[0],
  created_at: '2030-12-01T00:00:00Z',
  source: '',
  rejected_at: null,
});

describe('candidate card', () => {
  it('shows every answer by its display text, files as downloads, the CV text, other applications and comments', async () => {
    const application = buildApplication({
      is_repeat: true,
      answers: [
        {
          name: 'Seniority',
          type: 'custom_property',
          input_type: 'select',
          value: 2,
          display: 'Senior',
          files: [],
        },
        {
          name: 'Salary expectations',
          type: 'salary',
          input_type: 'salary',
          value: { min: '3000', max: null, currency: 1 },
          display: 'from 3000 USD ($)',
          files: [],
        },
        {
          name: 'Cover letter',
          type: 'cover_letter',
          input_type: 'textarea',
          value: null,
          display: '',
          files: [],
        },
        {
          name: 'CV',
          type: 'cv',
          input_type: 'files',
          value: null,
          display: 'cv.pdf',
          files: [
            { id: 5, name: 'cv.pdf', size: 204_800, format: 'pdf', download_url: '/api/v1/files/5/download' },
          ],
        },
      ],
      cv_text: 'Taras Shevchuk — backend engineer',
      other_applications: [
        { id: 3, vacancy: { id: 2, name: 'Frontend engineer' }, created_at: '2030-12-01T00:00:00Z' },
      ],
    });
    const { calls } = mockFetch([
      { path: '/api/v1/applications/11', body: { data: application } },
      // The person's applications (decision 027): this one and the earlier one.
      {
        path: '/api/v1/candidates/21',
        body: {
          data: {
            id: 21,
            name: 'Taras Shevchuk',
            applications: [
              { ...personApplication(11, 'Backend engineer'), created_at: '2031-03-02T10:00:00.000Z' },
              personApplication(3, 'Frontend engineer'),
            ],
            merges: [],
            duplicates: [],
            can_merge: true,
            can_edit: true,
          },
        },
      },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      {
        path: '/api/v1/applications/11/comments',
        body: {
          data: [
            {
              id: 1,
              text: 'Strong CV',
              is_shared: true,
              author: { id: 7, name: 'Olena Owner' },
              created_at: '2031-03-03T00:00:00Z',
              mentions: [],
              edited_at: null,
            },
          ],
        },
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/comments',
        status: 201,
        body: {
          data: {
            id: 2,
            text: 'Call on Monday',
            is_shared: false,
            author: { id: 7, name: 'Olena Owner' },
            created_at: '2031-03-04T00:00:00Z',
            mentions: [],
            edited_at: null,
          },
        },
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/stage',
        body: { data: summary(11, 2, 'Taras Shevchuk') },
      },
    ]);
    renderApp('/applications/11', { permissions: ownerPermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Taras Shevchuk' })).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('Senior')).toBeInTheDocument();
    expect(within(answers).getByText('from 3000 USD ($)')).toBeInTheDocument();
    expect(within(answers).getByText('No answer')).toBeInTheDocument();
    const cv = within(answers).getByRole('link', { name: 'cv.pdf' });
    expect(cv).toHaveAttribute('href', '/api/v1/files/5/download');
    // The server names the download by the file's detected format; the link adds no name of its own.
    expect(cv).toHaveAttribute('download', '');
    expect(within(answers).getByText('(PDF, 200 KB)')).toBeInTheDocument();
    expect(screen.getByText('Taras Shevchuk — backend engineer')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Frontend engineer' })).toHaveAttribute(
      'href',
      '/app/applications/3',
    );
    expect(screen.getByText('This person has applied before.')).toBeInTheDocument();
    expect(screen.getByText('linkedin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'taras@example.com' })).toBeInTheDocument();
    expect(await screen.findByText('Strong CV')).toBeInTheDocument();

    // Without share_comments the comment is private: no box to share it, a hint saying who reads it.
    expect(screen.queryByRole('checkbox', { name: 'Shared with the team' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New comment' })).toHaveAccessibleDescription(
      'Type @ to mention a colleague: they are notified. Only you and colleagues who may see all ' +
        'comments will read it. In a private comment, only colleagues who read private comments can be mentioned.',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'New comment' }), 'Call on Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/comments'))?.body,
      ).toEqual({
        text: 'Call on Monday',
        is_shared: false,
      }),
    );

    await screen.findByRole('option', { name: 'Interview' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), '3');
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/stage')?.body).toEqual({
        stage_id: 3,
        _method: 'PUT',
      }),
    );
  });

  it('offers "Shared with the team" with share_comments, labels private comments, and stays axe-clean', async () => {
    const canShare = buildPermissions({
      ...ownerPermissions.permissions,
      Candidate: {
        ...ownerPermissions.permissions.Candidate,
        actions: [...ownerPermissions.permissions.Candidate.actions, 'share_comments'],
      },
    });
    const comment = (id: number, text: string, isShared: boolean) => ({
      id,
      text,
      is_shared: isShared,
      author: { id: 7, name: 'Olena Owner' },
      created_at: '2031-03-03T00:00:00Z',
      mentions: [],
      edited_at: null,
    });
    const { calls } = mockFetch([
      { path: '/api/v1/applications/11', body: { data: buildApplication() } },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      {
        path: '/api/v1/applications/11/comments',
        body: { data: [comment(1, 'Strong CV', true), comment(2, 'Salary too high for us', false)] },
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/comments',
        status: 201,
        body: { data: comment(3, 'Invite to the interview', true) },
      },
    ]);
    renderApp('/applications/11', { permissions: canShare });
    const comments = await screen.findByRole('region', { name: 'Comments' });
    const items = await within(comments).findAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText('Private') !== null)).toEqual([false, true]);
    expect(items[1]).toHaveTextContent('Salary too high for us');

    const share = screen.getByRole('checkbox', { name: 'Shared with the team' });
    expect(share).not.toBeChecked();
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(share);
    expect(screen.getByRole('textbox', { name: 'New comment' })).toHaveAccessibleDescription(
      'Type @ to mention a colleague: they are notified.',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'New comment' }), 'Invite to the interview');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/comments'))?.body,
      ).toEqual({ text: 'Invite to the interview', is_shared: true }),
    );
    expect(await findAxeViolations()).toEqual([]);
  });

  it('formats file sizes in KB, MB and GB', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('candidate board', () => {
  it('shows a column per stage and moves a card with the "Move to…" menu', async () => {
    // A small stateful server: after the move, the list answers the card in its new stage.
    let tarasStage = 0;
    const { calls } = mockFetch([
      { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      {
        path: '/api/v1/applications',
        body: () => pageOf([summary(11, tarasStage, 'Taras Shevchuk'), summary(12, 1, 'Lesya Ukrainka')]),
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/stage',
        body: () => {
          tarasStage = 2;
          return { data: summary(11, tarasStage, 'Taras Shevchuk') };
        },
      },
    ]);
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Candidates: Backend engineer' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const columns = await screen.findAllByRole('heading', { level: 2 });
    expect(columns.map((heading) => heading.textContent)).toEqual([
      'New (1)',
      'Screening (1)',
      'Interview (0)',
      'Offer (0)',
      'Hired (0)',
      'Rejected (0)',
    ]);
    const applicationsCall = calls.find((call) => call.url.pathname === '/api/v1/applications');
    expect(applicationsCall?.url.searchParams.get('vacancy_id')).toBe('1');

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Move Taras Shevchuk to stage' }),
      '3',
    );
    // Shown in the new column at once, and still there once the server's answer is back.
    const interview = screen.getByRole('region', { name: 'Interview (1)' });
    expect(within(interview).getByRole('link', { name: 'Taras Shevchuk' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/stage')?.body).toEqual({
        stage_id: 3,
        _method: 'PUT',
      }),
    );
    expect(await screen.findByText('Taras Shevchuk moved to Interview, position 1 of 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Interview (1)' })).toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'New (0)' })).toBeInTheDocument();
  });
});

describe('candidate board by keyboard (issue 18)', () => {
  it('lifts a card with space, moves it across stages with arrows, drops it with space and says so', async () => {
    let tarasStage = 0;
    const { calls } = mockFetch([
      { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      {
        path: '/api/v1/applications',
        body: () =>
          pageOf([
            summary(11, tarasStage, 'Taras Shevchuk'),
            summary(12, 1, 'Lesya Ukrainka'),
            summary(13, 1, 'Ivan Franko'),
          ]),
      },
      {
        method: 'POST',
        path: '/api/v1/applications/11/stage',
        body: () => {
          tarasStage = 1;
          return { data: summary(11, tarasStage, 'Taras Shevchuk') };
        },
      },
    ]);
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    const handle = await screen.findByRole('button', { name: 'Drag Taras Shevchuk' }, { timeout: 10_000 });
    const status = screen
      .getAllByRole('status')
      .find((element) => element.classList.contains('visually-hidden'));
    handle.focus();
    await userEvent.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(status).toHaveTextContent('Taras Shevchuk picked up, in New, position 1 of 1.');
    await userEvent.keyboard('{ArrowRight}');
    expect(status).toHaveTextContent('Taras Shevchuk over Screening, position 1 of 3.');
    await userEvent.keyboard('{ArrowRight}{ArrowLeft}');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.keyboard(' ');
    expect(await screen.findByText('Taras Shevchuk moved to Screening, position 1 of 3')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/stage')?.body).toEqual({
      stage_id: 2,
      _method: 'PUT',
    });
    const screening = screen.getByRole('region', { name: 'Screening (3)' });
    await waitFor(() =>
      expect(within(screening).getByRole('button', { name: 'Drag Taras Shevchuk' })).toHaveFocus(),
    );
  });

  it('puts the card back with Escape', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/vacancies/1', body: { data: buildVacancy() } },
      { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
      { path: '/api/v1/applications', body: pageOf([summary(11, 0, 'Taras Shevchuk')]) },
    ]);
    renderApp('/vacancies/1/board', { permissions: ownerPermissions });
    const handle = await screen.findByRole('button', { name: 'Drag Taras Shevchuk' }, { timeout: 10_000 });
    handle.focus();
    await userEvent.keyboard(' {ArrowRight}{Escape}');
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByText('Move cancelled: Taras Shevchuk stays in New, position 1 of 1.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(handle).toHaveFocus();
  });
});

describe('a board the user cannot open (issue 18)', () => {
  it('is one not-found page: no nameless title, no load failure, no calls after the vacancy', async () => {
    const { calls } = mockFetch([]);
    renderApp('/vacancies/99/board', { permissions: ownerPermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText(/^Candidates:/)).toBeNull();
    expect(screen.queryByText('Could not load the data.')).toBeNull();
    expect(
      calls.map((call) => call.url.pathname).filter((path) => path !== '/api/v1/notifications/count'),
    ).toEqual(['/api/v1/vacancies/99']);
  });
});

describe('a stage change while offline (issue 18)', () => {
  const routes = () => [
    { path: '/api/v1/applications/11', body: { data: buildApplication() } },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/applications/11/comments', body: { data: [] } },
    {
      method: 'POST' as const,
      path: '/api/v1/applications/11/stage',
      body: { data: summary(11, 2, 'Taras Shevchuk') },
    },
  ];
  afterEach(() => onlineManager.setOnline(true));

  it('says it is waiting for the connection and applies, saying so, once it is back', async () => {
    const { calls } = mockFetch(routes());
    renderApp('/applications/11', { permissions: ownerPermissions });
    const stage = await screen.findByRole('combobox', { name: 'Stage' });
    await screen.findByRole('option', { name: 'Interview' });
    onlineManager.setOnline(false);
    await userEvent.selectOptions(stage, '3');
    expect(
      await screen.findByText('No connection: the stage will change when it is back.'),
    ).toBeInTheDocument();
    expect(stage).toHaveValue('3');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Stage changed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('No connection: the stage will change when it is back.')).toBeNull();
  });

  it('can be cancelled while waiting: nothing is sent when the connection is back', async () => {
    const { calls } = mockFetch(routes());
    renderApp('/applications/11', { permissions: ownerPermissions });
    const stage = await screen.findByRole('combobox', { name: 'Stage' });
    await screen.findByRole('option', { name: 'Interview' });
    onlineManager.setOnline(false);
    await userEvent.selectOptions(stage, '3');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText('The stage change was cancelled.')).toBeInTheDocument();
    expect(stage).toBeEnabled();
    expect(stage).toHaveValue('1');
    act(() => onlineManager.setOnline(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('candidate label', () => {
  it('falls back to e-mail, phone, then "Candidate #id" when the name is empty', () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}:${params?.id}`;
    expect(getCandidateLabel({ id: 1, name: 'Ada', email: 'a@x.test' }, t)).toBe('Ada');
    expect(getCandidateLabel({ id: 1, name: ' ', email: 'a@x.test' }, t)).toBe('a@x.test');
    expect(getCandidateLabel({ id: 1, name: '', email: null, phone: '+380' }, t)).toBe('+380');
    expect(getCandidateLabel({ id: 3, name: '' }, t)).toBe('hr.candidate.unnamed:3');
  });
});
