import { route } from '@kadry/shared/routes';
import {
  ANALYTICS_ABSENCE_TYPES,
  ANALYTICS_EVENTS,
  type AnalyticsEventBody,
} from '@kadry/shared/schemas/analytics';
import { createApiClient } from './api-client';

// Product analytics (spec §7.2, docs/decisions/026-analytics-events.md): fire and forget. A failed
// event never bothers the user (no snackbar: its own client broadcasts nothing) and never fails the
// action that sent it.

const client = createApiClient({ dispatchEvent: () => true });

/** `POST analytics` with `{ event_id, event_properties }`; resolves whether or not it was stored. */
export async function sendAnalyticsEvent(body: AnalyticsEventBody): Promise<void> {
  try {
    await client.post(route('analytics'), body);
  } catch {
    // Analytics is best effort.
  }
}

/** The children statistics filter was applied: `filter_select_team` is true when teams were chosen. */
export function sendChildrenFilterEvent(filter: {
  team_ids?: readonly number[] | undefined;
  age_from?: number | undefined;
  age_to?: number | undefined;
  gender?: string | undefined;
}): Promise<void> {
  return sendAnalyticsEvent({
    event_id: ANALYTICS_EVENTS.children_statistics_filter,
    event_properties: {
      filter_select_team: (filter.team_ids?.length ?? 0) > 0,
      filter_age: filter.age_from !== undefined || filter.age_to !== undefined,
      filter_gender: filter.gender !== undefined,
    },
  });
}

/**
 * The absence-type sender (spec §7.2): reports the type of a sent absence request when it is one of
 * the spec's five codes (vacation, unpaid_vacation, sick_days, home_work, sick_days_doc) and does
 * nothing for any other code.
 */
export function sendAbsenceTypeEvent(code: string): Promise<void> {
  const type = ANALYTICS_ABSENCE_TYPES.find((known) => known === code);
  if (!type) return Promise.resolve();
  return sendAnalyticsEvent({
    event_id: ANALYTICS_EVENTS.absence_request_type,
    event_properties: { absence_type: type },
  });
}
