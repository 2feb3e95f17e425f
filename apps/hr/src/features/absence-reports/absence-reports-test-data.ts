import type { EntityPermissions } from '@kadry/shared/permissions/schemas';
import type { TimelinePerson } from '@kadry/shared/schemas/absence-reports';
import type { AbsenceType, AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';

// Test data of the absence report screens (imported by *.test.tsx files only).

export const TYPES_PATH = '/api/v1/absences/types';
export const TEAMS_PATH = '/dictionaries/visible-teams';
export const TIMELINE_PATH = '/api/v1/absences/timeline';
export const REPORT_PATH = '/api/v1/absences/report';
export const IMPORT_PATH = '/api/v1/absences/timeline/import';
export const FEEDS_PATH = '/api/v1/absences/feeds';

export function absenceType(code: AbsenceTypeCode, en: string, color: string, position: number): AbsenceType {
  return {
    id: position + 1,
    code,
    number: null,
    names: { en, ru: `${en} (ru)`, uk: `${en} (uk)` },
    unit: 'days',
    counting: 'working_days',
    needs_approval: true,
    needs_document: false,
    counts_against_balance: code === 'vacation',
    color,
    icon: 'event',
    is_enabled: true,
    position,
    approval_chain: ['manager'],
  };
}

export const typesAnswer = {
  data: [
    absenceType('vacation', 'Vacation', '#1d4ed8', 0),
    absenceType('sick_days', 'Sick day', '#b91c1c', 1),
    absenceType('home_work', 'Working from home', '#047857', 2),
  ],
};

export const teamsAnswer = {
  teams: [
    { id: 3, name: 'Alpha', parent_id: null, is_hidden: false },
    { id: 4, name: 'Beta', parent_id: null, is_hidden: false },
  ],
};

const ACTION_ONLY = (actions: string[]): EntityPermissions => ({
  visibilitySettings: null,
  actions,
  fields_view: [],
});

/** HR: the timeline with import and export, direct entry, every absence seen. */
export const hrPermissions = buildPermissions({
  Timeline: ACTION_ONLY(['absence_report_view', 'absence_report_import_export']),
  AbsenceRequest: {
    visibilitySettings: {
      create: 'to_all',
      update: 'to_all',
      delete: 'to_all',
      view: 'to_all',
      all: 'to_all',
    },
    actions: ['create_absence'],
    fields_view: [],
  },
});

/** A viewer: the timeline and the report, nothing to import or export. */
export const viewerPermissions = buildPermissions({
  Timeline: ACTION_ONLY(['absence_report_view']),
  AbsenceRequest: {
    visibilitySettings: {
      create: 'only_my',
      update: 'not_visible',
      delete: 'not_visible',
      view: 'only_my_and_my_team',
      all: null,
    },
    actions: [],
    fields_view: [],
  },
});

export const eve: TimelinePerson = {
  id: 5,
  name: 'Eve Employee',
  non_working_days: ['2031-12-06', '2031-12-07', '2031-12-25'],
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
    {
      id: 12,
      absence_type: 'sick_days',
      date_from: '2031-12-03',
      date_to: '2031-12-03',
      half_day_start: false,
      half_day_end: false,
      hours: null,
      status: 'pending',
      days: 1,
    },
  ],
};

export const bob: TimelinePerson = {
  id: 6,
  name: 'Bob Beta',
  non_working_days: ['2031-12-06', '2031-12-07', '2031-12-25'],
  absences: [],
};

export function timelineAnswer(people: TimelinePerson[], lastPage = 1) {
  return {
    data: { date_from: '2031-12-01', date_to: '2031-12-31', people },
    meta: { current_page: 1, last_page: lastPage, per_page: 50, total: people.length },
  };
}
