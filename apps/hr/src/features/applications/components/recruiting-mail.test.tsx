import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { HistoryEntry, MailTemplate } from '@kadry/shared/schemas/recruiting-mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import {
  buildApplication,
  buildApplicationSummary,
  ownerPermissions,
  pageOf,
  STAGES,
} from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

// Candidate mail, rejection and the activity history on the HR screens (issue 17): the reject dialog,
// the send-mail dialog, the history, the list's bulk actions and the templates screen.

const template = (overrides: Partial<MailTemplate> = {}): MailTemplate => ({
  id: 41,
  purpose: 'rejection',
  locale: 'en',
  name: 'Rejection',
  subject: 'Your application for {vacancy}',
  body: '<p>Hello {candidate_name}, thank you.</p>',
  updated_at: '2031-03-01T10:00:00.000Z',
  ...overrides,
});

const REASONS = [
  { id: 301, code: 'not_qualified', name: 'Not enough experience or skills', meta: {}, position: 0 },
  { id: 302, code: 'salary', name: 'Salary expectations too high', meta: {}, position: 1 },
];

const mail = (overrides: Record<string, unknown> = {}) => ({
  id: 71,
  application_id: 11,
  kind: 'rejection',
  state: 'scheduled',
  subject: 'Your application for Backend engineer',
  body: '<p>Hello Taras Shevchuk, thank you.</p>',
  sender: { id: 7, name: 'Olena Owner' },
  send_at: '2031-03-05T11:00:00.000Z',
  sent_at: null,
  error: null,
  created_at: '2031-03-05T10:00:00.000Z',
  ...overrides,
});

const HISTORY: HistoryEntry[] = [
  {
    id: 'mail-71',
    at: '2031-03-05T10:00:00.000Z',
    type: 'mail',
    mail: mail() as Extract<HistoryEntry, { type: 'mail' }>['mail'],
  },
  {
    id: 'activity-3',
    at: '2031-03-05T10:00:00.000Z',
    type: 'rejected',
    actor: { id: 7, name: 'Olena Owner' },
    reason: { id: 301, name: 'Not enough experience or skills' },
  },
  {
    id: 'activity-2',
    at: '2031-03-04T10:00:00.000Z',
    type: 'stage_moved',
    actor: { id: 8, name: 'Ivan Recruiter' },
    from_stage: { id: 1, name: 'New' },
    to_stage: { id: 2, name: 'Screening' },
  },
  {
    id: 'comment-5',
    at: '2031-03-03T10:00:00.000Z',
    type: 'comment',
    comment: {
      id: 5,
      text: 'Strong CV',
      is_shared: true,
      author: { id: 8, name: 'Ivan Recruiter' },
      mentions: [],
      edited_at: null,
      deleted_at: null,
    },
  },
  { id: 'activity-1', at: '2031-03-02T10:00:00.000Z', type: 'received', source: 'linkedin' },
];

/** The card's calls, plus `extra` before them (first match wins). */
function cardRoutes(extra: MockRoute[] = [], application = buildApplication()): MockRoute[] {
  return [
    ...extra,
    { path: '/api/v1/applications/11', body: { data: application } },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/applications/11/comments', body: { data: [] } },
    { path: '/api/v1/applications/11/history', body: { data: [] } },
    { path: '/api/v1/dictionaries/rejection-reasons', body: { data: REASONS } },
    {
      path: '/api/v1/mail-templates',
      body: ({ url }) => ({
        data: [
          template(),
          template({ id: 42, purpose: 'generic', name: 'Invitation', subject: 'Interview: {vacancy}' }),
        ].filter(
          (item) =>
            (!url.searchParams.get('purpose') || item.purpose === url.searchParams.get('purpose')) &&
            (!url.searchParams.get('locale') || item.locale === url.searchParams.get('locale')),
        ),
      }),
    },
  ];
}

describe('the reject dialog', () => {
  it('requires a reason, and sends the rejection with a delayed mail from a template', async () => {
    const { calls } = mockFetch(
      cardRoutes([
        {
          method: 'POST',
          path: '/api/v1/applications/11/rejection',
          status: 201,
          body: {
            data: {
              reason: { id: 302, name: 'Salary expectations too high' },
              stage: { id: 1, name: 'New' },
              rejected_by: { id: 7, name: 'Olena Owner' },
              rejected_at: '2031-03-05T10:00:00.000Z',
              mail: mail(),
            },
          },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Taras Shevchuk' });
    const reason = await within(dialog).findByRole('combobox', { name: /Reason/ });
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose the reason for the rejection.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/rejection'))).toBe(
      false,
    );

    await userEvent.selectOptions(reason, '302');
    // (Checked before the mail's preview frame appears: axe cannot enter frames in this DOM; the browser
    // run covers them.)
    expect(await findAxeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a rejection mail' }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'When to send' }), '60');
    const templates = within(dialog).getByRole('combobox', { name: 'Template' });
    await within(dialog).findByRole('option', { name: 'Rejection' });
    // Only rejection templates are offered here.
    expect(within(templates).queryByRole('option', { name: 'Invitation' })).toBeNull();
    await userEvent.selectOptions(templates, '41');
    expect(within(dialog).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      'Your application for {vacancy}',
    );
    // The preview fills the placeholders with this candidate and vacancy.
    const preview = within(dialog).getByTitle('Preview of the mail');
    expect(preview.getAttribute('srcdoc')).toContain('Hello Taras Shevchuk, thank you.');
    expect(within(dialog).getByText('Your application for Backend engineer')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/rejection'))?.body,
      ).toEqual({
        reason_id: 302,
        mail: {
          locale: 'en',
          template_id: 41,
          subject: 'Your application for {vacancy}',
          body: '<p>Hello {candidate_name}, thank you.</p>',
          interview_time: null,
          delay_minutes: 60,
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Rejected.')).toBeInTheDocument();
  });

  it('shows the server’s refusal inside the dialog', async () => {
    mockFetch(
      cardRoutes([
        {
          method: 'POST',
          path: '/api/v1/applications/11/rejection',
          status: 409,
          body: { message: 'This application has already been rejected.' },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Taras Shevchuk' });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: /Reason/ }), '301');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This application has already been rejected.',
    );
  });
});

describe('the send-mail dialog', () => {
  it('sends a mail from a template, and with a stage chosen moves the candidate in the same request', async () => {
    const { calls } = mockFetch(
      cardRoutes([
        {
          method: 'POST',
          path: '/api/v1/applications/11/mails',
          status: 201,
          body: { data: mail({ kind: 'manual', state: 'sent' }) },
        },
        {
          method: 'POST',
          path: '/api/v1/applications/11/stage',
          body: { data: buildApplicationSummary({ stage: STAGES[2] }) },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Send mail…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mail to Taras Shevchuk' });
    // Nothing written yet: the subject and the text are asked for.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Write a subject.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the text of the mail.')).toBeInTheDocument();
    await within(dialog).findByRole('option', { name: 'Invitation' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), '42');
    await userEvent.type(within(dialog).getByLabelText('Interview time'), '2031-03-12T10:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/mails')?.body).toEqual({
        locale: 'en',
        template_id: 42,
        subject: 'Interview: {vacancy}',
        body: '<p>Hello {candidate_name}, thank you.</p>',
        interview_time: '2031-03-12T10:30',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Send mail…' }));
    dialog = await screen.findByRole('dialog', { name: 'Mail to Taras Shevchuk' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Also move to stage' }), '3');
    await within(dialog).findByRole('option', { name: 'Invitation' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), '42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move and send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/11/stage')?.body).toEqual({
        stage_id: 3,
        mail: expect.objectContaining({ template_id: 42, subject: 'Interview: {vacancy}' }),
        _method: 'PUT',
      }),
    );
  });

  it('is not offered to a role that may only look at candidates', async () => {
    const viewer = buildPermissions({
      Candidate: {
        visibilitySettings: {
          create: 'not_visible',
          update: 'not_visible',
          delete: 'not_visible',
          view: 'to_all',
          all: null,
        },
        actions: [],
        fields_view: [],
      },
    });
    mockFetch(cardRoutes());
    renderApp('/applications/11', { permissions: viewer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Taras Shevchuk' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send mail…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject…' })).toBeNull();
  });

  it("is not offered to a role that does not see candidates' e-mail; it rejects without the mail option", async () => {
    const noEmails = buildPermissions({
      Candidate: {
        visibilitySettings: setAllLevel('to_all'),
        actions: [],
        fields_view: ['field_phone'],
      },
    });
    mockFetch(cardRoutes());
    renderApp('/applications/11', { permissions: noEmails });
    expect(await screen.findByRole('heading', { level: 1, name: 'Taras Shevchuk' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send mail…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule an interview' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: /Reason/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});

describe('the activity history', () => {
  it('shows every kind in one timeline, filters by kind and cancels a scheduled mail', async () => {
    const { calls } = mockFetch(
      cardRoutes([
        {
          path: '/api/v1/applications/11/history',
          body: ({ url }) => ({
            data:
              url.searchParams.get('kind') === 'stage'
                ? HISTORY.filter((e) => e.type === 'stage_moved')
                : HISTORY,
          }),
        },
        {
          method: 'POST',
          path: '/api/v1/application-mails/71/cancel',
          body: { data: mail({ state: 'cancelled' }) },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const history = await screen.findByRole('region', { name: 'Activity history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.dataset.type)).toEqual([
      'mail',
      'rejected',
      'stage_moved',
      'comment',
      'received',
    ]);
    expect(items[0]).toHaveTextContent('Rejection mail');
    expect(items[0]).toHaveTextContent('scheduled');
    expect(items[1]).toHaveTextContent('Rejected: Not enough experience or skills');
    expect(items[2]).toHaveTextContent('Moved from New to Screening');
    expect(items[2]).toHaveTextContent('Ivan Recruiter');
    expect(items[3]).toHaveTextContent('Strong CV');
    expect(items[4]).toHaveTextContent('Application received from linkedin');
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Cancel sending' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'POST' && call.url.pathname === '/api/v1/application-mails/71/cancel',
        ),
      ).toBe(true),
    );

    await userEvent.selectOptions(within(history).getByRole('combobox', { name: 'Show' }), 'stage');
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
    expect(
      calls.some(
        (call) =>
          call.url.pathname === '/api/v1/applications/11/history' &&
          call.url.searchParams.get('kind') === 'stage',
      ),
    ).toBe(true);
  });

  it('says so when it cannot be loaded, with a retry', async () => {
    mockFetch(
      cardRoutes([
        { path: '/api/v1/applications/11/history', status: 500, body: { message: 'Server error' } },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const history = await screen.findByRole('region', { name: 'Activity history' });
    expect(await within(history).findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});

describe('bulk actions on the list', () => {
  it('reject the selected applications with a reason and report each outcome', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/v1/applications',
        body: pageOf([
          buildApplicationSummary({ id: 11 }),
          buildApplicationSummary({
            id: 12,
            candidate: { id: 22, name: 'Lesya Ukrainka', email: null, phone: null },
          }),
        ]),
      },
      { path: '/api/v1/vacancies', body: pageOf([]) },
      { path: '/api/v1/dictionaries/rejection-reasons', body: { data: REASONS } },
      {
        method: 'POST',
        path: '/api/v1/applications/bulk/rejection',
        body: {
          data: [
            { id: 11, outcome: 'done' },
            { id: 12, outcome: 'already_rejected' },
          ],
          meta: { done: 1, skipped: 1, action_id: null, undoable_until: null },
        },
      },
    ]);
    renderApp('/applications', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Taras Shevchuk' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 candidates' });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: /Reason/ }), '301');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject 2 candidates' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/applications/bulk/rejection')?.body).toEqual(
        {
          reason_id: 301,
          mail: null,
          application_ids: [11, 12],
        },
      ),
    );
    expect(
      await screen.findByText('Done for 1 of 2. 1 was already rejected.', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Taras Shevchuk' })).not.toBeChecked();
  });
});

describe('the templates screen', () => {
  const templateManager = buildPermissions({
    ...ownerPermissions.permissions,
    Template: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
  });

  it('lists the templates with the acknowledgement setting, creates one and deletes one', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/v1/mail-templates',
        body: {
          data: [
            template(),
            template({
              id: 43,
              purpose: 'acknowledgement',
              name: 'Received',
              subject: 'We received your application',
            }),
          ],
        },
      },
      { path: '/api/v1/mail-settings', body: { data: { auto_acknowledge: true } } },
      {
        method: 'POST',
        path: '/api/v1/mail-settings',
        body: ({ body }) => ({
          data: { auto_acknowledge: (body as { auto_acknowledge: boolean }).auto_acknowledge },
        }),
      },
      { method: 'DELETE', path: '/api/v1/mail-templates/41', status: 204 },
    ]);
    renderApp('/mail-templates', { permissions: templateManager });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Candidate mail templates' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your application for {vacancy}')).toBeInTheDocument();
    const acknowledge = await screen.findByRole('checkbox', {
      name: 'Acknowledge every application by mail',
    });
    expect(acknowledge).toBeChecked();
    await userEvent.click(acknowledge);
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/v1/mail-settings')?.body,
      ).toEqual({
        auto_acknowledge: false,
        _method: 'PUT',
      }),
    );
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Rejection' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the template Rejection?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/mail-templates/41'),
      ).toBe(true),
    );
  });

  it('asks for a name, subject and text before saving a new template', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/mail-templates', body: { data: [] } },
      { path: '/api/v1/mail-settings', body: { data: { auto_acknowledge: true } } },
    ]);
    renderApp('/mail-templates', { permissions: templateManager });
    expect(await screen.findByText('No templates in this language yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Name the template.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a subject.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the text of the mail.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/v1/mail-templates'),
    ).toBe(false);
  });

  it('shows templates without changing them to a recruiter', async () => {
    mockFetch([
      { path: '/api/v1/mail-templates', body: { data: [template()] } },
      { path: '/api/v1/mail-settings', body: { data: { auto_acknowledge: true } } },
    ]);
    renderApp('/mail-templates', { permissions: ownerPermissions });
    expect(await screen.findByText('Your application for {vacancy}')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Rejection' })).toBeNull();
    expect(
      await screen.findByRole('checkbox', { name: 'Acknowledge every application by mail' }),
    ).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Preview Rejection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template Rejection' });
    expect(within(dialog).getByTitle('Preview of the mail').getAttribute('srcdoc')).toContain(
      'Hello Jane Doe, thank you.',
    );
  });
});
