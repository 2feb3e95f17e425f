import type { CandidateDetails } from '@kadry/shared/schemas/candidates';
import type { HistoryEntry } from '@kadry/shared/schemas/recruiting-mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { buildApplication, ownerPermissions, STAGES } from '../../../test/recruiting-test-data';
import { type MockRoute, mockFetch, renderApp } from '../../../test/render-app';

// Correcting the card's person (issue 17, "activity history ... field changes"): the "Edit details"
// form with the fields the role sees, its checks and the server's, saving, the question before
// changes are thrown away, and the history's line for each change.

function buildPerson(overrides: Partial<CandidateDetails> = {}): CandidateDetails {
  return {
    id: 21,
    name: 'Taras Shevchuk',
    email: 'taras@example.com',
    phone: '+380501234567',
    applications: [
      {
        id: 11,
        vacancy: { id: 1, name: 'Backend engineer' },
        stage: STAGES[0] as (typeof STAGES)[number],
        created_at: '2031-03-02T10:00:00.000Z',
        source: 'linkedin',
        rejected_at: null,
      },
    ],
    merges: [],
    duplicates: [],
    can_merge: true,
    can_edit: true,
    ...overrides,
  };
}

/** The card of application 11 with `extra` answered first and the rest of its panels empty. */
function cardRoutes(person: CandidateDetails, extra: MockRoute[] = [], history: HistoryEntry[] = []) {
  return [
    ...extra,
    { path: '/api/v1/applications/11', body: { data: buildApplication() } },
    { path: '/api/v1/candidates/21', body: { data: person } },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/applications/11/comments', body: { data: [] } },
    { path: '/api/v1/applications/11/history', body: { data: history } },
  ] satisfies MockRoute[];
}

const isSave = (call: { method: string; url: URL }) =>
  call.method === 'POST' && call.url.pathname === '/api/v1/candidates/21';

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
  return screen.findByRole('dialog', { name: "Edit the person's details" });
}

describe("editing the person's details", () => {
  it('sends only what changed, says it is saving, and closes once saved', async () => {
    const { calls, fetchMock } = mockFetch(
      cardRoutes(buildPerson(), [
        {
          method: 'POST',
          path: '/api/v1/candidates/21',
          body: { data: buildPerson({ name: 'Taras Shevchenko', phone: null }) },
        },
      ]),
    );
    // Hold the save until the test lets it go, to see the form while it is saving.
    const answer = fetchMock.getMockImplementation();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/api/v1/candidates/21')) await held;
      return (answer as NonNullable<typeof answer>)(input, init);
    });
    renderApp('/applications/11', { permissions: ownerPermissions });
    const dialog = await openEditor();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Taras Shevchuk');
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('taras@example.com');
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    expect(await findAxeViolations()).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'Taras Shevchenko');
    await userEvent.clear(phone);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The e-mail was left as it was, so it is not sent; the emptied phone is null.
    expect(calls.filter(isSave).map((call) => call.body)).toEqual([
      { _method: 'PUT', name: 'Taras Shevchenko', phone: null },
    ]);
    expect(await screen.findByText("The person's details are saved.")).toBeInTheDocument();
    // The card and its history are fetched again.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url.pathname === '/api/v1/applications/11/history').length,
      ).toBeGreaterThan(1),
    );
  });

  it("checks the fields as the server does before sending, and shows the server's messages under them", async () => {
    const { calls } = mockFetch(
      cardRoutes(buildPerson(), [
        {
          method: 'POST',
          path: '/api/v1/candidates/21',
          status: 422,
          body: {
            message: 'The request is not valid',
            errors: { email: ['Enter a valid email address, for example name@example.com'] },
          },
        },
      ]),
    );
    renderApp('/applications/11', { permissions: ownerPermissions });
    const dialog = await openEditor();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(name);
    await userEvent.clear(phone);
    await userEvent.type(phone, '+38 050');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please fill in this field')).toBeInTheDocument();
    expect(within(dialog).getByText('A phone number may contain only digits and +')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(calls.some(isSave)).toBe(false);

    await userEvent.type(name, 'Taras');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+380501234567');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'taras@new.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // What passes here the server may still refuse: its message goes under the field.
    expect(
      await within(dialog).findByText('Enter a valid email address, for example name@example.com'),
    ).toBeInTheDocument();
    expect(calls.filter(isSave).map((call) => call.body)).toEqual([
      { _method: 'PUT', name: 'Taras', email: 'taras@new.example' },
    ]);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByRole('dialog', { name: "Edit the person's details" })).toBeInTheDocument();
  });

  it('asks before throwing typed changes away, and closes at once when nothing changed', async () => {
    mockFetch(cardRoutes(buildPerson()));
    renderApp('/applications/11', { permissions: ownerPermissions });
    let dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openEditor();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' Jr');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Taras Shevchuk Jr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again, it starts from the person as saved.
    dialog = await openEditor();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Taras Shevchuk');
  });

  it('offers only the fields the role sees, and no editing where the role may not update everyone', async () => {
    const { email: _email, ...withoutEmail } = buildPerson();
    mockFetch(cardRoutes(withoutEmail));
    const view = renderApp('/applications/11', { permissions: ownerPermissions });
    const dialog = await openEditor();
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toBeInTheDocument();
    view.unmount();

    mockFetch(cardRoutes(buildPerson({ can_edit: false })));
    renderApp('/applications/11', { permissions: ownerPermissions });
    expect(
      await screen.findByRole('region', { name: 'All applications of this person (1)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
  });
});

describe('field changes in the history', () => {
  it('reads "Name: old → new", says only that a hidden contact changed, and filters by them', async () => {
    const history: HistoryEntry[] = [
      {
        id: 'activity-9',
        at: '2031-03-06T10:00:00.000Z',
        type: 'field_changed',
        actor: { id: 7, name: 'Olena Owner' },
        field: 'email',
      },
      {
        id: 'activity-8',
        at: '2031-03-06T10:00:00.000Z',
        type: 'field_changed',
        actor: { id: 7, name: 'Olena Owner' },
        field: 'phone',
        from: '+380501234567',
        to: null,
      },
      {
        id: 'activity-7',
        at: '2031-03-05T10:00:00.000Z',
        type: 'field_changed',
        actor: { id: 8, name: 'Ivan Recruiter' },
        field: 'name',
        from: 'Taras Shevchuk',
        to: 'Taras Shevchenko',
      },
    ];
    const { calls } = mockFetch(cardRoutes(buildPerson(), [], history));
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'Activity history' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p:last-child')?.textContent)).toEqual([
      'E-mail changed',
      'Phone: +380501234567 → (empty)',
      'Name: Taras Shevchuk → Taras Shevchenko',
    ]);
    expect(items[2]).toHaveTextContent('Ivan Recruiter');
    await userEvent.selectOptions(
      within(panel).getByRole('combobox', { name: 'Show' }),
      "Changes of the person's details",
    );
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.pathname === '/api/v1/applications/11/history' &&
            call.url.searchParams.get('kind') === 'details',
        ),
      ).toBe(true),
    );
  });
});
