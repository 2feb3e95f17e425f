import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locale } from '@kadry/shared/constants';
import { type Level, rankLevel } from '@kadry/shared/permissions/vocabulary';
import {
  CHILD_GENDERS,
  type ChildRow,
  type ChildrenFilter,
  type ChildrenStatistics,
  type ChildrenStatisticsQuery,
  type ChildrenSummary,
} from '@kadry/shared/schemas/statistics';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/tables';
import { neutraliseFormula } from '../../lib/export-table';
import { translatorForLocale } from '../../lib/request-locale';
import { type Access, levelFor, requireAction, requireLevel } from '../../plugins/access/access';
import { readerOf } from '../employees/employee-visibility';
import {
  type ChildListRow,
  type ChildrenWhere,
  countChildren,
  findChildIds,
  findChildrenByIds,
  findChildrenPage,
  findChildTypes,
  findTeamsOfParents,
  findTeamsWithSubTeams,
  reachWhere,
} from './statistics.queries';

/*
 * Children statistics (issue 15): employees' children counted by age and gender and listed with their
 * parent. Who sees which child (docs/decisions/026-analytics-events.md, "Children statistics"):
 * - the page needs the Statistic view (403 otherwise), the export also the Employee `export` action;
 * - a child is counted and listed only when the reader sees the parent employee (decision 013) and
 *   both the Statistic view level and the Employee.PersonalInfo view level (relatives are personal
 *   info) reach the parent — own, my team, anyone. A manager whose personal-info level is only_my
 *   counts their own children only, however far their Statistic level goes.
 */

export type StatisticsContext = {
  db: Db;
  access: Access;
  now: () => Date;
  /** The reader's language (relation names, export headers). */
  locale: Locale;
};

/** The narrower of two levels. */
function narrowest(a: Level, b: Level): Level {
  return rankLevel(a) <= rankLevel(b) ? a : b;
}

/** How far the reader's children statistics reach: Statistic view narrowed by personal info. */
export function childrenReachLevel(access: Pick<Access, 'permissions'>): Level {
  return narrowest(levelFor(access, 'Statistic', 'view'), levelFor(access, 'Employee.PersonalInfo', 'view'));
}

async function buildWhere(ctx: StatisticsContext, filter: ChildrenFilter): Promise<ChildrenWhere> {
  requireLevel(ctx.access, 'Statistic', 'view');
  const companyId = ctx.access.user.companyId;
  const [teamIds, childTypes] = await Promise.all([
    filter.team_ids && filter.team_ids.length > 0
      ? findTeamsWithSubTeams(ctx.db, companyId, filter.team_ids)
      : undefined,
    findChildTypes(ctx.db, companyId),
  ]);
  return {
    childTypes,
    companyId,
    today: getTodayIsoDate(ctx.access.user.timezone, ctx.now()),
    reach: reachWhere(readerOf(ctx.access), childrenReachLevel(ctx.access)),
    teamIds,
    ageFrom: filter.age_from,
    ageTo: filter.age_to,
    gender: filter.gender,
    statusIds: filter.status_ids,
    state: filter.state,
  };
}

function summarise(
  counts: readonly { age: number; gender: ChildRow['gender']; count: number }[],
): ChildrenSummary {
  const byAge = new Map<number, number>();
  const byGender = new Map<ChildRow['gender'], number>();
  let total = 0;
  for (const row of counts) {
    total += row.count;
    byAge.set(row.age, (byAge.get(row.age) ?? 0) + row.count);
    byGender.set(row.gender, (byGender.get(row.gender) ?? 0) + row.count);
  }
  return {
    total,
    by_age: [...byAge.entries()].sort(([a], [b]) => a - b).map(([age, count]) => ({ age, count })),
    by_gender: CHILD_GENDERS.filter((gender) => byGender.has(gender)).map((gender) => ({
      gender,
      count: byGender.get(gender) ?? 0,
    })),
  };
}

async function attachParents(ctx: StatisticsContext, rows: readonly ChildListRow[]): Promise<ChildRow[]> {
  const companyId = ctx.access.user.companyId;
  const teams = await findTeamsOfParents(ctx.db, companyId, [...new Set(rows.map((row) => row.parentId))]);
  const teamsOf = new Map<number, { id: number; name: string }[]>();
  for (const team of teams) {
    const list = teamsOf.get(team.employeeId) ?? [];
    list.push({ id: team.id, name: team.name });
    teamsOf.set(team.employeeId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    relation: row.relation,
    gender: row.gender,
    birth_date: row.birthDate,
    age: row.age,
    parent: { id: row.parentId, name: row.parentName, teams: teamsOf.get(row.parentId) ?? [] },
  }));
}

/** `GET statistics.children`: counts over every matching child, and one page of them with their parents. */
export async function getChildrenStatistics(
  ctx: StatisticsContext,
  query: ChildrenStatisticsQuery,
): Promise<ChildrenStatistics> {
  const where = await buildWhere(ctx, query);
  const offset = (query.page - 1) * query.per_page;
  const [counts, rows] = await Promise.all([
    countChildren(ctx.db, where),
    findChildrenPage(ctx.db, where, { offset, limit: query.per_page }, ctx.locale),
  ]);
  const summary = summarise(counts);
  return {
    data: await attachParents(ctx, rows),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(summary.total / query.per_page)),
      per_page: query.per_page,
      total: summary.total,
    },
    summary,
  };
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Children read per statement: the file streams out while the next batch is read. */
const EXPORT_BATCH = 500;

/** The export's columns, by their header key. */
const EXPORT_COLUMNS = ['child', 'relation', 'gender', 'birth_date', 'age', 'parent', 'teams'] as const;

/** The cells of one child (the list's columns), every text neutralised against formulas. */
export function childCells(row: ChildRow, genderName: (gender: ChildRow['gender']) => string): string[] {
  return [
    row.name,
    row.relation ?? '',
    genderName(row.gender),
    row.birth_date,
    String(row.age),
    row.parent.name,
    row.parent.teams.map((team) => team.name).join('; '),
  ].map(neutraliseFormula);
}

/** Waits while the answer's stream is full; stops when the client has gone. */
async function waitForRoom(stream: PassThrough): Promise<void> {
  while (stream.writableNeedDrain) {
    if (stream.destroyed) throw new Error('the export was abandoned');
    await sleep(2);
  }
  if (stream.destroyed) throw new Error('the export was abandoned');
}

/**
 * `GET statistics.children.export`: the children the filter matches (in the list's order) as XLSX,
 * written row by row as batches are read. Needs the Employee `export` action besides the page's
 * permissions: the file leaves Kadry. File name `children-YYYY-MM-DD.xlsx` (the reader's today).
 */
export async function exportChildren(
  ctx: StatisticsContext,
  filter: ChildrenFilter,
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  requireLevel(ctx.access, 'Statistic', 'view');
  requireAction(ctx.access, 'Employee', 'export');
  const where = await buildWhere(ctx, filter);
  const ids = await findChildIds(ctx.db, where);
  const t = translatorForLocale(ctx.locale);
  const genderName = (gender: ChildRow['gender']) => t(`statistics.gender.${gender}`);

  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  void (async () => {
    const sheet = workbook.addWorksheet(t('statistics.export.sheet'));
    sheet.addRow(EXPORT_COLUMNS.map((column) => t(`statistics.export.${column}`))).commit();
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const batch = await findChildrenByIds(ctx.db, where.companyId, ids.slice(start, start + EXPORT_BATCH), {
        today: where.today,
        locale: ctx.locale,
        childTypes: where.childTypes,
      });
      for (const row of await attachParents(ctx, batch)) sheet.addRow(childCells(row, genderName)).commit();
      await waitForRoom(stream);
    }
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { stream, contentType: XLSX_CONTENT_TYPE, fileName: `children-${where.today}.xlsx` };
}
