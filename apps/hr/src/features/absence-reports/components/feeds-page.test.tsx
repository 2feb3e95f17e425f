import type { AbsenceFeed } from '@kadry/shared/schemas/absence-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import {
  FEEDS_PATH,
  hrPermissions,
  TEAMS_PATH,
  TYPES_PATH,
  teamsAnswer,
  typesAnswer,
  viewerPermissions,
} from '../absence-reports-test-data';

const base = [
  { path: TYPES_PATH, body: typesAnswer },
  { path: TEAMS_PATH, body: teamsAnswer },
];

function feed(overrides: Partial<AbsenceFeed> & { id: number; name: string }): AbsenceFeed {
  return {
    scope: 'person',
    employee_id: 7,
    team_id: null,
    type_codes: [],
    created_at: '2031-03-01T09:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

function posts(calls: RecordedCall[], path: string) {
  return calls.filter((call) => call.method === 'POST' && call.url.pathname === path);
}

describe('calendar feeds', () => {
  it('lists the feeds with whose absences, which types and when last used', async () => {
    mockFetch([
      ...base,
      {
        path: FEEDS_PATH,
        body: {
          data: [
            feed({ id: 1, name: 'Mine', last_used_at: '2031-03-09T10:00:00.000Z' }),
            feed({ id: 2, name: 'Alpha sick days', scope: 'team', team_id: 3, type_codes: ['sick_days'] }),
          ],
        },
      },
    ]);
    renderApp('/absences/feeds', { permissions: hrPermissions });
    const alpha = (await screen.findByRole('heading', { name: 'Alpha sick days' })).closest(
      'li',
    ) as HTMLElement;
    expect(alpha).toHaveTextContent('Team: Alpha');
    expect(alpha).toHaveTextContent('Sick day');
    expect(alpha).toHaveTextContent('Not yet');
    const mine = screen.getByRole('heading', { name: 'Mine' }).closest('li') as HTMLElement;
    expect(mine).toHaveTextContent('All types');
    expect(mine).toHaveTextContent(/Mar 9, 2031/);
    expect(await findAxeViolations()).toEqual([]);
  });

  it('makes a feed and shows its secret address once', async () => {
    let list: AbsenceFeed[] = [];
    const { calls } = mockFetch([
      ...base,
      { path: FEEDS_PATH, body: () => ({ data: list }) },
      {
        method: 'POST',
        path: FEEDS_PATH,
        status: 201,
        body: ({ body }) => {
          const created = feed({
            id: 9,
            name: 'Team feed',
            scope: 'team',
            team_id: 3,
            type_codes: ['vacation'],
          });
          list = [created];
          expect(body).toEqual({ name: 'Team feed', scope: 'team', team_id: 3, type_codes: ['vacation'] });
          return {
            data: { ...created, url: 'http://hr.example.test/api/v1/absences/feeds/secret-token.ics' },
          };
        },
      },
    ]);
    renderApp('/absences/feeds', { permissions: hrPermissions });
    expect(await screen.findByText('You have no feeds yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create the feed' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    expect(posts(calls, FEEDS_PATH)).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Team feed');
    await userEvent.click(screen.getByRole('radio', { name: "A team's" }));
    await userEvent.click(screen.getByRole('button', { name: 'Create the feed' }));
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'Alpha');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vacation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create the feed' }));
    const address = await screen.findByRole('textbox', { name: 'Feed address' });
    expect(address).toHaveValue('http://hr.example.test/api/v1/absences/feeds/secret-token.ics');
    expect(screen.getByText('Copy its address now: it is shown only once.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Team feed' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Feed address' })).not.toBeInTheDocument();
  });

  it('offers a company feed only to whoever sees every absence', async () => {
    mockFetch([...base, { path: FEEDS_PATH, body: { data: [] } }]);
    const first = renderApp('/absences/feeds', { permissions: hrPermissions });
    expect(await screen.findByRole('radio', { name: "The whole company's" })).toBeInTheDocument();
    first.unmount();
    mockFetch([...base, { path: FEEDS_PATH, body: { data: [] } }]);
    renderApp('/absences/feeds', { permissions: viewerPermissions });
    await screen.findByRole('radio', { name: 'Mine' });
    expect(screen.queryByRole('radio', { name: "The whole company's" })).not.toBeInTheDocument();
  });

  it('revokes a feed after confirming', async () => {
    let list = [feed({ id: 1, name: 'Mine' })];
    const { calls } = mockFetch([
      ...base,
      { path: FEEDS_PATH, body: () => ({ data: list }) },
      {
        method: 'POST',
        path: `${FEEDS_PATH}/1/revoke`,
        body: () => {
          list = [];
          return { data: feed({ id: 1, name: 'Mine', revoked_at: '2031-03-10T09:00:00.000Z' }) };
        },
      },
    ]);
    renderApp('/absences/feeds', { permissions: hrPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Mine' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the feed Mine?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(posts(calls, `${FEEDS_PATH}/1/revoke`)).toHaveLength(1));
    expect(await screen.findByText('You have no feeds yet.')).toBeInTheDocument();
  });

  it('offers a retry when the feeds fail to load', async () => {
    mockFetch([...base, { path: FEEDS_PATH, status: 500, body: { message: 'Boom' } }]);
    renderApp('/absences/feeds', { permissions: hrPermissions });
    expect(await screen.findByText('Could not load the data.')).toBeInTheDocument();
  });
});
