import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import {
  hrPermissions,
  REPORT_PATH,
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

const december = {
  data: {
    date_from: '2031-12-01',
    date_to: '2031-12-31',
    types: ['vacation', 'sick_days'],
    rows: [
      { id: 6, name: 'Bob Beta', amounts: { sick_days: 1 }, total_days: 1 },
      { id: 5, name: 'Eve Employee', amounts: { vacation: 6.5 }, total_days: 6.5 },
    ],
    totals: { amounts: { vacation: 6.5, sick_days: 1 }, total_days: 7.5 },
  },
};

function reportCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.url.pathname === REPORT_PATH);
}

describe('absence report', () => {
  it('shows people by type with totals, and exports what is shown', async () => {
    const { calls } = mockFetch([...base, { path: REPORT_PATH, body: december }]);
    renderApp('/absences/report?year=2031&month=12', { permissions: hrPermissions });
    const table = await screen.findByRole('table', { name: 'Approved absences, December 2031' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Person', 'Vacation', 'Sick day', 'Total days']);
    expect(within(table).getByRole('row', { name: 'Eve Employee 6.5 0 6.5' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Total 6.5 1 7.5' })).toBeInTheDocument();
    expect(reportCalls(calls)[0]?.url.search).toBe('?period=month&year=2031&month=12&group_by=person');
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      '/api/v1/absences/report/export?period=month&year=2031&month=12&group_by=person',
    );
    expect(await findAxeViolations()).toEqual([]);
  });

  it('switches to a year, a team and rows by team', async () => {
    const { calls } = mockFetch([
      ...base,
      {
        path: REPORT_PATH,
        body: ({ url }) =>
          url.searchParams.get('group_by') === 'team'
            ? {
                data: {
                  ...december.data,
                  rows: [
                    { id: 3, name: 'Alpha', amounts: { vacation: 6.5 }, total_days: 6.5 },
                    { id: null, name: '', amounts: { sick_days: 1 }, total_days: 1 },
                  ],
                },
              }
            : december,
      },
    ]);
    renderApp('/absences/report?year=2031&month=12', { permissions: viewerPermissions });
    await screen.findByRole('table');
    // Without absence_report_import_export there is nothing to export.
    expect(screen.queryByRole('link', { name: 'Export XLSX' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Year');
    expect(screen.queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'Alpha');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows' }), 'By team');
    await waitFor(() =>
      expect(reportCalls(calls).at(-1)?.url.search).toBe('?period=year&year=2031&team_id=3&group_by=team'),
    );
    const table = await screen.findByRole('table', { name: 'Approved absences, 2031' });
    expect(within(table).getByRole('row', { name: 'No team 0 1 1' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Team');
  });

  it('says when the period has no absences, and offers a retry when loading fails', async () => {
    const empty = { data: { ...december.data, types: [], rows: [], totals: { amounts: {}, total_days: 0 } } };
    mockFetch([...base, { path: REPORT_PATH, body: empty }]);
    const first = renderApp('/absences/report?year=2031&month=12', { permissions: hrPermissions });
    expect(await screen.findByText('No approved absences in December 2031.')).toBeInTheDocument();
    first.unmount();
    mockFetch([...base, { path: REPORT_PATH, status: 500, body: { message: 'Boom' } }]);
    renderApp('/absences/report?year=2031&month=12', { permissions: hrPermissions });
    expect(await screen.findByText('Could not load the data.')).toBeInTheDocument();
  });

  it('is not found for a role without absence_report_view', async () => {
    mockFetch(base);
    renderApp('/absences/report', { permissions: typesOnly() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

function typesOnly() {
  return {
    ...viewerPermissions,
    permissions: {
      ...viewerPermissions.permissions,
      Timeline: { visibilitySettings: null, actions: [], fields_view: [] },
    },
  };
}
