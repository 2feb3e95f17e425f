import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions, ownerRolePermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, renderApp } from '../../../test/render-app';

// Feature usage (issue 15): owners read each analytics event's counts per day or week and export them.

const USAGE = '/api/v1/analytics/usage';

const answer = {
  data: {
    interval: 'day',
    from: '2031-03-08',
    to: '2031-03-10',
    periods: ['2031-03-08', '2031-03-09', '2031-03-10'],
    series: [
      {
        event_id: 1001042,
        event: 'children_statistics_filter',
        total: 5,
        points: [
          { period: '2031-03-08', count: 2 },
          { period: '2031-03-10', count: 3 },
        ],
      },
    ],
  },
};

describe('feature usage', () => {
  it('shows each event’s counts per period with zeros, the total, and export links for the period', async () => {
    const { calls } = mockFetch([{ path: USAGE, body: () => answer }]);
    const user = userEvent.setup();
    renderApp('/settings/usage', { permissions: ownerRolePermissions });
    const row = (
      await screen.findByRole('rowheader', { name: 'Children statistics: filter applied' })
    ).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '0', '3', '5']);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/v1/analytics/usage/export?interval=day&from=2031-03-08&to=2031-03-10&format=csv',
    );
    // Empty dates are not sent: the server's default period.
    expect([...(calls[calls.length - 1]?.url.searchParams.keys() ?? [])]).toEqual(['interval']);
    await user.selectOptions(screen.getByLabelText('Group by'), 'week');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === USAGE)).toHaveLength(2));
    expect(calls.at(-1)?.url.searchParams.get('interval')).toBe('week');
    expect(await findAxeViolations()).toEqual([]);
  });

  it('is for owners only', async () => {
    mockFetch([{ path: USAGE, body: answer }]);
    renderApp('/settings/usage', { permissions: buildPermissions() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
