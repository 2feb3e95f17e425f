import { routePattern } from '@kadry/shared/routes';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import {
  applicationInterviewsResponseSchema,
  interviewDetailsResponseSchema,
  interviewInputSchema,
  interviewResponseSchema,
  myInterviewsResponseSchema,
  scorecardInputSchema,
  scorecardResponseSchema,
} from '@kadry/shared/schemas/interviews';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import { getAccess } from '../../plugins/access/access';
import { registerPutRoute } from '../../plugins/method-override';
import {
  cancelInterview,
  getInterview,
  type InterviewContext,
  listApplicationInterviews,
  listMyInterviews,
  rescheduleInterview,
  scheduleInterview,
  submitScorecard,
} from './interviews.service';

export type InterviewsRoutesOptions = { db: Db; events: EventBus; jobs: JobQueue; now: () => Date };

const config = { plan: 'ats' as const };
const tags = ['applications'];
const errors = errorResponses(...STAFF_ERRORS, 404);

/**
 * Interviews and scorecards (issue 17 part 2): scheduling from the card with calendar invitations,
 * rescheduling and cancelling, the interviewer's own list and scorecard.
 */
export const interviewsRoutes: FastifyPluginAsync<InterviewsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<InterviewContext> {
    return {
      db: opts.db,
      access: await getAccess(request),
      events: opts.events,
      jobs: opts.jobs,
      now: opts.now,
      linkOrigin: request.linkOrigin,
    };
  }

  routes.get(
    routePattern('recruiting.applications.interviews'),
    {
      config,
      schema: {
        tags,
        summary: "The application's interviews with the scorecards the user may see, summed up",
        description:
          'Candidate view level. An interviewer of one of its interviews sees colleagues\u2019 scorecards ' +
          'only after submitting their own, unless the role has the Candidate action ' +
          '`see_scorecards_before_submitting`; `hidden_scorecards` counts those held back.',
        params: idParamsSchema,
        response: { 200: applicationInterviewsResponseSchema, ...errors },
      },
    },
    async (request) => listApplicationInterviews(await contextOf(request), request.params.id),
  );

  routes.post(
    routePattern('recruiting.applications.interviews'),
    {
      config,
      schema: {
        tags,
        summary: 'Schedule an interview: the candidate and the interviewers get an invitation (.ics)',
        description:
          'Candidate update level. `date` and `time` are local to `time_zone` (IANA); the start must lie ' +
          'ahead. Each invitation carries an .ics (METHOD:REQUEST, DTSTART;TZID=<time_zone>, a stable ' +
          'UID); a reminder goes before the start. 409 while the application is rejected; 422 for an ' +
          'interviewer who is not an enabled staff account.',
        params: idParamsSchema,
        body: interviewInputSchema,
        response: { 201: interviewResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await scheduleInterview(await contextOf(request), request.params.id, request.body) }),
  );

  routes.get(
    routePattern('recruiting.interviews.one'),
    {
      config,
      schema: {
        tags,
        summary: 'One interview with its scorecards the user may see (the interviewer\u2019s kit)',
        description: 'For its interviewers, and for whoever reaches its application; 404 for anyone else.',
        params: idParamsSchema,
        response: { 200: interviewDetailsResponseSchema, ...errors },
      },
    },
    async (request) => getInterview(await contextOf(request), request.params.id),
  );

  // Also as POST with _method=PUT: how the HR app's client sends every update.
  registerPutRoute(
    routes,
    routePattern('recruiting.interviews.one'),
    {
      config,
      schema: {
        tags,
        summary: 'Reschedule or edit an interview; the people concerned get an update',
        description:
          'Candidate update level. A new moment, place or link goes to the candidate and the ' +
          'interviewers (same UID, SEQUENCE + 1); added interviewers get the invitation, removed ones ' +
          'its cancellation. 409 once cancelled.',
        params: idParamsSchema,
        body: interviewInputSchema,
        response: { 200: interviewResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request) => ({
      data: await rescheduleInterview(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.post(
    routePattern('recruiting.interviews.cancel'),
    {
      config,
      schema: {
        tags,
        summary: 'Cancel an interview; the candidate and the interviewers get the cancellation (.ics)',
        description: 'Candidate update level. METHOD:CANCEL with the same UID. 409 when cancelled already.',
        params: idParamsSchema,
        response: { 200: interviewResponseSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await cancelInterview(await contextOf(request), request.params.id) }),
  );

  // Also as POST with _method=PUT: how the HR app's client sends every update.
  registerPutRoute(
    routes,
    routePattern('recruiting.interviews.scorecard'),
    {
      config,
      schema: {
        tags,
        summary: "Submit or change the user's own scorecard for an interview they interview at",
        description:
          'Every attribute of the vacancy rated 1–4, a recommendation (strong_no … strong_yes), notes. ' +
          '403 for someone who reaches the application but does not interview; 409 once cancelled.',
        params: idParamsSchema,
        body: scorecardInputSchema,
        response: { 200: scorecardResponseSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request) => ({
      data: await submitScorecard(await contextOf(request), request.params.id, request.body),
    }),
  );

  routes.get(
    routePattern('recruiting.myInterviews'),
    {
      config,
      schema: {
        tags,
        summary:
          "The user's interviews as an interviewer: upcoming ones, and recent ones awaiting a scorecard",
        response: { 200: myInterviewsResponseSchema, ...errorResponses(401, 419) },
      },
    },
    async (request) => ({ data: await listMyInterviews(await contextOf(request)) }),
  );
};
