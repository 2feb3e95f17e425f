import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { ChildrenStatistics } from '@kadry/shared/schemas/statistics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPermissions } from '../../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../../test/axe';
import { mockFetch, type RecordedCall, renderApp } from '../../../test/render-app';

// Children statistics (issue 15): empty filter parameters are dropped before the calls (spec §5),
// applying the filter sends the analytics event 1001042 with filter_select_team (spec §7.2), the
// counts are written out, and the export is saved under the name of its `filename` header, else the
// default children-list name.

const LIST = '/api/statistics/children';
const EXPORT = '/api/statistics/children/export';
const ANALYTICS = '/api/v1/analytics';
const TEAMS = '/dictionaries/visible-teams';

const statisticsPermissions = buildPermissions({
  Statistic: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
  Employee: { visibilitySettings: setAllLevel('to_all'), actions: ['export'], fields_view: [] },
});

const answer: ChildrenStatistics = {
  data: [
    {
      id: 11,
      name: 'Mark',
      relation: 'Son',
      gender: 'male',
      birth_date: '2026-01-01',
      age: 5,
      parent: { id: 3, name: 'Ivan Parent', teams: [{ id: 21, name: 'Backend' }] },
    },
    {
      id: 12,
      name: 'Zlata',
      relation: 'Daughter',
      gender: 'female',
      birth_date: '2018-06-01',
      age: 12,
      parent: { id: 3, name: 'Ivan Parent', teams: [{ id: 21, name: 'Backend' }] },
    },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 2 },
  summary: {
    total: 2,
    by_age: [
      { age: 5, count: 1 },
      { age: 12, count: 1 },
    ],
    by_gender: [
      { gender: 'male', count: 1 },
      { gender: 'female', count: 1 },
    ],
  },
};

function setUp() {
  return mockFetch([
    { path: TEAMS, body: { teams: [{ id: 21, name: 'Backend', parent_id: null, is_hidden: false }] } },
    { path: LIST, body: () => answer },
    { method: 'POST', path: ANALYTICS, status: 204 },
  ]);
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === LIST);
const analyticsCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === ANALYTICS);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('children statistics', () => {
  it('shows the counts by age group and gender as text, and the children with their parents', async () => {
    setUp();
    renderApp('/statistics/children', { permissions: statisticsPermissions });
    expect(await screen.findByText('2 children')).toBeInTheDocument();
    const byAge = screen.getByRole('figure', { name: 'By age' });
    expect(within(byAge).getByText('3–6 years').closest('li')).toHaveTextContent('3–6 years1 (50%)');
    expect(within(byAge).getByText('0–2 years').closest('li')).toHaveTextContent('0');
    expect(within(screen.getByRole('figure', { name: 'By gender' })).getByText('Female')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Children' });
    const mark = within(table).getByRole('rowheader', { name: 'Mark' }).closest('tr') as HTMLElement;
    expect(mark).toHaveTextContent('Son');
    expect(within(mark).getByRole('link', { name: 'Ivan Parent' })).toHaveAttribute(
      'href',
      '/app/employees/3',
    );
    expect(await findAxeViolations()).toEqual([]);
  });

  it('drops empty filter parameters and sends the analytics event with filter_select_team', async () => {
    const { calls } = setUp();
    const user = userEvent.setup();
    renderApp('/statistics/children', { permissions: statisticsPermissions });
    await screen.findByText('2 children');
    // The first call: no filter at all, only the page.
    expect([...(listCalls(calls)[0]?.url.searchParams.keys() ?? [])].sort()).toEqual(['page', 'per_page']);

    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
    const filtered = listCalls(calls)[1]?.url.searchParams;
    expect(filtered?.get('gender')).toBe('female');
    expect(filtered?.has('team_ids')).toBe(false);
    expect(filtered?.has('age_from')).toBe(false);
    expect(filtered?.has('age_to')).toBe(false);
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(1));
    expect(analyticsCalls(calls)[0]?.body).toEqual({
      event_id: 1001042,
      event_properties: { filter_select_team: false, filter_age: false, filter_gender: true },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Backend' }));
    await user.type(screen.getByLabelText('Age from'), '3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(3));
    const byTeam = listCalls(calls)[2]?.url.searchParams;
    expect(byTeam?.getAll('team_ids')).toEqual(['21']);
    expect(byTeam?.get('age_from')).toBe('3');
    expect(byTeam?.has('age_to')).toBe(false);
    await waitFor(() => expect(analyticsCalls(calls)).toHaveLength(2));
    expect(analyticsCalls(calls)[1]?.body).toEqual({
      event_id: 1001042,
      event_properties: { filter_select_team: true, filter_age: true, filter_gender: true },
    });
  });

  it('refuses a reversed age range in the form, sending nothing', async () => {
    const { calls } = setUp();
    const user = userEvent.setup();
    renderApp('/statistics/children', { permissions: statisticsPermissions });
    await screen.findByText('2 children');
    await user.type(screen.getByLabelText('Age from'), '9');
    await user.type(screen.getByLabelText('Age to'), '3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('lower age to the higher one');
    expect(listCalls(calls)).toHaveLength(1);
    expect(analyticsCalls(calls)).toHaveLength(0);
  });

  it.each([
    ['the filename header', { filename: 'children-2031-03-10.xlsx' }, 'children-2031-03-10.xlsx'],
    ['the default name without one', {}, 'children-list.xlsx'],
  ])('saves the export under %s', async (_label, headers: Record<string, string>, expected) => {
    const { fetchMock } = setUp();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const createObjectURL = vi.fn(() => 'blob:children');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== EXPORT) return fetchMock(input, init);
      exports.push(url);
      return new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ...headers,
        },
      });
    });
    const user = userEvent.setup();
    renderApp('/statistics/children', { permissions: statisticsPermissions });
    await screen.findByText('2 children');
    await user.click(await screen.findByRole('checkbox', { name: 'Backend' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(saved).toEqual([expected]));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    // The export carries the applied filter, without its empty parameters.
    expect([...(exports[0]?.searchParams.entries() ?? [])]).toEqual([['team_ids', '21']]);
    expect(await screen.findByText(`Downloaded ${expected}`)).toBeInTheDocument();
  });

  it('offers no export without the Employee export action, and no page without the Statistic view', async () => {
    setUp();
    const noExport = buildPermissions({
      Statistic: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
    });
    const view = renderApp('/statistics/children', { permissions: noExport });
    await screen.findByText('2 children');
    expect(screen.queryByRole('button', { name: 'Export XLSX' })).not.toBeInTheDocument();
    view.unmount();
    renderApp('/statistics/children', { permissions: buildPermissions() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
