/**
 * The staff API as the HR app calls it, one table for every check of it: for each route name and
 * method, the status of the answer and the schema that answer has (the server's response schema),
 * plus the body schema where the server takes that one as it is.
 * - tooling/openapi/contract.check.ts holds these to the types openapi-typescript generates from the
 *   served OpenAPI document; tooling/openapi/check-hr-calls.ts fails when the HR app calls a route
 *   and method missing here;
 * - the HR app's test fakes are checked against it (apps/hr/src/test/api-contract.ts), so a fake
 *   cannot drift from the server.
 * `put` is the PUT operation (the HR client sends it as POST with `_method=PUT`, which answers the same).
 */

import type { ZodType } from 'zod';
import { permissionsResponseSchema, roleResponseSchema } from './permissions/schemas';
import type { RouteName } from './routes';
import {
  accountResponseSchema,
  createRoleBodySchema,
  createStaffUserBodySchema,
  rolesWithUsageResponseSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
  teamBodySchema,
  teamMembersBodySchema,
  teamPeopleResponseSchema,
  teamResponseSchema,
  teamsResponseSchema,
  updateAccountBodySchema,
  updateStaffUserBodySchema,
} from './schemas/admin';
import { translationsResponseSchema } from './schemas/auth';
import { formDefinitionResponseSchema } from './schemas/form';
import {
  applicationDetailsResponseSchema,
  applicationListResponseSchema,
  applicationSummaryResponseSchema,
  careersSettingsInputSchema,
  careersSettingsResponseSchema,
  commentInputSchema,
  commentListResponseSchema,
  commentResponseSchema,
  formInputSchema,
  formListResponseSchema,
  formPreviewInputSchema,
  markNotificationsReadInputSchema,
  moveApplicationInputSchema,
  namedItemsResponseSchema,
  notificationCountSchema,
  staffFormResponseSchema,
  staffVacancyListResponseSchema,
  staffVacancyResponseSchema,
  stagesInputSchema,
  stagesResponseSchema,
  vacancyInputSchema,
} from './schemas/recruiting';

export type ContractMethod = 'get' | 'post' | 'put' | 'delete';

/** One call: the success status, its JSON answer's schema (null for 204), the JSON body's schema. */
export type ContractCall = { status: 200 | 201 | 204; response: ZodType | null; body?: ZodType };

const noContent = { status: 204, response: null } as const;

export const STAFF_API_CONTRACT = {
  'vueGlobal.translations': { get: { status: 200, response: translationsResponseSchema } },
  'vueGlobal.permissions': { get: { status: 200, response: permissionsResponseSchema } },

  'roles.all': {
    get: { status: 200, response: rolesWithUsageResponseSchema },
    post: { status: 201, response: roleResponseSchema, body: createRoleBodySchema },
  },
  'roles.one': {
    get: { status: 200, response: roleResponseSchema },
    // No body here: the shared schema types each entity's actions as string, the document lists them.
    put: { status: 200, response: roleResponseSchema },
    delete: noContent,
  },

  'recruiting.vacancies': {
    get: { status: 200, response: staffVacancyListResponseSchema },
    post: { status: 201, response: staffVacancyResponseSchema, body: vacancyInputSchema },
  },
  'recruiting.vacancies.one': {
    get: { status: 200, response: staffVacancyResponseSchema },
    put: { status: 200, response: staffVacancyResponseSchema, body: vacancyInputSchema },
    delete: noContent,
  },
  'recruiting.vacancies.publish': { post: { status: 200, response: staffVacancyResponseSchema } },
  'recruiting.vacancies.withdraw': { post: { status: 200, response: staffVacancyResponseSchema } },
  'recruiting.vacancies.copy': { post: { status: 201, response: staffVacancyResponseSchema } },
  'recruiting.vacancies.stages': {
    get: { status: 200, response: stagesResponseSchema },
    put: { status: 200, response: stagesResponseSchema, body: stagesInputSchema },
  },
  'recruiting.teams': { get: { status: 200, response: namedItemsResponseSchema } },
  'recruiting.users': { get: { status: 200, response: namedItemsResponseSchema } },

  'recruiting.forms': {
    get: { status: 200, response: formListResponseSchema },
    post: { status: 201, response: staffFormResponseSchema, body: formInputSchema },
  },
  'recruiting.forms.one': {
    get: { status: 200, response: staffFormResponseSchema },
    put: { status: 200, response: staffFormResponseSchema, body: formInputSchema },
    delete: noContent,
  },
  'recruiting.forms.preview': {
    post: { status: 200, response: formDefinitionResponseSchema, body: formPreviewInputSchema },
  },

  'recruiting.careersSettings': {
    get: { status: 200, response: careersSettingsResponseSchema },
    put: { status: 200, response: careersSettingsResponseSchema, body: careersSettingsInputSchema },
  },
  // Multipart (the logo file): no JSON body to compare.
  'recruiting.careersSettings.logo': { post: { status: 200, response: careersSettingsResponseSchema } },

  'recruiting.applications': { get: { status: 200, response: applicationListResponseSchema } },
  'recruiting.applications.one': { get: { status: 200, response: applicationDetailsResponseSchema } },
  'recruiting.applications.stage': {
    put: { status: 200, response: applicationSummaryResponseSchema, body: moveApplicationInputSchema },
  },
  'recruiting.applications.comments': {
    get: { status: 200, response: commentListResponseSchema },
    post: { status: 201, response: commentResponseSchema, body: commentInputSchema },
  },

  'recruiting.notifications.count': { get: { status: 200, response: notificationCountSchema } },
  'recruiting.notifications.read': {
    post: { status: 200, response: notificationCountSchema, body: markNotificationsReadInputSchema },
  },

  'admin.users': {
    get: { status: 200, response: staffUsersResponseSchema },
    post: { status: 201, response: staffUserResponseSchema, body: createStaffUserBodySchema },
  },
  'admin.users.one': {
    put: { status: 200, response: staffUserResponseSchema, body: updateStaffUserBodySchema },
  },
  'admin.users.invite': { post: noContent },

  'teams.all': {
    get: { status: 200, response: teamsResponseSchema },
    post: { status: 201, response: teamResponseSchema, body: teamBodySchema },
  },
  'teams.one': {
    get: { status: 200, response: teamResponseSchema },
    put: { status: 200, response: teamResponseSchema, body: teamBodySchema },
    delete: noContent,
  },
  'teams.members': { put: { status: 200, response: teamResponseSchema, body: teamMembersBodySchema } },
  'teams.people': { get: { status: 200, response: teamPeopleResponseSchema } },

  'account.profile': {
    get: { status: 200, response: accountResponseSchema },
    put: { status: 200, response: accountResponseSchema, body: updateAccountBodySchema },
  },
  // The server widens the shared password body's limits (account.routes.ts): only the answer here.
  'account.password': { post: noContent },
} as const satisfies Partial<Record<RouteName, Partial<Record<ContractMethod, ContractCall>>>>;
