import { routePattern } from '@kadry/shared/routes';
import {
  actionsTemplateQuerySchema,
  actionsTemplateResponseSchema,
  actionTemplateResponseSchema,
  actionTemplatesResponseSchema,
  createActionTemplateBodySchema,
  makeActionTaskBodySchema,
  makeActionTaskResponseSchema,
  templateEventsOneQuerySchema,
  templateEventsOneResponseSchema,
  templateEventsQuerySchema,
  templateEventsResponseSchema,
  updateActionTemplateBodySchema,
} from '@kadry/shared/schemas/action-templates';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { eventTemplatesResponseSchema } from '@kadry/shared/schemas/dictionaries';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  type ActionTemplatesContext,
  changeTemplate,
  createTemplate,
  getTemplate,
  listActionGroups,
  listEventTemplates,
  listTemplateEvents,
  listTemplateEventsOf,
  listTemplates,
  makeActionTask,
  removeTemplate,
} from './action-templates.service';

export type ActionTemplatesRoutesOptions = { db: Db; now?: () => Date };

const tags = ['action-templates'];
const errors = errorResponses(...STAFF_ERRORS);
const listErrors = errorResponses(...STAFF_ERRORS, 422);
const oneErrors = errorResponses(...STAFF_ERRORS, 404, 422);
const TEMPLATE_RULE =
  'Reading needs the Template view; creating, changing and deleting need the Template action at to_all.';
const ACTIONS_RULE =
  'Dashboard view and the hrActions widget (Employee view); only employees the user sees (decision 013), each trigger only where the user may see the date behind it (birth date: field_birth_date and personal info; start of work and anniversaries: field_start_of_work; probation: field_probation_period; dismissal: the profile). The user’s own actions are listed only when they do them themself.';
const PERIOD =
  'custom_period_start and custom_period_end (YYYY-MM-DD; empty or null: both empty is next month in the user’s time zone, one empty is the other’s calendar month), at most 366 days; team_ids, employee_ids and template_ids repeatable.';

/**
 * HR action templates (issue 15): the event template dictionary (spec §3.2), the templates' settings,
 * the actions they produce in a period for the dashboard (spec §7.2 dashboard.actions.*), and making
 * an action a task.
 */
export const actionTemplatesRoutes: FastifyPluginAsync<ActionTemplatesRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const now = opts.now ?? (() => new Date());

  async function contextOf(request: FastifyRequest): Promise<ActionTemplatesContext> {
    return { db, access: await getAccess(request), tariffs: request.company?.tariffs ?? [], now };
  }

  routes.get(
    routePattern('dashboard.dictionaries.eventTemplates'),
    {
      schema: {
        tags,
        summary: 'Event templates by category',
        description:
          "Spec §3.2: the company's active action templates keyed by category ('1' is HR). An entry's id is the template's id; the standard HR templates are 11, 12, 7, 5, 4, 13 in that order (splitHrTemplates in packages/shared gives `hr: { standard, custom }`). Any signed-in user; cache until settings.dictionaryUpdatedAt.event_template, the locale or the release changes.",
        response: { 200: eventTemplatesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError('unauthenticated');
      return listEventTemplates({ db, companyId: user.companyId, locale: user.locale });
    },
  );

  routes.get(
    routePattern('actionTemplates.all'),
    {
      schema: {
        tags,
        summary: 'Every action template of the company, switched-off ones too',
        description: TEMPLATE_RULE,
        response: { 200: actionTemplatesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listTemplates(await contextOf(request)) }),
  );

  routes.post(
    routePattern('actionTemplates.all'),
    {
      schema: {
        tags,
        summary: 'Create a company’s own action template',
        description: `Numbered from 100 after the company's others. ${TEMPLATE_RULE}`,
        body: createActionTemplateBodySchema,
        response: { 201: actionTemplateResponseSchema, ...listErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createTemplate(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('actionTemplates.one'),
    {
      schema: {
        tags,
        summary: 'One action template',
        description: TEMPLATE_RULE,
        params: idParamsSchema,
        response: { 200: actionTemplateResponseSchema, ...oneErrors },
      },
    },
    async (request) => ({ data: await getTemplate(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('actionTemplates.one'),
    {
      schema: {
        tags,
        summary: 'Change an action template (the whole of it); also POST with _method=PUT',
        description: `A standard template stays in the HR category; names null gives it back its built-in name, an empty description its built-in one. is_active false switches it off. ${TEMPLATE_RULE}`,
        params: idParamsSchema,
        body: updateActionTemplateBodySchema,
        response: { 200: actionTemplateResponseSchema, ...oneErrors },
      },
    },
    async (request) => ({
      data: await changeTemplate(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('actionTemplates.one'),
    {
      schema: {
        tags,
        summary: 'Delete a company’s own action template',
        description: `Standard templates are switched off instead (422). Tasks made of its actions stay. ${TEMPLATE_RULE}`,
        params: idParamsSchema,
        response: { 204: z.null(), ...oneErrors },
      },
    },
    async (request, reply) => {
      await removeTemplate(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('dashboard.actions.template'),
    {
      schema: {
        tags,
        summary: 'The actions the templates produce in a period, by template',
        description: `Spec §3.2 action template request. Every active template the filter keeps, with its total, how many have a task, and its first per_template actions, soonest first. ${PERIOD} ${ACTIONS_RULE}`,
        querystring: actionsTemplateQuerySchema,
        response: { 200: actionsTemplateResponseSchema, ...listErrors },
      },
    },
    async (request) => listActionGroups(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.actions.templateEvents'),
    {
      schema: {
        tags,
        summary: 'The actions the templates produce in a period, soonest first, paged',
        description: `Spec §3.2 templates-events request: page, per_page and the filters; status open (no task yet), task_created or all; mine: only actions the user does. ${PERIOD} ${ACTIONS_RULE}`,
        querystring: templateEventsQuerySchema,
        response: { 200: templateEventsResponseSchema, ...listErrors },
      },
    },
    async (request) => listTemplateEvents(await contextOf(request), request.query),
  );

  routes.get(
    routePattern('dashboard.actions.templateEventsOne'),
    {
      schema: {
        tags,
        summary: 'One template’s actions in a period, paged',
        description: `The route parameter is the template's id (an active one; 404 otherwise). ${PERIOD} ${ACTIONS_RULE}`,
        params: idParamsSchema,
        querystring: templateEventsOneQuerySchema,
        response: { 200: templateEventsOneResponseSchema, ...oneErrors },
      },
    },
    async (request) => listTemplateEventsOf(await contextOf(request), request.params.id, request.query),
  );

  routes.post(
    routePattern('dashboard.actions.task'),
    {
      schema: {
        tags,
        summary: 'Make an action a task (once)',
        description: `The action (template, employee, day) must be one the templates produce for someone the user sees (404 otherwise). The task is all-day on that day, about the employee, assigned to the person the template names when they can sign in (else the user), made through the tasks module (its Employee.Tasks rules apply). 201 with the new task; asking again answers 200 with the same task. ${ACTIONS_RULE}`,
        body: makeActionTaskBodySchema,
        response: { 200: makeActionTaskResponseSchema, 201: makeActionTaskResponseSchema, ...oneErrors },
      },
    },
    async (request, reply) => {
      const data = await makeActionTask(await contextOf(request), request.body);
      return reply.code(data.is_new ? 201 : 200).send({ data });
    },
  );
};
