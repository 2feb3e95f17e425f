import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';
import {
  bob,
  eve,
  hrPermissions,
  IMPORT_PATH,
  TEAMS_PATH,
  TIMELINE_PATH,
  TYPES_PATH,
  teamsAnswer,
  timelineAnswer,
  typesAnswer,
  viewerPermissions,
} from '../absence-reports-test-data';

const base = [
  { path: TYPES_PATH, body: typesAnswer },
  { path: TEAMS_PATH, body: teamsAnswer },
];

function timelineCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.url.pathname === TIMELINE_PATH);
}

const reportModal = {
  data: {
    employee: { id: 5, name: 'Eve Employee' },
    year: 2031,
    balances: [
      {
        absence_type: 'vacation',
        unit: 'days',
        year: 2031,
        accrued: 20,
        used: 6.5,
        pending: 0,
        available: 13.5,
      },
    ],
    absences: [
      {
        id: 11,
        absence_type: 'vacation',
        date_from: '2031-12-22',
        date_to: '2031-12-31',
        half_day_start: false,
        half_day_end: true,
        hours: null,
        status: 'approved',
        days: 6.5,
      },
    ],
  },
};

describe('absence timeline', () => {
  it('shows a month of people with coloured, labelled cells, shaded days off and a legend', async () => {
    const { calls } = mockFetch([...base, { path: TIMELINE_PATH, body: timelineAnswer([eve, bob]) }]);
    renderApp('/absences/timeline?month=2031-12', { permissions: hrPermissions });
    const grid = await screen.findByRole('table', { name: 'Absences, December 2031' });
    expect(screen.getByText('December 2031')).toBeInTheDocument();
    const eveRow = within(grid).getByRole('button', { name: 'Eve Employee' }).closest('tr') as HTMLElement;
    const cells = within(eveRow).getAllByRole('cell');
    expect(cells).toHaveLength(31);
    expect(cells[2]).toHaveTextContent('Sick day, pending');
    expect(cells[2]).toHaveClass('timeline__cell--pending');
    expect(cells[21]).toHaveTextContent('Vacation');
    expect(cells[30]).toHaveTextContent('Vacation, half day');
    expect(cells[30]).toHaveClass('timeline__cell--half-end');
    expect(cells[5]).toHaveClass('timeline__cell--off');
    expect(cells[24]).toHaveClass('timeline__cell--off');
    // The name button says the month's absences to screen readers.
    expect(within(grid).getByRole('button', { name: 'Eve Employee' })).toHaveAccessibleDescription(
      'Vacation: Dec 22, 2031 – Dec 31, 2031; Sick day: Dec 3, 2031, pending',
    );
    expect(within(grid).getByRole('button', { name: 'Bob Beta' })).toHaveAccessibleDescription(
      'no absences this month',
    );
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Working from home')).toBeInTheDocument();
    expect(within(legend).getByText('Pending')).toBeInTheDocument();
    // The grid scrolls in its own region, reachable by keyboard.
    expect(screen.getByRole('region', { name: 'Absences, December 2031' })).toHaveAttribute('tabindex', '0');
    expect(timelineCalls(calls)[0]?.url.search).toBe('?from=2031-12&to=2031-12&page=1&per_page=50');
    expect(await findAxeViolations()).toEqual([]);
  });

  it('moves by month and filters by team and type', async () => {
    const { calls } = mockFetch([...base, { path: TIMELINE_PATH, body: timelineAnswer([eve]) }]);
    renderApp('/absences/timeline?month=2031-12', { permissions: hrPermissions });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('January 2032')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'Alpha');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Absence type' }), 'Vacation');
    await waitFor(() =>
      expect(timelineCalls(calls).at(-1)?.url.search).toBe(
        '?from=2032-01&to=2032-01&team_id=3&type_codes=vacation&page=1&per_page=50',
      ),
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      '/api/v1/absences/timeline/export?from=2032-01&to=2032-01&team_id=3&type_codes=vacation',
    );
  });

  it('opens a person’s report with their balances and absences', async () => {
    mockFetch([
      ...base,
      { path: TIMELINE_PATH, body: timelineAnswer([eve]) },
      { path: '/api/v1/dashboard/absences/report/5', body: reportModal },
    ]);
    renderApp('/absences/timeline?month=2031-12', { permissions: hrPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Eve Employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Absences of Eve Employee' });
    const balance = await within(dialog).findByRole('row', { name: /Vacation/ });
    expect(balance).toHaveTextContent('20');
    expect(balance).toHaveTextContent('13.5');
    expect(within(dialog).getByText(/Dec 22, 2031 – Dec 31, 2031/)).toHaveTextContent('6.5 days');
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when nobody is shown, and offers a retry when loading fails', async () => {
    mockFetch([...base, { path: TIMELINE_PATH, body: timelineAnswer([]) }]);
    const first = renderApp('/absences/timeline?month=2031-12', { permissions: viewerPermissions });
    expect(await screen.findByText('Nobody to show for this month and these filters.')).toBeInTheDocument();
    // Without absence_report_import_export: neither export nor import.
    expect(screen.queryByRole('link', { name: 'Export XLSX' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import XLSX' })).not.toBeInTheDocument();
    first.unmount();
    mockFetch([...base, { path: TIMELINE_PATH, status: 500, body: { message: 'Boom' } }]);
    renderApp('/absences/timeline?month=2031-12', { permissions: viewerPermissions });
    expect(await screen.findByText('Could not load the data.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('imports a file: a dry run lists the refusals, a clean file is imported after confirming', async () => {
    let dryRuns = 0;
    const { calls } = mockFetch([
      ...base,
      { path: TIMELINE_PATH, body: timelineAnswer([eve]) },
      {
        method: 'POST',
        path: IMPORT_PATH,
        body: ({ url }) => {
          if (url.searchParams.get('dry_run') !== 'true') {
            return { data: { dry_run: false, rows: 1, created: 1, errors: [] } };
          }
          dryRuns += 1;
          return dryRuns === 1
            ? {
                data: {
                  dry_run: true,
                  rows: 2,
                  created: 0,
                  errors: [
                    {
                      row: 3,
                      column: 'employee',
                      key: 'absenceReports.import.unknown_employee',
                      message: 'No employee you can see has this number or e-mail.',
                    },
                  ],
                },
              }
            : { data: { dry_run: true, rows: 1, created: 0, errors: [] } };
        },
      },
    ]);
    renderApp('/absences/timeline?month=2031-12', { permissions: hrPermissions });
    await userEvent.click(await screen.findByRole('button', { name: 'Import XLSX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import absences' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a file first.');
    const file = new File(['xlsx'], 'absences.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(within(dialog).getByLabelText('File'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    const errors = await within(dialog).findByRole('table', { name: 'Problems found in the file' });
    expect(
      within(errors).getByRole('row', { name: /3 employee No employee you can see/ }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(
      await within(dialog).findByText('The file is fine: 1 absences ready to import.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 absences' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST' && call.url.pathname === IMPORT_PATH);
    expect(posts.map((call) => call.url.search)).toEqual(['?dry_run=true', '?dry_run=true', '']);
    expect(posts[2]?.body).toBeInstanceOf(FormData);
  });
});
