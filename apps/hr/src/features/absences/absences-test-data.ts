import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import {
  type AbsenceBalance,
  type AbsenceRequest,
  type AbsenceType,
  absenceBalanceSchema,
  absenceRequestSchema,
  absenceTypeSchema,
} from '@kadry/shared/schemas/absences';
import type { z } from 'zod';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';

// Wire answers for the absences screens' tests (imported by *.test.ts(x) files only), parsed with the
// schemas the server answers with. The signed-in user of render-app's page data is employee 7.

/** An employee's self-service: their own absences only. */
export const employeeAbsencePermissions: UserPermissions = buildPermissions({
  AbsenceRequest: {
    visibilitySettings: {
      create: 'only_my',
      update: 'not_visible',
      delete: 'not_visible',
      view: 'only_my',
      all: null,
    },
    actions: [],
    fields_view: [],
  },
});

/** A manager: their team's requests, every approval action. */
export const managerAbsencePermissions: UserPermissions = buildPermissions({
  AbsenceRequest: {
    visibilitySettings: {
      create: 'only_my',
      update: 'only_my_and_my_team',
      delete: 'not_visible',
      view: 'only_my_and_my_team',
      all: null,
    },
    actions: ['approve_vacation', 'approve_sick_leave', 'approve_home_work'],
    fields_view: [],
  },
});

export const vacationType: AbsenceType = absenceTypeSchema.parse({
  id: 1,
  code: 'vacation',
  number: 1,
  names: { en: 'Vacation', ru: 'Отпуск', uk: 'Відпустка' },
  unit: 'half_days',
  counting: 'working_days',
  needs_approval: true,
  needs_document: false,
  counts_against_balance: true,
  color: '#4caf50',
  icon: 'beach',
  is_enabled: true,
  position: 0,
  approval_chain: ['manager', 'hr'],
});

export const sickNoteType: AbsenceType = absenceTypeSchema.parse({
  ...vacationType,
  id: 5,
  code: 'sick_days_doc',
  number: 7,
  names: { en: 'Sick leave (certified)', ru: 'Больничный со справкой', uk: 'Лікарняний з довідкою' },
  unit: 'days',
  counting: 'calendar_days',
  needs_document: true,
  counts_against_balance: false,
  approval_chain: ['hr'],
});

export function buildBalance(overrides: Partial<AbsenceBalance> = {}): AbsenceBalance {
  return absenceBalanceSchema.parse({
    absence_type: 'vacation',
    unit: 'half_days',
    year: 2031,
    accrued: 20,
    used: 2,
    pending: 3.5,
    available: 14.5,
    ...overrides,
  });
}

export function buildRequest(overrides: Partial<z.input<typeof absenceRequestSchema>> = {}): AbsenceRequest {
  return absenceRequestSchema.parse({
    id: 11,
    employee_id: 7,
    employee_name: 'Olena Owner',
    absence_type: 'vacation',
    date_from: '2031-06-02',
    date_to: '2031-06-05',
    half_day_start: false,
    half_day_end: true,
    hours: null,
    status: 'pending',
    days: 3.5,
    days_by_year: { 2031: 3.5 },
    comment: null,
    created_at: '2031-03-10T09:00:00.000Z',
    steps: [
      {
        position: 0,
        approver_role: 'manager',
        approver_employee_id: 3,
        approver_name: 'Max Manager',
        status: 'pending',
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
        decided_at: null,
      },
    ],
    files: [],
    can: { decide: false, cancel: true, revoke: false, update: false, delete: false },
    ...overrides,
  });
}

export function page<T>(data: T[]) {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } };
}
