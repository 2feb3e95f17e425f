import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session-store';
import { canSeeObject, maskPermissionsByPlan, scopeWhere, stripHiddenFields } from './access';
import { findBuiltInPermissions } from './built-in-role-permissions';

const user = { id: 7, companyId: 3 } as SessionUser;
const access = { user, teamIds: [40], teammateIds: [7, 8] };
const rows = pgTable('rows', { ownerId: integer('owner_id'), teamId: integer('team_id') });
const dialect = new PgDialect();

describe('canSeeObject', () => {
  it('never shows another company’s object, whatever the level and ownership', () => {
    expect(canSeeObject('to_all', access, { companyId: 4, ownerId: 7 })).toBe(false);
    expect(canSeeObject('to_all', access, { companyId: 3 })).toBe(true);
  });

  it('follows the level: own; own and team (by team or by a teammate owner); all; nothing', () => {
    const own = { ownerId: 7 };
    const coOwned = { ownerIds: [99, 7] };
    const byTeam = { ownerId: 99, teamId: 40 };
    const byTeammate = { ownerId: 8 };
    const other = { ownerId: 99, teamId: 41 };
    const see = (level: Parameters<typeof canSeeObject>[0]) =>
      [own, coOwned, byTeam, byTeammate, other].map((object) => canSeeObject(level, access, object));
    expect(see('not_visible')).toEqual([false, false, false, false, false]);
    expect(see('only_my')).toEqual([true, true, false, false, false]);
    expect(see('only_my_and_my_team')).toEqual([true, true, true, true, false]);
    expect(see('to_all')).toEqual([true, true, true, true, true]);
  });
});

describe('scopeWhere', () => {
  it('adds no condition for to_all and matches nothing for not_visible', () => {
    expect(scopeWhere('to_all', access, { ownerId: rows.ownerId })).toBeUndefined();
    const none = scopeWhere('not_visible', access, { ownerId: rows.ownerId });
    expect(none && dialect.sqlToQuery(none).sql).toBe('false');
  });

  it('matches nothing when the columns cannot express the level (only_my without an owner)', () => {
    const condition = scopeWhere('only_my', access, { teamId: rows.teamId });
    expect(condition && dialect.sqlToQuery(condition).sql).toBe('false');
  });

  it('limits only_my to the owner, and the team level to the user’s teams and teammates', () => {
    const mine = scopeWhere('only_my', access, { ownerId: rows.ownerId, teamId: rows.teamId });
    const mineQuery = mine ? dialect.sqlToQuery(mine) : null;
    expect(mineQuery?.sql).toBe('"rows"."owner_id" in ($1)');
    expect(mineQuery?.params).toEqual([7]);
    const team = scopeWhere('only_my_and_my_team', access, { ownerId: rows.ownerId, teamId: rows.teamId });
    const teamQuery = team ? dialect.sqlToQuery(team) : null;
    expect(teamQuery?.sql).toBe(
      '("rows"."owner_id" in ($1) or "rows"."team_id" in (select unnest($2::int[])) or "rows"."owner_id" in (select unnest($3::int[])))',
    );
    expect(teamQuery?.params).toEqual([7, '{40}', '{7,8}']);
  });

  it('adds no team condition for a user in no team (an empty reach matches only their own rows)', () => {
    const alone = { user, teamIds: [], teammateIds: [] };
    const condition = scopeWhere('only_my_and_my_team', alone, {
      ownerId: rows.ownerId,
      teamId: rows.teamId,
    });
    expect(condition && dialect.sqlToQuery(condition).sql).toBe('"rows"."owner_id" in ($1)');
  });
});

describe('stripHiddenFields', () => {
  const permissions = findBuiltInPermissions('manager');

  it('removes the keys of the field permissions the role lacks on that entity, and nothing else', () => {
    const candidate = {
      id: 1,
      name: 'A',
      salary: '1',
      email: 'e',
      phone: 'p',
      files: [],
      cv: 'x',
      source: 's',
    };
    // A manager sees candidates' files only.
    expect(stripHiddenFields('Candidate', { permissions }, candidate)).toEqual({
      id: 1,
      name: 'A',
      files: [],
      cv: 'x',
      source: 's',
    });
  });

  it('leaves keys alone that the entity has no field permission for', () => {
    // Vacancies govern only salary: an email on a vacancy is not a person's email.
    expect(stripHiddenFields('Vacancy', { permissions }, { id: 1, salary: '1', email: 'jobs@x' })).toEqual({
      id: 1,
      email: 'jobs@x',
    });
  });

  it('does not change the object it was given', () => {
    const object = { id: 1, salary: '1' };
    stripHiddenFields('Vacancy', { permissions }, object);
    expect(object).toEqual({ id: 1, salary: '1' });
  });
});

describe('maskPermissionsByPlan', () => {
  it('turns every entity of a missing product off and leaves the rest', () => {
    const masked = maskPermissionsByPlan(findBuiltInPermissions('owner'), ['hrm_pro']);
    expect(masked.Candidate).toEqual({ visibilitySettings: null, actions: [], fields_view: [] });
    expect(masked['Vacancy.Tag'].visibilitySettings).toBeNull();
    expect(masked.Employee.visibilitySettings).toEqual(setAllLevel('to_all'));
    expect(masked.Settings.visibilitySettings).toEqual(setAllLevel('to_all'));
  });
});
