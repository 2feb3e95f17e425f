import { routePattern } from '@kadry/shared/routes';
import {
  absenceBalanceResponseSchema,
  absenceDecisionBodySchema,
  absenceRequestResponseSchema,
  absenceTypesResponseSchema,
  createAbsenceRequestBodySchema,
  createdAbsenceRequestResponseSchema,
  rejectAbsenceBodySchema,
} from '@kadry/shared/schemas/absences';
import { idParamsSchema } from '@kadry/shared/schemas/common';
import { errorResponses, STAFF_ERRORS } from '@kadry/shared/schemas/error';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import { getAccess, requireAbility } from '../../plugins/access/access';
import {
  type AbsencesContext,
  cancelAbsenceRequest,
  createAbsenceRequest,
  decideAbsenceRequest,
  getAbsenceRequest,
  getOwnBalance,
  listTypes,
  revokeAbsenceRequest,
} from './absences.service';

export type AbsencesRoutesOptions = { db: Db; events: EventBus; now: () => Date };

const tags = ['absences'];
const errors = errorResponses(...STAFF_ERRORS, 404, 422);
const decisionErrors = errorResponses(...STAFF_ERRORS, 404, 409, 422);

/**
 * Absences under the `AbsenceRequest` permission (hrm plan; docs/decisions/018-absence-ledger.md).
 * A request out of the user's view answers 404 like a missing one.
 */
export const absencesRoutes: FastifyPluginAsync<AbsencesRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function contextOf(request: FastifyRequest): Promise<AbsencesContext> {
    return { db: opts.db, access: await getAccess(request), events: opts.events, now: opts.now };
  }

  routes.get(
    routePattern('absences.types'),
    {
      schema: {
        tags,
        summary: 'Absence types of the company',
        description: 'Every type, enabled or not, in order; seeded with the defaults on first use.',
        response: { 200: absenceTypesResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await getAccess(request);
      },
    },
    async (request) => ({ data: await listTypes(await contextOf(request)) }),
  );

  routes.post(
    routePattern('employeeRequest.requests'),
    {
      schema: {
        tags,
        summary: 'Request an absence',
        description:
          'For the user (default) or an employee their AbsenceRequest create level reaches. Days are counted on the employee’s calendar (holidays never count) and split over calendar years. 422 under the field: `date_from` when no day counts or the range overlaps a pending or approved request of the same person, `absence_type` when over the available balance of a period (pending requests count as used) and the policy does not allow going negative. Approved at once when the type needs no approval, or when someone with `create_absence` enters it for another person.',
        body: createAbsenceRequestBodySchema,
        response: { 201: createdAbsenceRequestResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'create');
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createAbsenceRequest(await contextOf(request), request.body) }),
  );

  routes.get(
    routePattern('employeeRequest.requests.one'),
    {
      schema: {
        tags,
        summary: 'One absence request with its approval steps',
        params: idParamsSchema,
        response: { 200: absenceRequestResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getAbsenceRequest(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('employeeRequest.requests.approve'),
    {
      schema: {
        tags,
        summary: 'Approve the current step of a request',
        description:
          'Needs the type’s approval action (approve_vacation, approve_sick_leave, …); never one’s own request. The step’s named approver (the manager, or the type’s fallback approver) may decide it; otherwise an AbsenceRequest update level that reaches the employee (to_all for an HR step). 409 when the request no longer awaits a decision.',
        params: idParamsSchema,
        body: absenceDecisionBodySchema.optional(),
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await decideAbsenceRequest(
        await contextOf(request),
        request.params.id,
        'approve',
        request.body?.reason || undefined,
      ),
    }),
  );

  routes.post(
    routePattern('employeeRequest.requests.reject'),
    {
      schema: {
        tags,
        summary: 'Reject a request (with a reason)',
        description: 'Who may approve the current step may reject it; the rest of the chain is skipped.',
        params: idParamsSchema,
        body: rejectAbsenceBodySchema,
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await decideAbsenceRequest(
        await contextOf(request),
        request.params.id,
        'reject',
        request.body.reason,
      ),
    }),
  );

  routes.post(
    routePattern('employeeRequest.requests.cancel'),
    {
      schema: {
        tags,
        summary: 'Withdraw a pending request',
        description: 'By whoever made it or the employee it is for; 409 once decided.',
        params: idParamsSchema,
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({ data: await cancelAbsenceRequest(await contextOf(request), request.params.id) }),
  );

  routes.post(
    routePattern('employeeRequest.requests.revoke'),
    {
      schema: {
        tags,
        summary: 'Revoke an approved absence',
        description:
          'By whoever may approve its type for the employee, or with `delete_absence` and an update level that reaches them. The days return to the balance as reversal entries.',
        params: idParamsSchema,
        body: absenceDecisionBodySchema.optional(),
        response: { 200: absenceRequestResponseSchema, ...decisionErrors },
      },
    },
    async (request) => ({
      data: await revokeAbsenceRequest(
        await contextOf(request),
        request.params.id,
        request.body?.reason || undefined,
      ),
    }),
  );

  routes.get(
    routePattern('dashboard.balance.absence'),
    {
      schema: {
        tags,
        summary: 'The user’s own absence balances',
        description:
          'Per enabled type that counts against a balance, for the current year of the user’s calendar: accrued (accruals, carry-over, expiry, adjustments), used (approved absences net of reversals), pending, available = accrued − used − pending.',
        response: { 200: absenceBalanceResponseSchema, ...errors },
      },
      preValidation: async (request) => {
        await requireAbility(request, 'AbsenceRequest', 'view');
      },
    },
    async (request) => ({ data: await getOwnBalance(await contextOf(request)) }),
  );
};
