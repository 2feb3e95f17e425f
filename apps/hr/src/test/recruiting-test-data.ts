import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import {
  type ApplicationDetails,
  type ApplicationSummary,
  applicationDetailsSchema,
  applicationSummarySchema,
  careersSettingsSchema,
  type StaffCareersSettings,
  type StaffVacancy,
  staffVacancySchema,
  stageSchema,
} from '@kadry/shared/schemas/recruiting';
import type { z } from 'zod';
import { buildPermissions } from '../lib/permissions/permissions-test-data';

// Wire answers for screen tests (imported by *.test.tsx only). Each builder parses what it builds with
// the schema the server answers with, so a fake cannot carry what the server never sends.

const all = { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] };

export const ownerPermissions = buildPermissions({
  Vacancy: { ...all, fields_view: ['field_salary'] },
  'Vacancy.CareerSite': all,
  'Vacancy.Stage': all,
  Notification: all,
  Candidate: {
    ...all,
    actions: ['export_database', 'change_source'],
    fields_view: ['field_email', 'field_phone'],
  },
});

/** May see vacancies and nothing else: not create, edit or delete them, nor see candidates. */
export const vacancyViewerPermissions = buildPermissions({
  Vacancy: {
    visibilitySettings: {
      create: 'not_visible',
      update: 'not_visible',
      delete: 'not_visible',
      view: 'to_all',
      all: null,
    },
    actions: [],
    fields_view: [],
  },
});

export function buildVacancy(overrides: Partial<z.input<typeof staffVacancySchema>> = {}): StaffVacancy {
  return staffVacancySchema.parse({
    id: 1,
    name: 'Backend engineer',
    status: 1,
    is_hot: false,
    is_published: false,
    salary: null,
    residence: null,
    experience: null,
    work_types: null,
    languages: [],
    description: null,
    demand: null,
    responsibility: null,
    addition: null,
    working_conditions: null,
    team_id: null,
    recruiter_ids: [],
    positions: null,
    form_id: null,
    hiring_manager_id: null,
    interviewer_ids: [],
    salary_range: null,
    scorecard_attributes: [],
    responses_count: 0,
    public_url: null,
    created_at: '2031-03-01T10:00:00.000Z',
    updated_at: '2031-03-01T10:00:00.000Z',
    published_at: null,
    ...overrides,
  });
}

export function pageOf<T>(data: T[], lastPage = 1) {
  return { data, meta: { current_page: 1, last_page: lastPage, per_page: 20, total: data.length } };
}

export const STAGES = ['New', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected'].map((name, index) =>
  stageSchema.parse({ id: index + 1, name, position: index }),
);

export function buildApplication(
  overrides: Partial<z.input<typeof applicationDetailsSchema>> = {},
): ApplicationDetails {
  return applicationDetailsSchema.parse({
    id: 11,
    candidate: { id: 21, name: 'Taras Shevchuk', email: 'taras@example.com', phone: '+380501234567' },
    vacancy: { id: 1, name: 'Backend engineer' },
    stage: STAGES[0] as (typeof STAGES)[number],
    source: 'linkedin',
    created_at: '2031-03-02T10:00:00.000Z',
    is_repeat: false,
    answers: [],
    cv_text: null,
    other_applications: [],
    ...overrides,
  });
}

/** An application as the lists and the board show it (no answers, CV text or other applications). */
export function buildApplicationSummary(
  overrides: Partial<z.input<typeof applicationSummarySchema>> = {},
): ApplicationSummary {
  return applicationSummarySchema.parse({ ...buildApplication(), ...overrides });
}

export function buildCareersSettings(
  overrides: Partial<z.input<typeof careersSettingsSchema>> = {},
): StaffCareersSettings {
  return careersSettingsSchema.parse({
    name: 'Acme',
    logo_url: null,
    font: null,
    colors: { background: '#ffffff', header: '#1f2937', button: '#2563eb' },
    indexing: true,
    consent_page_url: null,
    captcha: {
      provider: 'none',
      site_key: null,
      project_id: null,
      threshold: 0.5,
      allowed_hosts: [],
      has_secret: false,
    },
    languages: ['en', 'uk'],
    default_language: 'en',
    careers_url: 'https://jobs.acme.test/careers',
    ...overrides,
  });
}
