import { setActionLevel, setAllLevel } from '@kadry/shared/permissions/permission-state';
import { type CorpEvent, corpEventSchema } from '@kadry/shared/schemas/corp-events';
import { readWidgetParams } from '@kadry/shared/schemas/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';
import { findAxeViolations } from '../../test/axe';
import { type MockRoute, mockFetch, type RecordedCall, renderApp } from '../../test/render-app';

// The company calendar (issue 15): the screen's periods and month groups, creating, editing and
// deleting as the level allows, one event's page, and the dashboard widget.

const EVENTS = '/api/v1/corp-events';
const WIDGET = '/api/v1/dashboard/corp-events';
const TEAMS = '/dictionaries/visible-teams';

function buildEvent(overrides: Partial<CorpEvent> = {}): CorpEvent {
  return corpEventSchema.parse({
    id: 1,
    title: 'Town hall',
    description: 'Quarterly results',
    place: 'Main hall',
    all_day: false,
    start_date: '2031-03-12',
    end_date: '2031-03-12',
    start_time: '10:00',
    end_time: '11:00',
    time_zone: 'Europe/Kyiv',
    starts_at: '2031-03-12T08:00:00.000Z',
    ends_at: '2031-03-12T09:00:00.000Z',
    audience: 'everyone',
    teams: [],
    author: { id: 2, name: 'Hanna HR' },
    is_for_me: true,
    can_update: false,
    can_delete: false,
    created_at: '2031-03-01T09:00:00.000Z',
    updated_at: '2031-03-01T09:00:00.000Z',
    ...overrides,
  });
}

const offsite = buildEvent({
  id: 2,
  title: 'Team offsite',
  all_day: true,
  start_date: '2031-04-15',
  end_date: '2031-04-16',
  start_time: null,
  end_time: null,
  starts_at: '2031-04-14T21:00:00.000Z',
  ends_at: '2031-04-16T21:00:00.000Z',
  place: 'Carpathians',
  audience: 'teams',
  teams: [{ id: 9, name: 'Platform' }],
});

function page(data: CorpEvent[]) {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } };
}

const viewer = buildPermissions({
  Dashboard: { visibilitySettings: setActionLevel(null, 'view', 'only_my'), actions: [], fields_view: [] },
  CorpEvent: { visibilitySettings: setActionLevel(null, 'view', 'only_my'), actions: [], fields_view: [] },
});
const organiser = buildPermissions({
  Dashboard: { visibilitySettings: setActionLevel(null, 'view', 'to_all'), actions: [], fields_view: [] },
  CorpEvent: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] },
});

function callsTo(calls: RecordedCall[], method: string, path: string) {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

function listRoute(byPeriod: Record<string, CorpEvent[]>): MockRoute {
  return {
    path: EVENTS,
    body: ({ url }) => page(byPeriod[url.searchParams.get('period') ?? 'upcoming'] ?? []),
  };
}

describe('the corporate events screen', () => {
  it('lists upcoming events under their months; past and a month’s events on their tabs', async () => {
    const { calls } = mockFetch([
      listRoute({ upcoming: [buildEvent(), offsite], past: [], month: [offsite] }),
    ]);
    const user = userEvent.setup();
    renderApp('/corp-events', { permissions: viewer });
    expect(await screen.findByRole('heading', { name: 'Corporate events', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'March 2031', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'April 2031', level: 2 })).toBeInTheDocument();
    const townHall = screen.getByRole('article', { name: 'Town hall' });
    expect(within(townHall).getByRole('link', { name: 'Town hall' })).toHaveAttribute(
      'href',
      '/app/corp-events/1',
    );
    expect(within(townHall).getByText('Everyone in the company')).toBeInTheDocument();
    expect(within(townHall).getByText(/10:00/)).toBeInTheDocument();
    const offsiteCard = screen.getByRole('article', { name: 'Team offsite' });
    expect(within(offsiteCard).getByText('Teams: Platform (with their sub-teams)')).toBeInTheDocument();
    expect(within(offsiteCard).getByText(/Apr 15/)).toBeInTheDocument();
    // A viewer changes nothing.
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(await findAxeViolations()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past events.')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', EVENTS).at(-1)?.url.searchParams.get('period')).toBe('past');

    await user.click(screen.getByRole('tab', { name: 'By month' }));
    expect(await screen.findByLabelText('Month')).toBeInTheDocument();
    // The month picker starts at the current month of the user's zone.
    const before = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' })
      .format(new Date())
      .slice(0, 7);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => {
      const last = callsTo(calls, 'GET', EVENTS).at(-1)?.url.searchParams;
      expect(last?.get('period')).toBe('month');
      expect(last?.get('month')).toBe(shiftedMonth(before));
    });
    expect(await screen.findByRole('heading', { name: 'April 2031', level: 2 })).toBeInTheDocument();
  });

  it('says so when the list fails, with a retry', async () => {
    mockFetch([{ path: EVENTS, status: 500, body: { message: 'Server error' } }]);
    renderApp('/corp-events', { permissions: viewer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates an event for chosen teams, checking the form first', async () => {
    let created: unknown = null;
    const { calls } = mockFetch([
      listRoute({ upcoming: [] }),
      {
        path: TEAMS,
        body: {
          teams: [
            { id: 9, name: 'Platform', parent_id: null, is_hidden: false },
            { id: 10, name: 'Mobile', parent_id: 9, is_hidden: false },
          ],
        },
      },
      {
        method: 'POST',
        path: EVENTS,
        status: 201,
        body: ({ body }) => {
          created = body;
          return { data: { ...offsite, can_update: true, can_delete: true } };
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/corp-events', { permissions: organiser });
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New corporate event' });

    // Nothing is sent until the form is right: the title is required, the end after the start.
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Please fill in this field')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Title/)).toHaveFocus();
    expect(callsTo(calls, 'POST', EVENTS)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Title/), 'Team offsite');
    await user.click(within(dialog).getByLabelText('All day'));
    expect(within(dialog).queryByLabelText(/Start time/)).toBeNull();
    await user.clear(within(dialog).getByLabelText(/Starts on/));
    await user.type(within(dialog).getByLabelText(/Starts on/), '2031-04-15');
    await user.clear(within(dialog).getByLabelText(/Ends on/));
    await user.type(within(dialog).getByLabelText(/Ends on/), '2031-04-16');
    await user.type(within(dialog).getByLabelText('Place'), 'Carpathians');
    await user.click(within(dialog).getByLabelText('Chosen teams'));
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Choose at least one team.')).toBeInTheDocument();
    await user.click(await within(dialog).findByLabelText('Mobile'));
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created).toEqual({
      title: 'Team offsite',
      description: '',
      place: 'Carpathians',
      all_day: true,
      start_date: '2031-04-15',
      end_date: '2031-04-16',
      start_time: null,
      end_time: null,
      time_zone: 'Europe/Kyiv',
      audience: 'teams',
      team_ids: [10],
    });
  });

  it('shows the server’s field errors on the form', async () => {
    mockFetch([
      listRoute({ upcoming: [] }),
      {
        method: 'POST',
        path: EVENTS,
        status: 422,
        body: {
          message: 'Please check the highlighted fields',
          errors: { audience: ['You can create events only for your teams, not for the whole company.'] },
        },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/corp-events', { permissions: organiser });
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New corporate event' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Party');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(
      await within(dialog).findByText(
        'You can create events only for your teams, not for the whole company.',
      ),
    ).toBeInTheDocument();
  });

  it('edits and deletes an event the level reaches', async () => {
    const mine = buildEvent({ can_update: true, can_delete: true });
    const { calls } = mockFetch([
      listRoute({ upcoming: [mine] }),
      { method: 'POST', path: `${EVENTS}/1`, body: { data: { ...mine, place: 'Roof terrace' } } },
      { method: 'DELETE', path: `${EVENTS}/1`, status: 204 },
    ]);
    const user = userEvent.setup();
    renderApp('/corp-events', { permissions: organiser });
    await user.click(await screen.findByRole('button', { name: 'Edit “Town hall”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Town hall”' });
    expect(within(dialog).getByLabelText(/Start time/)).toHaveValue('10:00');
    const place = within(dialog).getByLabelText('Place');
    await user.clear(place);
    await user.type(place, 'Roof terrace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', `${EVENTS}/1`)).toHaveLength(1));
    expect(callsTo(calls, 'POST', `${EVENTS}/1`)[0]?.body).toMatchObject({
      _method: 'PUT',
      place: 'Roof terrace',
      start_time: '10:00',
      audience: 'everyone',
    });

    await user.click(await screen.findByRole('button', { name: 'Delete “Town hall”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Town hall”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', `${EVENTS}/1`)).toHaveLength(1));
  });

  it('opens one event at its address', async () => {
    mockFetch([{ path: `${EVENTS}/2`, body: { data: offsite } }]);
    renderApp('/corp-events/2', { permissions: viewer });
    expect(await screen.findByRole('heading', { name: 'Team offsite', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All corporate events' })).toHaveAttribute(
      'href',
      '/app/corp-events',
    );
  });

  it('answers not found for an event the server hides', async () => {
    mockFetch([]);
    renderApp('/corp-events/5', { permissions: viewer });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
  });
});

describe('the corpEvents widget', () => {
  it('shows the upcoming events for the user, per_page from its limit', async () => {
    const state = {
      widgets: [{ name: 'corpEvents', params: readWidgetParams('corpEvents', { limit: 3 }) }],
      available: ['corpEvents'],
      source: 'own',
      can_edit_default: false,
    };
    const { calls } = mockFetch([
      { path: '/api/v1/dashboard/widgets', body: JSON.stringify(state) },
      { path: WIDGET, body: { data: [buildEvent(), offsite], meta: { total: 2 } } },
    ]);
    renderApp('/', { permissions: viewer });
    const card = (await screen.findByRole('heading', { name: 'Corporate events', level: 2 })).closest(
      'li',
    ) as HTMLElement;
    expect(await within(card).findByRole('link', { name: 'Town hall' })).toHaveAttribute(
      'href',
      '/app/corp-events/1',
    );
    expect(within(card).getByText(/Main hall/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All corporate events' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', WIDGET)[0]?.url.searchParams.get('per_page')).toBe('3');
  });

  it('says so when no event is coming', async () => {
    const state = {
      widgets: [{ name: 'corpEvents', params: { limit: 5 } }],
      available: ['corpEvents'],
      source: 'builtin',
      can_edit_default: false,
    };
    mockFetch([
      { path: '/api/v1/dashboard/widgets', body: JSON.stringify(state) },
      { path: WIDGET, body: { data: [], meta: { total: 0 } } },
    ]);
    renderApp('/', { permissions: viewer });
    expect(await screen.findByText('No upcoming events for you.')).toBeInTheDocument();
  });
});

function shiftedMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, number ?? 1, 1)).toISOString().slice(0, 7);
}
