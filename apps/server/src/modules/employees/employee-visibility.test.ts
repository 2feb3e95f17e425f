import { LEVELS, type Level } from '@kadry/shared/permissions/vocabulary';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import { employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import {
  canSeeEmployee,
  type EmployeeMembership,
  type EmployeeReader,
  employeeVisibleWhere,
  levelReaches,
} from './employee-visibility';

// Decision 013 as a matrix: level × named action × own / my team / open team / hidden team / no team,
// answered by the in-memory rule and by the SQL condition over a real database, which must agree.

const KINDS = ['own', 'my_team', 'my_hidden_team', 'open_team', 'hidden_team', 'no_team'] as const;
type Kind = (typeof KINDS)[number];
const ACTION_SETS = [
  [],
  ['view_in_open_teams'],
  ['view_in_hidden_teams'],
  ['view_without_team'],
  ['view_in_open_teams', 'view_in_hidden_teams'],
  ['view_in_open_teams', 'view_in_hidden_teams', 'view_without_team'],
] as const;

let database: DatabaseHandle;
let companyId: number;
const idOf = {} as Record<Kind, number>;
const membership = {} as Record<Kind, EmployeeMembership>;
let myTeam: number;
let myHiddenTeam: number;

/** What decision 013 says, written out independently of the implementation. */
function expected(level: Level, actions: readonly string[], kind: Kind): boolean {
  if (kind === 'own') return true;
  if (level === 'not_visible' || level === 'only_my') return false;
  if (kind === 'my_team' || kind === 'my_hidden_team') return true;
  if (level !== 'to_all') return false;
  if (kind === 'open_team') return actions.includes('view_in_open_teams');
  if (kind === 'hidden_team') return actions.includes('view_in_hidden_teams');
  return actions.includes('view_without_team');
}

function readerFor(level: Level, actions: readonly string[]): EmployeeReader {
  return {
    companyId,
    employeeId: idOf.own,
    level,
    viewInOpenTeams: actions.includes('view_in_open_teams'),
    viewInHiddenTeams: actions.includes('view_in_hidden_teams'),
    viewWithoutTeam: actions.includes('view_without_team'),
    teamIds: [myTeam, myHiddenTeam],
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  companyId = (await seedCompany(db)).id;
  // Another company's employee in no team: never seen, whatever the reader's actions.
  const other = (await seedCompany(db)).id;
  await db.insert(employees).values({ companyId: other, firstName: 'Elsewhere', lastName: 'Person' });
  for (const kind of KINDS) {
    const [row] = await db
      .insert(employees)
      .values({ companyId, firstName: kind, lastName: 'Person' })
      .returning({ id: employees.id });
    idOf[kind] = row?.id ?? 0;
  }
  const team = async (name: string, isHidden: boolean) => {
    const [row] = await db.insert(teams).values({ companyId, name, isHidden }).returning({ id: teams.id });
    return row?.id ?? 0;
  };
  myTeam = await team('Mine', false);
  myHiddenTeam = await team('Mine, hidden', true);
  const openTeam = await team('Open', false);
  const hiddenTeam = await team('Hidden', true);
  const members: [Kind, number, boolean][] = [
    ['own', myTeam, false],
    ['my_team', myTeam, false],
    ['my_hidden_team', myHiddenTeam, false],
    ['open_team', openTeam, false],
    ['hidden_team', hiddenTeam, false],
  ];
  for (const [kind, teamId] of members) {
    await db.insert(teamMembers).values({ companyId, teamId, employeeId: idOf[kind] });
  }
  const hidden = new Set([myHiddenTeam, hiddenTeam]);
  for (const kind of KINDS) {
    membership[kind] = {
      id: idOf[kind],
      teams: members
        .filter(([member]) => member === kind)
        .map(([, teamId]) => ({ id: teamId, isHidden: hidden.has(teamId) })),
    };
  }
});

afterAll(async () => {
  await database.close();
});

describe('employee visibility (decision 013)', () => {
  for (const level of LEVELS) {
    for (const actions of ACTION_SETS) {
      it(`${level} with [${actions.join(', ')}]: the rule and its SQL twin agree with the decision`, async () => {
        const reader = readerFor(level, actions);
        const rows = await database.db
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.companyId, companyId), employeeVisibleWhere(reader)));
        const seenBySql = new Set(rows.map((row) => row.id));
        for (const kind of KINDS) {
          const want = expected(level, actions, kind);
          expect(canSeeEmployee(reader, membership[kind]), `in memory: ${kind}`).toBe(want);
          expect(seenBySql.has(idOf[kind]), `SQL: ${kind}`).toBe(want);
        }
      });
    }
  }

  it('a level reaches own, my team and others as its name says', () => {
    expect(levelReaches('not_visible', 'own')).toBe(false);
    expect(levelReaches('only_my', 'own')).toBe(true);
    expect(levelReaches('only_my', 'team')).toBe(false);
    expect(levelReaches('only_my_and_my_team', 'team')).toBe(true);
    expect(levelReaches('only_my_and_my_team', 'other')).toBe(false);
    expect(levelReaches('to_all', 'other')).toBe(true);
  });
});
