import { routePattern } from '@kadry/shared/routes';
import {
  absencePoliciesResponseSchema,
  absencePolicyResponseSchema,
  balanceAdjustmentBodySchema,
  balanceAdjustmentResponseSchema,
  calendarAssignmentsBodySchema,
  calendarDayBodySchema,
  calendarDayParamsSchema,
  calendarDayResponseSchema,
  calendarDaysQuerySchema,
  calendarDaysResponseSchema,
  createAbsencePolicyBodySchema,
  editableAbsenceTypeResponseSchema,
  editableAbsenceTypesResponseSchema,
  holidayCountriesResponseSchema,
  importHolidaysBodySchema,
  importHolidaysResponseSchema,
  updateAbsencePolicyBodySchema,
  updateAbsenceTypeBodySchema,
  workCalendarBodySchema,
  workCalendarResponseSchema,
  workCalendarsResponseSchema,
} from '@kadry/shared/schemas/absence-settings';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import { getAccess, hasNamedAction } from '../../../plugins/access/access';
import { registerPutRoute } from '../../../plugins/method-override';
import {
  addWorkCalendarDay,
  adjustBalance,
  changeWorkCalendarDay,
  createAbsencePolicy,
  createWorkCalendar,
  deleteAbsencePolicy,
  deleteWorkCalendar,
  getWorkCalendar,
  importWorkCalendarHolidays,
  listAbsencePolicies,
  listEditableTypes,
  listHolidayCountries,
  listWorkCalendarDays,
  listWorkCalendars,
  removeWorkCalendarDay,
  requireAbsenceSettings,
  type SettingsContext,
  setWorkCalendarAssignments,
  updateAbsencePolicy,
  updateAbsenceType,
  updateWorkCalendar,
} from './settings.service';

export type AbsenceSettingsRoutesOptions = { db: Db; now: () => Date };

const tags = ['absences'];
const config = { plan: 'hrm' as const };
const readErrors = errorResponses(...STAFF_ERRORS, 404);
const errors = errorResponses(...STAFF_ERRORS, 404, 409, 422);
const WHO = 'Owners and roles with Settings update at to_all.';

/**
 * Absence settings (issue 14, docs/decisions/018-absence-ledger.md): types, policies and work
 * calendars, for owners and roles that change the company's settings (HRM plan); manual balance
 * adjustments for AbsenceRequest `update_absence`. Permission is checked before validation, so a
 * user without it learns nothing from a 422. Objects of another company answer 404.
 */
export const absenceSettingsRoutes: FastifyPluginAsync<AbsenceSettingsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<SettingsContext> {
    return { db: opts.db, access: await getAccess(request), now: opts.now };
  }

  const guard = async (request: FastifyRequest) => {
    requireAbsenceSettings(await getAccess(request));
  };

  routes.get(
    routePattern('absences.settings.types'),
    {
      config,
      schema: {
        tags,
        summary: 'Absence types to edit',
        description: `Every type, switched off ones too, with its fallback approver. ${WHO}`,
        response: { 200: editableAbsenceTypesResponseSchema, ...readErrors },
      },
      preValidation: guard,
    },
    async (request) => ({ data: await listEditableTypes(await contextOf(request)) }),
  );

  registerPutRoute(
    routes,
    routePattern('absences.settings.type'),
    {
      config,
      schema: {
        tags,
        summary: 'Change an absence type; also POST with _method=PUT',
        description: `Any of its fields; the rest stay. A type that needs approval needs an approval chain (422 under approval_chain); one that does not keeps an empty chain (its requests are approved at once). The unit cannot switch between hours and days once requests use the type (409). ${WHO}`,
        params: idParamsSchema,
        body: updateAbsenceTypeBodySchema,
        response: { 200: editableAbsenceTypeResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await updateAbsenceType(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.get(
    routePattern('absences.settings.policies'),
    {
      config,
      schema: {
        tags,
        summary: 'Absence policies',
        description: `Every policy by type, with the teams and people it is assigned to. ${WHO}`,
        response: { 200: absencePoliciesResponseSchema, ...readErrors },
      },
      preValidation: guard,
    },
    async (request) => ({ data: await listAbsencePolicies(await contextOf(request)) }),
  );

  routes.post(
    routePattern('absences.settings.policies'),
    {
      config,
      schema: {
        tags,
        summary: 'Create an absence policy',
        description: `Making it the default unmarks the type's previous default. Teams and people assigned to it leave the type's other policies (a person's own assignment wins over a team's, a team's over the default). ${WHO}`,
        body: createAbsencePolicyBodySchema,
        response: { 201: absencePolicyResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createAbsencePolicy(await contextOf(request), request.body) }),
  );

  registerPutRoute(
    routes,
    routePattern('absences.settings.policy'),
    {
      config,
      schema: {
        tags,
        summary: 'Change an absence policy; also POST with _method=PUT',
        description: `The whole policy (its type stays). Switching it off = no assignments and not the default. ${WHO}`,
        params: idParamsSchema,
        body: updateAbsencePolicyBodySchema,
        response: { 200: absencePolicyResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await updateAbsencePolicy(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('absences.settings.policy'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete an absence policy',
        description: `409 when the ledger holds accruals, carry-overs or expiries it generated: switch it off instead. ${WHO}`,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) => {
      await deleteAbsencePolicy(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('absences.settings.calendars'),
    {
      config,
      schema: {
        tags,
        summary: 'Work calendars',
        description: `The default first, then by name, with how many people and teams are assigned to each and how many current employees count on it in the end (own, else nearest team's, else the default). ${WHO}`,
        response: { 200: workCalendarsResponseSchema, ...readErrors },
      },
      preValidation: guard,
    },
    async (request) => ({ data: await listWorkCalendars(await contextOf(request)) }),
  );

  routes.post(
    routePattern('absences.settings.calendars'),
    {
      config,
      schema: {
        tags,
        summary: 'Create a work calendar',
        description: `Weekly working days (ISO 1 = Monday … 7 = Sunday), an IANA time zone (422 under time_zone otherwise) and a country whose holidays the package knows (422 under country_code). The company's first calendar becomes its default. ${WHO}`,
        body: workCalendarBodySchema,
        response: { 201: workCalendarResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createWorkCalendar(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('absences.settings.calendar'),
    {
      config,
      schema: {
        tags,
        summary: 'One work calendar with the people and teams assigned to it',
        params: idParamsSchema,
        response: { 200: workCalendarResponseSchema, ...readErrors },
      },
      preValidation: guard,
    },
    async (request) => ({ data: await getWorkCalendar(await contextOf(request), request.params.id) }),
  );

  registerPutRoute(
    routes,
    routePattern('absences.settings.calendar'),
    {
      config,
      schema: {
        tags,
        summary: 'Change a work calendar; also POST with _method=PUT',
        description: `Making it the default unmarks the previous default. New requests count on what it says from now on; requests made before keep their counted days. ${WHO}`,
        params: idParamsSchema,
        body: workCalendarBodySchema,
        response: { 200: workCalendarResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await updateWorkCalendar(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    routePattern('absences.settings.calendar'),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a work calendar',
        description: `Its people go back to the default calendar. The default cannot be deleted while other calendars exist (409). ${WHO}`,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) => {
      await deleteWorkCalendar(await contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    routePattern('absences.settings.calendar.days'),
    {
      config,
      schema: {
        tags,
        summary: "A calendar's public holidays, days off and transferred working days of a year",
        params: idParamsSchema,
        querystring: calendarDaysQuerySchema,
        response: { 200: calendarDaysResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await listWorkCalendarDays(await contextOf(request), request.params.id, request.query.year),
    }),
  );

  routes.post(
    routePattern('absences.settings.calendar.days'),
    {
      config,
      schema: {
        tags,
        summary: 'Add a day to a calendar',
        description: `One entry per date (422 under date when the calendar has one). A working_day makes a day the calendar does not work a working one (422 under kind on a day it already works). ${WHO}`,
        params: idParamsSchema,
        body: calendarDayBodySchema,
        response: { 201: calendarDayResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await addWorkCalendarDay(await contextOf(request), request.params.id, request.body),
      }),
  );

  registerPutRoute(
    routes,
    routePattern('absences.settings.calendar.day'),
    {
      config,
      schema: {
        tags,
        summary: 'Change a day of a calendar; also POST with _method=PUT',
        params: calendarDayParamsSchema,
        body: calendarDayBodySchema,
        response: { 200: calendarDayResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await changeWorkCalendarDay(
        await contextOf(request),
        request.params.id,
        request.params.day_id,
        request.body,
      ),
    }),
  );

  routes.delete(
    routePattern('absences.settings.calendar.day'),
    {
      config,
      schema: {
        tags,
        summary: 'Remove a day from a calendar',
        params: calendarDayParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      preValidation: guard,
    },
    async (request, reply) => {
      await removeWorkCalendarDay(await contextOf(request), request.params.id, request.params.day_id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    routePattern('absences.settings.calendar.importHolidays'),
    {
      config,
      schema: {
        tags,
        summary: "Import a country's public holidays of a year",
        description: `From the date-holidays package (shipped, no network): public holidays only, named in the company's language where the package has it. Dates the calendar already has stay as they are, so importing again adds nothing; the answer tells how many were added and skipped. ${WHO}`,
        params: idParamsSchema,
        body: importHolidaysBodySchema,
        response: { 200: importHolidaysResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await importWorkCalendarHolidays(await contextOf(request), request.params.id, request.body),
    }),
  );

  registerPutRoute(
    routes,
    routePattern('absences.settings.calendar.assignments'),
    {
      config,
      schema: {
        tags,
        summary: 'Who counts on a calendar; also POST with _method=PUT',
        description: `employee_ids: everyone assigned to it themselves (others go back to their team's calendar, else the default). team_ids, when given: every team assigned to it (stored, not copied: later joiners and sub-teams without a calendar of their own count on it; a team on another calendar moves here; teams left out are unassigned); omitted, the teams stay. A person counts on their own calendar, else their nearest team's (walking up the teams tree; at the same distance the lowest team id), else the company default. ${WHO}`,
        params: idParamsSchema,
        body: calendarAssignmentsBodySchema,
        response: { 200: workCalendarResponseSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => ({
      data: await setWorkCalendarAssignments(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.get(
    routePattern('absences.settings.holidayCountries'),
    {
      config,
      schema: {
        tags,
        summary: 'Countries whose public holidays can be imported',
        description: `Named in the reader's language. ${WHO}`,
        response: { 200: holidayCountriesResponseSchema, ...readErrors },
      },
      preValidation: guard,
    },
    async (request) => ({ data: await listHolidayCountries(await contextOf(request)) }),
  );

  routes.post(
    routePattern('absences.settings.adjustments'),
    {
      config,
      schema: {
        tags,
        summary: 'Adjust a balance by hand',
        description:
          'Posts an `adjustment` ledger entry (± amount, a note required) to an employee’s balance of a type for a year; answers that ledger line by line. Needs AbsenceRequest `update_absence` and an update level that reaches the employee, never on one’s own balance. 422 under employee_id for someone the user cannot see, under absence_type for a type without a balance.',
        body: balanceAdjustmentBodySchema,
        response: { 201: balanceAdjustmentResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        if (!hasNamedAction(await getAccess(request), 'AbsenceRequest', 'update_absence')) {
          throw new AppError('forbidden');
        }
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await adjustBalance(await contextOf(request), request.body) }),
  );
};
