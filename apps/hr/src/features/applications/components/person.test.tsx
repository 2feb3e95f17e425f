import type { CandidateDetails } from '@kadry/shared/schemas/candidates';
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
import { mockFetch, renderApp } from '../../../test/render-app';

// One person, many applications, and full-text search in the HR app (issue 17, decision 027).

const personApplication = (id: number, vacancy: string, stage = 0) => ({
  id,
  vacancy: { id: id + 100, name: vacancy },
  stage: STAGES[stage] as (typeof STAGES)[number],
  created_at: '2031-03-02T10:00:00.000Z',
  source: 'linkedin',
  rejected_at: null,
});

function buildPerson(overrides: Partial<CandidateDetails> = {}): CandidateDetails {
  return {
    id: 21,
    name: 'Taras Shevchuk',
    email: 'taras@example.com',
    phone: '+380501234567',
    applications: [personApplication(11, 'Backend engineer'), personApplication(12, 'Data engineer', 2)],
    merges: [],
    duplicates: [
      {
        id: 35,
        name: 'taras shevchuk',
        email: 'taras.s@work.example',
        phone: null,
        matched_on: ['name'],
        applications: [personApplication(40, 'Team lead', 1)],
      },
    ],
    can_merge: true,
    can_edit: true,
    ...overrides,
  };
}

/** The card of application 11 with the rest of its panels answering empty. */
function cardRoutes(person: CandidateDetails) {
  return [
    { path: '/api/v1/applications/11', body: { data: buildApplication() } },
    { path: '/api/v1/candidates/21', body: { data: person } },
    { path: '/api/v1/vacancies/1/stages', body: { data: STAGES } },
    { path: '/api/v1/applications/11/comments', body: { data: [] } },
    { path: '/api/v1/applications/11/history', body: { data: [] } },
  ];
}

describe("the card's person", () => {
  it('lists every application of the person with links, this one marked, and stays axe-clean', async () => {
    mockFetch(cardRoutes(buildPerson({ duplicates: [] })));
    renderApp('/applications/11', { permissions: ownerPermissions });
    const panel = await screen.findByRole('region', { name: 'All applications of this person (2)' });
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-current', 'page');
    expect(items[0]).toHaveTextContent('Backend engineer');
    expect(within(items[0] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Data engineer' })).toHaveAttribute(
      'href',
      '/app/applications/12',
    );
    expect(items[1]).toHaveTextContent('Interview');
    expect(screen.queryByRole('region', { name: 'Possible duplicate' })).toBeNull();
    expect(await findAxeViolations()).toEqual([]);
  });

  it('shows a possible duplicate, compares both people and merges into the one chosen', async () => {
    const { calls } = mockFetch([
      ...cardRoutes(buildPerson()),
      {
        method: 'POST',
        path: '/api/v1/candidates/35/merge',
        body: { data: buildPerson({ id: 35, duplicates: [] }) },
      },
    ]);
    renderApp('/applications/11', { permissions: ownerPermissions });
    const banner = await screen.findByRole('region', { name: 'Possible duplicate' });
    expect(banner).toHaveTextContent('taras shevchuk with 1 application may be the same person. (same name)');
    await userEvent.click(within(banner).getByRole('button', { name: 'Compare and merge' }));

    const dialog = await screen.findByRole('dialog', { name: 'Compare and merge' });
    const thisOne = within(dialog).getByRole('region', { name: 'This person' });
    const other = within(dialog).getByRole('region', { name: 'Possible duplicate' });
    expect(thisOne).toHaveTextContent('taras@example.com');
    expect(within(thisOne).getByRole('link', { name: 'Backend engineer' })).toBeInTheDocument();
    expect(other).toHaveTextContent('taras.s@work.example');
    expect(within(other).getByRole('link', { name: 'Team lead' })).toBeInTheDocument();
    // This person is kept unless the user chooses the other.
    const keep = within(dialog).getByRole('group', { name: 'Keep the name and contacts of' });
    expect(within(keep).getByRole('radio', { name: /Taras Shevchuk/ })).toBeChecked();
    await userEvent.click(within(keep).getByRole('radio', { name: /taras shevchuk/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'POST' && call.url.pathname.endsWith('/merge'))?.body,
      ).toEqual({
        candidate_id: 21,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('dismisses a suggestion and undoes a merge; a role that may not update sees neither button', async () => {
    const merged = buildPerson({
      merges: [
        {
          id: 7,
          merged: { id: 35, name: 'Taras S.' },
          merged_at: '2031-03-03T10:00:00.000Z',
          actor: { id: 1, name: 'Olena Owner' },
          application_ids: [40],
        },
      ],
    });
    const { calls } = mockFetch([
      ...cardRoutes(merged),
      {
        method: 'POST',
        path: '/api/v1/candidates/21/not-duplicate',
        body: { data: buildPerson({ duplicates: [] }) },
      },
      {
        method: 'POST',
        path: '/api/v1/candidate-merges/7/undo',
        body: { data: { survivor_id: 21, merged_id: 35 } },
      },
    ]);
    const view = renderApp('/applications/11', { permissions: ownerPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Not the same person' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname.endsWith('/not-duplicate'))?.body).toEqual({
        candidate_id: 35,
      }),
    );
    expect(screen.getByText('Taras S.: 1 application moved here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo merge' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/v1/candidate-merges/7/undo')).toBe(true),
    );
    view.unmount();

    mockFetch(cardRoutes({ ...merged, can_merge: false }));
    renderApp('/applications/11', { permissions: ownerPermissions });
    expect(await screen.findByRole('region', { name: 'Possible duplicate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compare and merge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo merge' })).toBeNull();
  });
});

describe('the list: people or applications, and search', () => {
  const viewer = buildPermissions({
    ...ownerPermissions.permissions,
    Candidate: { ...ownerPermissions.permissions.Candidate, actions: [] },
  });

  it('switches to one row per person with their number of applications and the latest', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/applications', body: pageOf([buildApplicationSummary()]) },
      { path: '/api/v1/vacancies', body: pageOf([]) },
      {
        path: '/api/v1/candidates',
        body: pageOf([
          {
            id: 21,
            name: 'Taras Shevchuk',
            email: 'taras@example.com',
            phone: null,
            application_count: 3,
            latest_application: personApplication(12, 'Data engineer', 2),
          },
        ]),
      },
    ]);
    renderApp('/applications', { permissions: viewer });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    const toggle = screen.getByRole('group', { name: 'Show' });
    expect(within(toggle).getByRole('radio', { name: 'Applications' })).toBeChecked();
    await userEvent.click(within(toggle).getByRole('radio', { name: 'People' }));
    const people = await screen.findByRole('list', { name: 'People' });
    expect(within(people).getByRole('link', { name: 'Taras Shevchuk' })).toHaveAttribute(
      'href',
      '/app/applications/12',
    );
    expect(people).toHaveTextContent('3 applications · latest: Data engineer, Interview');
    expect(calls.some((call) => call.url.pathname === '/api/v1/candidates')).toBe(true);
  });

  it('searches with best matches first, each row saying where it matched, as text', async () => {
    const { calls } = mockFetch([
      { path: '/api/v1/applications', body: pageOf([buildApplicationSummary({ id: 11 })]) },
      {
        path: '/api/v1/applications/search',
        body: {
          data: [
            {
              application: buildApplicationSummary({ id: 11 }),
              rank: 0.6,
              snippet: [
                { text: 'Senior ', match: false },
                { text: 'Python', match: true },
                { text: ' developer <b>not bold</b>', match: false },
              ],
              snippet_source: 'cv',
            },
          ],
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 1, total_is_capped: false },
        },
      },
      { path: '/api/v1/vacancies', body: pageOf([]) },
    ]);
    const { container } = renderApp('/applications', { permissions: viewer });
    await screen.findByRole('link', { name: 'Taras Shevchuk' });
    expect(container.querySelector('mark')).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pyth');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(container.querySelector('mark')?.textContent).toBe('Python'));
    const row = screen.getByRole('link', { name: 'Taras Shevchuk' }).closest('td') as HTMLElement;
    expect(row).toHaveTextContent('Found: Senior Python developer <b>not bold</b>');
    expect(row.querySelector('b')).toBeNull();
    const searched = calls.filter((call) => call.url.pathname === '/api/v1/applications/search').at(-1);
    expect(searched?.url.searchParams.get('search')).toBe('pyth');
    expect(await findAxeViolations()).toEqual([]);
  });
});
