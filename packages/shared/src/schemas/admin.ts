import { z } from 'zod';
import { LOCALES } from '../constants';
import { ROLE_NAME_MAX_LENGTH, roleSummarySchema } from '../permissions/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { objectIdSchema, pageMetaSchema, pagingQuerySchema, queryIdSchema, searchTextSchema } from './common';

/**
 * Administration of the HR app (issue 5): staff accounts, custom roles, teams and the signed-in
 * user's own account. Paths are in routes.ts under `admin.*`, `roles.*`, `teams.*` and `account.*`.
 * Updates are PUT, sent by the HR client as POST with `_method=PUT` (spec §7.2).
 *
 * Who may do what (docs/decisions/006-administration.md):
 * - staff accounts and roles: owners only (assigning a role grants permissions, so anyone who could
 *   do it could give themselves everything); the company always keeps one enabled owner;
 * - teams: the `Teams` entity's permissions, where "my" teams are those the user manages and "my
 *   team" those the user belongs to;
 * - one's own account (name, language, time zone, password): everyone signed in.
 */

const name = z.string().trim().min(1).max(200);
const email = z.string().trim().toLowerCase().max(320).pipe(z.email());
/** An IANA time zone name the runtime knows, e.g. Europe/Kyiv. */
export const timezoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(isKnownTimeZone, { message: 'errors.invalid_value' });

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Staff accounts (owners only)

/** A staff account as the administration screen shows it. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  /** The employee record the account belongs to (issue 13: every account has one). */
  employee_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSummarySchema.pick({ id: true, key: true, name: true }),
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), is_manager: z.boolean() })),
  locale: z.enum(LOCALES),
  timezone: z.string(),
  is_disabled: z.boolean(),
  /** False until the person has set a password from their invitation (or a reset) link. */
  has_password: z.boolean(),
  /** ISO times. */
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const STAFF_USER_STATUSES = ['active', 'invited', 'disabled'] as const;

/** `GET admin.users`: search by name or email; active = enabled with a password; sorted by name. */
export const staffUsersQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema.optional(),
  role_id: queryIdSchema.optional(),
  team_id: queryIdSchema.optional(),
  status: z.enum(STAFF_USER_STATUSES).optional(),
});
export type StaffUsersQuery = z.input<typeof staffUsersQuerySchema>;

export const staffUsersResponseSchema = z.object({ data: z.array(staffUserSchema), meta: pageMetaSchema });
export const staffUserResponseSchema = z.object({ data: staffUserSchema });

/**
 * `POST admin.users`: creates an account without a password and emails the person a link to set
 * one (valid INVITATION_TTL_MS). An email already in the company → 422 under `email`.
 */
export const createStaffUserBodySchema = z.object({
  name,
  email,
  role_id: z.number().int(),
  locale: z.enum(LOCALES).default('en'),
  timezone: timezoneSchema.default('UTC'),
  team_ids: z.array(z.number().int()).max(100).default([]),
});
export type CreateStaffUserBody = z.input<typeof createStaffUserBodySchema>;

/**
 * `PUT admin.users.one`: fields left out keep their value. Disabling ends the person's sessions.
 * Refused with 422 when the company would be left without an enabled owner (`role_id` or
 * `is_disabled`), or when owners disable themselves.
 */
export const updateStaffUserBodySchema = z.object({
  name: name.optional(),
  email: email.optional(),
  role_id: z.number().int().optional(),
  locale: z.enum(LOCALES).optional(),
  timezone: timezoneSchema.optional(),
  is_disabled: z.boolean().optional(),
});
export type UpdateStaffUserBody = z.input<typeof updateStaffUserBodySchema>;

/** An invitation link works this long (a reset link: PASSWORD_RESET_TTL_MS). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// `POST admin.users.invite` (no body): sends a new set-password link to an enabled account → 204.

// ---------------------------------------------------------------------------------------------
// Custom roles (owners only; reading and editing are in permissions/schemas.ts)

/**
 * `POST roles.all` → 201 `{ data: Role }`. The new role starts with the permissions of
 * `copy_from_role_id` when given (any role of the company), otherwise with none.
 * `DELETE roles.one` → 204; built-in roles → 422; a role someone has → 409 (give them another first).
 */
export const createRoleBodySchema = z.object({
  name: z.string().trim().min(1).max(ROLE_NAME_MAX_LENGTH),
  copy_from_role_id: z.number().int().optional(),
});
export type CreateRoleBody = z.input<typeof createRoleBodySchema>;

/** `GET roles.all` also answers how many accounts have each role. */
export const roleWithUsageSchema = roleSummarySchema.extend({ users_count: z.number().int() });
export const rolesWithUsageResponseSchema = z.object({ data: z.array(roleWithUsageSchema) });
export type RoleWithUsage = z.infer<typeof roleWithUsageSchema>;

// ---------------------------------------------------------------------------------------------
// Teams (the Teams entity's permissions)

/** A member of a team: an employee (docs/decisions/012-people-model.md), with their work email. */
export const teamMemberSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  is_manager: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A team in the list (sorted by name, spec §3.2). */
export const teamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members_count: z.number().int(),
  managers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Whether the signed-in user belongs to it. */
  is_member: z.boolean(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/**
 * One team with its members. Teams are a tree (docs/decisions/015-teams-tree.md): `parent_id` null at
 * the top, `position` orders siblings, `children_count` counts its child teams (a team with any cannot be
 * deleted: 409); a hidden
 * team's members are seen only by whom decision 013 lets.
 */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  is_hidden: z.boolean(),
  children_count: z.number().int(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const teamsQuerySchema = z.object({ search: searchTextSchema.optional() });
export const teamsResponseSchema = z.object({ data: z.array(teamSummarySchema) });
export const teamResponseSchema = z.object({ data: teamSchema });

/** The longest team name. */
export const TEAM_NAME_MAX_LENGTH = 200;
const teamNameSchema = z.string().trim().min(1).max(TEAM_NAME_MAX_LENGTH);
/**
 * `POST teams.all` → 201: a name unique in the company (422 under `name`), optionally under a parent
 * team the user may add to (422 under `parent_id` otherwise) and hidden (Teams update at to_all).
 * The new team goes last among its siblings.
 */
export const teamBodySchema = z.object({
  name: teamNameSchema,
  parent_id: objectIdSchema.nullable().optional(),
  is_hidden: z.boolean().optional(),
});
export type TeamBody = z.input<typeof teamBodySchema>;
/**
 * `PUT teams.one` → 200: a new name (unique in the company, 422 under `name`) and/or the hidden flag
 * (Teams update at to_all, 403 otherwise). Moving is `PUT teams.move`.
 */
export const teamUpdateBodySchema = z.object({
  name: teamNameSchema.optional(),
  is_hidden: z.boolean().optional(),
});
export type TeamUpdateBody = z.input<typeof teamUpdateBodySchema>;

/** The most members one team has. */
export const TEAM_MEMBERS_MAX = 10_000;

/**
 * `PUT teams.members`: the whole member list; employees of the company. Changing who
 * is in a team changes what "my team" reaches, so it refreshes cached roles (rolesUpdatedAt).
 */
export const teamMembersBodySchema = z.object({
  members: z
    .array(z.object({ employee_id: objectIdSchema, is_manager: z.boolean().default(false) }))
    .max(TEAM_MEMBERS_MAX),
});
export type TeamMembersBody = z.input<typeof teamMembersBodySchema>;

// `DELETE teams.one` → 204; vacancies of the team keep existing without a team.

/** At most this many people answer one search of the team people directory. */
export const TEAM_PEOPLE_LIMIT = 100;

/**
 * `GET teams.people`: the employees (who have not left) someone who may create or update teams can
 * add to one (name and work email, sorted by name, at most TEAM_PEOPLE_LIMIT), searched by any name,
 * email or phone; below to_all only the user and their teammates (decision 009).
 * Create, rename and member updates answer `{ data: Team }`.
 */
export const teamPeopleQuerySchema = z.object({ search: searchTextSchema.optional() });
export const teamPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;
export const teamPeopleResponseSchema = z.object({ data: z.array(teamPersonSchema) });

// ---------------------------------------------------------------------------------------------
// One's own account

export const accountSchema = z.object({
  name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  timezone: z.string(),
  role: roleSummarySchema.pick({ id: true, key: true, name: true }),
});
export type Account = z.infer<typeof accountSchema>;
export const accountResponseSchema = z.object({ data: accountSchema });

/** `PUT account.profile`; a changed locale takes effect on the next page load. */
export const updateAccountBodySchema = z.object({
  name: name.optional(),
  locale: z.enum(LOCALES).optional(),
  timezone: timezoneSchema.optional(),
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

/**
 * `POST account.password` → 204: needs the current password (422 under `current_password` when
 * wrong); the new one follows the reset form's rules. Other sessions of the account end; this one
 * is rotated.
 */
export const changePasswordBodySchema = z.object({
  current_password: z.string().max(PASSWORD_MAX_LENGTH * 4),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH * 4),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
