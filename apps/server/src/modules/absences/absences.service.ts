import {
  ABSENCE_TYPE_NUMBERS,
  type AbsenceBalance,
  type AbsenceRequest,
  type AbsenceStatus,
  type AbsenceType,
  type AbsenceTypeCode,
  APPROVAL_ACTION_OF_TYPE,
  type ApproverRole,
  type DayCounting,
} from '@kadry/shared/schemas/absences';
import type { AbsenceRequestRow, AbsenceRequestStepRow, AbsenceTypeRow } from '../../db/schema/absences';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { type Access, hasNamedAction, levelFor } from '../../plugins/access/access';
import {
  canSeeEmployee,
  levelReaches,
  type Relation,
  readerOf,
  relationOf,
} from '../employees/employee-visibility';
import {
  type AbsenceEmployee,
  ensureAbsenceTypes,
  findAbsenceEmployee,
  findEmployeeCalendar,
  findLiveRequestsInRange,
  findPolicyFor,
  findRequest,
  insertLedgerEntries,
  insertRequest,
  listAbsenceTypes,
  lockEmployeeAbsences,
  type NewLedgerEntry,
  setRequestStatus,
  skipPendingSteps,
  sumLedger,
  sumPending,
  type Tx,
  updateStep,
} from './absences.queries';
import { ensureAccruals } from './accruals';
import {
  countSpanByYear,
  doSpansOverlap,
  fromHundredths,
  isSpanEmpty,
  todayIn,
  toHundredths,
} from './day-count';

// The absence rules (docs/decisions/018-absence-ledger.md): requests, their approval chains, and
// balances from the ledger. Permissions: AbsenceRequest levels reach own / my team / other like
// Employee levels (decision 013), and an invisible employee is never reachable.

export type AbsencesContext = { db: Db; access: Access; events: EventBus; now: () => Date };

type CreateBody = {
  absence_type: AbsenceTypeCode;
  employee_id?: number | undefined;
  date_from: string;
  date_to: string;
  half_day_start: boolean;
  half_day_end: boolean;
  hours?: number | undefined;
  comment?: string | undefined;
};

function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
  return new AppError('validation', {
    key,
    ...(params ? { params } : {}),
    issues: { [field]: [{ key, ...(params ? { params } : {}) }] },
  });
}

export function toAbsenceType(row: AbsenceTypeRow): AbsenceType {
  const code = row.code as AbsenceTypeCode;
  return {
    id: row.id,
    code,
    number: (ABSENCE_TYPE_NUMBERS as Partial<Record<AbsenceTypeCode, number>>)[code] ?? null,
    names: row.names,
    unit: row.unit as AbsenceType['unit'],
    counting: row.counting as DayCounting,
    needs_approval: row.needsApproval,
    needs_document: row.needsDocument,
    counts_against_balance: row.countsAgainstBalance,
    color: row.color,
    icon: row.icon,
    is_enabled: row.isEnabled,
    position: row.position,
    approval_chain: row.approvalChain,
  };
}

/** `GET absences.types`: every type of the company, enabled or not, in order. */
export async function listTypes(ctx: Pick<AbsencesContext, 'db' | 'access'>): Promise<AbsenceType[]> {
  const rows = await ensureAbsenceTypes(ctx.db, ctx.access.user.companyId);
  return rows.map(toAbsenceType);
}

/** The employee as the access sees it, or null when invisible or missing (404 / 422 to the caller). */
async function loadVisibleEmployee(
  db: Tx,
  access: Access,
  employeeId: number,
): Promise<{ employee: AbsenceEmployee; relation: Relation } | null> {
  const employee = await findAbsenceEmployee(db, access.user.companyId, employeeId);
  if (!employee) return null;
  const reader = readerOf(access);
  if (!canSeeEmployee(reader, employee)) return null;
  return { employee, relation: relationOf(reader, employee) };
}

/** The named approver of a chain step: the manager (unless missing, leaving or self), else the fallback. */
function approverOf(
  role: ApproverRole,
  employee: AbsenceEmployee,
  type: AbsenceTypeRow,
  today: string,
): number | null {
  if (role === 'hr') return null;
  const managerGone = employee.managerDismissalDate !== null && employee.managerDismissalDate <= today;
  if (employee.managerId !== null && employee.managerId !== employee.id && !managerGone)
    return employee.managerId;
  return type.fallbackApproverId;
}

/** Ledger entries taking (or, reversed, returning) a request's amount from each period. */
function absenceEntries(
  request: AbsenceRequestRow,
  kind: 'absence' | 'absence_reversal',
  userId: number,
): NewLedgerEntry[] {
  const sign = kind === 'absence' ? -1 : 1;
  return Object.entries(request.amountByYear).map(([year, amount]) => ({
    companyId: request.companyId,
    employeeId: request.employeeId,
    absenceTypeId: request.absenceTypeId,
    periodYear: Number(year),
    kind,
    amount: sign * amount,
    requestId: request.id,
    createdById: userId,
  }));
}

/**
 * `POST employeeRequest.requests`: counts the days on the employee's calendar, refuses (422 under the
 * field) a range with nothing to count, an overlap with a live request of the same person, and an
 * amount over the available balance of any period it touches (pending requests count as used)
 * unless the policy allows going negative. Approved at once when the type needs no approval, or when
 * someone with `create_absence` enters it for another person.
 */
export async function createAbsenceRequest(
  ctx: AbsencesContext,
  body: CreateBody,
): Promise<{ id: number; status: AbsenceStatus; days: number }> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const employeeId = body.employee_id ?? access.user.employeeId;
  const types = await ensureAbsenceTypes(db, companyId);
  const type = types.find((row) => row.code === body.absence_type);
  if (!type?.isEnabled) throw fieldError('absence_type', 'absences.type_disabled');

  const seen = await loadVisibleEmployee(db, access, employeeId);
  const createLevel = levelFor(access, 'AbsenceRequest', 'create');
  if (!seen) throw fieldError('employee_id', 'absences.employee_unknown');
  if (!levelReaches(createLevel, seen.relation)) throw new AppError('forbidden');
  const { employee } = seen;

  const calendar = await findEmployeeCalendar(db, companyId, employeeId, {
    from: body.date_from,
    to: body.date_to,
  });
  const today = todayIn(calendar.timeZone, ctx.now());
  const policy = await findPolicyFor(db, companyId, employee, type.id);
  const counting = (policy?.counting ?? type.counting) as DayCounting;
  const span = {
    dateFrom: body.date_from,
    dateTo: body.date_to,
    halfDayStart: body.half_day_start,
    halfDayEnd: body.half_day_end,
  };

  let byYear: Map<number, number>;
  if (type.unit === 'hours') {
    if (body.hours === undefined) throw fieldError('hours', 'public.fill_fields');
    if (body.date_from !== body.date_to) throw fieldError('date_to', 'absences.hours_single_day');
    byYear = new Map([[Number(body.date_from.slice(0, 4)), toHundredths(body.hours)]]);
  } else {
    if (type.unit === 'days' && (body.half_day_start || body.half_day_end)) {
      throw fieldError(
        body.half_day_start ? 'half_day_start' : 'half_day_end',
        'absences.half_days_not_allowed',
      );
    }
    if (isSpanEmpty(span)) throw fieldError('half_day_end', 'absences.no_working_day');
    byYear = countSpanByYear(calendar, span, counting);
  }
  const total = [...byYear.values()].reduce((sum, amount) => sum + amount, 0);
  if (total === 0) throw fieldError('date_from', 'absences.no_working_day');

  const isDirect =
    employeeId !== access.user.employeeId && hasNamedAction(access, 'AbsenceRequest', 'create_absence');
  const chain = type.needsApproval && !isDirect ? type.approvalChain : [];
  const status = chain.length === 0 ? 'approved' : 'pending';

  const created = await db.transaction(async (tx) => {
    await lockEmployeeAbsences(tx, employeeId);
    if (type.unit !== 'hours') {
      const live = await findLiveRequestsInRange(tx, companyId, employeeId, {
        from: body.date_from,
        to: body.date_to,
      });
      const hourlyTypeIds = new Set(types.filter((row) => row.unit === 'hours').map((row) => row.id));
      const clash = live.find(
        (other) => !hourlyTypeIds.has(other.absenceTypeId) && doSpansOverlap(span, other),
      );
      if (clash) {
        throw fieldError('date_from', 'absences.overlap', { from: clash.dateFrom, to: clash.dateTo });
      }
    }
    if (type.countsAgainstBalance) {
      for (const [year, amount] of byYear) {
        if (policy) await ensureAccruals(tx, { companyId, employee, typeId: type.id, policy, year, today });
        const key = { employeeId, absenceTypeId: type.id, year };
        const ledger = [...(await sumLedger(tx, companyId, key)).values()].reduce((a, b) => a + b, 0);
        const available = toHundredths(ledger - (await sumPending(tx, companyId, key)));
        const floor = policy?.allowNegative
          ? policy.negativeLimit === null
            ? Number.NEGATIVE_INFINITY
            : -toHundredths(policy.negativeLimit)
          : 0;
        if (available - amount < floor) {
          throw fieldError('absence_type', 'absences.over_balance', {
            year,
            available: fromHundredths(available),
          });
        }
      }
    }
    const request = await insertRequest(
      tx,
      {
        companyId,
        employeeId,
        absenceTypeId: type.id,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        halfDayStart: body.half_day_start,
        halfDayEnd: body.half_day_end,
        hours: body.hours ?? null,
        status,
        amount: fromHundredths(total),
        amountByYear: Object.fromEntries(
          [...byYear].map(([year, amount]) => [String(year), fromHundredths(amount)]),
        ),
        comment: body.comment || null,
        createdById: access.user.id,
        decidedAt: status === 'approved' ? ctx.now() : null,
      },
      isDirect
        ? [
            {
              position: 0,
              approverRole: 'hr',
              approverEmployeeId: access.user.employeeId,
              status: 'approved',
              decidedById: access.user.id,
              reason: null,
              decidedAt: ctx.now(),
            },
          ]
        : chain.map((role, position) => ({
            position,
            approverRole: role,
            approverEmployeeId: approverOf(role, employee, type, today),
          })),
    );
    if (status === 'approved' && type.countsAgainstBalance) {
      await insertLedgerEntries(tx, absenceEntries(request, 'absence', access.user.id));
    }
    await ctx.events.publish(
      tx,
      companyId,
      status === 'approved' ? 'absence.approved' : 'absence.requested',
      {
        requestId: request.id,
      },
    );
    return request;
  });
  ctx.events.dispatchSoon();
  return { id: created.id, status: created.status as AbsenceStatus, days: created.amount };
}

function toAbsenceRequest(
  request: AbsenceRequestRow,
  steps: AbsenceRequestStepRow[],
  code: AbsenceTypeCode,
): AbsenceRequest {
  return {
    id: request.id,
    employee_id: request.employeeId,
    absence_type: code,
    date_from: request.dateFrom,
    date_to: request.dateTo,
    half_day_start: request.halfDayStart,
    half_day_end: request.halfDayEnd,
    hours: request.hours,
    status: request.status as AbsenceRequest['status'],
    days: request.amount,
    days_by_year: request.amountByYear,
    comment: request.comment,
    created_at: request.createdAt.toISOString(),
    steps: steps.map((step) => ({
      position: step.position,
      approver_role: step.approverRole as ApproverRole,
      approver_employee_id: step.approverEmployeeId,
      status: step.status as AbsenceRequest['steps'][number]['status'],
      decided_by_user_id: step.decidedById,
      reason: step.reason,
      decided_at: step.decidedAt?.toISOString() ?? null,
    })),
  };
}

type Loaded = {
  request: AbsenceRequestRow;
  steps: AbsenceRequestStepRow[];
  type: AbsenceTypeRow;
  employee: AbsenceEmployee;
  relation: Relation;
};

/** A request the user may view (AbsenceRequest view level over its employee), else 404. */
async function loadRequest(ctx: AbsencesContext, tx: Tx, id: number, forUpdate: boolean): Promise<Loaded> {
  const companyId = ctx.access.user.companyId;
  const found = await findRequest(tx, companyId, id, forUpdate);
  if (!found) throw new AppError('not_found');
  let seen = await loadVisibleEmployee(tx, ctx.access, found.request.employeeId);
  if (seen && !levelReaches(levelFor(ctx.access, 'AbsenceRequest', 'view'), seen.relation)) seen = null;
  // A step's named approver (the fallback of a manager step) sees the request they must decide.
  const isNamedApprover = found.steps.some((step) => step.approverEmployeeId === ctx.access.user.employeeId);
  if (!seen && isNamedApprover) {
    const employee = await findAbsenceEmployee(tx, companyId, found.request.employeeId);
    if (employee) seen = { employee, relation: 'other' };
  }
  if (!seen) throw new AppError('not_found');
  // Types exist: the request refers to one (and inside a transaction, only `tx` may be used).
  const types = await listAbsenceTypes(tx, companyId);
  const type = types.find((row) => row.id === found.request.absenceTypeId);
  if (!type) throw new AppError('not_found');
  return { ...found, type, ...seen };
}

export async function getAbsenceRequest(ctx: AbsencesContext, id: number): Promise<AbsenceRequest> {
  const loaded = await loadRequest(ctx, ctx.db, id, false);
  return toAbsenceRequest(loaded.request, loaded.steps, loaded.type.code as AbsenceTypeCode);
}

/**
 * Whether the user may decide a chain step: they hold the type's approval action, the request is not
 * their own, and they are the step's named approver, or their AbsenceRequest update level reaches the
 * employee (an HR step needs that level to be to_all).
 */
export function canDecideStep(
  access: Pick<Access, 'permissions' | 'user'>,
  step: Pick<AbsenceRequestStepRow, 'approverRole' | 'approverEmployeeId'>,
  code: AbsenceTypeCode,
  relation: Relation,
): boolean {
  if (relation === 'own') return false;
  if (!hasNamedAction(access, 'AbsenceRequest', APPROVAL_ACTION_OF_TYPE[code])) return false;
  if (step.approverEmployeeId !== null && step.approverEmployeeId === access.user.employeeId) return true;
  const level = levelFor(access, 'AbsenceRequest', 'update');
  if (!levelReaches(level, relation)) return false;
  return step.approverRole === 'manager' || level === 'to_all';
}

/** Approve or reject the current step of a pending request; the last approval approves the request. */
export async function decideAbsenceRequest(
  ctx: AbsencesContext,
  id: number,
  decision: 'approve' | 'reject',
  reason: string | undefined,
): Promise<AbsenceRequest> {
  const companyId = ctx.access.user.companyId;
  const result = await ctx.db.transaction(async (tx) => {
    const loaded = await loadRequest(ctx, tx, id, true);
    const { request, steps, type } = loaded;
    const code = type.code as AbsenceTypeCode;
    const current = steps.find((step) => step.status === 'pending');
    if (request.status !== 'pending' || !current) throw new AppError('conflict');
    if (!canDecideStep(ctx.access, current, code, loaded.relation)) throw new AppError('forbidden');
    const now = ctx.now();
    await updateStep(tx, companyId, current.id, {
      status: decision === 'approve' ? 'approved' : 'rejected',
      decidedById: ctx.access.user.id,
      reason: reason ?? null,
      decidedAt: now,
    });
    const isLast = steps.every((step) => step.id === current.id || step.status !== 'pending');
    if (decision === 'reject') {
      await skipPendingSteps(tx, companyId, request.id);
      await setRequestStatus(tx, companyId, request.id, 'rejected', now);
      await ctx.events.publish(tx, companyId, 'absence.rejected', { requestId: request.id });
    } else if (isLast) {
      await setRequestStatus(tx, companyId, request.id, 'approved', now);
      if (type.countsAgainstBalance) {
        await insertLedgerEntries(tx, absenceEntries(request, 'absence', ctx.access.user.id));
      }
      await ctx.events.publish(tx, companyId, 'absence.approved', { requestId: request.id });
    } else {
      await ctx.events.publish(tx, companyId, 'absence.step_approved', { requestId: request.id });
    }
    const after = await findRequest(tx, companyId, request.id);
    if (!after) throw new AppError('not_found');
    return toAbsenceRequest(after.request, after.steps, code);
  });
  ctx.events.dispatchSoon();
  return result;
}

/** Withdraw a pending request: its requester or the employee themselves. */
export async function cancelAbsenceRequest(ctx: AbsencesContext, id: number): Promise<AbsenceRequest> {
  const companyId = ctx.access.user.companyId;
  const result = await ctx.db.transaction(async (tx) => {
    const { request, type, relation } = await loadRequest(ctx, tx, id, true);
    if (request.createdById !== ctx.access.user.id && relation !== 'own') throw new AppError('forbidden');
    if (request.status !== 'pending') throw new AppError('conflict');
    await skipPendingSteps(tx, companyId, request.id);
    await setRequestStatus(tx, companyId, request.id, 'cancelled', ctx.now());
    await ctx.events.publish(tx, companyId, 'absence.cancelled', { requestId: request.id });
    const after = await findRequest(tx, companyId, request.id);
    if (!after) throw new AppError('not_found');
    return toAbsenceRequest(after.request, after.steps, type.code as AbsenceTypeCode);
  });
  ctx.events.dispatchSoon();
  return result;
}

/**
 * Revoke an approved absence: whoever may approve its type for the employee, or has `delete_absence`
 * with an update level that reaches them. The days return through reversal entries in each period.
 */
export async function revokeAbsenceRequest(
  ctx: AbsencesContext,
  id: number,
  reason: string | undefined,
): Promise<AbsenceRequest> {
  const companyId = ctx.access.user.companyId;
  const result = await ctx.db.transaction(async (tx) => {
    const { request, type, relation } = await loadRequest(ctx, tx, id, true);
    const code = type.code as AbsenceTypeCode;
    const reaches = levelReaches(levelFor(ctx.access, 'AbsenceRequest', 'update'), relation);
    const mayRevoke =
      canDecideStep(ctx.access, { approverRole: 'manager', approverEmployeeId: null }, code, relation) ||
      (reaches && hasNamedAction(ctx.access, 'AbsenceRequest', 'delete_absence'));
    if (!mayRevoke) throw new AppError('forbidden');
    if (request.status !== 'approved') throw new AppError('conflict');
    await setRequestStatus(tx, companyId, request.id, 'revoked', ctx.now());
    if (type.countsAgainstBalance) {
      await insertLedgerEntries(
        tx,
        absenceEntries(request, 'absence_reversal', ctx.access.user.id).map((entry) => ({
          ...entry,
          note: reason ?? null,
        })),
      );
    }
    await ctx.events.publish(tx, companyId, 'absence.revoked', { requestId: request.id });
    const after = await findRequest(tx, companyId, request.id);
    if (!after) throw new AppError('not_found');
    return toAbsenceRequest(after.request, after.steps, code);
  });
  ctx.events.dispatchSoon();
  return result;
}

/**
 * `dashboard.balance.absence`: the user's own balance of every enabled type that counts against one,
 * for the current year of their calendar. Accruals due are written first (idempotent).
 */
export async function getOwnBalance(ctx: AbsencesContext): Promise<AbsenceBalance[]> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const employee = await findAbsenceEmployee(db, companyId, access.user.employeeId);
  if (!employee) throw new AppError('not_found');
  const types = (await ensureAbsenceTypes(db, companyId)).filter(
    (type) => type.isEnabled && type.countsAgainstBalance,
  );
  const calendar = await findEmployeeCalendar(db, companyId, employee.id, {
    from: '0001-01-01',
    to: '0001-01-01',
  });
  const today = todayIn(calendar.timeZone, ctx.now());
  const year = Number(today.slice(0, 4));
  const balances: AbsenceBalance[] = [];
  for (const type of types) {
    const policy = await findPolicyFor(db, companyId, employee, type.id);
    if (policy) {
      await db.transaction(async (tx) => {
        await lockEmployeeAbsences(tx, employee.id);
        await ensureAccruals(tx, { companyId, employee, typeId: type.id, policy, year, today });
      });
    }
    const key = { employeeId: employee.id, absenceTypeId: type.id, year };
    const sums = await sumLedger(db, companyId, key);
    let accrued = 0;
    let used = 0;
    for (const [kind, amount] of sums) {
      if (kind === 'absence' || kind === 'absence_reversal') used -= toHundredths(amount);
      else accrued += toHundredths(amount);
    }
    const pending = toHundredths(await sumPending(db, companyId, key));
    balances.push({
      absence_type: type.code as AbsenceTypeCode,
      unit: type.unit as AbsenceBalance['unit'],
      year,
      accrued: fromHundredths(accrued),
      used: fromHundredths(used),
      pending: fromHundredths(pending),
      available: fromHundredths(accrued - used - pending),
    });
  }
  return balances;
}
