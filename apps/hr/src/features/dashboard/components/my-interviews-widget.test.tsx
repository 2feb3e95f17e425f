import { type Interview, interviewSchema } from '@kadry/shared/schemas/interviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import { buildState, dashboardPermissions, stateText } from '../dashboard-test-data';

// The myInterviews widget (issue 17): the interviewer's interviews on their home screen, the first
// `limit` of `recruiting.myInterviews` with how many more there are; the candidate's name a link to the
// application card for whoever sees candidates, every row a link to its interview; a past interview
// without the reader's scorecard marked; its limit saved as the widget's params; loading, empty and
// error states.

const WIDGETS = '/api/v1/dashboard/widgets';
const MINE = '/api/v1/my/interviews';
const CURRENT_PARAMS = '/api/v1/dashboard/layouts/current/params';

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function buildInterview(overrides: Partial<z.input<typeof interviewSchema>> = {}): Interview {
  return interviewSchema.parse({
    id: 91,
    application_id: 11,
    candidate: { name: 'Taras Shevchuk' },
    vacancy: { id: 1, name: 'Backend engineer' },
    state: 'scheduled',
    starts_at: '2099-04-01T11:30:00.000Z',
    ends_at: '2099-04-01T12:30:00.000Z',
    date: '2099-04-01',
    time: '14:30',
    duration_minutes: 60,
    time_zone: 'Europe/Kyiv',
    location: null,
    video_url: null,
    note: null,
    sequence: 0,
    organizer: { id: 3, name: 'Olena Owner' },
    interviewers: [{ id: 7, name: 'Ivan Interviewer', has_scorecard: false }],
    is_interviewer: true,
    my_scorecard_id: null,
    scorecard_attributes: [],
    ...overrides,
  });
}

// Upcoming ones as the server orders them (soonest first), then the one awaiting a scorecard.
const taras = buildInterview();
const oksana = buildInterview({
  id: 92,
  application_id: 12,
  candidate: { name: 'Oksana Hrytsenko' },
  vacancy: { id: 2, name: 'Designer' },
  starts_at: '2099-04-02T07:00:00.000Z',
  ends_at: '2099-04-02T07:45:00.000Z',
});
const pastUnscored = buildInterview({
  id: 90,
  application_id: 10,
  candidate: { name: 'Bohdan Lysenko' },
  starts_at: '2020-03-01T08:00:00.000Z',
  ends_at: '2020-03-01T09:00:00.000Z',
});

function dashboardWith(params: object = {}): MockRoute {
  return {
    path: WIDGETS,
    body: stateText(
      buildState(['myInterviews'], {
        params: { myInterviews: params },
        available: ['companyInfo', 'myInterviews'],
      }),
    ),
  };
}

/** An employee who interviews: the dashboard, no candidates. */
const interviewerPermissions = buildPermissions({
  Dashboard: {
    visibilitySettings: {
      create: 'not_visible',
      update: 'not_visible',
      delete: 'not_visible',
      view: 'only_my',
      all: null,
    },
    actions: [],
    fields_view: [],
  },
});

async function findWidget() {
  const heading = await screen.findByRole('heading', { name: 'My interviews', level: 2 });
  return heading.closest('section') as HTMLElement;
}

describe('the myInterviews widget', () => {
  it('shows the first `limit` interviews, each linked to its application card and its interview', async () => {
    mockFetch([dashboardWith({ limit: 2 }), { path: MINE, body: { data: [taras, oksana, pastUnscored] } }]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    const list = await within(widget).findByRole('list', { name: 'My interviews' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);

    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Taras Shevchuk' })).toHaveAttribute(
      'href',
      '/app/applications/11',
    );
    expect(
      within(first).getByRole('link', { name: 'Open the interview with Taras Shevchuk' }),
    ).toHaveAttribute('href', '/app/interviews/91');
    expect(first).toHaveTextContent('Backend engineer');
    // The moment in the interview’s own zone: 11:30 UTC is 2:30 PM in Kyiv (summer time).
    expect(within(first).getByText('Apr 1, 2099, 2:30 PM (Europe/Kyiv)')).toHaveAttribute(
      'datetime',
      '2099-04-01T11:30:00.000Z',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Oksana Hrytsenko' })).toHaveAttribute(
      'href',
      '/app/applications/12',
    );
    // The third is beyond the limit: counted, not listed.
    expect(within(widget).queryByText('Bohdan Lysenko')).toBeNull();
    expect(within(widget).getByText('1 more interview')).toBeInTheDocument();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('marks a past interview still waiting for the reader’s scorecard', async () => {
    mockFetch([dashboardWith(), { path: MINE, body: { data: [taras, pastUnscored] } }]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    const link = await within(widget).findByRole('link', { name: 'Open the interview with Bohdan Lysenko' });
    const row = link.closest('li') as HTMLElement;
    expect(within(row).getByText('Waiting for your scorecard')).toBeInTheDocument();
    const upcoming = within(widget)
      .getByRole('link', { name: 'Taras Shevchuk' })
      .closest('li') as HTMLElement;
    expect(within(upcoming).queryByText('Waiting for your scorecard')).toBeNull();
    // Within the limit: nothing more to count.
    expect(within(widget).queryByText(/more interview/)).toBeNull();
  });

  it('gives an interviewer who sees no candidates the interview, not the application card', async () => {
    mockFetch([dashboardWith(), { path: MINE, body: { data: [taras] } }]);
    renderApp('/', { permissions: interviewerPermissions });
    const widget = await findWidget();
    const open = await within(widget).findByRole('link', { name: 'Open the interview with Taras Shevchuk' });
    expect(open).toHaveAttribute('href', '/app/interviews/91');
    expect(within(widget).getByText('Taras Shevchuk')).toBeInTheDocument();
    expect(within(widget).queryByRole('link', { name: 'Taras Shevchuk' })).toBeNull();
    expect(within(widget).getAllByRole('link')).toHaveLength(1);
  });

  it('says when there are no interviews', async () => {
    mockFetch([dashboardWith(), { path: MINE, body: { data: [] } }]);
    renderApp('/', { permissions: interviewerPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByText('No upcoming interviews.')).toBeInTheDocument();
    expect(within(widget).queryByRole('list', { name: 'My interviews' })).toBeNull();
  });

  it('shows its loading state until the list answers', async () => {
    const { fetchMock } = mockFetch([dashboardWith(), { path: MINE, body: { data: [taras] } }]);
    const answer = fetchMock.getMockImplementation();
    if (!answer) throw new Error('no fetch');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The list answers only once let through.
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === MINE) await gate;
      return answer(input, init);
    });
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByRole('status')).toHaveTextContent('Loading');
    release();
    expect(await within(widget).findByRole('link', { name: 'Taras Shevchuk' })).toBeInTheDocument();
    expect(within(widget).queryByRole('status')).toBeNull();
  });

  it('says when its interviews could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    mockFetch([dashboardWith(), { path: MINE, status: 503, body: { message: 'Try later.' } }]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByRole('alert')).toHaveTextContent('Could not load this widget.');
    mockFetch([dashboardWith(), { path: MINE, body: { data: [taras] } }]);
    await user.click(within(widget).getByRole('button', { name: 'Try again' }));
    expect(await within(widget).findByRole('link', { name: 'Taras Shevchuk' })).toBeInTheDocument();
  });

  it('saves its limit as myInterviews params and shows that many', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch([
      dashboardWith({ limit: 1 }),
      { path: MINE, body: { data: [taras, oksana] } },
      {
        method: 'POST',
        path: CURRENT_PARAMS,
        body: { data: { widget_name: 'myInterviews', params: { limit: 3 } } },
      },
    ]);
    renderApp('/', { permissions: dashboardPermissions });
    const widget = await findWidget();
    expect(await within(widget).findByText('1 more interview')).toBeInTheDocument();
    expect(within(widget).queryByRole('link', { name: 'Oksana Hrytsenko' })).toBeNull();
    await user.click(within(widget).getByRole('button', { name: 'Settings of the widget My interviews' }));
    await user.selectOptions(within(widget).getByRole('combobox', { name: 'Rows shown' }), '3');
    await user.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', CURRENT_PARAMS)).toHaveLength(1));
    const body = callsTo(calls, 'POST', CURRENT_PARAMS)[0]?.body as { widget_name: string; params: string };
    expect(body.widget_name).toBe('myInterviews');
    expect(JSON.parse(body.params)).toEqual({ limit: 3 });
    expect(await within(widget).findByRole('link', { name: 'Oksana Hrytsenko' })).toBeInTheDocument();
    expect(within(widget).queryByText(/more interview/)).toBeNull();
  });
});
