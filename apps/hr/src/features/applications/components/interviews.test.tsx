import { type Interview, interviewSchema } from '@kadry/shared/schemas/interviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { buildApplication, buildVacancy, ownerPermissions, STAGES } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

// Interviews and scorecards on the HR screens (issue 17): scheduling from the card with the vacancy's
// interviewers ticked, the interviewer's page with their scorecard, and "My interviews".

const STAFF = [
  { id: 5, name: 'Ivan Interviewer' },
  { id: 6, name: 'Maria Manager' },
  { id: 7, name: 'Olena Owner' },
];

function buildInterview(overrides: Partial<z.input<typeof interviewSchema>> = {}): Interview {
  return interviewSchema.parse({
    id: 91,
    application_id: 11,
    candidate: { name: 'Taras Shevchuk' },
    vacancy: { id: 1, name: 'Backend engineer' },
    state: 'scheduled',
    starts_at: '2031-04-01T11:30:00.000Z',
    ends_at: '2031-04-01T12:30:00.000Z',
    date: '2031-04-01',
    time: '14:30',
    duration_minutes: 60,
    time_zone: 'Europe/Kyiv',
    location: 'Room 4',
    video_url: 'https://meet.example.test/abc',
    note: 'Ask about Kafka',
    sequence: 0,
    organizer: { id: 7, name: 'Olena Owner' },
    interviewers: [{ id: 5, name: 'Ivan Interviewer', has_scorecard: false }],
    is_interviewer: false,
    my_scorecard_id: null,
    scorecard_attributes: [
      { key: 'comm', name: 'Communication' },
      { key: 'sql', name: 'SQL' },
    ],
    ...overrides,
  });
}

const EMPTY_SUMMARY = {
  count: 0,
  recommendations: { strong_no: 0, no: 0, yes: 0, strong_yes: 0 },
  attributes: [],
};

/** Whether a reload or closing the tab would get the browser's "leave the page?" prompt now. */
function isUnloadHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function cardRoutes(extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/v1/applications/11', body: { data: buildApplication() } },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/applications/11/comments', body: { data: [] } },
    { path: '/api/v1/applications/11/history', body: { data: [] } },
    { path: '/api/v1/users', body: { data: STAFF } },
    { path: '/api/v1/vacancies/1', body: { data: buildVacancy({ interviewer_ids: [5] }) } },
  ];
}

describe('scheduling an interview from the card', () => {
  it('offers the vacancy interviewers first and sends the local time with its zone', {
    timeout: 90_000,
  }, async () => {
    const { calls } = mockFetch(
      cardRoutes([
        {
          path: '/api/v1/applications/11/interviews',
          body: { data: [], scorecards: [], summary: EMPTY_SUMMARY, hidden_scorecards: 0 },
        },
        {
          method: 'POST',
          path: '/api/v1/applications/11/interviews',
          status: 201,
          body: { data: buildInterview() },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'Interviews' });
    expect(await within(panel).findByText('No interviews yet.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule an interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Taras Shevchuk' });
    // The vacancy's interviewer is ticked once the vacancy has arrived; the others are offered.
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Ivan Interviewer' })).toBeChecked(),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Maria Manager' })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Kyiv');
    expect(await findAxeViolations()).toEqual([]);

    // No interviewer at all is refused before anything is sent.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ivan Interviewer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule and send invitations' }));
    expect(await within(dialog).findByText('Choose at least one interviewer.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/interviews'))).toBe(
      false,
    );

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Maria Manager' }));
    const date = within(dialog).getByLabelText(/^Date/, { selector: 'input[type="date"]' });
    await userEvent.clear(date);
    await userEvent.type(date, '2031-04-01');
    const time = within(dialog).getByLabelText(/^Time/, { selector: 'input[type="time"]' });
    await userEvent.clear(time);
    await userEvent.type(time, '14:30');
    const duration = within(dialog).getByRole('spinbutton', { name: /Duration/ });
    await userEvent.clear(duration);
    await userEvent.type(duration, '45');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Place' }), 'Room 4');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Video call link' }));
    await userEvent.paste('https://meet.example.test/abc');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note for the interviewers/ }), 'Kafka');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule and send invitations' }));
    await waitFor(() =>
      expect(
        calls.find(
          (call) => call.method === 'POST' && call.url.pathname === '/api/v1/applications/11/interviews',
        )?.body,
      ).toEqual({
        date: '2031-04-01',
        time: '14:30',
        duration_minutes: 45,
        time_zone: 'Europe/Kyiv',
        interviewer_ids: [6],
        location: 'Room 4',
        video_url: 'https://meet.example.test/abc',
        note: 'Kafka',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('The interview is scheduled; invitations are on their way.'),
    ).toBeInTheDocument();
  });

  it('shows interviews, the scorecards one may see and how many are held back', async () => {
    mockFetch(
      cardRoutes([
        {
          path: '/api/v1/applications/11/interviews',
          body: {
            data: [
              buildInterview({
                interviewers: [
                  { id: 5, name: 'Ivan Interviewer', has_scorecard: true },
                  { id: 7, name: 'Olena Owner', has_scorecard: false },
                ],
                is_interviewer: true,
              }),
            ],
            scorecards: [],
            summary: EMPTY_SUMMARY,
            hidden_scorecards: 1,
          },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'Interviews' });
    const when = new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Kyiv',
    }).format(new Date('2031-04-01T11:30:00.000Z'));
    expect(await within(panel).findByText(`${when} (Europe/Kyiv)`)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'https://meet.example.test/abc' })).toBeInTheDocument();
    expect(within(panel).getByText('Ask about Kafka')).toBeInTheDocument();
    expect(
      within(panel).getByText('1 more scorecard(s) stay hidden until you submit yours.'),
    ).toBeInTheDocument();
    // The reader interviews: their scorecard opens in place.
    await userEvent.click(within(panel).getByRole('button', { name: 'Fill in your scorecard' }));
    expect(within(panel).getByRole('group', { name: 'Communication' })).toBeInTheDocument();
  });

  it('asks before folding away a scorecard with notes typed, and folds a clean one at once (issue 17)', async () => {
    mockFetch(
      cardRoutes([
        {
          path: '/api/v1/applications/11/interviews',
          body: {
            data: [buildInterview({ is_interviewer: true })],
            scorecards: [],
            summary: EMPTY_SUMMARY,
            hidden_scorecards: 0,
          },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'Interviews' });
    const toggle = await within(panel).findByRole('button', { name: 'Fill in your scorecard' });
    // Clean: it folds at once.
    await userEvent.click(toggle);
    expect(within(panel).getByRole('group', { name: 'Communication' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(within(panel).queryByRole('group', { name: 'Communication' })).toBeNull();
    // With notes typed: it asks; keeping them keeps the form and the text.
    await userEvent.click(toggle);
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Notes' }), 'Strong SQL');
    await userEvent.click(toggle);
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(panel).getByRole('textbox', { name: 'Notes' })).toHaveValue('Strong SQL');
    // Discarding folds it; opened again, it starts clean.
    await userEvent.click(toggle);
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(within(panel).queryByRole('textbox', { name: 'Notes' })).toBeNull();
    await userEvent.click(toggle);
    expect(within(panel).getByRole('textbox', { name: 'Notes' })).toHaveValue('');
  });

  it('asks before closing the dialog with changes typed, by Escape, × or Cancel (issue 17)', {
    timeout: 90_000,
  }, async () => {
    mockFetch(
      cardRoutes([
        {
          path: '/api/v1/applications/11/interviews',
          body: { data: [], scorecards: [], summary: EMPTY_SUMMARY, hidden_scorecards: 0 },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'Interviews' });
    const schedule = await within(panel).findByRole('button', { name: 'Schedule an interview' });
    // Nothing typed: Escape closes at once.
    await userEvent.click(schedule);
    await screen.findByRole('dialog', { name: 'Schedule an interview with Taras Shevchuk' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Taras Shevchuk' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Place' }), 'Room 4');
    expect(isUnloadHeld()).toBe(true);

    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(dialog).getByRole('textbox', { name: 'Place' })).toHaveValue('Room 4');

    // Escape on the question closes only the question.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: /^Schedule an interview/ })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(isUnloadHeld()).toBe(false);
    // Opened again, it starts fresh.
    await userEvent.click(schedule);
    const fresh = await screen.findByRole('dialog', { name: 'Schedule an interview with Taras Shevchuk' });
    expect(within(fresh).getByRole('textbox', { name: 'Place' })).toHaveValue('');
  });

  it('closes without asking once the interview is saved (issue 17)', { timeout: 90_000 }, async () => {
    mockFetch(
      cardRoutes([
        {
          path: '/api/v1/applications/11/interviews',
          body: { data: [], scorecards: [], summary: EMPTY_SUMMARY, hidden_scorecards: 0 },
        },
        {
          method: 'POST',
          path: '/api/v1/applications/11/interviews',
          status: 201,
          body: { data: buildInterview() },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'Interviews' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Schedule an interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Taras Shevchuk' });
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Ivan Interviewer' })).toBeChecked(),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Place' }), 'Room 4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule and send invitations' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(isUnloadHeld()).toBe(false);
  });
});

describe("the interviewer's page", () => {
  it('lets an interviewer without access to candidates fill their scorecard, every attribute rated', async () => {
    const interview = buildInterview({ is_interviewer: true });
    const { calls } = mockFetch([
      {
        path: '/api/v1/interviews/91',
        body: { data: interview, scorecards: [], hidden_scorecards: 0 },
      },
      {
        method: 'POST',
        path: '/api/v1/interviews/91/scorecard',
        body: ({ body }) => ({
          data: {
            id: 301,
            interview_id: 91,
            author: { id: 7, name: 'Olena Owner' },
            ratings: [
              { key: 'comm', name: 'Communication', rating: 4 },
              { key: 'sql', name: 'SQL', rating: 2 },
            ],
            recommendation: (body as { recommendation: string }).recommendation,
            notes: 'Solid',
            submitted_at: '2031-04-01T13:00:00.000Z',
            updated_at: '2031-04-01T13:00:00.000Z',
          },
        }),
      },
    ]);
    renderApp('/interviews/91', { permissions: buildPermissions({}) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Interview with Taras Shevchuk' }),
    ).toBeInTheDocument();
    // No candidate access: no link to the card.
    expect(screen.queryByRole('link', { name: "Open the candidate's card" })).toBeNull();
    const form = screen.getByRole('form', { name: 'Your scorecard' });
    await userEvent.click(within(form).getByRole('button', { name: 'Submit the scorecard' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Choose a rating for each attribute and a recommendation.',
    );
    expect(within(form).getByRole('group', { name: 'Communication' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.some((call) => call.url.pathname.endsWith('/scorecard'))).toBe(false);

    await userEvent.click(
      within(within(form).getByRole('group', { name: 'Communication' })).getByRole('radio', {
        name: '4 — excellent',
      }),
    );
    await userEvent.click(
      within(within(form).getByRole('group', { name: 'SQL' })).getByRole('radio', {
        name: '2 — below expectations',
      }),
    );
    await userEvent.click(
      within(within(form).getByRole('group', { name: 'Overall recommendation' })).getByRole('radio', {
        name: 'Yes',
      }),
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Notes' }), 'Solid');
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(within(form).getByRole('button', { name: 'Submit the scorecard' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/interviews/91/scorecard')?.body).toEqual({
        ratings: [
          { key: 'comm', rating: 4 },
          { key: 'sql', rating: 2 },
        ],
        recommendation: 'yes',
        notes: 'Solid',
        _method: 'PUT',
      }),
    );
    expect(await screen.findByText('The scorecard is saved.')).toBeInTheDocument();
  });

  it('asks before leaving with a scorecard not submitted, and not once it is (issue 17)', async () => {
    const interview = buildInterview({ is_interviewer: true });
    mockFetch([
      {
        path: '/api/v1/interviews/91',
        body: { data: interview, scorecards: [], hidden_scorecards: 0 },
      },
      {
        method: 'POST',
        path: '/api/v1/interviews/91/scorecard',
        body: ({ body }) => ({
          data: {
            id: 301,
            interview_id: 91,
            author: { id: 7, name: 'Olena Owner' },
            ratings: [
              { key: 'comm', name: 'Communication', rating: 4 },
              { key: 'sql', name: 'SQL', rating: 3 },
            ],
            recommendation: (body as { recommendation: string }).recommendation,
            notes: 'Solid',
            submitted_at: '2031-04-01T13:00:00.000Z',
            updated_at: '2031-04-01T13:00:00.000Z',
          },
        }),
      },
    ]);
    const { location } = renderApp('/interviews/91', { permissions: ownerPermissions });
    const form = await screen.findByRole('form', { name: 'Your scorecard' });
    expect(isUnloadHeld()).toBe(false);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Notes' }), 'Solid');
    expect(isUnloadHeld()).toBe(true);

    const card = screen.getByRole('link', { name: "Open the candidate's card" });
    await userEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location.history.at(-1)).toBe('/app/interviews/91');
    expect(within(form).getByRole('textbox', { name: 'Notes' })).toHaveValue('Solid');

    for (const [group, rating] of [
      ['Communication', '4 — excellent'],
      ['SQL', '3 — good'],
      ['Overall recommendation', 'Yes'],
    ] as const) {
      await userEvent.click(
        within(within(form).getByRole('group', { name: group })).getByRole('radio', { name: rating }),
      );
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Submit the scorecard' }));
    expect(await screen.findByText('The scorecard is saved.')).toBeInTheDocument();
    expect(isUnloadHeld()).toBe(false);
    await userEvent.click(card);
    await waitFor(() => expect(location.history.at(-1)).toBe('/app/applications/11'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('lists the interviewer\u2019s own interviews, each a link to its page', async () => {
    mockFetch([
      {
        path: '/api/v1/my/interviews',
        body: { data: [buildInterview({ is_interviewer: true })] },
      },
      {
        path: '/api/v1/vacancies',
        body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } },
      },
      { path: '/api/v1/teams', body: { data: [] } },
    ]);
    renderApp('/vacancies', { permissions: ownerPermissions });
    const mine = await screen.findByRole('region', { name: 'My interviews' });
    const link = await within(mine).findByRole('link', { name: 'Open the interview with Taras Shevchuk' });
    expect(link).toHaveAttribute('href', '/app/interviews/91');
  });
});
