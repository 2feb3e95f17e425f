import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCreateRequest } from '../features/absences/api/absences-api';
import { mockFetch, type RecordedCall } from '../test/render-app';
import { sendAbsenceTypeEvent, sendChildrenFilterEvent } from './analytics';

// The analytics senders (spec §7.2): the children statistics filter event, and the absence-type sender,
// which does nothing for a code other than the five known ones. Failures never reach the user.

const ANALYTICS = '/api/v1/analytics';
const REQUESTS = '/api/v1/employee-request/requests';

const sent = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.pathname === ANALYTICS).map((call) => call.body);

describe('analytics senders', () => {
  it('sends the children filter event with filter_select_team true only when teams are chosen', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: ANALYTICS, status: 204 }]);
    await sendChildrenFilterEvent({ team_ids: [3] });
    await sendChildrenFilterEvent({ team_ids: [], gender: 'male', age_to: 5 });
    expect(sent(calls)).toEqual([
      {
        event_id: 1001042,
        event_properties: { filter_select_team: true, filter_age: false, filter_gender: false },
      },
      {
        event_id: 1001042,
        event_properties: { filter_select_team: false, filter_age: true, filter_gender: true },
      },
    ]);
  });

  it('reports the five known absence types and nothing for any other code', async () => {
    const { calls } = mockFetch([{ method: 'POST', path: ANALYTICS, status: 204 }]);
    for (const code of ['vacation', 'unpaid_vacation', 'sick_days', 'home_work', 'sick_days_doc']) {
      await sendAbsenceTypeEvent(code);
    }
    for (const code of ['business_trip', 'overtime', 'day_transfer', '', 'VACATION'])
      await sendAbsenceTypeEvent(code);
    expect(sent(calls)).toEqual(
      ['vacation', 'unpaid_vacation', 'sick_days', 'home_work', 'sick_days_doc'].map((type) => ({
        event_id: 1002001,
        event_properties: { absence_type: type },
      })),
    );
  });

  it('resolves quietly when the server refuses the event', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: ANALYTICS, status: 429, body: { message: 'Too many requests' } },
    ]);
    const events: Event[] = [];
    const listener = (event: Event) => events.push(event);
    window.addEventListener('request-error', listener);
    await expect(sendAbsenceTypeEvent('vacation')).resolves.toBeUndefined();
    window.removeEventListener('request-error', listener);
    expect(sent(calls)).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('is sent when an absence request is sent from the request form', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: REQUESTS, status: 201, body: { data: { id: 5, status: 'pending', days: 3 } } },
      { method: 'POST', path: ANALYTICS, status: 204 },
    ]);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCreateRequest(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({
        body: { absence_type: 'home_work', date_from: '2031-03-12', date_to: '2031-03-14' },
        files: [],
      });
    });
    await waitFor(() =>
      expect(sent(calls)).toEqual([{ event_id: 1002001, event_properties: { absence_type: 'home_work' } }]),
    );
    await act(async () => {
      await result.current.mutateAsync({
        body: { absence_type: 'business_trip', date_from: '2031-03-12', date_to: '2031-03-14' },
        files: [],
      });
    });
    expect(calls.filter((call) => call.url.pathname === REQUESTS)).toHaveLength(2);
    expect(sent(calls)).toHaveLength(1);
  });
});
