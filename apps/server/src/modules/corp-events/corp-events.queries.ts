import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { type CorpEventRow, corpEvents, corpEventTeams } from '../../db/schema/corp-events';
import { roles } from '../../db/schema/roles';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// All SQL of corporate events; every statement filters by company_id (the company row by its id).

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A list of ids as one SQL value usable inside `in (…)`: an int[] parameter, unnested. */
function idList(ids: readonly number[]): SQL {
  return sql`select unnest(${`{${ids.join(',')}}`}::int[])`;
}

/**
 * The teams whose events reach someone in `startIds`' teams: those teams and every team above them
 * (an audience team's sub-teams are in its audience). Empty in, empty out.
 */
export async function findTeamsAndAncestors(
  db: Tx,
  companyId: number,
  startIds: readonly number[],
): Promise<number[]> {
  if (startIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    with recursive up(id) as (
      select t.id from teams t where t.company_id = ${companyId} and t.id in (${idList(startIds)})
      union
      select t.parent_id from teams t join up on t.id = up.id
      where t.company_id = ${companyId} and t.parent_id is not null
    )
    select id from up
  `);
  return result.rows.map((row) => Number(row.id));
}

/** The teams an employee belongs to. */
export async function findEmployeeTeamIds(db: Tx, companyId: number, employeeId: number): Promise<number[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.employeeId, employeeId)));
  return rows.map((row) => row.teamId);
}

/**
 * Which events a query keeps: `all` every one; otherwise those of everyone, those for one of
 * `audienceTeamIds` (a person's teams and the teams above them), and those written by `authorId`.
 */
export type EventScope =
  | { all: true }
  | { all: false; audienceTeamIds: readonly number[]; authorId: number | null };

function scopeCondition(companyId: number, scope: EventScope): SQL | undefined {
  if (scope.all) return undefined;
  const conditions: SQL[] = [eq(corpEvents.audience, 'everyone')];
  if (scope.audienceTeamIds.length > 0) {
    conditions.push(sql`exists (
      select 1 from ${corpEventTeams}
      where ${corpEventTeams.companyId} = ${companyId}
        and ${corpEventTeams.eventId} = ${corpEvents.id}
        and ${corpEventTeams.teamId} in (${idList(scope.audienceTeamIds)})
    )`);
  }
  if (scope.authorId !== null) conditions.push(eq(corpEvents.authorId, scope.authorId));
  return or(...conditions);
}

export type EventPeriod =
  | { kind: 'upcoming'; now: Date }
  | { kind: 'past'; now: Date }
  | { kind: 'range'; firstDay: string; lastDay: string }
  | { kind: 'between'; from: Date; to: Date };

function periodCondition(period: EventPeriod): SQL {
  switch (period.kind) {
    case 'upcoming':
      return gt(corpEvents.endsAt, period.now);
    case 'past':
      return lte(corpEvents.endsAt, period.now);
    case 'range':
      return and(
        lte(corpEvents.startDate, period.lastDay),
        sql`${corpEvents.endDate} >= ${period.firstDay}`,
      ) as SQL;
    case 'between':
      return and(gt(corpEvents.endsAt, period.from), sql`${corpEvents.startsAt} < ${period.to}`) as SQL;
  }
}

const eventColumns = {
  event: corpEvents,
  authorName: users.name,
};
export type EventWithAuthor = { event: CorpEventRow; authorName: string | null };

/** A page of events in every one of `scopes` and in a period, with their authors' names, and how many there are in all. */
export async function listEvents(
  db: Tx,
  companyId: number,
  input: { scopes: readonly EventScope[]; period: EventPeriod; limit: number; offset: number },
): Promise<{ rows: EventWithAuthor[]; total: number }> {
  const where = and(
    eq(corpEvents.companyId, companyId),
    ...input.scopes.map((scope) => scopeCondition(companyId, scope)),
    periodCondition(input.period),
  );
  const order =
    input.period.kind === 'past'
      ? [desc(corpEvents.startsAt), desc(corpEvents.id)]
      : [asc(corpEvents.startsAt), asc(corpEvents.id)];
  const [rows, totals] = await Promise.all([
    db
      .select(eventColumns)
      .from(corpEvents)
      .leftJoin(users, and(eq(users.companyId, companyId), eq(users.id, corpEvents.authorId)))
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(corpEvents).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One event in a scope, with its author's name; null when missing or out of the scope. */
export async function findEvent(
  db: Tx,
  companyId: number,
  id: number,
  scope: EventScope,
): Promise<EventWithAuthor | null> {
  const [row] = await db
    .select(eventColumns)
    .from(corpEvents)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.id, corpEvents.authorId)))
    .where(and(eq(corpEvents.companyId, companyId), eq(corpEvents.id, id), scopeCondition(companyId, scope)));
  return row ?? null;
}

/** One event locked until the transaction ends (null when missing). */
export async function lockEvent(tx: Tx, companyId: number, id: number): Promise<CorpEventRow | null> {
  const [row] = await tx
    .select()
    .from(corpEvents)
    .where(and(eq(corpEvents.companyId, companyId), eq(corpEvents.id, id)))
    .for('update');
  return row ?? null;
}

export type EventTeamRow = { eventId: number; teamId: number; name: string };

/** The audience teams of some events, by name. */
export async function findEventTeams(
  db: Tx,
  companyId: number,
  eventIds: readonly number[],
): Promise<EventTeamRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: corpEventTeams.eventId, teamId: teams.id, name: teams.name })
    .from(corpEventTeams)
    .innerJoin(teams, and(eq(teams.companyId, companyId), eq(teams.id, corpEventTeams.teamId)))
    .where(and(eq(corpEventTeams.companyId, companyId), inArray(corpEventTeams.eventId, [...eventIds])))
    .orderBy(asc(teams.name), asc(teams.id));
}

export type EventValues = Omit<
  typeof corpEvents.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

export async function insertEvent(tx: Tx, companyId: number, values: EventValues): Promise<CorpEventRow> {
  const [row] = await tx
    .insert(corpEvents)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('insertEvent: insert returned no row');
  return row;
}

export async function updateEvent(
  tx: Tx,
  companyId: number,
  id: number,
  values: Omit<EventValues, 'authorId'>,
): Promise<void> {
  await tx
    .update(corpEvents)
    .set(values)
    .where(and(eq(corpEvents.companyId, companyId), eq(corpEvents.id, id)));
}

/** Replaces an event's audience teams. */
export async function replaceEventTeams(
  tx: Tx,
  companyId: number,
  eventId: number,
  teamIds: readonly number[],
): Promise<void> {
  await tx
    .delete(corpEventTeams)
    .where(and(eq(corpEventTeams.companyId, companyId), eq(corpEventTeams.eventId, eventId)));
  if (teamIds.length === 0) return;
  await tx.insert(corpEventTeams).values(teamIds.map((teamId) => ({ companyId, eventId, teamId })));
}

export async function deleteEvent(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(corpEvents).where(and(eq(corpEvents.companyId, companyId), eq(corpEvents.id, id)));
}

export type AudienceMember = { id: number; roleId: number; roleKey: string | null };

/**
 * The enabled staff accounts in an event's audience: everyone's, or those whose employee is in one
 * of `teamIds` or a team below one of them.
 */
export async function findAudienceAccounts(
  db: Tx,
  companyId: number,
  audience: { everyone: true } | { everyone: false; teamIds: readonly number[] },
): Promise<AudienceMember[]> {
  if (audience.everyone) {
    return db
      .select({ id: users.id, roleId: users.roleId, roleKey: roles.key })
      .from(users)
      .innerJoin(roles, and(eq(roles.companyId, companyId), eq(roles.id, users.roleId)))
      .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)));
  }
  if (audience.teamIds.length === 0) return [];
  const result = await db.execute<{ id: number; role_id: number; role_key: string | null }>(sql`
    with recursive down(id) as (
      select t.id from teams t where t.company_id = ${companyId} and t.id in (${idList(audience.teamIds)})
      union
      select t.id from teams t join down on t.parent_id = down.id where t.company_id = ${companyId}
    )
    select distinct u.id, u.role_id, r.key as role_key
    from team_members tm
    join users u on u.company_id = ${companyId} and u.employee_id = tm.employee_id and not u.is_disabled
    join roles r on r.company_id = ${companyId} and r.id = u.role_id
    where tm.company_id = ${companyId} and tm.team_id in (select id from down)
  `);
  return result.rows.map((row) => ({
    id: Number(row.id),
    roleId: Number(row.role_id),
    roleKey: row.role_key,
  }));
}

/** The company's tariffs (which plan modules its users have). */
export async function findCompanyTariffs(db: Tx, companyId: number): Promise<string[]> {
  const [row] = await db
    .select({ tariffs: companies.tariffs })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.tariffs ?? [];
}
