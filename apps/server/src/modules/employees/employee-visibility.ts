import { levelOf } from '@kadry/shared/permissions/permission-state';
import {
  type Entity,
  type FieldPermission,
  type Level,
  listEntityFields,
  type VisibilityAction,
} from '@kadry/shared/permissions/vocabulary';
import { type SQL, sql } from 'drizzle-orm';
import { employees } from '../../db/schema/employees';
import { AppError } from '../../lib/app-error';
import type { Access } from '../../plugins/access/access';

// Which employees a user sees (docs/decisions/013-visible-employees.md), in one place: the SQL
// condition lists use and its in-memory twin for one loaded employee, built from the same reader.

/** What the rule needs of the reader: their employee, company, Employee view level and team reach. */
export type EmployeeReader = {
  companyId: number;
  employeeId: number;
  /** The Employee view level. */
  level: Level;
  /** The named actions that open groups of employees to a to_all level (rule 3). */
  viewInOpenTeams: boolean;
  viewInHiddenTeams: boolean;
  viewWithoutTeam: boolean;
  /** "My team": the teams of the reader's employee and every team below one it manages. */
  teamIds: readonly number[];
};

/** The reader of an Access. */
export function readerOf(access: Pick<Access, 'user' | 'permissions' | 'teamIds'>): EmployeeReader {
  const employee = access.permissions.Employee;
  return {
    companyId: access.user.companyId,
    employeeId: access.user.employeeId,
    level: levelOf(employee.visibilitySettings, 'view'),
    viewInOpenTeams: employee.actions.includes('view_in_open_teams'),
    viewInHiddenTeams: employee.actions.includes('view_in_hidden_teams'),
    viewWithoutTeam: employee.actions.includes('view_without_team'),
    teamIds: access.teamIds,
  };
}

/** A loaded employee as the rule sees it: its id and its teams (with whether each is hidden). */
export type EmployeeMembership = {
  id: number;
  teams: readonly { id: number; isHidden: boolean }[];
};

/** How an employee relates to the reader, for levels: their own, in "my team", or anyone else. */
export type Relation = 'own' | 'team' | 'other';

export function relationOf(
  reader: Pick<EmployeeReader, 'employeeId' | 'teamIds'>,
  employee: EmployeeMembership,
): Relation {
  if (employee.id === reader.employeeId) return 'own';
  if (employee.teams.some((team) => reader.teamIds.includes(team.id))) return 'team';
  return 'other';
}

/** Whether a level reaches an employee of this relation (rules 1–2; `to_all` reaches everyone). */
export function levelReaches(level: Level, relation: Relation): boolean {
  switch (level) {
    case 'to_all':
      return true;
    case 'only_my_and_my_team':
      return relation !== 'other';
    case 'only_my':
      return relation === 'own';
    default:
      return false;
  }
}

/** The in-memory twin of employeeVisibleWhere: whether the reader sees this loaded employee. */
export function canSeeEmployee(reader: EmployeeReader, employee: EmployeeMembership): boolean {
  const relation = relationOf(reader, employee);
  if (relation === 'own') return true;
  if (reader.level === 'not_visible' || reader.level === 'only_my') return false;
  if (relation === 'team') return true;
  if (reader.level !== 'to_all') return false;
  if (employee.teams.length === 0) return reader.viewWithoutTeam;
  return employee.teams.some((team) => (team.isHidden ? reader.viewInHiddenTeams : reader.viewInOpenTeams));
}

/** A list of ids as an SQL value usable inside `in (…)`. */
function idList(ids: readonly number[]): SQL {
  return sql`select unnest(${`{${ids.join(',')}}`}::int[])`;
}

/** Memberships of the outer row's employee (`employees`), with its teams for the is_hidden test. */
function memberOf(reader: EmployeeReader, teamCondition: SQL | undefined): SQL {
  const condition = teamCondition ? sql` and ${teamCondition}` : sql``;
  return sql`exists (select 1 from team_members tm join teams t on t.id = tm.team_id and t.company_id = ${reader.companyId} where tm.company_id = ${reader.companyId} and tm.employee_id = ${employees.id}${condition})`;
}

/**
 * The WHERE condition over `employees` that keeps the rows the reader sees (decision 013). The caller
 * still filters by company. Undefined when the reader sees every employee of the company.
 */
export function employeeVisibleWhere(reader: EmployeeReader): SQL | undefined {
  const own = sql`${employees.id} = ${reader.employeeId}`;
  if (reader.level === 'not_visible' || reader.level === 'only_my') return own;
  const conditions: SQL[] = [own];
  if (reader.teamIds.length > 0)
    conditions.push(memberOf(reader, sql`tm.team_id in (${idList(reader.teamIds)})`));
  if (reader.level === 'to_all') {
    const { viewInOpenTeams: open, viewInHiddenTeams: hidden, viewWithoutTeam: noTeam } = reader;
    if (open && hidden && noTeam) return undefined;
    if (open && hidden) conditions.push(memberOf(reader, undefined));
    else if (open) conditions.push(memberOf(reader, sql`not t.is_hidden`));
    else if (hidden) conditions.push(memberOf(reader, sql`t.is_hidden`));
    if (noTeam) {
      conditions.push(
        sql`not exists (select 1 from team_members tm where tm.company_id = ${reader.companyId} and tm.employee_id = ${employees.id})`,
      );
    }
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** The sections of a profile, each checked by its sub-entity (decision 013). */
export const SECTIONS = ['profile', 'contacts', 'personal_info', 'files'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_ENTITY = {
  profile: 'Employee.Profile',
  contacts: 'Employee.Contacts',
  personal_info: 'Employee.PersonalInfo',
  files: 'Employee.Files',
} as const satisfies Record<Section, Entity>;

/** Whether an action's level on a sub-entity (or Employee itself) reaches an employee of this relation. */
export function canReach(
  access: Pick<Access, 'permissions'>,
  entity: Entity,
  action: VisibilityAction,
  relation: Relation,
): boolean {
  return levelReaches(levelOf(access.permissions[entity].visibilitySettings, action), relation);
}

/**
 * Whether a field permission lets the reader see a governed value: the Employee's fields_view must
 * have it, and so must the section's sub-entity when that sub-entity governs the field too.
 */
export function canSeeField(
  access: Pick<Access, 'permissions'>,
  field: FieldPermission,
  section?: Section,
): boolean {
  if (!access.permissions.Employee.fields_view.includes(field)) return false;
  if (!section) return true;
  const entity = SECTION_ENTITY[section];
  if (!listEntityFields(entity).includes(field)) return true;
  return access.permissions[entity].fields_view.includes(field);
}

/**
 * Whether a section is seen on every employee the reader's Employee view level may show them
 * (own; my team from only_my_and_my_team; anyone from to_all). Lists, search, filters and sorts
 * over a section's values use it: a value the reader sees on some rows only must not let them find,
 * filter or order the others by it.
 */
export function sectionCoversReach(access: Pick<Access, 'permissions'>, section: Section): boolean {
  const level = levelOf(access.permissions.Employee.visibilitySettings, 'view');
  const relations: Relation[] = ['own'];
  if (level === 'only_my_and_my_team' || level === 'to_all') relations.push('team');
  if (level === 'to_all') relations.push('other');
  return relations.every((relation) => canReach(access, SECTION_ENTITY[section], 'view', relation));
}

/**
 * Which contact values a reader may search and list across everyone they may find: emails and phones
 * only when the field permission allows them and the contacts section is seen on every reachable
 * employee (a value seen on some rows only must not let them find the others by it).
 */
export function contactReach(access: Pick<Access, 'permissions'>): { emails: boolean; phones: boolean } {
  const covers = sectionCoversReach(access, 'contacts');
  return {
    emails: covers && canSeeField(access, 'field_email', 'contacts'),
    phones: covers && canSeeField(access, 'field_phone', 'contacts'),
  };
}

/** What a directory or export query filters and sorts by (both have these). */
export type ListQuery = {
  status_ids?: readonly number[] | undefined;
  employment_type_ids?: readonly number[] | undefined;
  position?: string | undefined;
  city?: string | undefined;
  start_from?: string | undefined;
  start_to?: string | undefined;
  sort: string;
};

/**
 * 403 unless every section a list query filters or sorts by is seen on every employee the reader may
 * list: a manager who sees their team's profiles but only their own personal info may not find the
 * others by city, nor order them by start of work without seeing it.
 */
export function requireListableSections(access: Pick<Access, 'permissions'>, query: ListQuery): void {
  const sections: Section[] = [];
  if (
    (query.status_ids?.length ?? 0) > 0 ||
    (query.employment_type_ids?.length ?? 0) > 0 ||
    query.position ||
    query.start_from ||
    query.start_to ||
    (query.sort !== 'name' && query.sort !== 'created_at')
  )
    sections.push('profile');
  if (query.city) sections.push('personal_info');
  for (const section of sections) {
    if (!sectionCoversReach(access, section)) {
      throw new AppError('forbidden', { key: 'employees.hidden_field' });
    }
  }
}
