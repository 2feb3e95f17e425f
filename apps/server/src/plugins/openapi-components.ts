import {
  entityPermissionsSchema,
  levelSchema,
  permissionsMapSchema,
  permissionsResponseSchema,
  roleResponseSchema,
  roleSchema,
  roleSummarySchema,
  rolesListResponseSchema,
  visibilitySettingsSchema,
} from '@kadry/shared/permissions/schemas';
import {
  accountResponseSchema,
  accountSchema,
  rolesWithUsageResponseSchema,
  roleWithUsageSchema,
  staffUserResponseSchema,
  staffUserSchema,
  staffUsersResponseSchema,
  teamMemberSchema,
  teamPeopleResponseSchema,
  teamPersonSchema,
  teamResponseSchema,
  teamSchema,
  teamSummarySchema,
  teamsResponseSchema,
} from '@kadry/shared/schemas/admin';
import { translationsResponseSchema } from '@kadry/shared/schemas/auth';
import { pageMetaSchema } from '@kadry/shared/schemas/common';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import {
  cvParseResponseSchema,
  fieldOptionSchema,
  formDefinitionResponseSchema,
  formFieldSchema,
  inputMetaSchema,
  responseCreatedSchema,
} from '@kadry/shared/schemas/form';
import {
  applicationDetailsResponseSchema,
  applicationDetailsSchema,
  applicationFileSchema,
  applicationListResponseSchema,
  applicationSummaryResponseSchema,
  applicationSummarySchema,
  careersSettingsResponseSchema,
  careersSettingsSchema,
  commentListResponseSchema,
  commentResponseSchema,
  commentSchema,
  formListItemSchema,
  formListResponseSchema,
  namedItemsResponseSchema,
  notificationCountSchema,
  staffFormFieldSchema,
  staffFormResponseSchema,
  staffFormSchema,
  staffVacancyListResponseSchema,
  staffVacancyResponseSchema,
  staffVacancySchema,
  stageSchema,
  stagesResponseSchema,
} from '@kadry/shared/schemas/recruiting';
import {
  teamNodeSchema,
  teamTreeResponseSchema,
  visibleTeamBranchSchema,
  visibleTeamSchema,
  visibleTeamsResponseSchema,
} from '@kadry/shared/schemas/teams';
import {
  vacancyDetailsResponseSchema,
  vacancyDetailsSchema,
  vacancyLanguageSchema,
  vacancyListItemSchema,
  vacancyListMetaSchema,
  vacancyListResponseSchema,
} from '@kadry/shared/schemas/vacancy';
import { z } from 'zod';
import { type $ZodType, globalRegistry } from 'zod/v4/core';

/**
 * The wire schemas of packages/shared that the OpenAPI document names in `components.schemas` (and
 * refers to with `$ref`) instead of repeating them inline: the answers' shapes and the objects they
 * are made of. A schema used as a request body too also appears as `<name>Input` (its input shape).
 * Query and path parameter schemas stay out: OpenAPI lists those as parameters, not as schemas.
 */
export const OPENAPI_COMPONENTS: ReadonlyArray<readonly [id: string, schema: $ZodType]> = [
  // Shared by every part of the API.
  ['Error', errorBodySchema],
  ['PageMeta', pageMetaSchema],

  // The public careers API.
  ['VacancyLanguage', vacancyLanguageSchema],
  ['PublicVacancy', vacancyListItemSchema],
  ['PublicVacancyDetails', vacancyDetailsSchema],
  ['PublicVacancyListMeta', vacancyListMetaSchema],
  ['PublicVacancyList', vacancyListResponseSchema],
  ['PublicVacancyResponse', vacancyDetailsResponseSchema],
  ['FieldOption', fieldOptionSchema],
  ['InputMeta', inputMetaSchema],
  ['FormField', formFieldSchema],
  ['FormDefinition', formDefinitionResponseSchema],
  ['CvParseResponse', cvParseResponseSchema],
  ['ApplicationCreatedResponse', responseCreatedSchema],

  // Recruiting.
  ['Vacancy', staffVacancySchema],
  ['VacancyList', staffVacancyListResponseSchema],
  ['VacancyResponse', staffVacancyResponseSchema],
  ['Stage', stageSchema],
  ['StageList', stagesResponseSchema],
  ['NamedItemList', namedItemsResponseSchema],
  ['StaffFormField', staffFormFieldSchema],
  ['Form', staffFormSchema],
  ['FormResponse', staffFormResponseSchema],
  ['FormListItem', formListItemSchema],
  ['FormList', formListResponseSchema],
  ['CareersSettings', careersSettingsSchema],
  ['CareersSettingsResponse', careersSettingsResponseSchema],
  ['ApplicationSummary', applicationSummarySchema],
  ['ApplicationSummaryResponse', applicationSummaryResponseSchema],
  ['ApplicationList', applicationListResponseSchema],
  ['ApplicationFile', applicationFileSchema],
  ['Application', applicationDetailsSchema],
  ['ApplicationResponse', applicationDetailsResponseSchema],
  ['Comment', commentSchema],
  ['CommentResponse', commentResponseSchema],
  ['CommentList', commentListResponseSchema],
  ['NotificationCount', notificationCountSchema],

  // Roles and permissions.
  ['PermissionLevel', levelSchema],
  ['VisibilitySettings', visibilitySettingsSchema],
  ['EntityPermissions', entityPermissionsSchema],
  ['PermissionsMap', permissionsMapSchema],
  ['PermissionsResponse', permissionsResponseSchema],
  ['RoleSummary', roleSummarySchema],
  ['RoleSummaryList', rolesListResponseSchema],
  ['Role', roleSchema],
  ['RoleResponse', roleResponseSchema],
  ['RoleWithUsage', roleWithUsageSchema],
  ['RoleWithUsageList', rolesWithUsageResponseSchema],

  // Administration, teams, one's own account, texts.
  ['StaffUser', staffUserSchema],
  ['StaffUserList', staffUsersResponseSchema],
  ['StaffUserResponse', staffUserResponseSchema],
  ['TeamMember', teamMemberSchema],
  ['TeamSummary', teamSummarySchema],
  ['TeamList', teamsResponseSchema],
  ['Team', teamSchema],
  ['TeamResponse', teamResponseSchema],
  ['TeamPerson', teamPersonSchema],
  ['TeamPersonList', teamPeopleResponseSchema],
  ['TeamNode', teamNodeSchema],
  ['TeamTree', teamTreeResponseSchema],
  ['VisibleTeam', visibleTeamSchema],
  ['VisibleTeamBranch', visibleTeamBranchSchema],
  ['VisibleTeams', visibleTeamsResponseSchema],
  ['Account', accountSchema],
  ['AccountResponse', accountResponseSchema],
  ['Translations', translationsResponseSchema],
];

/** What fastify-type-provider-zod reads from a registry: an id, and any metadata zod keeps. */
type ComponentMeta = { id?: string | undefined; [key: string]: unknown };

/**
 * Metadata lookups that fall back to zod's global registry, where `.meta()` and `.describe()` put a
 * schema's description and format: the registry below only adds ids and must not hide those. (Like
 * fastify-type-provider-zod itself, this reaches into the registry's `_map`: zod offers no public
 * way to layer registries.)
 */
class WithGlobalMetadata<K extends $ZodType, V> extends WeakMap<K, V> {
  override get(key: K): V | undefined {
    return super.get(key) ?? (globalRegistry._map.get(key) as V | undefined);
  }

  override has(key: K): boolean {
    return super.has(key) || globalRegistry._map.has(key);
  }
}

/**
 * A fresh registry naming the components (for fastify-type-provider-zod's transforms). Its own rather
 * than zod's global one, so building the app changes nothing outside it.
 */
export function createComponentRegistry(): z.core.$ZodRegistry<ComponentMeta> {
  const registry = z.registry<ComponentMeta>();
  registry._map = new WithGlobalMetadata();
  const named = new Map<$ZodType, string>();
  for (const [id, schema] of OPENAPI_COMPONENTS) {
    if (registry._idmap.has(id)) throw new Error(`OpenAPI component ${id} is named twice`);
    const earlier = named.get(schema);
    if (earlier) throw new Error(`OpenAPI components ${earlier} and ${id} are the same schema`);
    named.set(schema, id);
    registry.add(schema, { id });
  }
  return registry;
}
