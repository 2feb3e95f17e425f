import { z } from 'zod';
import { objectIdSchema } from './common';

/*
 * The teams tree (issue 13, docs/decisions/015-teams-tree.md): the tree page and org chart
 * (`teams.tree`), moving a team (`teams.move`) and the visible-teams dictionary
 * (`dictionaries.visibleTeams`). One team with its members, and adding or renaming one, are in
 * schemas/admin.ts.
 */

/** A person shown on a team in the org chart. */
export const teamTreePersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeamTreePerson = z.infer<typeof teamTreePersonSchema>;

/**
 * A team of the tree, flat: the client nests by `parent_id` (a parent the user does not see makes
 * the team a root for them). Counts come from aggregates, so the tree of 300 teams and 10,000
 * employees is one query, not one per team.
 */
export const teamNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  is_hidden: z.boolean(),
  /** Child teams the user sees. */
  children_count: z.number().int(),
  members_count: z.number().int(),
  managers: z.array(teamTreePersonSchema),
  /** Whether the signed-in user's employee belongs to it. */
  is_member: z.boolean(),
  /** With `include=members` only (the org chart): every member but the managers, by name. */
  members: z.array(teamTreePersonSchema).optional(),
});
export type TeamNode = z.infer<typeof teamNodeSchema>;

/**
 * `GET teams.tree`: `filter=managed` (the `see_managed_teams` action, 403 without) keeps the teams the
 * user manages and those below them; `include=members` adds the members' names (the org chart).
 */
export const teamTreeQuerySchema = z.object({
  filter: z.enum(['all', 'managed']).default('all'),
  include: z.enum(['members']).optional(),
});
export type TeamTreeQuery = z.input<typeof teamTreeQuerySchema>;

/** Ordered by parent, then position among siblings, then name. */
export const teamTreeResponseSchema = z.object({ data: z.array(teamNodeSchema) });
export type TeamTreeResponse = z.infer<typeof teamTreeResponseSchema>;

/**
 * `PUT teams.move` → 200 `{ data: Team }`: a new parent (null: the top level, which needs Teams
 * update at to_all) and optionally a place among the new siblings (0 = first; needs the
 * `change_order` action, 403 without; past the end = last). Without `position` the team goes last
 * under a new parent, or stays where it is under the same one. A parent that is the team itself or
 * one of its descendants → 422 under `parent_id` (`teams.move_cycle`).
 */
export const teamMoveBodySchema = z.object({
  parent_id: objectIdSchema.nullable(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type TeamMoveBody = z.input<typeof teamMoveBodySchema>;

/** `GET dictionaries.visibleTeams`: `mode=list` (default) answers flat, sorted by name; `mode=tree` nested. */
export const visibleTeamsQuerySchema = z.object({ mode: z.enum(['list', 'tree']).default('list') });

export const visibleTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  is_hidden: z.boolean(),
});
export type VisibleTeam = z.infer<typeof visibleTeamSchema>;

export type VisibleTeamBranch = VisibleTeam & { children: VisibleTeamBranch[] };
export const visibleTeamBranchSchema: z.ZodType<VisibleTeamBranch> = visibleTeamSchema.extend({
  get children() {
    return z.array(visibleTeamBranchSchema);
  },
});

/**
 * The teams whose people the user sees (decision 013): `teams` sorted by name (spec §7.2) in list
 * mode; in tree mode the roots, each with its `children` by position.
 */
export const visibleTeamsResponseSchema = z.object({
  // Branches first: a list item would match them only with `children`, a branch would match the flat
  // schema too and lose its children.
  teams: z.union([z.array(visibleTeamBranchSchema), z.array(visibleTeamSchema)]),
});
export type VisibleTeamsResponse = z.infer<typeof visibleTeamsResponseSchema>;
