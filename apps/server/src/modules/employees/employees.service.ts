import { Readable, Transform } from 'node:stream';
import { type FieldPermission, rankLevel } from '@kadry/shared/permissions/vocabulary';
import { route } from '@kadry/shared/routes';
import type {
  CreateEmployeeBody,
  CustomFieldDefinition,
  EmployeeDetails,
  EmployeeListItem,
  EmployeePick,
  EmployeesQuery,
  Salary,
  UpdateEmployeeBody,
} from '@kadry/shared/schemas/employees';
import { EMPLOYEE_FILE_MAX_BYTES, EMPLOYEE_PHOTO_MAX_BYTES } from '@kadry/shared/schemas/employees';
import { getTodayIsoDate, isValidIsoDate } from '@kadry/shared/validation/dates';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import { fileTypeFromBuffer } from 'file-type';
import type { Employee } from '../../db/schema/employees';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { describeDownload } from '../../lib/download-type';
import type { EventBus } from '../../lib/event-bus';
import {
  type Access,
  hasNamedAction,
  levelFor,
  requireLevel,
  stripHiddenFields,
} from '../../plugins/access/access';
import type { FileStore } from '../../storage/file-store';
import { findCityIdsNamed, nameCitiesIn } from '../dictionaries/dictionaries.service';
import {
  BODY_RULES,
  type BodyKey,
  COLUMN_OF,
  DICTIONARY_OF,
  type FieldRule,
  isColumnKey,
  ruleOfHistoryField,
} from './employee-fields';
import { formatFullName, splitFullName } from './employee-names';
import {
  canReach,
  canSeeEmployee,
  canSeeField,
  contactReach,
  employeeVisibleWhere,
  type Relation,
  readerOf,
  relationOf,
  requireListableSections,
  SECTION_ENTITY,
  SECTIONS,
  type Section,
} from './employee-visibility';
import {
  type ChangeInput,
  type CustomFieldValue,
  deleteEmployeeFile,
  deleteEmployeeRecord,
  deleteFieldDefinition,
  deleteSalary,
  deleteStoredFile,
  disableAccountsOfEmployees,
  type EmployeeAccount,
  type EmployeeFileRow,
  type EmployeeListRow,
  type EmployeeTeamRow,
  type FieldDefinitionRow,
  findDictionaryEntries,
  findDictionaryIdsOf,
  findDismissedStatusIds,
  findEmployee,
  findEmployeeFile,
  findEmployeeLanguages,
  findEmployeeLinks,
  findEmployeeRefs,
  findEmployeeRelatives,
  findEmployeeWithoutAccountByEmail,
  findStoredFile,
  findTeamsByIds,
  findTeamsOfEmployees,
  insertEmployee,
  insertEmployeeChanges,
  insertEmployeeFile,
  insertEmployeeRecord,
  insertFieldDefinition,
  insertSalary,
  insertStoredFile,
  isEmployeeNumberTaken,
  isWorkEmailTaken,
  listEmployeeChanges,
  listEmployeeFiles,
  listEmployeeRefs,
  listEmployeesPage,
  listFieldDefinitions,
  listProbationEnds,
  listSalaries,
  type Runner,
  replaceEmployeeLanguages,
  replaceEmployeeLinks,
  replaceEmployeeRelatives,
  replaceEmployeeTeams,
  type SalaryRow,
  updateAccountOfEmployee,
  updateEmployeeNames,
  updateEmployeeRecord,
  updateEmployeeWorkEmail,
  updateFieldDefinition,
} from './employees.queries';

type Writer = Pick<Db, 'insert' | 'select' | 'update'>;

// ---------------------------------------------------------------------------------------------------
// Accounts and their employees (auth, admin): kept as they were.

/**
 * The employee a new staff account belongs to (docs/decisions/012-people-model.md): the company's
 * employee with that work email who has no account yet, or a new one named after the account. Run it
 * in the transaction that creates the account.
 */
export async function provideEmployeeForAccount(
  db: Writer,
  companyId: number,
  account: { name: string; email: string },
): Promise<number> {
  const existing = await findEmployeeWithoutAccountByEmail(db, companyId, account.email);
  if (existing !== null) return existing;
  return insertEmployee(db, companyId, { ...splitFullName(account.name), workEmail: account.email });
}

/** An account renamed (its own name, an owner's edit): its employee's names follow. */
export async function renameEmployeeOfAccount(
  db: Writer,
  companyId: number,
  employeeId: number,
  name: string,
): Promise<void> {
  await updateEmployeeNames(db, companyId, employeeId, splitFullName(name));
}

/**
 * An account's sign-in email changed: it is its employee's work email (decision 012). Another
 * employee with that work email makes the database refuse (unique), which the caller reports as taken.
 */
export async function moveWorkEmailOfAccount(
  db: Writer,
  companyId: number,
  employeeId: number,
  email: string,
): Promise<void> {
  await updateEmployeeWorkEmail(db, companyId, employeeId, email);
}

// ---------------------------------------------------------------------------------------------------
// The employee record (issue 13; decisions 012 and 013).

/** What the employee rules need to act for a signed-in user. */
export type EmployeesContext = {
  db: Db;
  access: Access;
  now?: () => Date;
  /** Where a change of an employee's teams is announced (`teams.members_changed`). */
  events?: EventBus;
};

function companyOf(ctx: EmployeesContext): number {
  return ctx.access.user.companyId;
}

function todayOf(ctx: EmployeesContext): string {
  return getTodayIsoDate(ctx.access.user.timezone, ctx.now?.() ?? new Date());
}

function photoUrlOf(employeeId: number, photoFileId: number | null): string | null {
  return photoFileId === null ? null : route('employee.photo', { id: employeeId, v: photoFileId });
}

function forbidden(key: string): AppError {
  return new AppError('forbidden', { key });
}

function invalid(path: string, key: string, params?: Record<string, string | number>): AppError {
  const issue: ValidationIssue = params ? { key, params } : { key };
  return new AppError('validation', { issues: { [path]: [issue] } });
}

/** Filters and sorts of the directory that need the extended_filters_and_sorting action. */
function usesExtendedFilters(query: EmployeesQuery): boolean {
  return (
    (query.employment_type_ids?.length ?? 0) > 0 ||
    Boolean(query.position) ||
    Boolean(query.city) ||
    query.start_from !== undefined ||
    query.start_to !== undefined ||
    query.sort !== 'name'
  );
}

/**
 * A field the reader filters or sorts by must be one they may see (403 otherwise). The directory's
 * filterable fields all sit in the profile section, so Employee.Profile's fields_view counts too.
 */
function requireVisibleFields(access: Access, fields: readonly FieldPermission[]): void {
  for (const field of fields) {
    if (!canSeeField(access, field, 'profile')) throw forbidden('employees.hidden_field');
  }
}

/**
 * 403 unless the reader may open this employee's full profile (spec §6 get_profile; decision 013,
 * addendum): their own always, anyone else's only with the Employee get_profile action. The directory
 * row (and the photo it shows) needs no action; the profile, its history, salaries and documents do,
 * and so does every write that answers with the profile.
 */
function requireProfileAccess(access: Access, relation: Relation): void {
  if (relation !== 'own' && !hasNamedAction(access, 'Employee', 'get_profile')) {
    throw forbidden('employees.profile_forbidden');
  }
}

/** List keys and the section that governs each (decision 013: sections are checked per employee). */
const LIST_SECTION_KEYS = {
  email: 'contacts',
  phone: 'contacts',
  position: 'profile',
  start_of_work: 'profile',
  probation_period: 'profile',
  employee_number: 'profile',
  status: 'profile',
  employment_type: 'profile',
  city: 'personal_info',
} as const satisfies Partial<Record<keyof EmployeeListItem, Section>>;

/** Governed list keys and their field permission, checked with their section's fields_view as in the profile. */
const LIST_FIELD_KEYS = {
  email: 'field_email',
  phone: 'field_phone',
  position: 'field_position',
  start_of_work: 'field_start_of_work',
  probation_period: 'field_probation_period',
} as const satisfies Partial<Record<keyof typeof LIST_SECTION_KEYS, FieldPermission>>;

type DictionaryNames = Map<number, { id: number; name: string; meta: Record<string, unknown> }>;

function refOf(names: DictionaryNames, id: number | null): { id: number; name: string } | null {
  if (id === null) return null;
  const entry = names.get(id);
  return entry ? { id: entry.id, name: entry.name } : null;
}

function toListItem(
  access: Access,
  row: EmployeeListRow,
  teams: readonly EmployeeTeamRow[],
  names: DictionaryNames,
  cityName: string | null,
): EmployeeListItem {
  const altName = formatFullName({
    firstName: row.firstNameAlt ?? '',
    middleName: row.middleNameAlt,
    lastName: row.lastNameAlt ?? '',
  });
  const item: EmployeeListItem = {
    id: row.id,
    name: row.name,
    name_alt: altName === '' ? null : altName,
    photo_url: photoUrlOf(row.id, row.photoFileId),
    employee_number: row.employeeNumber,
    email: row.workEmail,
    phone: row.workPhone,
    position: row.position,
    start_of_work: row.startOfWork,
    probation_period: row.probationEnd,
    teams: teams.map((team) => ({ id: team.id, name: team.name, is_manager: team.isManager })),
    status: refOf(names, row.statusId),
    employment_type: refOf(names, row.employmentTypeId),
    city: cityName,
    is_dismissed: row.dismissalDate !== null,
    access: row.access,
  };
  const shown: Record<string, unknown> = stripHiddenFields('Employee', access, item);
  // The sub-entity's fields_view too (canSeeField), so a row never shows what the profile hides.
  for (const [key, field] of Object.entries(LIST_FIELD_KEYS)) {
    if (!canSeeField(access, field, LIST_SECTION_KEYS[key as keyof typeof LIST_FIELD_KEYS]))
      delete shown[key];
  }
  // A section the reader does not see on this employee: its governed values absent, the rest null,
  // as in the profile.
  const relation = relationOf(readerOf(access), { id: row.id, teams });
  for (const [key, section] of Object.entries(LIST_SECTION_KEYS)) {
    if (canReach(access, SECTION_ENTITY[section], 'view', relation) || !(key in shown)) continue;
    if (key === 'status' || key === 'employment_type' || key === 'city' || key === 'employee_number')
      shown[key] = null;
    else delete shown[key];
  }
  return shown as EmployeeListItem;
}

/**
 * The directory's city filter: the name kept with the employee contains the text, or the employee's
 * picked city has a name in any language that does (so "Kharkiv" finds those kept as "Харків").
 */
export async function cityFilterOf(text: string): Promise<{ pattern: string; ids: number[] }> {
  const lowered = text.toLowerCase();
  return { pattern: buildContainsPattern(lowered), ids: await findCityIdsNamed(lowered) };
}

/** List rows as the wire has them: their teams and dictionary names loaded in one statement each. */
async function presentListRows(ctx: EmployeesContext, rows: EmployeeListRow[]): Promise<EmployeeListItem[]> {
  const companyId = companyOf(ctx);
  const [teams, names, cityNames] = await Promise.all([
    findTeamsOfEmployees(
      ctx.db,
      companyId,
      rows.map((row) => row.id),
    ),
    findDictionaryEntries(
      ctx.db,
      companyId,
      rows.flatMap((row) => [row.statusId, row.employmentTypeId].filter((id): id is number => id !== null)),
      ctx.access.user.locale,
    ),
    nameCitiesIn(ctx.access.user.locale, rows),
  ]);
  const teamsOf = new Map<number, EmployeeTeamRow[]>();
  for (const team of teams) {
    const list = teamsOf.get(team.employeeId) ?? [];
    list.push(team);
    teamsOf.set(team.employeeId, list);
  }
  return rows.map((row, index) =>
    toListItem(ctx.access, row, teamsOf.get(row.id) ?? [], names, cityNames[index] ?? null),
  );
}

/**
 * `employee.visibleEmployeesPaginated`: the directory of the employees the reader sees (decision
 * 013). Search looks only through fields the reader may see; filters and sorts beyond search, team,
 * status and name need the extended_filters_and_sorting action (403 without it), and a filter or sort
 * by a field the reader may not see is refused (403). One statement for the page, one for the count,
 * one each for the page's teams and dictionary names: as fast at 10,000 employees as at 100.
 */
export async function listVisibleEmployees(
  ctx: EmployeesContext,
  query: EmployeesQuery,
): Promise<{
  data: EmployeeListItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}> {
  const { access } = ctx;
  if (usesExtendedFilters(query)) {
    if (!access.permissions.Employee.actions.includes('extended_filters_and_sorting')) {
      throw forbidden('employees.extended_filters_forbidden');
    }
    const hiddenChecks: FieldPermission[] = [];
    if (query.position || query.sort === 'position') hiddenChecks.push('field_position');
    if (query.start_from || query.start_to || query.sort === 'start_of_work')
      hiddenChecks.push('field_start_of_work');
    if (query.sort === 'probation_period') hiddenChecks.push('field_probation_period');
    requireVisibleFields(access, hiddenChecks);
  }
  requireListableSections(access, query);
  const search = query.search?.trim().toLowerCase();
  const { rows, total } = await listEmployeesPage(
    ctx.db,
    companyOf(ctx),
    {
      visible: employeeVisibleWhere(readerOf(access)),
      search: search
        ? {
            pattern: buildContainsPattern(search),
            // Emails and phones only when the reader sees them on everyone they may find.
            reach: contactReach(access),
          }
        : undefined,
      teamIds: query.team_ids,
      statusIds: query.status_ids,
      employmentTypeIds: query.employment_type_ids,
      position: query.position ? buildContainsPattern(query.position.toLowerCase()) : undefined,
      city: query.city ? await cityFilterOf(query.city) : undefined,
      startFrom: query.start_from,
      startTo: query.start_to,
      state: query.state,
    },
    {
      sort: query.sort,
      direction: query.direction,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    },
  );
  return {
    data: await presentListRows(ctx, rows),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** `employee.all`: every visible, not dismissed employee as a reference, by name. */
export async function listAllVisibleEmployees(ctx: EmployeesContext): Promise<{ data: EmployeePick[] }> {
  const rows = await listEmployeeRefs(ctx.db, companyOf(ctx), employeeVisibleWhere(readerOf(ctx.access)));
  // Who has a staff account is company administration: told only to those who administer (Settings
  // update at to_all, the administration widget's rule), for its account picker.
  const seesAccounts = levelFor(ctx.access, 'Settings', 'update') === 'to_all';
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      photo_url: photoUrlOf(row.id, row.photoFileId),
      ...(seesAccounts ? { account_id: row.accountId } : {}),
    })),
  };
}

/**
 * `employee.probation`: visible employees whose probation ends today or later, soonest first. Needs
 * field_probation_period (the list is about that field).
 */
export async function listProbationEmployees(
  ctx: EmployeesContext,
  query: { per_page: number; team_ids?: number[] | undefined },
): Promise<{ data: EmployeeListItem[] }> {
  requireVisibleFields(ctx.access, ['field_probation_period']);
  const rows = await listProbationEnds(ctx.db, companyOf(ctx), {
    visible: employeeVisibleWhere(readerOf(ctx.access)),
    today: todayOf(ctx),
    teamIds: query.team_ids,
    limit: query.per_page,
  });
  return { data: await presentListRows(ctx, rows) };
}

/** A loaded employee the reader sees, with its teams, account and how it relates to the reader. */
export type VisibleEmployee = {
  employee: Employee;
  account: EmployeeAccount | null;
  teams: EmployeeTeamRow[];
  relation: Relation;
};

/**
 * One employee the reader sees (decision 013), or 404 as if missing. For other modules: whatever
 * reads one employee on behalf of a user starts here.
 */
export async function findVisibleEmployee(
  ctx: EmployeesContext,
  employeeId: number,
): Promise<VisibleEmployee> {
  const companyId = companyOf(ctx);
  const found = await findEmployee(ctx.db, companyId, employeeId);
  if (!found) throw new AppError('not_found');
  const teams = await findTeamsOfEmployees(ctx.db, companyId, [employeeId]);
  const membership = { id: employeeId, teams };
  const reader = readerOf(ctx.access);
  if (!canSeeEmployee(reader, membership)) throw new AppError('not_found');
  return { ...found, teams, relation: relationOf(reader, membership) };
}

function visibleSections(access: Access, relation: Relation): Section[] {
  return SECTIONS.filter((section) => canReach(access, SECTION_ENTITY[section], 'view', relation));
}

function editableSections(access: Access, relation: Relation): Section[] {
  return SECTIONS.filter((section) => canReach(access, SECTION_ENTITY[section], 'update', relation));
}

/** Whether a reader sees a field of this rule on an employee whose visible sections are these. */
function canSeeRule(access: Access, rule: FieldRule, sections: readonly Section[]): boolean {
  if (rule.section !== null && !sections.includes(rule.section)) return false;
  return rule.field === undefined || canSeeField(access, rule.field, rule.section ?? undefined);
}

function toSalary(row: SalaryRow): Salary {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    effective_from: row.effectiveFrom,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

function toFile(employeeId: number, row: EmployeeFileRow) {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    mime_type: describeDownload(row.name, row.format).contentType,
    url: route('employee.files.one', { id: employeeId, fileId: row.id }),
    created_at: row.createdAt.toISOString(),
  };
}

/** The profile of a visible employee as this reader may see it. */
async function presentEmployee(ctx: EmployeesContext, visible: VisibleEmployee): Promise<EmployeeDetails> {
  const { access, db } = ctx;
  const companyId = companyOf(ctx);
  const { employee: e, account, teams, relation } = visible;
  const sections = visibleSections(access, relation);
  const sees = (key: string) => {
    const rule = ruleOfHistoryField(key);
    return rule ? canSeeRule(access, rule, sections) : true;
  };
  const [languages, links, relatives, salaries, files, managers] = await Promise.all([
    sees('languages') ? findEmployeeLanguages(db, companyId, e.id) : [],
    sees('links') ? findEmployeeLinks(db, companyId, e.id) : [],
    sees('relatives') ? findEmployeeRelatives(db, companyId, e.id) : [],
    sees('salary') ? listSalaries(db, companyId, e.id) : [],
    sees('files') ? listEmployeeFiles(db, companyId, e.id) : [],
    sees('manager_id') && e.managerId !== null ? findEmployeeRefs(db, companyId, [e.managerId]) : [],
  ]);
  const dictionaryIds = [
    e.gradeId,
    e.employmentTypeId,
    e.termsOfCooperationId,
    e.statusId,
    e.experienceId,
    e.dismissalReasonId,
    e.genderId,
    e.maritalStatusId,
    ...languages.flatMap((language) => [language.languageId, language.levelId]),
    ...links.map((link) => link.iconId),
    ...relatives.map((relative) => relative.relativeTypeId),
  ].filter((id): id is number => id !== null);
  const [names, [cityName = null]] = await Promise.all([
    findDictionaryEntries(db, companyId, dictionaryIds, access.user.locale),
    nameCitiesIn(access.user.locale, [e]),
  ]);
  const pick = <T>(key: string, value: T, hidden: T): T => (sees(key) ? value : hidden);
  const today = todayOf(ctx);
  const current = salaries.find((salary) => salary.effectiveFrom <= today) ?? null;
  const manager = managers[0];
  const relationLevel = (action: 'update' | 'delete') => canReach(access, 'Employee', action, relation);
  const editSections = editableSections(access, relation);
  const details: EmployeeDetails = {
    id: e.id,
    name: formatFullName(e),
    first_name: e.firstName,
    last_name: e.lastName,
    middle_name: e.middleName,
    first_name_alt: e.firstNameAlt,
    last_name_alt: e.lastNameAlt,
    middle_name_alt: e.middleNameAlt,
    employee_number: pick('employee_number', e.employeeNumber, null),
    photo_url: photoUrlOf(e.id, e.photoFileId),
    position: e.position,
    grade: pick('grade_id', refOf(names, e.gradeId), null),
    teams: teams.map((team) => ({
      id: team.id,
      name: team.name,
      is_manager: team.isManager,
      is_hidden: team.isHidden,
    })),
    manager: manager
      ? { id: manager.id, name: manager.name, photo_url: photoUrlOf(manager.id, manager.photoFileId) }
      : null,
    employment_type: pick('employment_type_id', refOf(names, e.employmentTypeId), null),
    terms_of_cooperation: pick('terms_of_cooperation_id', refOf(names, e.termsOfCooperationId), null),
    status: pick('status_id', refOf(names, e.statusId), null),
    experience: pick('experience_id', refOf(names, e.experienceId), null),
    start_of_work: e.startOfWork,
    probation_period: e.probationEnd,
    dismissal_date: pick('dismissal_date', e.dismissalDate, null),
    dismissal_reason: pick('dismissal_reason_id', refOf(names, e.dismissalReasonId), null),
    is_dismissed: e.dismissalDate !== null,
    notes: pick('notes', e.notes, null),
    email: e.workEmail,
    phone: e.workPhone,
    personal_email: pick('personal_email', e.personalEmail, null),
    personal_phone: pick('personal_phone', e.personalPhone, null),
    links: links.map((link) => {
      const icon = link.iconId === null ? undefined : names.get(link.iconId);
      return {
        id: link.id,
        icon: icon ? { id: icon.id, name: icon.name, icon: String(icon.meta.icon ?? '') } : null,
        url: link.url,
      };
    }),
    birth_date: e.birthDate,
    gender: pick('gender_id', refOf(names, e.genderId), null),
    marital_status: pick('marital_status_id', refOf(names, e.maritalStatusId), null),
    country: pick('country_code', e.countryCode ? { code: e.countryCode, name: e.countryCode } : null, null),
    city: pick('city_name', cityName ? { id: e.cityId, name: cityName } : null, null),
    address: e.address,
    languages: languages.flatMap((language) => {
      const ref = refOf(names, language.languageId);
      return ref ? [{ language: ref, level: refOf(names, language.levelId) }] : [];
    }),
    relatives: relatives.map((relative) => ({
      id: relative.id,
      relative_type: refOf(names, relative.relativeTypeId),
      name: relative.name,
      birth_date: relative.birthDate,
    })),
    salary: current ? toSalary(current) : null,
    files: files.map((file) => toFile(e.id, file)),
    system_role: account ? { id: account.roleId, name: account.roleName, key: account.roleKey } : null,
    custom_fields: pick('custom_fields', e.customFields, {}),
    access: accessOf(account),
    can: {
      update: relationLevel('update') || editSections.length > 0,
      delete: relationLevel('delete') && account === null,
      // A disabled account (revoked, or dismissed) gets its access back the same way.
      // Sending access gives a role (field_system_role) and mails the invitation (the email action).
      send_access:
        (account === null || account.isDisabled) &&
        access.permissions.Employee.actions.includes('send_access') &&
        access.permissions.Employee.actions.includes('email') &&
        canSeeField(access, 'field_system_role', 'profile') &&
        relationLevel('update'),
      email: access.permissions.Employee.actions.includes('email'),
      login_as:
        account !== null &&
        !account.isDisabled &&
        relation !== 'own' &&
        access.permissions.Employee.actions.includes('login_as'),
      update_avatar: relation === 'own' || access.permissions.Employee.actions.includes('update_avatar'),
      view_sections: sections,
      edit_sections: editSections,
    },
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
  // Governed values: absent when the field permission or their section hides them.
  const copy: Record<string, unknown> = { ...details };
  const governed: Record<string, string> = {
    position: 'position',
    start_of_work: 'start_of_work',
    probation_period: 'probation_period',
    email: 'email',
    phone: 'phone',
    birth_date: 'birth_date',
    address: 'address',
    salary: 'salary',
    files: 'files',
  };
  for (const [wireKey, ruleKey] of Object.entries(governed)) {
    if (!sees(ruleKey)) delete copy[wireKey];
  }
  if (!canSeeRule(access, { section: 'profile', field: 'field_system_role' }, sections))
    delete copy.system_role;
  return copy as EmployeeDetails;
}

function accessOf(account: EmployeeAccount | null): EmployeeDetails['access'] {
  if (!account) return 'none';
  if (account.isDisabled) return 'disabled';
  return account.hasPassword ? 'active' : 'invited';
}

/** One employee's profile (404 when the reader does not see them). */
export async function getEmployee(
  ctx: EmployeesContext,
  employeeId: number,
): Promise<{ data: EmployeeDetails }> {
  const visible = await findVisibleEmployee(ctx, employeeId);
  requireProfileAccess(ctx.access, visible.relation);
  return { data: await presentEmployee(ctx, visible) };
}

// ---------------------------------------------------------------------------------------------------
// Writing.

type Body = UpdateEmployeeBody;

/** The keys a body sets (undefined means "leave as is"). */
function sentKeys(body: Body): BodyKey[] {
  return (Object.keys(body) as BodyKey[]).filter((key) => body[key] !== undefined);
}

/**
 * 403 unless the writer may write every sent key on an employee of this relation: governed fields
 * they may see, their section's update level, and the Employee update level for structural keys.
 * On create (`relation` null) only field permissions are checked: the create level is the gate.
 */
function requireWritableKeys(access: Access, keys: readonly BodyKey[], relation: Relation | null): void {
  for (const key of keys) {
    const rule = BODY_RULES[key];
    if (rule.field && !canSeeField(access, rule.field, rule.section ?? undefined)) {
      throw forbidden('employees.hidden_field');
    }
    if (relation === null) continue;
    if (rule.section !== null && !canReach(access, SECTION_ENTITY[rule.section], 'update', relation)) {
      throw new AppError('forbidden');
    }
    if ((rule.section === null || rule.structural) && !canReach(access, 'Employee', 'update', relation)) {
      throw new AppError('forbidden');
    }
  }
}

/** 422 unless every dictionary id of the body names an entry of the right dictionary. */
async function checkReferences(ctx: EmployeesContext, body: Body, employeeId: number | null): Promise<void> {
  const companyId = companyOf(ctx);
  const wanted: { path: string; id: number; dictionary: string }[] = [];
  for (const [key, dictionary] of Object.entries(DICTIONARY_OF)) {
    const id = body[key as keyof typeof DICTIONARY_OF];
    if (typeof id === 'number') wanted.push({ path: key, id, dictionary });
  }
  body.languages?.forEach((language, index) => {
    wanted.push({ path: `languages.${index}.language_id`, id: language.language_id, dictionary: 'language' });
    if (language.level_id !== null) {
      wanted.push({
        path: `languages.${index}.level_id`,
        id: language.level_id,
        dictionary: 'language_level',
      });
    }
  });
  body.links?.forEach((link, index) => {
    if (link.icon_id !== null)
      wanted.push({ path: `links.${index}.icon_id`, id: link.icon_id, dictionary: 'portfolio_icon' });
  });
  body.relatives?.forEach((relative, index) => {
    if (relative.relative_type_id !== null) {
      wanted.push({
        path: `relatives.${index}.relative_type_id`,
        id: relative.relative_type_id,
        dictionary: 'relative_type',
      });
    }
  });
  const found = await findDictionaryIdsOf(
    ctx.db,
    companyId,
    wanted.map((item) => item.id),
  );
  const issues: Record<string, ValidationIssue[]> = {};
  for (const item of wanted) {
    if (found.get(item.id) !== item.dictionary) issues[item.path] = [{ key: 'errors.invalid_choice' }];
  }
  if (typeof body.manager_id === 'number') {
    const reader = readerOf(ctx.access);
    const [manager] = await findEmployeeRefs(ctx.db, companyId, [body.manager_id]);
    const managerTeams = manager ? await findTeamsOfEmployees(ctx.db, companyId, [manager.id]) : [];
    if (
      !manager ||
      manager.id === employeeId ||
      !canSeeEmployee(reader, { id: manager.id, teams: managerTeams })
    ) {
      issues.manager_id = [{ key: 'errors.invalid_choice' }];
    }
  }
  if (Object.keys(issues).length > 0) throw new AppError('validation', { issues });
}

/**
 * 422 unless the writer may put the employee in these teams: teams of the company the writer sees
 * (decision 013's split: below to_all only "my team"'s; at to_all also open teams with
 * view_in_open_teams and hidden ones with view_in_hidden_teams). So nobody widens their own reach.
 */
async function checkTeams(
  ctx: EmployeesContext,
  teamIds: readonly number[],
  level: 'create' | 'update',
): Promise<void> {
  const { access } = ctx;
  const unique = [...new Set(teamIds)];
  const found = await findTeamsByIds(ctx.db, companyOf(ctx), unique);
  const reader = readerOf(access);
  const atAll = levelFor(access, 'Employee', level) === 'to_all';
  const allowed = (team: { id: number; isHidden: boolean }) =>
    access.teamIds.includes(team.id) ||
    (atAll && (team.isHidden ? reader.viewInHiddenTeams : reader.viewInOpenTeams));
  if (found.length !== unique.length || !found.every(allowed))
    throw invalid('team_ids', 'employees.team_not_allowed');
}

async function checkCustomFields(
  ctx: EmployeesContext,
  values: Record<string, CustomFieldValue>,
): Promise<void> {
  const keys = Object.keys(values);
  if (keys.length === 0) return;
  const definitions = new Map(
    (await listFieldDefinitions(ctx.db, companyOf(ctx))).map((definition) => [
      String(definition.id),
      definition,
    ]),
  );
  const issues: Record<string, ValidationIssue[]> = {};
  for (const key of keys) {
    const value = values[key] ?? null;
    const definition = definitions.get(key);
    if (!definition) {
      issues[`custom_fields.${key}`] = [{ key: 'errors.invalid_choice' }];
      continue;
    }
    if (value === null) continue;
    const ok =
      (definition.type === 'text' && typeof value === 'string') ||
      (definition.type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
      (definition.type === 'date' && typeof value === 'string' && isValidIsoDate(value)) ||
      (definition.type === 'select' &&
        typeof value === 'string' &&
        definition.options.some((option) => option.id === value));
    if (!ok) issues[`custom_fields.${key}`] = [{ key: 'errors.invalid_value' }];
  }
  if (Object.keys(issues).length > 0) throw new AppError('validation', { issues });
}

/** The column values a body sets. */
function columnValues(body: Body): Partial<Employee> {
  const values: Record<string, unknown> = {};
  for (const key of sentKeys(body)) {
    if (isColumnKey(key)) values[COLUMN_OF[key]] = body[key];
  }
  if (values.lastName === null) values.lastName = '';
  return values as Partial<Employee>;
}

/** 409 when the work email or employee number another employee (or account) has. */
async function checkUnique(
  db: Runner,
  companyId: number,
  body: Body,
  employeeId: number | null,
): Promise<void> {
  if (body.email && (await isWorkEmailTaken(db, companyId, body.email, employeeId))) {
    throw new AppError('conflict', {
      key: 'employees.email_taken',
      issues: { email: [{ key: 'employees.email_taken' }] },
    });
  }
  if (
    body.employee_number &&
    (await isEmployeeNumberTaken(db, companyId, body.employee_number, employeeId))
  ) {
    throw new AppError('conflict', {
      key: 'employees.number_taken',
      issues: { employee_number: [{ key: 'employees.number_taken' }] },
    });
  }
}

/** A unique index refused a write another request raced in: the same 409 as the check. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

type ListsBefore = {
  team_ids: number[];
  languages: { language_id: number; level_id: number | null }[];
  links: { icon_id: number | null; url: string }[];
  relatives: { relative_type_id: number | null; name: string; birth_date: string | null }[];
};

async function loadListsBefore(
  db: Runner,
  companyId: number,
  employeeId: number,
  teams: readonly EmployeeTeamRow[],
): Promise<ListsBefore> {
  const [languages, links, relatives] = await Promise.all([
    findEmployeeLanguages(db, companyId, employeeId),
    findEmployeeLinks(db, companyId, employeeId),
    findEmployeeRelatives(db, companyId, employeeId),
  ]);
  return {
    team_ids: teams.map((team) => team.id).sort((a, b) => a - b),
    languages: languages.map((language) => ({
      language_id: language.languageId,
      level_id: language.levelId,
    })),
    links: links.map((link) => ({ icon_id: link.iconId, url: link.url })),
    relatives: relatives.map((relative) => ({
      relative_type_id: relative.relativeTypeId,
      name: relative.name,
      birth_date: relative.birthDate,
    })),
  };
}

/** Writes a body's lists and the history rows of what changed. */
async function writeBody(
  ctx: EmployeesContext,
  tx: Runner,
  employee: Employee,
  body: Body,
  before: ListsBefore | null,
): Promise<ChangeInput[]> {
  const companyId = companyOf(ctx);
  const changes: ChangeInput[] = [];
  for (const key of sentKeys(body)) {
    if (isColumnKey(key)) {
      const oldValue = before === null ? null : (employee[COLUMN_OF[key]] ?? null);
      const newValue = body[key] ?? null;
      if (oldValue !== newValue) changes.push({ field: key, oldValue, newValue });
    }
  }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (body.team_ids !== undefined) {
    const next = [...new Set(body.team_ids)].sort((a, b) => a - b);
    await replaceEmployeeTeams(tx, companyId, employee.id, next);
    if (!same(before?.team_ids ?? [], next)) {
      changes.push({ field: 'team_ids', oldValue: before?.team_ids ?? [], newValue: next });
      // Their work calendar and team policies may follow (absences recount their days).
      if (before !== null) {
        await ctx.events?.publish(tx, companyId, 'teams.members_changed', { employeeIds: [employee.id] });
      }
    }
  }
  if (body.languages !== undefined) {
    const seen = new Set<number>();
    const next = body.languages.filter(
      (language) => !seen.has(language.language_id) && seen.add(language.language_id),
    );
    await replaceEmployeeLanguages(
      tx,
      companyId,
      employee.id,
      next.map((language) => ({ languageId: language.language_id, levelId: language.level_id })),
    );
    if (!same(before?.languages ?? [], next))
      changes.push({ field: 'languages', oldValue: before?.languages ?? [], newValue: next });
  }
  if (body.links !== undefined) {
    await replaceEmployeeLinks(
      tx,
      companyId,
      employee.id,
      body.links.map((link) => ({ iconId: link.icon_id, url: link.url })),
    );
    if (!same(before?.links ?? [], body.links))
      changes.push({ field: 'links', oldValue: before?.links ?? [], newValue: body.links });
  }
  if (body.relatives !== undefined) {
    await replaceEmployeeRelatives(
      tx,
      companyId,
      employee.id,
      body.relatives.map((relative) => ({
        relativeTypeId: relative.relative_type_id,
        name: relative.name,
        birthDate: relative.birth_date,
      })),
    );
    if (!same(before?.relatives ?? [], body.relatives)) {
      changes.push({ field: 'relatives', oldValue: before?.relatives ?? [], newValue: body.relatives });
    }
  }
  if (body.custom_fields !== undefined) {
    const old = before === null ? {} : employee.customFields;
    for (const [key, value] of Object.entries(body.custom_fields)) {
      if ((old[key] ?? null) !== value)
        changes.push({ field: `custom_fields.${key}`, oldValue: old[key] ?? null, newValue: value });
    }
  }
  return changes;
}

function actorOf(ctx: EmployeesContext) {
  const { user } = ctx.access;
  return { userId: user.id, name: user.name, impersonator: user.impersonator };
}

/**
 * Adds an employee (Employee create level). Below to_all the new employee must be in the writer's
 * teams (else they could not see what they made); only_my creates nothing (it would be no one's).
 */
export async function createEmployee(
  ctx: EmployeesContext,
  body: CreateEmployeeBody,
): Promise<{ data: EmployeeDetails }> {
  const { access } = ctx;
  const level = requireLevel(access, 'Employee', 'create');
  if (rankLevel(level) < rankLevel('only_my_and_my_team')) throw new AppError('forbidden');
  // The answer is the new employee's profile: checked before anything is written.
  requireProfileAccess(access, 'other');
  const input = body as Body;
  requireWritableKeys(access, sentKeys(input), null);
  const teamIds = input.team_ids ?? [];
  if (level !== 'to_all' && (teamIds.length === 0 || !teamIds.every((id) => access.teamIds.includes(id)))) {
    throw invalid('team_ids', 'employees.team_not_allowed');
  }
  if (teamIds.length > 0) await checkTeams(ctx, teamIds, 'create');
  await checkReferences(ctx, input, null);
  await checkCustomFields(ctx, input.custom_fields ?? {});
  const companyId = companyOf(ctx);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await checkUnique(tx, companyId, input, null);
      const values = columnValues(input);
      const employee = await insertEmployeeRecord(tx, {
        companyId,
        ...values,
        firstName: input.first_name ?? '',
        lastName: input.last_name ?? '',
        customFields: input.custom_fields ?? {},
      });
      const changes = await writeBody(ctx, tx, employee, input, null);
      await insertEmployeeChanges(tx, companyId, employee.id, actorOf(ctx), [
        { field: 'created', oldValue: null, newValue: formatFullName(employee) },
        ...changes.filter((change) => change.field !== 'first_name' && change.field !== 'last_name'),
      ]);
      return employee.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', { key: 'employees.email_taken' });
    throw error;
  }
  return getEmployee(ctx, id);
}

/** What decides whether a change dismisses an employee. */
export type DismissalState = { dismissalDate: string | null; statusId: number | null };

/**
 * Whether a change dismisses an employee (the profile and the import decide alike): a dismissal date
 * set where there was none (whatever day it names: the decision is taken, and the record counts as
 * dismissed from then on), or a status that means dismissed set where the old one did not.
 */
export function isNewDismissal(
  before: DismissalState,
  after: DismissalState,
  dismissedStatusIds: ReadonlySet<number>,
): boolean {
  if (before.dismissalDate === null && after.dismissalDate !== null) return true;
  const wasDismissed = before.statusId !== null && dismissedStatusIds.has(before.statusId);
  return !wasDismissed && after.statusId !== null && dismissedStatusIds.has(after.statusId);
}

/**
 * Dismissal disables the staff account and ends its sessions, in the transaction of the change (the
 * profile's update and the import's confirmation both end here). Undoing a dismissal does not enable
 * the account again: giving access back is a decision of its own, taken with "send access" (which
 * enables a disabled account with the role chosen then and invites it anew), not a side effect of
 * correcting a date. Answers the employees whose accounts were disabled.
 */
export async function disableDismissedAccounts(
  tx: Runner,
  companyId: number,
  changes: readonly { id: number; before: DismissalState; after: DismissalState }[],
): Promise<number[]> {
  if (changes.length === 0) return [];
  const statusChanges = changes.some((change) => change.after.statusId !== change.before.statusId);
  const dismissedStatusIds = statusChanges ? await findDismissedStatusIds(tx, companyId) : new Set<number>();
  const dismissed = changes
    .filter((change) => isNewDismissal(change.before, change.after, dismissedStatusIds))
    .map((change) => change.id);
  await disableAccountsOfEmployees(tx, companyId, dismissed);
  return dismissed;
}

/**
 * Changes an employee (only the keys sent; null clears). Each key needs what BODY_RULES says; the
 * names and work email follow to the account (decision 012); a dismissal (disableDismissedAccounts)
 * disables the account and ends its sessions. One transaction, one history row per changed field.
 */
export async function updateEmployee(
  ctx: EmployeesContext,
  employeeId: number,
  body: UpdateEmployeeBody,
): Promise<{ data: EmployeeDetails }> {
  const { access } = ctx;
  const visible = await findVisibleEmployee(ctx, employeeId);
  const keys = sentKeys(body);
  requireWritableKeys(access, keys, visible.relation);
  // The answer is the profile: refused before the write, never after it.
  requireProfileAccess(access, visible.relation);
  if (body.team_ids !== undefined) {
    const current = new Set(visible.teams.map((team) => team.id));
    const added = body.team_ids.filter((id) => !current.has(id));
    if (added.length > 0) await checkTeams(ctx, added, 'update');
  }
  if (body.first_name === null || (keys.includes('email') && body.email === null && visible.account)) {
    throw invalid(body.first_name === null ? 'first_name' : 'email', 'errors.required');
  }
  await checkReferences(ctx, body, employeeId);
  await checkCustomFields(ctx, body.custom_fields ?? {});
  const companyId = companyOf(ctx);
  const { employee, account } = visible;
  try {
    await ctx.db.transaction(async (tx) => {
      await checkUnique(tx, companyId, body, employeeId);
      const before = await loadListsBefore(tx, companyId, employeeId, visible.teams);
      const values = columnValues(body);
      if (body.custom_fields !== undefined) {
        const merged: Record<string, CustomFieldValue> = { ...employee.customFields };
        for (const [key, value] of Object.entries(body.custom_fields)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        values.customFields = merged;
      }
      if (Object.keys(values).length > 0 || keys.length > 0) {
        await updateEmployeeRecord(tx, companyId, employeeId, values);
      }
      const changes = await writeBody(ctx, tx, employee, body, before);
      await insertEmployeeChanges(tx, companyId, employeeId, actorOf(ctx), changes);
      if (account) {
        const next = { ...employee, ...values } as Employee;
        const name = formatFullName(next);
        const accountValues: { name?: string; email?: string } = {};
        if (name !== formatFullName(employee)) accountValues.name = name;
        if (body.email && body.email !== employee.workEmail) accountValues.email = body.email;
        if (Object.keys(accountValues).length > 0)
          await updateAccountOfEmployee(tx, companyId, account.userId, accountValues);
      }
      const after = {
        dismissalDate: body.dismissal_date !== undefined ? body.dismissal_date : employee.dismissalDate,
        statusId: body.status_id !== undefined ? body.status_id : employee.statusId,
      };
      if (account)
        await disableDismissedAccounts(tx, companyId, [{ before: employee, after, id: employeeId }]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', {
        key: 'employees.email_taken',
        issues: { email: [{ key: 'employees.email_taken' }] },
      });
    }
    throw error;
  }
  return getEmployee(ctx, employeeId);
}

/**
 * Deletes an employee (Employee delete level reaching them). Refused (409) while they have an
 * account (decision 012): remove the access first, or dismiss them instead.
 */
export async function deleteEmployee(
  ctx: EmployeesContext,
  employeeId: number,
  fileStore: FileStore,
): Promise<void> {
  const visible = await findVisibleEmployee(ctx, employeeId);
  if (!canReach(ctx.access, 'Employee', 'delete', visible.relation)) throw new AppError('forbidden');
  if (visible.account) throw new AppError('conflict', { key: 'employees.has_account' });
  const companyId = companyOf(ctx);
  const files = await listEmployeeFiles(ctx.db, companyId, employeeId);
  const keys = await ctx.db.transaction(async (tx) => {
    const removed: string[] = [];
    for (const file of files) {
      await deleteEmployeeFile(tx, companyId, file);
      removed.push(file.storageKey);
    }
    await deleteEmployeeRecord(tx, companyId, employeeId);
    // Their memberships and absences went by cascade: the absences' team totals are recomputed.
    await ctx.events?.publish(tx, companyId, 'teams.members_changed', { employeeIds: [employeeId] });
    if (visible.employee.photoFileId !== null) {
      const key = await deleteStoredFile(tx, companyId, visible.employee.photoFileId);
      if (key) removed.push(key);
    }
    return removed;
  });
  ctx.events?.dispatchSoon();
  // After the commit: a failed delete leaves an orphan the start-up sweep removes, never a dangling row.
  await Promise.allSettled(keys.map((key) => fileStore.delete(key)));
}

// ---------------------------------------------------------------------------------------------------
// History.

/** An employee's changes, newest first, of the fields the reader may see on them. */
export async function listChanges(
  ctx: EmployeesContext,
  employeeId: number,
  query: { page: number; per_page: number },
) {
  const visible = await findVisibleEmployee(ctx, employeeId);
  requireProfileAccess(ctx.access, visible.relation);
  const sections = visibleSections(ctx.access, visible.relation);
  const fields = [
    'created',
    ...Object.keys({ ...BODY_RULES, salary: 1, files: 1, photo: 1 }).filter((field) => {
      const rule = ruleOfHistoryField(field);
      return rule !== undefined && canSeeRule(ctx.access, rule, sections);
    }),
  ];
  const { rows, total } = await listEmployeeChanges(ctx.db, companyOf(ctx), employeeId, {
    fields,
    customFields: canSeeRule(ctx.access, BODY_RULES.custom_fields, sections),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      field: row.field,
      old_value: row.oldValue,
      new_value: row.newValue,
      actor_name: row.actorName,
      impersonator_name: row.impersonatorName,
      changed_at: row.changedAt.toISOString(),
    })),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Salary history (field_salary): read with the profile section, written by the Employee update level.

async function salaryEmployee(
  ctx: EmployeesContext,
  employeeId: number,
  write: boolean,
): Promise<VisibleEmployee> {
  const visible = await findVisibleEmployee(ctx, employeeId);
  if (!write) requireProfileAccess(ctx.access, visible.relation);
  const sections = visibleSections(ctx.access, visible.relation);
  if (!canSeeRule(ctx.access, { section: 'profile', field: 'field_salary' }, sections)) {
    throw forbidden('employees.hidden_field');
  }
  if (write && !canReach(ctx.access, 'Employee', 'update', visible.relation)) throw new AppError('forbidden');
  return visible;
}

export async function listSalaryHistory(
  ctx: EmployeesContext,
  employeeId: number,
): Promise<{ data: Salary[] }> {
  await salaryEmployee(ctx, employeeId, false);
  return { data: (await listSalaries(ctx.db, companyOf(ctx), employeeId)).map(toSalary) };
}

export async function addSalary(
  ctx: EmployeesContext,
  employeeId: number,
  body: { amount: string; currency: string; effective_from: string; note: string | null },
): Promise<{ data: Salary }> {
  await salaryEmployee(ctx, employeeId, true);
  const companyId = companyOf(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertSalary(tx, {
      companyId,
      employeeId,
      amount: body.amount,
      currency: body.currency.toLowerCase(),
      effectiveFrom: body.effective_from,
      note: body.note,
      createdByUserId: ctx.access.user.id,
    });
    await insertEmployeeChanges(tx, companyId, employeeId, actorOf(ctx), [
      { field: 'salary', oldValue: null, newValue: toSalary(inserted) },
    ]);
    return inserted;
  });
  return { data: toSalary(row) };
}

export async function removeSalary(
  ctx: EmployeesContext,
  employeeId: number,
  salaryId: number,
): Promise<void> {
  await salaryEmployee(ctx, employeeId, true);
  const companyId = companyOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteSalary(tx, companyId, employeeId, salaryId);
    if (!removed) throw new AppError('not_found');
    await insertEmployeeChanges(tx, companyId, employeeId, actorOf(ctx), [
      { field: 'salary', oldValue: toSalary(removed), newValue: null },
    ]);
  });
}

// ---------------------------------------------------------------------------------------------------
// Files (Employee.Files and field_files) and the photo.

async function filesEmployee(
  ctx: EmployeesContext,
  employeeId: number,
  action: 'view' | 'create' | 'delete',
): Promise<VisibleEmployee> {
  const visible = await findVisibleEmployee(ctx, employeeId);
  if (action === 'view') requireProfileAccess(ctx.access, visible.relation);
  if (!canSeeField(ctx.access, 'field_files', 'files')) throw forbidden('employees.hidden_field');
  if (!canReach(ctx.access, 'Employee.Files', 'view', visible.relation)) throw new AppError('forbidden');
  if (action !== 'view' && !canReach(ctx.access, 'Employee.Files', action, visible.relation)) {
    throw new AppError('forbidden');
  }
  return visible;
}

export async function listFiles(ctx: EmployeesContext, employeeId: number) {
  await filesEmployee(ctx, employeeId, 'view');
  const rows = await listEmployeeFiles(ctx.db, companyOf(ctx), employeeId);
  return { data: rows.map((row) => toFile(employeeId, row)) };
}

/** Checks an upload may happen before its bytes are read (the routes call it first). */
export async function checkFileUpload(ctx: EmployeesContext, employeeId: number): Promise<void> {
  await filesEmployee(ctx, employeeId, 'create');
}

/** Keeps the first bytes of a stream that passes through, for judging its format by content. */
function captureHead(limit: number): { transform: Transform; head: () => Buffer } {
  const chunks: Buffer[] = [];
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (size < limit) {
        chunks.push(chunk.subarray(0, limit - size));
        size += Math.min(chunk.length, limit - size);
      }
      callback(null, chunk);
    },
  });
  return { transform, head: () => Buffer.concat(chunks) };
}

/** Stores an uploaded document of an employee (streamed to the file store). */
export async function addFile(
  ctx: EmployeesContext,
  fileStore: FileStore,
  employeeId: number,
  upload: { stream: Readable; fileName: string } | null,
) {
  await filesEmployee(ctx, employeeId, 'create');
  if (!upload) throw invalid('file', 'errors.required');
  const companyId = companyOf(ctx);
  const capture = captureHead(64 * 1024);
  const stored = await fileStore.put(upload.stream.pipe(capture.transform), {
    maxBytes: EMPLOYEE_FILE_MAX_BYTES,
  });
  if (stored.size === 0) {
    await fileStore.delete(stored.key);
    throw invalid('file', 'errors.required');
  }
  const detected = await fileTypeFromBuffer(capture.head());
  const name = upload.fileName.trim().slice(0, 200) || 'file';
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const fileId = await insertStoredFile(tx, {
        companyId,
        storageKey: stored.key,
        originalName: name,
        detectedFormat: detected?.ext ?? null,
        size: stored.size,
        sha256: stored.sha256,
      });
      const employeeFileId = await insertEmployeeFile(tx, {
        companyId,
        employeeId,
        fileId,
        uploadedByUserId: ctx.access.user.id,
      });
      await insertEmployeeChanges(tx, companyId, employeeId, actorOf(ctx), [
        { field: 'files', oldValue: null, newValue: name },
      ]);
      return employeeFileId;
    });
    const row = await findEmployeeFile(ctx.db, companyId, employeeId, id);
    if (!row) throw new AppError('not_found');
    return { data: toFile(employeeId, row) };
  } catch (error) {
    await fileStore.delete(stored.key);
    throw error;
  }
}

/** One file of an employee to download: its storage key, name and type. */
export async function findFileDownload(ctx: EmployeesContext, employeeId: number, fileId: number) {
  await filesEmployee(ctx, employeeId, 'view');
  const row = await findEmployeeFile(ctx.db, companyOf(ctx), employeeId, fileId);
  if (!row) throw new AppError('not_found');
  return { storageKey: row.storageKey, size: row.size, ...describeDownload(row.name, row.format) };
}

export async function removeFile(
  ctx: EmployeesContext,
  fileStore: FileStore,
  employeeId: number,
  fileId: number,
): Promise<void> {
  await filesEmployee(ctx, employeeId, 'delete');
  const companyId = companyOf(ctx);
  const row = await findEmployeeFile(ctx.db, companyId, employeeId, fileId);
  if (!row) throw new AppError('not_found');
  await ctx.db.transaction(async (tx) => {
    await deleteEmployeeFile(tx, companyId, row);
    await insertEmployeeChanges(tx, companyId, employeeId, actorOf(ctx), [
      { field: 'files', oldValue: row.name, newValue: null },
    ]);
  });
  await fileStore.delete(row.storageKey).catch(() => undefined);
}

const PHOTO_FORMATS: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Checks the photo may be changed before its bytes are read: the employee's own, or update_avatar;
 * the answer is the profile, so another's needs get_profile too.
 */
export async function checkPhotoUpload(ctx: EmployeesContext, employeeId: number): Promise<VisibleEmployee> {
  const visible = await findVisibleEmployee(ctx, employeeId);
  if (visible.relation !== 'own' && !ctx.access.permissions.Employee.actions.includes('update_avatar')) {
    throw new AppError('forbidden');
  }
  requireProfileAccess(ctx.access, visible.relation);
  return visible;
}

/** Sets an employee's photo (PNG, JPEG or WebP judged by content). */
export async function setPhoto(
  ctx: EmployeesContext,
  fileStore: FileStore,
  employeeId: number,
  bytes: Buffer | null,
): Promise<{ data: EmployeeDetails }> {
  const visible = await checkPhotoUpload(ctx, employeeId);
  if (!bytes || bytes.length === 0) throw invalid('photo', 'errors.required');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !Object.hasOwn(PHOTO_FORMATS, detected.ext)) {
    throw invalid('photo', 'candidate.cv.supported_formats');
  }
  const companyId = companyOf(ctx);
  const stored = await fileStore.put(Readable.from([bytes]), { maxBytes: EMPLOYEE_PHOTO_MAX_BYTES });
  let oldKey: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const fileId = await insertStoredFile(tx, {
        companyId,
        storageKey: stored.key,
        originalName: `photo.${detected.ext}`,
        detectedFormat: detected.ext,
        size: stored.size,
        sha256: stored.sha256,
      });
      await updateEmployeeRecord(tx, companyId, employeeId, { photoFileId: fileId });
      if (visible.employee.photoFileId !== null) {
        oldKey = await deleteStoredFile(tx, companyId, visible.employee.photoFileId);
      }
      await insertEmployeeChanges(tx, companyId, employeeId, actorOf(ctx), [
        { field: 'photo', oldValue: visible.employee.photoFileId, newValue: fileId },
      ]);
    });
  } catch (error) {
    await fileStore.delete(stored.key);
    throw error;
  }
  if (oldKey) await fileStore.delete(oldKey).catch(() => undefined);
  return getEmployee(ctx, employeeId);
}

/** The photo of an employee the reader sees: its storage key and type; 404 without one. */
export async function findPhoto(
  ctx: EmployeesContext,
  employeeId: number,
): Promise<{ storageKey: string; contentType: string; size: number }> {
  const visible = await findVisibleEmployee(ctx, employeeId);
  if (visible.employee.photoFileId === null) throw new AppError('not_found');
  const file = await findStoredFile(ctx.db, companyOf(ctx), visible.employee.photoFileId);
  const contentType = file?.format ? PHOTO_FORMATS[file.format] : undefined;
  if (!file || !contentType) throw new AppError('not_found');
  return { storageKey: file.storageKey, contentType, size: file.size };
}

// ---------------------------------------------------------------------------------------------------
// Custom field definitions.

/**
 * Who defines the company's custom fields: a role with Settings update at to_all, or Employee update
 * at to_all (HR, who keep the records those fields belong to). Anyone who sees employees reads them.
 */
function requireFieldAdmin(access: Access): void {
  if (
    levelFor(access, 'Settings', 'update') !== 'to_all' &&
    levelFor(access, 'Employee', 'update') !== 'to_all'
  ) {
    throw new AppError('forbidden');
  }
}

function toDefinition(row: FieldDefinitionRow): CustomFieldDefinition {
  return { id: row.id, name: row.name, type: row.type, options: row.options, position: row.position };
}

function checkDefinition(body: { type: string; options: { id: string }[] }): void {
  if (body.type === 'select' && body.options.length === 0) throw invalid('options', 'errors.required');
  const ids = body.options.map((option) => option.id);
  if (new Set(ids).size !== ids.length) throw invalid('options', 'errors.invalid_value');
}

export async function listCustomFields(ctx: EmployeesContext): Promise<{ data: CustomFieldDefinition[] }> {
  return { data: (await listFieldDefinitions(ctx.db, companyOf(ctx))).map(toDefinition) };
}

export async function addCustomField(
  ctx: EmployeesContext,
  body: { name: string; type: CustomFieldDefinition['type']; options: { id: string; name: string }[] },
): Promise<{ data: CustomFieldDefinition }> {
  requireFieldAdmin(ctx.access);
  checkDefinition(body);
  const options = body.type === 'select' ? body.options : [];
  return { data: toDefinition(await insertFieldDefinition(ctx.db, companyOf(ctx), { ...body, options })) };
}

export async function changeCustomField(
  ctx: EmployeesContext,
  id: number,
  body: { name: string; type: CustomFieldDefinition['type']; options: { id: string; name: string }[] },
): Promise<{ data: CustomFieldDefinition }> {
  requireFieldAdmin(ctx.access);
  checkDefinition(body);
  const companyId = companyOf(ctx);
  const existing = (await listFieldDefinitions(ctx.db, companyId)).find((definition) => definition.id === id);
  if (!existing) throw new AppError('not_found');
  // Stored values keep their meaning only while the type does.
  if (existing.type !== body.type) throw invalid('type', 'employees.field_type_fixed');
  const options = body.type === 'select' ? body.options : [];
  const row = await updateFieldDefinition(ctx.db, companyId, id, { ...body, options });
  if (!row) throw new AppError('not_found');
  return { data: toDefinition(row) };
}

export async function removeCustomField(ctx: EmployeesContext, id: number): Promise<void> {
  requireFieldAdmin(ctx.access);
  const removed = await ctx.db.transaction((tx) => deleteFieldDefinition(tx, companyOf(ctx), id));
  if (!removed) throw new AppError('not_found');
}

/** The contact values (emails, phones) a reader may search and list across everyone they may find. */
export { contactReach };
