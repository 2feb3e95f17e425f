import { normalizeVisibilitySettings, setAllLevel } from '@kadry/shared/permissions/permission-state';
import type { EntityPermissions, PermissionsMap } from '@kadry/shared/permissions/schemas';
import {
  ENTITIES,
  type Entity,
  type FieldPermission,
  type Level,
  listEntityActions,
  listEntityFields,
} from '@kadry/shared/permissions/vocabulary';
import type { BuiltInRole } from '@kadry/shared/schemas/auth';

/** An entity without visibility settings, actions or fields: every action off (spec §4). */
export const NO_PERMISSIONS: EntityPermissions = { visibilitySettings: null, actions: [], fields_view: [] };

type Grant = {
  /** One level for every action (the all-level setting) … */
  all?: Level;
  /** … or a level per action; actions left out are not_visible. */
  create?: Level;
  update?: Level;
  delete?: Level;
  view?: Level;
  /** Named actions: 'every' for all the entity has. */
  actions?: 'every' | readonly string[];
  fields?: 'every' | readonly FieldPermission[];
};

function grant(entity: Entity, spec: Grant): EntityPermissions {
  const visibilitySettings = spec.all
    ? setAllLevel(spec.all)
    : normalizeVisibilitySettings({
        create: spec.create ?? 'not_visible',
        update: spec.update ?? 'not_visible',
        delete: spec.delete ?? 'not_visible',
        view: spec.view ?? 'not_visible',
        all: null,
      });
  const actions = spec.actions === 'every' ? listEntityActions(entity) : (spec.actions ?? []);
  const fields = spec.fields === 'every' ? listEntityFields(entity) : (spec.fields ?? []);
  return { visibilitySettings, actions: [...actions], fields_view: [...fields] };
}

function buildMap(grants: Partial<Record<Entity, Grant>>): PermissionsMap {
  return Object.fromEntries(
    ENTITIES.map((entity) => {
      const spec = grants[entity];
      return [entity, spec ? grant(entity, spec) : NO_PERMISSIONS];
    }),
  ) as PermissionsMap;
}

function forEach(entities: readonly Entity[], spec: Grant): Partial<Record<Entity, Grant>> {
  return Object.fromEntries(entities.map((entity) => [entity, spec]));
}

const EMPLOYEE_ENTITIES = ENTITIES.filter(
  (entity) => entity === 'Employee' || entity.startsWith('Employee.'),
);
const VACANCY_ENTITIES = ENTITIES.filter((entity) => entity === 'Vacancy' || entity.startsWith('Vacancy.'));
const PEOPLE_ENTITIES: readonly Entity[] = [
  ...EMPLOYEE_ENTITIES,
  'AbsenceRequest',
  'Asset',
  'Calendar',
  'CorpEvent',
  'Department',
  'Statistic',
  'Survey',
  'Teams',
  'Template',
  'Timeline',
  'Timetracking',
];
const RECRUITING_ENTITIES: readonly Entity[] = [...VACANCY_ENTITIES, 'Candidate'];

/** What every staff member has whatever their role: their own dashboard, profile and notifications. */
const SELF_SERVICE: Partial<Record<Entity, Grant>> = {
  Dashboard: { view: 'only_my' },
  Profile: { view: 'only_my', update: 'only_my' },
  Notification: { view: 'only_my', update: 'only_my', delete: 'only_my' },
  Calendar: { view: 'only_my' },
  Dictionaries: { view: 'to_all' },
  // Corporate events the user is in the audience of (decision 025).
  CorpEvent: { view: 'only_my' },
};

/** Fields a colleague may see about a person; salary, files, birth date and address stay with HR. */
const COLLEAGUE_FIELDS: readonly FieldPermission[] = [
  'field_email',
  'field_phone',
  'field_position',
  'field_start_of_work',
  'field_probation_period',
];

/**
 * What a person sees of their own record besides: birth date and address (the personal info they
 * keep up themselves). Salary, documents and the system role stay with HR.
 */
const SELF_FIELDS: readonly FieldPermission[] = [...COLLEAGUE_FIELDS, 'field_birth_date', 'field_address'];

/**
 * Self-service on the employee record (issue 13): one's own contacts and personal info, seen and
 * edited; the profile (position, dates, status, names) seen but changed by HR.
 */
const SELF_SERVICE_RECORD: Partial<Record<Entity, Grant>> = {
  'Employee.Contacts': {
    view: 'only_my',
    update: 'only_my',
    fields: ['field_email', 'field_phone', 'field_address'],
  },
  'Employee.PersonalInfo': {
    view: 'only_my',
    update: 'only_my',
    fields: ['field_birth_date', 'field_address'],
  },
};

/**
 * Defaults of the built-in roles (issue 5): the owner has everything; HR everything about people and
 * recruiting; a recruiter vacancies and candidates of their own and their team's, no payroll; a
 * manager their team's people and a view of their team's vacancies; an employee their own profile.
 * A built-in role answers these for every entity it has not been edited on (role_permissions rows
 * override them one entity at a time), so entities added to the vocabulary later get their default.
 */
const DEFAULTS: Record<BuiltInRole, PermissionsMap> = {
  owner: buildMap(forEach(ENTITIES, { all: 'to_all', actions: 'every', fields: 'every' })),

  hr: buildMap({
    ...SELF_SERVICE,
    ...forEach(PEOPLE_ENTITIES, { all: 'to_all', actions: 'every', fields: 'every' }),
    ...forEach(RECRUITING_ENTITIES, { all: 'to_all', actions: 'every', fields: 'every' }),
    // Signing in as someone else stays with owners.
    Employee: {
      all: 'to_all',
      actions: listEntityActions('Employee').filter((action) => action !== 'login_as'),
      fields: 'every',
    },
    // HR answers questions to HR (decision 025).
    Dashboard: { view: 'to_all', actions: ['answer_questions'] },
    Dictionaries: { all: 'to_all' },
  }),

  recruiter: buildMap({
    ...SELF_SERVICE,
    ...forEach(RECRUITING_ENTITIES, { all: 'only_my_and_my_team' }),
    Vacancy: { all: 'only_my_and_my_team', fields: ['field_salary'] },
    'Vacancy.Request': {
      create: 'only_my',
      view: 'only_my_and_my_team',
      actions: ['access_approved', 'access_under_consideration', 'access_rejected', 'access_vacancy_exists'],
    },
    // The careers site's settings are the company's, not a recruiter's.
    'Vacancy.CareerSite': { view: 'to_all' },
    Candidate: {
      all: 'only_my_and_my_team',
      // Recruiters coordinate interviews: they read every scorecard as it comes in.
      actions: ['change_source', 'share_comments', 'see_scorecards_before_submitting'],
      fields: ['field_salary', 'field_files', 'field_email', 'field_phone'],
    },
    Employee: { view: 'only_my', fields: COLLEAGUE_FIELDS },
    'Employee.Profile': { view: 'only_my', update: 'only_my', fields: COLLEAGUE_FIELDS },
    Teams: { view: 'only_my_and_my_team' },
  }),

  manager: buildMap({
    ...SELF_SERVICE,
    ...forEach(EMPLOYEE_ENTITIES, { view: 'only_my_and_my_team' }),
    Employee: {
      view: 'only_my_and_my_team',
      actions: ['view_in_open_teams', 'get_profile'],
      // Birth date and address sit in personal info, which reaches only the manager's own record.
      fields: SELF_FIELDS,
    },
    'Employee.Profile': { view: 'only_my_and_my_team', fields: COLLEAGUE_FIELDS },
    // The team's work contacts; one's own edited. Personal info (relatives, birth date, address) is
    // one's own only: a manager sees the team's record, not their private life.
    'Employee.Contacts': {
      view: 'only_my_and_my_team',
      update: 'only_my',
      fields: ['field_email', 'field_phone'],
    },
    'Employee.PersonalInfo': SELF_SERVICE_RECORD['Employee.PersonalInfo'],
    // Documents stay with HR.
    'Employee.Files': {},
    'Employee.Tasks': {
      create: 'only_my_and_my_team',
      update: 'only_my_and_my_team',
      view: 'only_my_and_my_team',
      actions: ['share_comments'],
    },
    AbsenceRequest: {
      create: 'only_my',
      update: 'only_my_and_my_team',
      view: 'only_my_and_my_team',
      actions: listEntityActions('AbsenceRequest').filter((action) => action.startsWith('approve_')),
    },
    Vacancy: { view: 'only_my_and_my_team' },
    'Vacancy.Request': { create: 'only_my', view: 'only_my_and_my_team' },
    Candidate: { view: 'only_my_and_my_team', fields: ['field_files'] },
    Teams: { view: 'only_my_and_my_team', actions: ['see_managed_teams'] },
    Dashboard: { view: 'only_my_and_my_team' },
    Calendar: { view: 'only_my_and_my_team' },
  }),

  employee: buildMap({
    ...SELF_SERVICE,
    ...SELF_SERVICE_RECORD,
    // Only_my: Employee fields govern nothing but one's own record, so birth date and address too.
    Employee: { view: 'only_my', fields: SELF_FIELDS },
    'Employee.Profile': { view: 'only_my', fields: COLLEAGUE_FIELDS },
    'Employee.Tasks': { create: 'only_my', update: 'only_my', view: 'only_my' },
    AbsenceRequest: { create: 'only_my', view: 'only_my' },
  }),
};

/** The default permissions of a built-in role (a copy: callers may change it). */
export function findBuiltInPermissions(role: BuiltInRole): PermissionsMap {
  return structuredClone(DEFAULTS[role]);
}
