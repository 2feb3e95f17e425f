/**
 * The permission vocabulary of spec §3.2 and §6: entities (sub-entities written `Parent.Child`),
 * visibility levels, the visibility actions, the named actions of each entity and the fields a role
 * may see (`fields_view`). The spec lists the names in prose; the spelling below is ours and is the
 * wire format of `GET /vue-global/permissions` and of the roles API.
 */

/** How far an action reaches, narrowest first (spec §6). */
export const LEVELS = ['not_visible', 'only_my', 'only_my_and_my_team', 'to_all'] as const;
export type Level = (typeof LEVELS)[number];

/** The four single actions a visibility setting gives a level to. */
export const SINGLE_ACTIONS = ['create', 'update', 'delete', 'view'] as const;
export type SingleAction = (typeof SINGLE_ACTIONS)[number];

/** Visibility actions of spec §4: the four single ones plus `all`, set by the all-level setting. */
export const VISIBILITY_ACTIONS = [...SINGLE_ACTIONS, 'all'] as const;
export type VisibilityAction = (typeof VISIBILITY_ACTIONS)[number];

/** Entities and sub-entities of spec §3.2. A sub-entity is checked on its own, never through its parent. */
export const ENTITIES = [
  'AbsenceRequest',
  'Asset',
  'Calendar',
  'Candidate',
  'CorpEvent',
  'Dashboard',
  'Department',
  'Dictionaries',
  'Employee',
  'Employee.Profile',
  'Employee.PersonalInfo',
  'Employee.Contacts',
  'Employee.Files',
  'Employee.Tasks',
  'Employee.Actions',
  'Employee.Absences',
  'Notification',
  'OKR',
  'OKR.Company',
  'OKR.Personal',
  'OKR.Team',
  'Payroll',
  'Profile',
  'Scenarios',
  'Settings',
  'Statistic',
  'Survey',
  'Teams',
  'Template',
  'Timeline',
  'Timetracking',
  'Vacancy',
  'Vacancy.CareerSite',
  'Vacancy.Overview',
  'Vacancy.Request',
  'Vacancy.SocialRecruiting',
  'Vacancy.Stage',
  'Vacancy.Tag',
] as const;
export type Entity = (typeof ENTITIES)[number];

/** Comments on tasks and candidates: share a comment, see everyone's (spec §6). */
const COMMENT_ACTIONS = ['share_comments', 'see_all_comments'] as const;

/**
 * Named actions of spec §6 by the entity they belong to. Entities missing here have none.
 * Comment actions sit on the two things that carry comments: tasks and candidates.
 */
export const ENTITY_ACTIONS = {
  AbsenceRequest: [
    'approve_vacation',
    'approve_sick_leave',
    'approve_home_work',
    'approve_unpaid_vacation',
    'approve_business_trip',
    'approve_overtime',
    'approve_weekend_work',
    'approve_night_shift',
    'approve_day_transfer',
    'create_absence',
    'update_absence',
    'delete_absence',
    'management_tab',
  ],
  Employee: [
    'view_without_team',
    'view_in_hidden_teams',
    'view_in_open_teams',
    'extended_filters_and_sorting',
    'export',
    'login_as',
    'get_profile',
    'update_avatar',
    'send_access',
    'email',
  ],
  'Employee.Tasks': COMMENT_ACTIONS,
  // answer_questions: HR's side of questions to HR (decision 025): everyone's questions, answered.
  Dashboard: ['answer_questions'],
  // see_scorecards_before_submitting: an interviewer reads colleagues' scorecards before filling their own.
  Candidate: ['change_source', 'export_database', ...COMMENT_ACTIONS, 'see_scorecards_before_submitting'],
  'Vacancy.Request': [
    'approve_or_reject',
    'delete',
    'add_responsibility',
    'access_approved',
    'access_under_consideration',
    'access_rejected',
    'access_vacancy_exists',
  ],
  Teams: ['see_managed_teams', 'see_hr_teams', 'change_order'],
  OKR: ['move_to_archive', 'change_order', 'export'],
  Timeline: ['absence_report_view', 'absence_report_import_export'],
  Timetracking: ['export'],
  Payroll: ['config'],
} as const satisfies Partial<Record<Entity, readonly string[]>>;

/** Every named action of an entity ([] when it has none). */
export function listEntityActions(entity: Entity): readonly string[] {
  return (ENTITY_ACTIONS as Partial<Record<Entity, readonly string[]>>)[entity] ?? [];
}

/**
 * Field permissions (`fields_view`, spec §3.2) and the keys of an answer's object each one governs:
 * without the permission those keys are removed from the answer on the server (stripHiddenFields),
 * not merely hidden by the app. Modules put these fields at the top level of their objects under
 * these names (snake_case, as on the wire).
 */
export const FIELD_KEYS = {
  field_salary: ['salary', 'salary_range'],
  field_files: ['files', 'cv'],
  field_email: ['email'],
  field_phone: ['phone'],
  field_system_role: ['system_role'],
  field_position: ['position'],
  field_start_of_work: ['start_of_work'],
  field_probation_period: ['probation_period'],
  field_birth_date: ['birth_date'],
  field_address: ['address'],
} as const satisfies Record<string, readonly string[]>;
export type FieldPermission = keyof typeof FIELD_KEYS;
export const FIELD_PERMISSIONS = Object.keys(FIELD_KEYS) as FieldPermission[];

const PERSON_FIELDS = [
  'field_salary',
  'field_files',
  'field_email',
  'field_phone',
  'field_system_role',
  'field_position',
  'field_start_of_work',
  'field_probation_period',
  'field_birth_date',
  'field_address',
] as const satisfies readonly FieldPermission[];

/** The field permissions each entity has; entities missing here have none. */
export const ENTITY_FIELDS = {
  Employee: PERSON_FIELDS,
  'Employee.Profile': PERSON_FIELDS,
  'Employee.PersonalInfo': ['field_birth_date', 'field_address'],
  'Employee.Contacts': ['field_email', 'field_phone', 'field_address'],
  'Employee.Files': ['field_files'],
  Candidate: [
    'field_salary',
    'field_files',
    'field_email',
    'field_phone',
    'field_birth_date',
    'field_address',
  ],
  Vacancy: ['field_salary'],
  Payroll: ['field_salary'],
} as const satisfies Partial<Record<Entity, readonly FieldPermission[]>>;

/** Every field permission of an entity ([] when it has none). */
export function listEntityFields(entity: Entity): readonly FieldPermission[] {
  return (ENTITY_FIELDS as Partial<Record<Entity, readonly FieldPermission[]>>)[entity] ?? [];
}

export function isEntity(value: string): value is Entity {
  return (ENTITIES as readonly string[]).includes(value);
}

export function isLevel(value: string): value is Level {
  return (LEVELS as readonly string[]).includes(value);
}

/** Levels by reach: `not_visible` 0 … `to_all` 3. */
export function rankLevel(level: Level): number {
  return LEVELS.indexOf(level);
}
