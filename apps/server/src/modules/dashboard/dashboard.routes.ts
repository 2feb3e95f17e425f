import { routePattern } from '@kadry/shared/routes';
import {
  aboutCompanyBodySchema,
  aboutCompanyResponseSchema,
  birthdaysResponseSchema,
  companyInfoResponseSchema,
  currentLayoutBodySchema,
  dashboardWidgetsTextSchema,
  defaultLayoutBodySchema,
  defaultLayoutResponseSchema,
  layoutParamsBodySchema,
  myCandidatesQuerySchema,
  myCandidatesResponseSchema,
  upcomingDatesQuerySchema,
  widgetParamsBodySchema,
  widgetParamsResponseSchema,
  workAnniversariesResponseSchema,
} from '@kadry/shared/schemas/dashboard';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  type DashboardContext,
  getAboutCompany,
  getCompanyInfo,
  getDashboardState,
  getDefaultLayout,
  listBirthdays,
  listMyCandidates,
  listWorkAnniversaries,
  mergeWidgetParams,
  replaceWidgetParams,
  resetCurrentLayout,
  saveCurrentLayout,
  setAboutCompany,
  setDefaultLayout,
} from './dashboard.service';

export type DashboardRoutesOptions = { db: Db; now?: () => Date };

const tags = ['dashboard'];
const errors = errorResponses(...STAFF_ERRORS);
const writeErrors = errorResponses(...STAFF_ERRORS, 422);
const WIDGET_RULE =
  'Which widgets a user sees: packages/shared/src/dashboard-widgets.ts (plan module and permissions).';

/**
 * The dashboard (issue 15): each user's layout of widgets and their parameters, the company default,
 * company info, upcoming birthdays and work anniversaries, and the user's candidates. The absence
 * widgets read the absences module's dashboard routes; probation reads `employee.probation`.
 */
export const dashboardRoutes: FastifyPluginAsync<DashboardRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());

  async function contextOf(request: FastifyRequest): Promise<DashboardContext> {
    return { db, access: await getAccess(request), tariffs: request.company?.tariffs ?? [], now };
  }

  routes.get(
    routePattern('dashboard.widgets.all'),
    {
      schema: {
        tags,
        summary: 'The user’s dashboard: widgets in order with their parameters, as JSON text',
        description: `Spec §7.2: a text the client parses — a JSON string whose content is \`{ widgets: [{ name, params }], available, source, can_edit_default }\`. The layout is the user’s own, else the company default, else the built-in one; only widgets the plan and the user’s permissions allow are listed. ${WIDGET_RULE}`,
        response: { 200: dashboardWidgetsTextSchema, ...errors },
      },
    },
    async (request, reply) => {
      const text = JSON.stringify(await getDashboardState(await contextOf(request)));
      // A JSON string whose content is JSON text: sent encoded as it is (Fastify leaves strings alone).
      return reply.type('application/json').send(JSON.stringify(text));
    },
  );

  registerPutRoute(
    routes,
    routePattern('dashboard.layouts.current'),
    {
      schema: {
        tags,
        summary: 'Save the user’s widgets in order (add, remove, reorder); also POST with _method=PUT',
        description: `Widgets the user may not see are refused (403); ones stored earlier that they may not see now stay at the end. ${WIDGET_RULE}`,
        body: currentLayoutBodySchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await saveCurrentLayout(await contextOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    routePattern('dashboard.layouts.current'),
    {
      schema: {
        tags,
        summary: 'Forget the user’s own layout: the company default shows again',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetCurrentLayout(await contextOf(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    routePattern('dashboard.layouts.current.params'),
    {
      schema: {
        tags,
        summary: 'Replace one widget’s parameters (JSON text)',
        description:
          'Spec §7.2: `widget_name` and `params` as JSON text (e.g. employeesOnProbation `{"limit":10}`). Unknown keys or values out of range answer 422 under `params.<key>`.',
        body: layoutParamsBodySchema,
        response: { 200: widgetParamsResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({ data: await replaceWidgetParams(await contextOf(request), request.body) }),
  );

  routes.post(
    routePattern('dashboard.widgets.params'),
    {
      schema: {
        tags,
        summary:
          'Merge into one widget’s parameters: the stored ones, then `params` (JSON text), then extra fields',
        description:
          'Spec §7.2: any widget’s parameters merged with extras (e.g. absentToday `{"absence_type":"vacation"}`). The result is checked as a whole (422 under `params.<key>`).',
        body: widgetParamsBodySchema,
        response: { 200: widgetParamsResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({ data: await mergeWidgetParams(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('dashboard.layouts.default'),
    {
      schema: {
        tags,
        summary: 'The company default layout (the built-in one while none is set)',
        response: { 200: defaultLayoutResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getDefaultLayout(await contextOf(request)) }),
  );

  registerPutRoute(
    routes,
    routePattern('dashboard.layouts.default'),
    {
      schema: {
        tags,
        summary: 'Set the company default layout; also POST with _method=PUT',
        description:
          'Owners and roles with Settings update at to_all. Users without a layout of their own see it, each with only the widgets they may see.',
        body: defaultLayoutBodySchema,
        response: { 200: defaultLayoutResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({ data: await setDefaultLayout(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('dashboard.companyInfo'),
    {
      schema: {
        tags,
        summary: 'Company info: name, logo, working employees, open teams, the “about” text',
        response: { 200: companyInfoResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getCompanyInfo(await contextOf(request)) }),
  );

  routes.get(
    routePattern('dashboard.aboutCompany'),
    {
      schema: {
        tags,
        summary: 'The company’s “about” text',
        response: { 200: aboutCompanyResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getAboutCompany(await contextOf(request)) }),
  );

  registerPutRoute(
    routes,
    routePattern('dashboard.aboutCompany'),
    {
      schema: {
        tags,
        summary: 'Change the company’s “about” text; also POST with _method=PUT',
        description: 'Owners and roles with Settings update at to_all.',
        body: aboutCompanyBodySchema,
        response: { 200: aboutCompanyResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({ data: await setAboutCompany(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('dashboard.birthdays.list'),
    {
      config: { plan: 'hrm' },
      schema: {
        tags,
        summary: 'Upcoming birthdays of the people the user sees',
        description: `The next \`days\` days, today included, soonest first. Only people whose birth date the user may see (field_birth_date; the personal-info level reaching them). 29 February is celebrated on 28 February in a year without one. ${WIDGET_RULE}`,
        querystring: upcomingDatesQuerySchema,
        response: { 200: birthdaysResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => listBirthdays(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.importantDate'),
    {
      config: { plan: 'hrm' },
      schema: {
        tags,
        summary: 'Upcoming work anniversaries of the people the user sees',
        description: `A year or more since the start of work, in the next \`days\` days (today included), soonest first. Only people whose start of work the user may see (field_start_of_work; the profile level reaching them). ${WIDGET_RULE}`,
        querystring: upcomingDatesQuerySchema,
        response: { 200: workAnniversariesResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => listWorkAnniversaries(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('employee.candidates'),
    {
      config: { plan: 'ats' },
      schema: {
        tags,
        summary: 'The user’s candidates: open applications on vacancies they recruit for',
        description: `Newest first; rejected applications are left out. Needs the Candidate view. ${WIDGET_RULE}`,
        querystring: myCandidatesQuerySchema,
        response: { 200: myCandidatesResponseSchema, ...errorResponses(...STAFF_ERRORS, 422) },
      },
    },
    async (request) => listMyCandidates(await contextOf(request), request.query),
  );
};
