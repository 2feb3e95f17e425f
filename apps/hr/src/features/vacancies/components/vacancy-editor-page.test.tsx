import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildVacancy, ownerPermissions } from '../../../test/recruiting-test-data';
import { mockFetch, renderApp } from '../../../test/render-app';
import { isPositionsDraft, isPositionsValue } from './positions-input';

const directory = [
  { path: '/api/v1/teams', body: { data: [{ id: 4, name: 'Platform' }] } },
  { path: '/api/v1/users', body: { data: [{ id: 8, name: 'Rita Recruiter' }] } },
  {
    path: '/api/v1/forms',
    body: {
      data: [
        { id: 1, name: 'Default', is_default: true, fields_count: 3 },
        { id: 2, name: 'Engineers', is_default: false, fields_count: 5 },
      ],
    },
  },
  // Pipeline templates (issue 17): a new vacancy starts from one.
  {
    path: '/api/v1/pipeline-templates',
    body: {
      data: [
        {
          id: 5,
          name: 'Engineering',
          stages: ['Applied', 'Tech interview', 'Offer'],
          created_at: '2031-03-01T10:00:00.000Z',
          updated_at: '2031-03-01T10:00:00.000Z',
        },
      ],
      meta: { can_manage: true },
    },
  },
];

describe('positions mask', () => {
  it('lets up to 4 digits through while typing', () => {
    expect(['', '0', '1', '10', '9999'].every(isPositionsDraft)).toBe(true);
    expect(['10000', '1a', '-1'].some(isPositionsDraft)).toBe(false);
  });

  it('accepts up to 4 digits with the first not zero', () => {
    expect(['', '1', '10', '9999'].every(isPositionsValue)).toBe(true);
    expect(['0', '01', '10000', '1a', '-1'].some(isPositionsValue)).toBe(false);
  });
});

describe('vacancy editor', () => {
  it('creates a vacancy with every field of the contract and opens it', async () => {
    const created = buildVacancy({ id: 42, name: 'Data engineer' });
    const { calls } = mockFetch([
      ...directory,
      { method: 'POST', path: '/api/v1/vacancies', status: 201, body: { data: created } },
      { path: '/api/v1/vacancies/42', body: { data: created } },
    ]);
    const { location } = renderApp('/vacancies/new', { permissions: ownerPermissions });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Data engineer');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '2');
    const positions = screen.getByRole('textbox', { name: 'Number of positions' });
    await userEvent.type(positions, '12345');
    expect(positions).toHaveValue('1234');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hot vacancy' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Salary' }), '3000 USD');
    await userEvent.click(screen.getByRole('button', { name: 'Add language' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Language' }), 'English');
    await userEvent.type(screen.getByRole('textbox', { name: 'Level' }), 'B2');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Team' }), '4');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Application form' }), '2');
    const recruiters = screen.getByRole('group', { name: 'Responsible recruiters' });
    await userEvent.click(await within(recruiters).findByRole('checkbox', { name: 'Rita Recruiter' }));
    // The hiring team, the salary in numbers and what interviewers rate (issue 17).
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Hiring manager' }), '8');
    const interviewers = screen.getByRole('group', { name: 'Interviewers' });
    await userEvent.click(within(interviewers).getByRole('checkbox', { name: 'Rita Recruiter' }));
    const salaryRange = screen.getByRole('group', { name: 'Salary in numbers' });
    await userEvent.type(within(salaryRange).getByRole('textbox', { name: 'From' }), '3 000');
    await userEvent.type(within(salaryRange).getByRole('textbox', { name: 'To' }), '4000.5');
    await userEvent.selectOptions(within(salaryRange).getByRole('combobox', { name: 'Currency' }), 'EUR');
    await userEvent.selectOptions(within(salaryRange).getByRole('combobox', { name: 'Per' }), 'year');
    const attributes = screen.getByRole('group', { name: 'Scorecard attributes' });
    await userEvent.click(within(attributes).getByRole('button', { name: 'Add an attribute' }));
    await userEvent.type(within(attributes).getByRole('textbox', { name: 'Attribute 1' }), 'Communication');
    await userEvent.click(within(attributes).getByRole('button', { name: 'Add an attribute' }));
    await userEvent.type(within(attributes).getByRole('textbox', { name: 'Attribute 2' }), 'SQL');
    await userEvent.click(within(attributes).getByRole('button', { name: 'Move attribute 2 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create vacancy' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies/42'));
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/vacancies');
    expect(post?.body).toEqual({
      name: 'Data engineer',
      status: 2,
      is_hot: true,
      salary: '3000 USD',
      residence: null,
      experience: null,
      work_types: null,
      languages: [{ language: 'English', level: 'B2' }],
      description: null,
      demand: null,
      responsibility: null,
      addition: null,
      working_conditions: null,
      team_id: 4,
      recruiter_ids: [8],
      positions: 1234,
      form_id: 2,
      hiring_manager_id: 8,
      interviewer_ids: [8],
      salary_range: { min: 3000, max: 4000.5, currency: 'EUR', period: 'year' },
      scorecard_attributes: [{ name: 'SQL' }, { name: 'Communication' }],
      // Untouched, the pipeline is the default one, sent with the vacancy.
      stages: ['New', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected'],
    });
  });

  it('starts the pipeline from a template, edited on the same screen (issue 17)', async () => {
    const created = buildVacancy({ id: 43, name: 'Platform engineer' });
    const { calls } = mockFetch([
      ...directory,
      { method: 'POST', path: '/api/v1/vacancies', status: 201, body: { data: created } },
      { path: '/api/v1/vacancies/43', body: { data: created } },
    ]);
    renderApp('/vacancies/new', { permissions: ownerPermissions });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Platform engineer');
    const start = screen.getByRole('combobox', { name: 'Start from' });
    await screen.findByRole('option', { name: 'Engineering' });
    await userEvent.selectOptions(start, '5');
    const stages = screen.getByRole('group', { name: 'Stages' });
    expect(
      within(stages)
        .getAllByRole('textbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(['Applied', 'Tech interview', 'Offer']);
    await userEvent.clear(within(stages).getByRole('textbox', { name: 'Stage 2 name' }));
    await userEvent.type(within(stages).getByRole('textbox', { name: 'Stage 2 name' }), 'System design');
    await userEvent.click(within(stages).getByRole('button', { name: 'Move Offer up' }));
    await userEvent.click(within(stages).getByRole('button', { name: 'Add stage' }));
    await userEvent.type(within(stages).getByRole('textbox', { name: 'Stage 4 name' }), 'Hired');
    await userEvent.click(screen.getByRole('button', { name: 'Create vacancy' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Platform engineer',
        stages: ['Applied', 'Offer', 'System design', 'Hired'],
      }),
    );
  });

  it('refuses a pipeline with a repeated or blank stage before sending', async () => {
    const { calls } = mockFetch(directory);
    renderApp('/vacancies/new', { permissions: ownerPermissions });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Data engineer');
    const stages = screen.getByRole('group', { name: 'Stages' });
    await userEvent.clear(within(stages).getByRole('textbox', { name: 'Stage 2 name' }));
    await userEvent.type(within(stages).getByRole('textbox', { name: 'Stage 2 name' }), 'new');
    await userEvent.click(screen.getByRole('button', { name: 'Create vacancy' }));
    expect(await within(stages).findByText('Each stage name may appear once.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('asks before leaving with unsaved changes (issue 17)', async () => {
    mockFetch([
      ...directory,
      {
        path: '/api/v1/vacancies',
        body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
      },
    ]);
    const { location } = renderApp('/vacancies/new', { permissions: ownerPermissions });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Half-written');
    const [vacanciesLink] = screen.getAllByRole('link', { name: 'Vacancies' });
    if (!vacanciesLink) throw new Error('no link to vacancies');
    await userEvent.click(vacanciesLink);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location.history.at(-1)).toBe('/app/vacancies/new');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Half-written');
    await userEvent.click(vacanciesLink);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies'));
  });

  it('says when the salary in numbers is inconsistent, before sending anything', async () => {
    const { calls } = mockFetch(directory);
    renderApp('/vacancies/new', { permissions: ownerPermissions });
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Data engineer');
    const salaryRange = screen.getByRole('group', { name: 'Salary in numbers' });
    await userEvent.type(within(salaryRange).getByRole('textbox', { name: 'From' }), '5000');
    await userEvent.type(within(salaryRange).getByRole('textbox', { name: 'To' }), '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Create vacancy' }));
    expect(await within(salaryRange).findByText(/the maximum not below the minimum/)).toBeInTheDocument();
    expect(within(salaryRange).getByRole('textbox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('does not send a vacancy without a name', async () => {
    const { calls } = mockFetch(directory);
    renderApp('/vacancies/new', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Create vacancy' }));
    expect(await screen.findByText('Please fill in this field')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('loads a vacancy, saves it as POST with _method=PUT, publishes and copies it', async () => {
    const vacancy = buildVacancy({ id: 5, name: 'QA', description: '<p>Test things</p>', positions: 2 });
    const { calls } = mockFetch([
      ...directory,
      { path: '/api/v1/vacancies/5', body: { data: vacancy } },
      {
        method: 'POST',
        path: '/api/v1/vacancies/5',
        body: ({ body }) => ({ data: { ...vacancy, ...(body as object) } }),
      },
      {
        method: 'POST',
        path: '/api/v1/vacancies/5/publish',
        body: { data: { ...vacancy, is_published: true, public_url: 'https://jobs.acme.test/careers/5' } },
      },
      {
        method: 'POST',
        path: '/api/v1/vacancies/5/copy',
        status: 201,
        body: { data: buildVacancy({ id: 6, name: 'QA (copy)' }) },
      },
      { path: '/api/v1/vacancies/6', body: { data: buildVacancy({ id: 6, name: 'QA (copy)' }) } },
    ]);
    const { location } = renderApp('/vacancies/5', { permissions: ownerPermissions });
    expect(await screen.findByRole('heading', { level: 1, name: 'QA' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('QA'));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent('Test things');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/vacancies/5');
      expect(put?.body).toMatchObject({
        _method: 'PUT',
        name: 'QA',
        description: '<p>Test things</p>',
        positions: 2,
      });
    });

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://jobs.acme.test/careers/5' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/vacancies/6'));
  });
});

describe('vacancy editor without field_salary', () => {
  it('neither shows nor sends the salary the server left out', async () => {
    const { salary: _hidden, salary_range: _range, ...withoutSalary } = buildVacancy({ id: 5, name: 'QA' });
    const { calls } = mockFetch([
      ...directory,
      { path: '/api/v1/vacancies/5', body: { data: withoutSalary } },
      { method: 'POST', path: '/api/v1/vacancies/5', body: { data: withoutSalary } },
    ]);
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('QA'));
    expect(screen.queryByRole('textbox', { name: 'Salary' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Salary in numbers' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('salary');
    expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('salary_range');
  });
});

describe('vacancy editor bugs seen (issue 18)', () => {
  it('shows the vacancy team on a direct load when the teams list arrives after the vacancy', async () => {
    const vacancy = buildVacancy({ id: 5, name: 'QA', team_id: 4, form_id: 2 });
    const { fetchMock } = mockFetch([...directory, { path: '/api/v1/vacancies/5', body: { data: vacancy } }]);
    const answer = fetchMock.getMockImplementation();
    let releaseLists = () => {};
    const listsArrive = new Promise<void>((resolve) => {
      releaseLists = resolve;
    });
    // The race of a direct load: the vacancy answers first, the teams and forms lists later.
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/teams' || path === '/api/v1/forms') await listsArrive;
      return (answer as NonNullable<typeof answer>)(input, init);
    });
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('QA'));
    releaseLists();
    await screen.findByRole('option', { name: 'Platform' });
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('4');
    expect(screen.getByRole('option', { name: 'Platform' })).toHaveProperty('selected', true);
    expect(screen.getByRole('combobox', { name: 'Application form' })).toHaveValue('2');
  });

  it('refuses 0 positions with a message and keeps the saved value', async () => {
    const vacancy = buildVacancy({ id: 5, name: 'QA', positions: 2 });
    const { calls } = mockFetch([
      ...directory,
      { path: '/api/v1/vacancies/5', body: { data: vacancy } },
      { method: 'POST', path: '/api/v1/vacancies/5', body: { data: vacancy } },
    ]);
    renderApp('/vacancies/5', { permissions: ownerPermissions });
    const positions = await screen.findByRole('textbox', { name: 'Number of positions' });
    await waitFor(() => expect(positions).toHaveValue('2'));
    await userEvent.clear(positions);
    await userEvent.type(positions, '0');
    expect(positions).toHaveValue('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 9999.')).toBeInTheDocument();
    expect(positions).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
