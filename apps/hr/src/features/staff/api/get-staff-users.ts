import { route } from '@kadry/shared/routes';
import { STAFF_USER_STATUSES, staffUsersResponseSchema } from '@kadry/shared/schemas/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type StaffUserStatus = (typeof STAFF_USER_STATUSES)[number];

/** The list's query (`GET admin.users`); left-out filters are not sent. */
export type StaffUserFilters = {
  page: number;
  search?: string;
  role_id?: number;
  team_id?: number;
  status?: StaffUserStatus;
};
export type StaffUserList = z.infer<typeof staffUsersResponseSchema>;

export async function getStaffUsers(filters: StaffUserFilters, signal?: AbortSignal): Promise<StaffUserList> {
  const response = await api.get(route('admin.users'), {
    params: filters,
    schema: staffUsersResponseSchema,
    signal,
  });
  return response.data;
}

/** Every staff query's key starts with this, so one invalidation refreshes the list after a change. */
export const STAFF_QUERY_KEY = ['staff'] as const;

export function useStaffUsers(filters: StaffUserFilters) {
  return useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'list', filters],
    queryFn: ({ signal }) => getStaffUsers(filters, signal),
    // The table keeps its rows while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function isStaffUserStatus(value: string | null): value is StaffUserStatus {
  return (STAFF_USER_STATUSES as readonly (string | null)[]).includes(value);
}
