import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { employees } from '../src/db/schema/employees';
import { teamMembers, teams } from '../src/db/schema/teams';
import { createTestDatabase } from '../test/db';
import { generatePeopleCompany, splitTeamLevels } from './people-company';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('splitTeamLevels', () => {
  it('splits 300 teams over three levels, and copes with tiny counts', () => {
    expect(splitTeamLevels(300)).toEqual([10, 60, 230]);
    expect(splitTeamLevels(3).reduce((a, b) => a + b)).toBe(3);
    expect(splitTeamLevels(1)).toEqual([1, 0, 0]);
  });
});

describe('generatePeopleCompany', () => {
  it('creates the employees in a three-level teams tree, each in one team, with an HR session', async () => {
    const company = await generatePeopleCompany(handle.db, {
      slug: 'gen-test',
      host: 'gen-test.localhost',
      employees: 500,
      teams: 30,
    });
    const { db } = handle;
    expect(await db.$count(employees, eq(employees.companyId, company.companyId))).toBe(501); // + the HR account's
    const tree = await db
      .select({ id: teams.id, parentId: teams.parentId, isHidden: teams.isHidden })
      .from(teams)
      .where(eq(teams.companyId, company.companyId));
    expect(tree).toHaveLength(30);
    const byId = new Map(tree.map((team) => [team.id, team]));
    const depth = (id: number | null): number =>
      id === null ? 0 : 1 + depth(byId.get(id)?.parentId ?? null);
    expect(Math.max(...tree.map((team) => depth(team.id)))).toBe(3);
    expect(tree.some((team) => team.isHidden)).toBe(true);
    expect(await db.$count(teamMembers, eq(teamMembers.companyId, company.companyId))).toBe(500);
    const managers = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from team_members where company_id = ${company.companyId} and is_manager`,
    );
    expect(managers.rows[0]?.n).toBe(30);
    expect(company.headers.cookie).toMatch(/^kadry_session=/);
    expect(company.headers.host).toBe('gen-test.localhost');
    expect(company.teamNames).toHaveLength(30);
  });
});
