import { route } from '@kadry/shared/routes';
import {
  type BalanceAdjustmentBody,
  balanceAdjustmentResponseSchema,
} from '@kadry/shared/schemas/absence-settings';
import {
  type AbsenceRequestsQuery,
  type AbsenceTypeCode,
  absenceBalanceResponseSchema,
  absencePreviewResponseSchema,
  absenceRequestResponseSchema,
  absenceRequestsResponseSchema,
  absenceTypesResponseSchema,
  type CreateAbsenceRequestBody,
  createdAbsenceRequestResponseSchema,
  type DirectEntryBody,
  directEntryResponseSchema,
  ledgerResponseSchema,
  managementCountResponseSchema,
  managementResponseSchema,
  type UpdateAbsenceEntryBody,
} from '@kadry/shared/schemas/absences';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendAbsenceTypeEvent } from '../../../lib/analytics';
import { api, type QueryParams } from '../../../lib/api-client';

// The absences screens' calls (issue 14): types, balances and their ledger lines, requests (own,
// visible, awaiting the user's decision), the preview, sending, decisions and direct entry.

export const absenceKeys = {
  all: ['absences'] as const,
  types: ['absences', 'types'] as const,
  balance: ['absences', 'balance'] as const,
  ledger: (code: AbsenceTypeCode, whose: LedgerOf = {}) =>
    ['absences', 'ledger', code, whose.employeeId ?? 'own', whose.year ?? 'current'] as const,
  employeeBalance: (id: number) => ['absences', 'balance', 'employee', id] as const,
  my: (page: number) => ['absences', 'requests', 'my', page] as const,
  list: (query: AbsenceRequestsQuery) => ['absences', 'requests', 'all', query] as const,
  one: (id: number) => ['absences', 'requests', 'one', id] as const,
  management: (page: number) => ['absences', 'management', page] as const,
  managementCount: ['absences', 'management-count'] as const,
  preview: (body: string) => ['absences', 'preview', body] as const,
};

export function useAbsenceTypes() {
  return useQuery({
    queryKey: absenceKeys.types,
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.types'), { schema: absenceTypesResponseSchema, signal })).data.data,
    staleTime: 5 * 60_000,
  });
}

/** `dashboard.balance.absence`: the user's own balances. */
export function useOwnBalance() {
  return useQuery({
    queryKey: absenceKeys.balance,
    queryFn: async ({ signal }) =>
      (await api.get(route('dashboard.balance.absence'), { schema: absenceBalanceResponseSchema, signal }))
        .data.data,
  });
}

/** Whose ledger and which year: one's own of the current year when left out. */
export type LedgerOf = { employeeId?: number; year?: number };

/**
 * `absences.ledger`: the lines a balance is the sum of (loaded when asked): one of the user's own,
 * or an employee's (HR, for the year of the balance shown).
 */
export function useLedger(code: AbsenceTypeCode | null, whose: LedgerOf = {}) {
  return useQuery({
    queryKey: absenceKeys.ledger(code ?? 'vacation', whose),
    enabled: code !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('absences.ledger'), {
          params: { absence_type: code, employee_id: whose.employeeId, year: whose.year },
          schema: ledgerResponseSchema,
          signal,
        })
      ).data.data,
  });
}

/** `absences.balances.employee`: an employee's balances of the current year (HR); null: none chosen. */
export function useEmployeeBalance(id: number | null) {
  return useQuery({
    queryKey: absenceKeys.employeeBalance(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('absences.balances.employee', id ?? 0), {
          schema: absenceBalanceResponseSchema,
          signal,
        })
      ).data.data,
  });
}

export function useMyRequests(page: number) {
  return useQuery({
    queryKey: absenceKeys.my(page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.requests.my'), {
          params: { page },
          schema: absenceRequestsResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useVisibleRequests(query: AbsenceRequestsQuery) {
  return useQuery({
    queryKey: absenceKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.requests.all'), {
          params: query as QueryParams,
          schema: absenceRequestsResponseSchema,
          signal,
        })
      ).data,
  });
}

export function useAbsenceRequest(id: number | null) {
  return useQuery({
    queryKey: absenceKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.requests.id', id ?? 0), {
          schema: absenceRequestResponseSchema,
          signal,
        })
      ).data.data,
  });
}

export function useManagement(page: number) {
  return useQuery({
    queryKey: absenceKeys.management(page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('absences.management'), {
          params: { page },
          schema: managementResponseSchema,
          signal,
        })
      ).data,
  });
}

/** The navigation's badge: how many requests await the user's decision; refreshed every minute. */
export function useManagementCount(enabled: boolean) {
  return useQuery({
    queryKey: absenceKeys.managementCount,
    enabled,
    refetchInterval: 60_000,
    queryFn: async ({ signal }) =>
      (await api.get(route('absences.management.count'), { schema: managementCountResponseSchema, signal }))
        .data.data,
  });
}

/**
 * `employeeRequest.requests.preview`: the counted days of a would-be request (`key` is the body as
 * JSON, so equal bodies share one answer); null while the form is incomplete.
 */
export function usePreview(body: CreateAbsenceRequestBody | null) {
  const key = body ? JSON.stringify(body) : '';
  return useQuery({
    queryKey: absenceKeys.preview(key),
    enabled: body !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await api.post(route('employeeRequest.requests.preview'), body ?? {}, {
          schema: absencePreviewResponseSchema,
          signal,
        })
      ).data.data,
  });
}

/** Refreshes everything absences show after a change. */
function useInvalidateAbsences() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: absenceKeys.all });
}

/** Sends a request: JSON, or multipart when documents go with it. */
export function useCreateRequest() {
  const invalidate = useInvalidateAbsences();
  return useMutation({
    mutationFn: async ({ body, files }: { body: CreateAbsenceRequestBody; files: readonly File[] }) => {
      if (files.length === 0) {
        return (
          await api.post(route('employeeRequest.requests'), body, {
            schema: createdAbsenceRequestResponseSchema,
          })
        ).data.data;
      }
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) {
        if (value !== undefined && value !== null) form.append(name, String(value));
      }
      for (const [index, file] of files.entries()) form.append(`files[${index}]`, file, file.name);
      return (
        await api.post(route('employeeRequest.requests'), form, {
          schema: createdAbsenceRequestResponseSchema,
        })
      ).data.data;
    },
    onSuccess: (_created, { body }) => {
      // Spec §7.2's absence-type sender: the spec's five types are reported, any other is not.
      void sendAbsenceTypeEvent(body.absence_type);
      return invalidate();
    },
  });
}

export type Decision = { id: number; action: 'approve' | 'reject' | 'cancel' | 'revoke'; reason?: string };

/** Each decision's route, named where it is called (tooling/openapi/check-hr-calls.ts reads them). */
function sendDecision({ id, action, reason }: Decision) {
  const body = reason ? { reason } : {};
  const options = { schema: absenceRequestResponseSchema };
  switch (action) {
    case 'approve':
      return api.post(route('employeeRequest.requests.approve', id), body, options);
    case 'reject':
      return api.post(route('employeeRequest.requests.reject', id), body, options);
    case 'cancel':
      return api.post(route('employeeRequest.requests.cancel', id), body, options);
    case 'revoke':
      return api.post(route('employeeRequest.requests.revoke', id), body, options);
  }
}

/** Approve, reject (with a reason), cancel or revoke a request. */
export function useDecide() {
  const invalidate = useInvalidateAbsences();
  return useMutation({
    mutationFn: async (decision: Decision) => (await sendDecision(decision)).data.data,
    onSuccess: invalidate,
  });
}

/** HR's direct entry for people or a team (create_absence). */
export function useDirectEntry() {
  const invalidate = useInvalidateAbsences();
  return useMutation({
    mutationFn: async (body: DirectEntryBody) =>
      (await api.post(route('absences.entries'), body, { schema: directEntryResponseSchema })).data,
    onSuccess: invalidate,
  });
}

/** A manual adjustment of an employee's balance (`update_absence`); answers that ledger. */
export function useAdjustBalance() {
  const invalidate = useInvalidateAbsences();
  return useMutation({
    mutationFn: async (body: BalanceAdjustmentBody) =>
      (
        await api.post(route('absences.settings.adjustments'), body, {
          schema: balanceAdjustmentResponseSchema,
        })
      ).data.data,
    onSuccess: invalidate,
  });
}

/** New dates (half days, hours) or comment of an approved absence (`update_absence`), recounted. */
export function useUpdateEntry() {
  const invalidate = useInvalidateAbsences();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateAbsenceEntryBody }) =>
      (await api.put(route('absences.entries.one', id), body, { schema: absenceRequestResponseSchema })).data
        .data,
    onSuccess: invalidate,
  });
}

/** Removes an approved absence (`delete_absence`): revoked, its days returned to the balance. */
export function useDeleteEntry() {
  const invalidate = useInvalidateAbsences();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.delete(route('absences.entries.one', id), { schema: absenceRequestResponseSchema })).data
        .data,
    onSuccess: invalidate,
  });
}

/** The download address of a request's document. */
export function documentUrl(requestId: number, fileId: number): string {
  return route('employeeRequest.requests.file', { id: requestId, fileId });
}
