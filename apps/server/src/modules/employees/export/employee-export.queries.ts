import { and, eq, type SQL, sql } from 'drizzle-orm';
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

/** One JSON array per employee of the batch (empty when the employee has none). */
const jsonList = <T>(column: SQL.Aliased) => sql<T[]>`coalesce(${column}, '[]'::json)`;

/**
 * The export's rows of these ids, in the order given (dictionary values as entry ids), in one
 * statement: the batch's teams, languages, relatives and links are each aggregated by employee once
 * for the whole batch (`= any(ids)`, grouped) and joined, not looked up by a subquery per row.
 */
export async function findExportRows(
  db: Reader,
  companyId: number,
  ids: readonly number[],
): Promise<ExportRow[]> {
  if (ids.length === 0) return [];
  const salary = sql`(select s.amount || ' ' || s.currency from employee_salaries s where s.company_id = ${companyId} and s.employee_id = ${OUTER_ID} and s.effective_from <= current_date order by s.effective_from desc, s.id desc limit 1)`;
  const teamLists = db
    .select({
      employeeId: teamMembers.employeeId,
      list: sql`json_agg(json_build_object('id', ${teams.id}, 'name', ${teams.name}) order by ${teams.name}, ${teams.id})`.as(
        'team_list',
      ),
    })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.companyId, companyId), eq(teams.id, teamMembers.teamId)))
    .where(and(eq(teamMembers.companyId, companyId), isAnyOf(teamMembers.employeeId, ids)))
    .groupBy(teamMembers.employeeId)
    .as('team_lists');
  const languageLists = db
    .select({
      employeeId: employeeLanguages.employeeId,
      list: sql`json_agg(json_build_object('languageId', ${employeeLanguages.languageId}, 'levelId', ${employeeLanguages.levelId}) order by ${employeeLanguages.languageId})`.as(
        'language_list',
      ),
    })
    .from(employeeLanguages)
    .where(and(eq(employeeLanguages.companyId, companyId), isAnyOf(employeeLanguages.employeeId, ids)))
    .groupBy(employeeLanguages.employeeId)
    .as('language_lists');
  const relativeLists = db
    .select({
      employeeId: employeeRelatives.employeeId,
      list: sql`json_agg(json_build_object('relativeTypeId', ${employeeRelatives.relativeTypeId}, 'name', ${employeeRelatives.name}, 'birthDate', ${employeeRelatives.birthDate}) order by ${employeeRelatives.id})`.as(
        'relative_list',
      ),
    })
    .from(employeeRelatives)
    .where(and(eq(employeeRelatives.companyId, companyId), isAnyOf(employeeRelatives.employeeId, ids)))
    .groupBy(employeeRelatives.employeeId)
    .as('relative_lists');
  const linkLists = db
    .select({
      employeeId: employeeLinks.employeeId,
      list: sql`json_agg(json_build_object('iconId', ${employeeLinks.iconId}, 'url', ${employeeLinks.url}) order by ${employeeLinks.position}, ${employeeLinks.id})`.as(
        'link_list',
      ),
    })
    .from(employeeLinks)
    .where(and(eq(employeeLinks.companyId, companyId), isAnyOf(employeeLinks.employeeId, ids)))
    .groupBy(employeeLinks.employeeId)
    .as('link_lists');
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
      teams: jsonList<{ id: number; name: string }>(teamLists.list),
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
      cityName: employees.cityName,
      address: employees.address,
      salaryWithCurrency: sql<string | null>`${salary}`,
      notes: employees.notes,
      customFields: employees.customFields,
      languages: jsonList<ImportLanguage>(languageLists.list),
      relatives: jsonList<ImportRelative>(relativeLists.list),
      links: jsonList<ImportLink>(linkLists.list),
    })
    .from(employees)
    .leftJoin(teamLists, eq(teamLists.employeeId, employees.id))
    .leftJoin(languageLists, eq(languageLists.employeeId, employees.id))
    .leftJoin(relativeLists, eq(relativeLists.employeeId, employees.id))
    .leftJoin(linkLists, eq(linkLists.employeeId, employees.id))
    .where(and(eq(employees.companyId, companyId), isAnyOf(employees.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const { salaryWithCurrency, ...row } = found;
    const [amount, currency] = salaryWithCurrency ? salaryWithCurrency.split(' ') : [];
    return [{ ...row, salary: amount ?? null, salaryCurrency: currency ?? null }];
  });
}
