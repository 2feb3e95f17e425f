import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { Team, TeamSummary } from '@kadry/shared/schemas/admin';
import { and, asc, count, eq, ilike, inArray, like, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { employeeFullName, employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { buildContainsPattern } from '../../lib/contains-pattern';
import { bumpCompanyRolesUpdatedAt } from '../../plugins/access/roles';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TeamRow = { id: number; companyId: number; name: string };
export type TeamMemberRow = { employeeId: number; name: string; email: string | null; isManager: boolean };

/** Advisory lock namespace of team names (the second key is the company). */
const TEAM_NAMES_LOCK = 7_302;

/** Serialises changes to a company's team names, so two requests cannot both take a free name. */
async function lockTeamNames(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_NAMES_LOCK}::integer, ${companyId}::integer)`);
}

function nameTakenError(): AppError {
  return new AppError('validation', {
    key: 'teams.name_taken',
    issues: { name: [{ key: 'teams.name_taken' }] },
  });
}

async function isTeamNameTaken(
  db: Pick<Db, 'select'>,
  companyId: number,
  name: string,
  exceptTeamId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.companyId, companyId),
        sql`lower(${teams.name}) = lower(${name})`,
        exceptTeamId === undefined ? undefined : ne(teams.id, exceptTeamId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * What the levels of the `Teams` permission reach (docs/decisions/006-administration.md): to_all
 * every team of the company; only_my_and_my_team the teams the user belongs to; only_my the teams
 * the user manages. (scopeWhere's generic "owned by a teammate" does not apply: nobody owns a team.)
 */
export function teamScopeWhere(
  db: Pick<Db, 'select'>,
  level: Level,
  user: { employeeId: number; companyId: number },
): SQL | undefined {
  if (level === 'to_all') return undefined;
  if (level === 'not_visible') return sql`false`;
  const myRows = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.companyId, user.companyId),
        eq(teamMembers.employeeId, user.employeeId),
        level === 'only_my' ? eq(teamMembers.isManager, true) : undefined,
      ),
    );
  return inArray(teams.id, myRows);
}

/** Lists sort by name (spec §3.2), case-insensitively, then by id. */
const TEAM_ORDER = [asc(sql`lower(${teams.name})`), asc(teams.name), asc(teams.id)];
const MEMBER_ORDER = [
  asc(sql`lower(${employees.lastName})`),
  asc(sql`lower(${employees.firstName})`),
  asc(employees.id),
];

/** The company's teams within `scope` (teamScopeWhere), optionally those whose name contains `search`. */
export async function listTeams(
  db: Db,
  companyId: number,
  filter: { scope: SQL | undefined; search?: string | undefined },
): Promise<TeamRow[]> {
  const conditions: (SQL | undefined)[] = [eq(teams.companyId, companyId), filter.scope];
  if (filter.search) {
    conditions.push(ilike(teams.name, buildContainsPattern(filter.search)));
  }
  return db
    .select({ id: teams.id, companyId: teams.companyId, name: teams.name })
    .from(teams)
    .where(and(...conditions))
    .orderBy(...TEAM_ORDER);
}

/** Member counts and managers of teams, for the list. */
export async function findTeamListExtras(
  db: Db,
  companyId: number,
  teamIds: readonly number[],
): Promise<{ counts: Map<number, number>; managers: Map<number, TeamSummary['managers']> }> {
  const counts = new Map<number, number>();
  const managers = new Map<number, TeamSummary['managers']>();
  if (teamIds.length === 0) return { counts, managers };
  const [countRows, managerRows] = await Promise.all([
    db
      .select({ teamId: teamMembers.teamId, count: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.teamId, [...teamIds])))
      .groupBy(teamMembers.teamId),
    db
      .select({ teamId: teamMembers.teamId, id: employees.id, name: employeeFullName })
      .from(teamMembers)
      .innerJoin(employees, eq(employees.id, teamMembers.employeeId))
      .where(
        and(
          eq(teamMembers.companyId, companyId),
          inArray(teamMembers.teamId, [...teamIds]),
          eq(teamMembers.isManager, true),
        ),
      )
      .orderBy(...MEMBER_ORDER),
  ]);
  for (const row of countRows) counts.set(row.teamId, row.count);
  for (const row of managerRows) {
    const list = managers.get(row.teamId) ?? [];
    list.push({ id: row.id, name: row.name });
    managers.set(row.teamId, list);
  }
  return { counts, managers };
}

/** A team of the company, or null (another company's is not found either). */
export async function findTeam(
  db: Pick<Db, 'select'>,
  companyId: number,
  teamId: number,
): Promise<TeamRow | null> {
  const [row] = await db
    .select({ id: teams.id, companyId: teams.companyId, name: teams.name })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

/** A team's members, by name. */
export async function findTeamMembers(
  db: Pick<Db, 'select'>,
  companyId: number,
  teamId: number,
): Promise<TeamMemberRow[]> {
  return db
    .select({
      employeeId: teamMembers.employeeId,
      name: employeeFullName,
      email: employees.workEmail,
      isManager: teamMembers.isManager,
    })
    .from(teamMembers)
    .innerJoin(employees, eq(employees.id, teamMembers.employeeId))
    .where(and(eq(teamMembers.companyId, companyId), eq(teamMembers.teamId, teamId)))
    .orderBy(...MEMBER_ORDER);
}

export function toTeam(team: TeamRow, members: readonly TeamMemberRow[]): Team {
  return {
    id: team.id,
    name: team.name,
    members: members.map((member) => ({
      employee_id: member.employeeId,
      name: member.name,
      email: member.email,
      is_manager: member.isManager,
    })),
  };
}

/**
 * Adds a team, its name unique in the company whatever its case (422 under `name`). With `managerId`
 * that user manages it from the start, which changes what "my team" reaches: rolesUpdatedAt moves.
 */
export async function createTeam(
  db: Db,
  companyId: number,
  input: { name: string; managerId?: number | undefined },
): Promise<TeamRow> {
  return db.transaction(async (tx) => {
    await lockTeamNames(tx, companyId);
    if (await isTeamNameTaken(tx, companyId, input.name)) throw nameTakenError();
    const [team] = await tx
      .insert(teams)
      .values({ companyId, name: input.name })
      .returning({ id: teams.id, companyId: teams.companyId, name: teams.name });
    if (!team) throw new Error('createTeam: insert returned no row');
    if (input.managerId !== undefined) {
      await tx
        .insert(teamMembers)
        .values({ companyId, teamId: team.id, employeeId: input.managerId, isManager: true });
      await bumpCompanyRolesUpdatedAt(tx, companyId);
    }
    return team;
  });
}

/** Renames a team; a name another team of the company has → 422 under `name`. */
export async function renameTeam(db: Db, team: TeamRow, name: string): Promise<TeamRow> {
  return db.transaction(async (tx) => {
    await lockTeamNames(tx, team.companyId);
    if (await isTeamNameTaken(tx, team.companyId, name, team.id)) throw nameTakenError();
    const [renamed] = await tx
      .update(teams)
      .set({ name })
      .where(and(eq(teams.companyId, team.companyId), eq(teams.id, team.id)))
      .returning({ id: teams.id, companyId: teams.companyId, name: teams.name });
    if (!renamed) throw new AppError('not_found');
    return renamed;
  });
}

/**
 * Deletes a team. Its memberships go with it (cascade) and its vacancies stay, without a team
 * (vacancies.team_id is `on delete set null`). Memberships ending changes what "my team" reaches.
 */
export async function deleteTeam(db: Db, team: TeamRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(teams).where(and(eq(teams.companyId, team.companyId), eq(teams.id, team.id)));
    await bumpCompanyRolesUpdatedAt(tx, team.companyId);
  });
}

/**
 * Replaces a team's whole member list. Every user must be an account of the company (422 under
 * `members`); a user listed twice is one member, a manager if either entry says so. Bumps
 * rolesUpdatedAt in the same transaction: who is in a team decides what "my team" reaches.
 */
export async function replaceTeamMembers(
  db: Db,
  team: TeamRow,
  members: readonly { employee_id: number; is_manager: boolean }[],
): Promise<void> {
  const merged = new Map<number, boolean>();
  for (const member of members)
    merged.set(member.employee_id, (merged.get(member.employee_id) ?? false) || member.is_manager);
  const employeeIds = [...merged.keys()];
  await db.transaction(async (tx) => {
    // Locked, so a delete of the team meanwhile waits rather than failing the inserts below.
    const [locked] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.companyId, team.companyId), eq(teams.id, team.id)))
      .for('update');
    if (!locked) throw new AppError('not_found');
    if (employeeIds.length > 0) {
      const known = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.companyId, team.companyId), inArray(employees.id, employeeIds)));
      if (known.length !== employeeIds.length) {
        throw new AppError('validation', {
          key: 'teams.unknown_members',
          issues: { members: [{ key: 'teams.unknown_members' }] },
        });
      }
    }
    // Members who stay keep their row (and when they joined); the others leave, newcomers join.
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.companyId, team.companyId),
          eq(teamMembers.teamId, team.id),
          employeeIds.length > 0 ? notInArray(teamMembers.employeeId, employeeIds) : undefined,
        ),
      );
    if (employeeIds.length > 0) {
      await tx
        .insert(teamMembers)
        .values(
          employeeIds.map((employeeId) => ({
            companyId: team.companyId,
            teamId: team.id,
            employeeId,
            isManager: merged.get(employeeId) ?? false,
          })),
        )
        .onConflictDoUpdate({
          target: [teamMembers.teamId, teamMembers.employeeId],
          set: { isManager: sql`excluded.is_manager` },
        });
    }
    await bumpCompanyRolesUpdatedAt(tx, team.companyId);
  });
}

/**
 * Employees of the company who have not left, by name, searched by any name, email or phone: who can
 * join a team; with `onlyEmployeeIds`, only those employees.
 */
export async function listTeamPeople(
  db: Db,
  companyId: number,
  filter: { search?: string | undefined; limit: number; onlyEmployeeIds?: readonly number[] | undefined },
): Promise<{ id: number; name: string; email: string | null }[]> {
  const conditions: (SQL | undefined)[] = [
    eq(employees.companyId, companyId),
    sql`(${employees.dismissalDate} is null or ${employees.dismissalDate} > current_date)`,
  ];
  if (filter.onlyEmployeeIds) {
    if (filter.onlyEmployeeIds.length === 0) return [];
    conditions.push(inArray(employees.id, [...filter.onlyEmployeeIds]));
  }
  if (filter.search) {
    conditions.push(like(employees.searchText, buildContainsPattern(filter.search.toLowerCase())));
  }
  return db
    .select({ id: employees.id, name: employeeFullName, email: employees.workEmail })
    .from(employees)
    .where(and(...conditions))
    .orderBy(...MEMBER_ORDER)
    .limit(filter.limit);
}
