import type { UserPermissions } from '@kadry/shared/permissions/schemas';
import type { Level } from '@kadry/shared/permissions/vocabulary';
import { type Team, type TeamSummary, teamSchema, teamSummarySchema } from '@kadry/shared/schemas/admin';
import { type TeamNode, teamNodeSchema } from '@kadry/shared/schemas/teams';
import type { z } from 'zod';
import { buildPermissions } from '../../lib/permissions/permissions-test-data';

// Wire answers for the teams screens' tests (imported by *.test.ts(x) files only), parsed with the
// schemas the server answers with. The signed-in user of render-app's page data is id 7.

/** A role with the given Teams levels (view at to_all unless told) and named Teams actions. */
export function teamsPermissions(
  levels: { create?: Level; update?: Level; delete?: Level; view?: Level } = {},
  roleKey: UserPermissions['role']['key'] = 'hr',
  actions: string[] = [],
): UserPermissions {
  const visibilitySettings = {
    create: levels.create ?? 'not_visible',
    update: levels.update ?? 'not_visible',
    delete: levels.delete ?? 'not_visible',
    view: levels.view ?? 'to_all',
    all: null,
  };
  return {
    ...buildPermissions({ Teams: { visibilitySettings, actions, fields_view: [] } }),
    role: { id: 2, key: roleKey, name: roleKey ?? 'Custom' },
  };
}

export function buildTeamSummary(overrides: Partial<z.input<typeof teamSummarySchema>> = {}): TeamSummary {
  return teamSummarySchema.parse({
    id: 1,
    name: 'Platform',
    members_count: 0,
    managers: [],
    is_member: false,
    ...overrides,
  });
}

export function buildTeam(overrides: Partial<z.input<typeof teamSchema>> = {}): Team {
  return teamSchema.parse({
    id: 1,
    name: 'Platform',
    parent_id: null,
    position: 0,
    is_hidden: false,
    children_count: 0,
    members: [
      { employee_id: 7, name: 'Olena Owner', email: 'olena@acme.test', is_manager: true },
      { employee_id: 8, name: 'Bohdan Backend', email: 'bohdan@acme.test', is_manager: false },
    ],
    ...overrides,
  });
}

/** A node of `GET teams.tree`. */
export function buildTeamNode(overrides: Partial<z.input<typeof teamNodeSchema>> = {}): TeamNode {
  return teamNodeSchema.parse({
    id: 1,
    name: 'Platform',
    parent_id: null,
    position: 0,
    is_hidden: false,
    children_count: 0,
    members_count: 0,
    managers: [],
    is_member: false,
    ...overrides,
  });
}
