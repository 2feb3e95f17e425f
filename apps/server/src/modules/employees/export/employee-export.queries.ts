import { and, eq, sql } from 'drizzle-orm';
import {
  type CustomFieldValue,
  employeeLanguages,
  employeeLinks,
  employeeRelatives,
  employees,
} from '../../../db/schema/employees';
import { teamMembers, teams } from '../../../db/schema/teams';
import type { Db } from '../../../db/tables';
import {
  type EmployeeListFilter,
  type EmployeeSortKey,
  isAnyOf,
  listOrder,
  listWhere,
} from '../employees.queries';
import type { ImportLanguage, ImportLink, ImportRelative } from '../import/employee-list-cells';

// The export's SQL: the directory's rows (its own filter and order, from employees.queries.ts) with everything
// a spreadsheet row shows, read in batches so the whole file is never in memory.

type Reader = Pick<Db, 'select'>;

export type ExportRow = {
  id: number;
  employeeNumber: string | null;
  firstName: string;
  lastName: string;
  middleName: string | null;
  firstNameAlt: string | null;
  lastNameAlt: string | null;
  middleNameAlt: string | null;
  workEmail: string | null;
  workPhone: string | null;
  personalEmail: string | null;
  personalPhone: string | null;
  position: string | null;
  teams: { id: number; name: string }[];
  manager: string | null;
  employmentType: number | null;
  termsOfCooperation: number | null;
  status: number | null;
  grade: number | null;
  experience: number | null;
  startOfWork: string | null;
  probationEnd: string | null;
  dismissalDate: string | null;
  dismissalReason: number | null;
  birthDate: string | null;
  gender: number | null;
  maritalStatus: number | null;
  countryCode: string | null;
  cityId: number | null;
  cityName: string | null;
  address: string | null;
  salary: string | null;
  salaryCurrency: string | null;
  notes: string | null;
  customFields: Record<string, CustomFieldValue>;
  languages: ImportLanguage[];
  relatives: ImportRelative[];
  links: ImportLink[];
};

/**
 * The ids of every row the export holds, in the directory's order: one sorted statement (10,000 ids
 * are 80 kB), so the details can then be read in small batches without sorting again.
 */
export async function findExportIds(
  db: Reader,
  companyId: number,
  filter: EmployeeListFilter,
  order: { sort: EmployeeSortKey; direction: 'asc' | 'desc' },
): Promise<number[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(listWhere(companyId, filter))
    .orderBy(...listOrder(order.sort, order.direction));
  return rows.map((row) => row.id);
}

/**
 * The outer row's columns for the subqueries below, qualified by hand: drizzle writes a one-table
 * select's columns unqualified ("id"), and inside `from employee_salaries s` or `from team_members tm
 * join teams t` an unqualified "id" is the subquery's own (s.id, t.id), not the employee's.
 */
const OUTER_ID = sql.raw('"employees"."id"');
const OUTER_MANAGER_ID = sql.raw('"employees"."manager_id"');

/**
 * The batch's lists of one kind, one JSON array per employee who has any, in one grouped statement
 * (`employee_id = any(ids)`, the (company_id, employee_id) index).
 */
async function listsById<T>(
  query: PromiseLike<{ employeeId: number; list: unknown }[]>,
): Promise<Map<number, T[]>> {
  return new Map((await query).map((row) => [row.employeeId, row.list as T[]]));
}

/**
 * The export's rows of these ids, in the order given (dictionary values as entry ids): the people in
 * one statement, then the batch's teams, languages, relatives and links in one grouped statement each.
 * Separate statements, not joins of grouped subqueries: with a small company beside a big one the
 * planner took the batch for one row and ran every grouped subquery once per person.
 */
export async function findExportRows(
  db: Reader,
  companyId: number,
  ids: readonly number[],
): Promise<ExportRow[]> {
  if (ids.length === 0) return [];
  const salary = sql`(select s.amount || ' ' || s.currency from employee_salaries s where s.company_id = ${companyId} and s.employee_id = ${OUTER_ID} and s.effective_from <= current_date order by s.effective_from desc, s.id desc limit 1)`;
  const teamLists = await listsById<{ id: number; name: string }>(
    db
      .select({
        employeeId: teamMembers.employeeId,
        list: sql`json_agg(json_build_object('id', ${teams.id}, 'name', ${teams.name}) order by ${teams.name}, ${teams.id})`,
      })
      .from(teamMembers)
      .innerJoin(teams, and(eq(teams.companyId, companyId), eq(teams.id, teamMembers.teamId)))
      .where(and(eq(teamMembers.companyId, companyId), isAnyOf(teamMembers.employeeId, ids)))
      .groupBy(teamMembers.employeeId),
  );
  const languageLists = await listsById<ImportLanguage>(
    db
      .select({
        employeeId: employeeLanguages.employeeId,
        list: sql`json_agg(json_build_object('languageId', ${employeeLanguages.languageId}, 'levelId', ${employeeLanguages.levelId}) order by ${employeeLanguages.languageId})`,
      })
      .from(employeeLanguages)
      .where(and(eq(employeeLanguages.companyId, companyId), isAnyOf(employeeLanguages.employeeId, ids)))
      .groupBy(employeeLanguages.employeeId),
  );
  const relativeLists = await listsById<ImportRelative>(
    db
      .select({
        employeeId: employeeRelatives.employeeId,
        list: sql`json_agg(json_build_object('relativeTypeId', ${employeeRelatives.relativeTypeId}, 'name', ${employeeRelatives.name}, 'birthDate', ${employeeRelatives.birthDate}) order by ${employeeRelatives.id})`,
      })
      .from(employeeRelatives)
      .where(and(eq(employeeRelatives.companyId, companyId), isAnyOf(employeeRelatives.employeeId, ids)))
      .groupBy(employeeRelatives.employeeId),
  );
  const linkLists = await listsById<ImportLink>(
    db
      .select({
        employeeId: employeeLinks.employeeId,
        list: sql`json_agg(json_build_object('iconId', ${employeeLinks.iconId}, 'url', ${employeeLinks.url}) order by ${employeeLinks.position}, ${employeeLinks.id})`,
      })
      .from(employeeLinks)
      .where(and(eq(employeeLinks.companyId, companyId), isAnyOf(employeeLinks.employeeId, ids)))
      .groupBy(employeeLinks.employeeId),
  );
  const rows = await db
    .select({
      id: employees.id,
      employeeNumber: employees.employeeNumber,
      firstName: employees.firstName,
      lastName: employees.lastName,
      middleName: employees.middleName,
      firstNameAlt: employees.firstNameAlt,
      lastNameAlt: employees.lastNameAlt,
      middleNameAlt: employees.middleNameAlt,
      workEmail: employees.workEmail,
      workPhone: employees.workPhone,
      personalEmail: employees.personalEmail,
      personalPhone: employees.personalPhone,
      position: employees.position,
      manager: sql<
        string | null
      >`(select coalesce(m.employee_number, m.work_email) from employees m where m.company_id = ${companyId} and m.id = ${OUTER_MANAGER_ID})`,
      employmentType: employees.employmentTypeId,
      termsOfCooperation: employees.termsOfCooperationId,
      status: employees.statusId,
      grade: employees.gradeId,
      experience: employees.experienceId,
      startOfWork: employees.startOfWork,
      probationEnd: employees.probationEnd,
      dismissalDate: employees.dismissalDate,
      dismissalReason: employees.dismissalReasonId,
      birthDate: employees.birthDate,
      gender: employees.genderId,
      maritalStatus: employees.maritalStatusId,
      countryCode: employees.countryCode,
      cityId: employees.cityId,
      cityName: employees.cityName,
      address: employees.address,
      salaryWithCurrency: sql<string | null>`${salary}`,
      notes: employees.notes,
      customFields: employees.customFields,
    })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isAnyOf(employees.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const result: ExportRow[] = [];
  for (const id of ids) {
    const found = byId.get(id);
    if (!found) continue;
    const [amount, currency] = found.salaryWithCurrency ? found.salaryWithCurrency.split(' ') : [];
    // Every property written out, not a rest-and-spread copy of `found`: the driver builds its row key
    // by key (a dictionary-mode object), and the spread's copy of it took about four times this
    // literal's memory. A batch lives while the file's reader reads it, long enough for V8 to move it to
    // the old generation: ~115 MB of such copies got there in a 20,000-row XLSX export, ~8 MB of
    // everything now (docs/performance.md, "The XLSX export's peak RSS").
    result.push({
      id: found.id,
      employeeNumber: found.employeeNumber,
      firstName: found.firstName,
      lastName: found.lastName,
      middleName: found.middleName,
      firstNameAlt: found.firstNameAlt,
      lastNameAlt: found.lastNameAlt,
      middleNameAlt: found.middleNameAlt,
      workEmail: found.workEmail,
      workPhone: found.workPhone,
      personalEmail: found.personalEmail,
      personalPhone: found.personalPhone,
      position: found.position,
      teams: teamLists.get(id) ?? [],
      manager: found.manager,
      employmentType: found.employmentType,
      termsOfCooperation: found.termsOfCooperation,
      status: found.status,
      grade: found.grade,
      experience: found.experience,
      startOfWork: found.startOfWork,
      probationEnd: found.probationEnd,
      dismissalDate: found.dismissalDate,
      dismissalReason: found.dismissalReason,
      birthDate: found.birthDate,
      gender: found.gender,
      maritalStatus: found.maritalStatus,
      countryCode: found.countryCode,
      cityId: found.cityId,
      cityName: found.cityName,
      address: found.address,
      salary: amount ?? null,
      salaryCurrency: currency ?? null,
      notes: found.notes,
      customFields: found.customFields,
      languages: languageLists.get(id) ?? [],
      relatives: relativeLists.get(id) ?? [],
      links: linkLists.get(id) ?? [],
    });
  }
  return result;
}
