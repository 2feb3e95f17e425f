import { setActionLevel } from '@kadry/shared/permissions/permission-state';
import { type Question, questionSchema } from '@kadry/shared/schemas/questions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../test/render-app';

// Questions to HR (issue 15): my questions and (HR) everyone's, asking (anonymously too), one
// question with HR's answer and closing, and the dashboard's ask widget.

const MY = '/api/v1/dashboard/ask/my';
const ALL = '/api/v1/dashboard/ask';
const CREATE = '/api/v1/questions';

function buildQuestion(overrides: Partial<Question> = {}): Question {
  return questionSchema.parse({
    id: 1,
    subject: 'Parking places',
    text: 'Are there parking places for bikes?',
    is_anonymous: false,
    status: 'open',
    asker: { id: 7, name: 'Olena Owner' },
    is_mine: true,
    answer: null,
    answered_by: null,
    answered_at: null,
    closed_at: null,
    created_at: '2031-03-09T09:00:00.000Z',
    can_answer: false,
    can_close: true,
    ...overrides,
  });
}

const anonymous = buildQuestion({
  id: 2,
  subject: 'Salary review',
  text: 'When is the next salary review?',
  is_anonymous: true,
  asker: null,
  is_mine: false,
  status: 'answered',
  answer: 'In June.',
  answered_by: { id: 3, name: 'Hanna HR' },
  answered_at: '2031-03-10T09:00:00.000Z',
  can_answer: true,
  can_close: true,
});

function page(data: Question[]) {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } };
}

const dashboard = { visibilitySettings: setActionLevel(null, 'view', 'only_my'), fields_view: [] };
const employee = buildPermissions({ Dashboard: { ...dashboard, actions: [] } });
const hr = buildPermissions({ Dashboard: { ...dashboard, actions: ['answer_questions'] } });

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

describe('the questions screen', () => {
  it('lists the user’s own questions; only HR gets everyone’s, with search and status', async () => {
    const routes: MockRoute[] = [
      { path: MY, body: page([buildQuestion(), { ...anonymous, is_mine: true, can_answer: false }]) },
      {
        path: ALL,
        body: ({ url }) =>
          page(
            url.searchParams.get('search')
              ? [anonymous]
              : [
                  anonymous,
                  buildQuestion({
                    id: 3,
                    is_mine: false,
                    asker: { id: 8, name: 'Petro Staff' },
                    can_answer: true,
                  }),
                ],
          ),
      },
    ];
    const { calls } = mockFetch(routes);
    const user = userEvent.setup();
    const view = renderApp('/questions', { permissions: employee });
    expect(await screen.findByRole('heading', { name: 'Questions to HR', level: 1 })).toBeInTheDocument();
    const parking = await screen.findByRole('article', { name: 'Parking places' });
    expect(within(parking).getByText(/^You ·/)).toBeInTheDocument();
    const salary = screen.getByRole('article', { name: 'Salary review' });
    expect(within(salary).getByText(/You \(anonymously\)/)).toBeInTheDocument();
    expect(within(salary).getByText('In June.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All questions' })).toBeNull();
    expect(callsTo(calls, 'GET', ALL)).toEqual([]);
    expect(await findAxeViolations()).toEqual([]);
    view.unmount();

    renderApp('/questions', { permissions: hr });
    await user.click(await screen.findByRole('tab', { name: 'All questions' }));
    const secret = await screen.findByRole('article', { name: 'Salary review' });
    expect(within(secret).getByText(/^Anonymous ·/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Parking places' })).toHaveTextContent('Petro Staff');
    await user.type(screen.getByLabelText('Search in subject and text'), 'salary');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', ALL).at(-1)?.url.searchParams.get('search')).toBe('salary'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'answered');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', ALL).at(-1)?.url.searchParams.get('status')).toBe('answered'),
    );
  });

  it('asks a question anonymously, checking it first', async () => {
    let sent: unknown = null;
    const { calls } = mockFetch([
      { path: MY, body: page([]) },
      {
        method: 'POST',
        path: CREATE,
        status: 201,
        body: ({ body }) => {
          sent = body;
          return {
            data: {
              ...anonymous,
              is_mine: true,
              status: 'open',
              answer: null,
              answered_by: null,
              answered_at: null,
              can_answer: false,
            },
          };
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/questions', { permissions: employee });
    expect(await screen.findByText('You have not asked anything yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask HR a question' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByText('Please fill in this field')).toHaveLength(2);
    expect(callsTo(calls, 'POST', CREATE)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Subject/), 'Salary review');
    await user.type(within(dialog).getByLabelText(/Question/), 'When is the next salary review?');
    const anonymously = within(dialog).getByLabelText('Ask anonymously');
    expect(anonymously).toHaveAccessibleDescription(/Nobody, HR included, will see who asked/);
    await user.click(anonymously);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      subject: 'Salary review',
      text: 'When is the next salary review?',
      is_anonymous: true,
    });
  });

  it('lets HR answer and close one question', async () => {
    const open = {
      ...anonymous,
      status: 'open' as const,
      answer: null,
      answered_by: null,
      answered_at: null,
    };
    let current: Question = open;
    const { calls } = mockFetch([
      { path: `${ALL}/2`, body: () => ({ data: current }) },
      {
        method: 'POST',
        path: `${CREATE}/2/answer`,
        body: ({ body }) => {
          current = { ...anonymous, answer: (body as { answer: string }).answer };
          return { data: current };
        },
      },
      {
        method: 'POST',
        path: `${CREATE}/2/close`,
        body: () => {
          current = { ...current, status: 'closed', can_answer: false, can_close: false };
          return { data: current };
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/questions/2', { permissions: hr });
    expect(await screen.findByRole('heading', { name: 'Salary review', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^Anonymous/)).toBeInTheDocument();
    expect(screen.getByText('No answer yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('Please fill in this field')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your answer/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Your answer/), 'In July.');
    await user.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByText('In July.', { selector: 'p' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${CREATE}/2/answer`)[0]?.body).toEqual({ answer: 'In July.' });
    expect(await findAxeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Close the question' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close “Salary review”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close the question' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${CREATE}/2/close`)).toHaveLength(1));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the answer' })).toBeNull();
  });
});

describe('the ask widget', () => {
  function stateWith(params: object) {
    return JSON.stringify({
      widgets: [{ name: 'ask', params: { scope: 'all', limit: 5, ...params } }],
      available: ['ask'],
      source: 'own',
      can_edit_default: false,
    });
  }

  it('shows HR everyone’s open questions, and others their own', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/dashboard/widgets', body: stateWith({}) },
      { path: ALL, body: page([anonymous]) },
      { path: MY, body: page([]) },
    ]);
    const view = renderApp('/', { permissions: hr });
    const card = (await screen.findByRole('heading', { name: 'Questions to HR', level: 2 })).closest(
      'li',
    ) as HTMLElement;
    expect(await within(card).findByRole('link', { name: 'Salary review' })).toHaveAttribute(
      'href',
      '/app/questions/2',
    );
    expect(within(card).getByText(/Anonymous/)).toBeInTheDocument();
    expect(callsTo(calls, 'GET', ALL)[0]?.url.searchParams.get('status')).toBe('open');
    view.unmount();

    renderApp('/', { permissions: employee });
    expect(await screen.findByText('You have not asked HR anything yet.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', MY)[0]?.url.searchParams.get('per_page')).toBe('5');
    expect(screen.getByRole('button', { name: 'Ask HR' })).toBeInTheDocument();
  });
});
