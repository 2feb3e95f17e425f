import en from '@kadry/shared/i18n/en.json';
import type { NamedRef } from '@kadry/shared/schemas/absence-settings';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { I18nProvider } from '../../../lib/i18n';
import { PageDataProvider } from '../../../lib/page-data';
import { buildPageData, type MockRoute, mockFetch } from '../../../test/render-app';
import { AssignmentFields } from './assignment-fields';

const TEAMS_ROUTE: MockRoute = {
  path: '/api/v1/org/teams',
  body: {
    data: [
      { id: 5, name: 'Support', members_count: 2, managers: [], is_member: false },
      { id: 6, name: 'Sales', members_count: 4, managers: [], is_member: false },
    ],
  },
};
const PEOPLE_ROUTE: MockRoute = {
  path: '/api/v1/org/people',
  body: {
    data: [
      { id: 41, name: 'Ivan Employee', email: 'ivan@example.com' },
      { id: 42, name: 'Oksana Designer', email: null },
    ],
  },
};

/** A form that holds the assignment as the policy and calendar forms do. */
function Harness({
  initialPeople = [],
  errors = {},
}: {
  initialPeople?: NamedRef[];
  errors?: Record<string, string>;
}) {
  const [teamIds, setTeamIds] = useState<number[]>([6]);
  const [people, setPeople] = useState<NamedRef[]>(initialPeople);
  return (
    <QueryClientProvider client={createQueryClient()}>
      <PageDataProvider value={buildPageData()}>
        <I18nProvider locale="en" catalog={en}>
          <AssignmentFields
            teamsLabel="Teams on it"
            teamsHint="Their members count on it."
            teamIds={teamIds}
            onTeamIdsChange={setTeamIds}
            peopleLabel="People on it"
            people={people}
            onPeopleChange={setPeople}
            errors={errors}
          />
          <output data-testid="chosen">
            {JSON.stringify({ teamIds, people: people.map((person) => person.id) })}
          </output>
        </I18nProvider>
      </PageDataProvider>
    </QueryClientProvider>
  );
}

function chosen(): { teamIds: number[]; people: number[] } {
  return JSON.parse(screen.getByTestId('chosen').textContent ?? '{}') as {
    teamIds: number[];
    people: number[];
  };
}

describe('the assignment fields', () => {
  it('ticks teams, adds people with the picker (leaving out those chosen) and removes them', async () => {
    mockFetch([TEAMS_ROUTE, PEOPLE_ROUTE]);
    const user = userEvent.setup();
    render(<Harness initialPeople={[{ id: 42, name: 'Oksana Designer' }]} />);
    const teams = screen.getByRole('group', { name: 'Teams on it' });
    expect(within(teams).getByRole('status')).toHaveTextContent('Loading');
    const support = await within(teams).findByRole('checkbox', { name: 'Support' });
    expect(within(teams).getByRole('checkbox', { name: 'Sales' })).toBeChecked();
    await user.click(support);
    await user.click(within(teams).getByRole('checkbox', { name: 'Sales' }));
    expect(chosen().teamIds).toEqual([5]);
    expect(screen.getByText('Their members count on it.')).toBeInTheDocument();

    const people = screen.getByRole('group', { name: 'People on it' });
    await user.click(within(people).getByRole('button', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Ivan Employee/ }));
    // Already chosen: not offered again.
    expect(within(dialog).queryByRole('checkbox', { name: /Oksana Designer/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 person' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chosen().people).toEqual([42, 41]);

    await user.click(within(people).getByRole('button', { name: 'Remove Oksana Designer' }));
    await user.click(within(people).getByRole('button', { name: 'Remove Ivan Employee' }));
    expect(within(people).getByText('Nobody chosen yet.')).toBeInTheDocument();
    expect(chosen()).toEqual({ teamIds: [5], people: [] });
  });

  it('shows the server’s errors under the teams and the people, and says when teams fail to load', async () => {
    mockFetch([
      { ...TEAMS_ROUTE, status: 403, body: { message: 'This action is unauthorized.' } },
      PEOPLE_ROUTE,
    ]);
    render(<Harness errors={{ team_ids: 'A team is gone.', employee_ids: 'A person is gone.' }} />);
    const teams = screen.getByRole('group', { name: 'Teams on it' });
    expect(await within(teams).findByText('Could not load the data.')).toBeInTheDocument();
    expect(within(teams).getByText('A team is gone.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'People on it' })).getByText('A person is gone.'),
    ).toBeInTheDocument();
  });
});
