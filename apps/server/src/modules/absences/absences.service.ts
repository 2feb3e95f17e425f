import {
  ABSENCE_TYPE_NUMBERS,
  type AbsenceBalance,
  type AbsenceEntry,
  type AbsenceRequest,
  type AbsenceStatus,
  type AbsenceType,
  type AbsenceTypeCode,
  APPROVAL_ACTION_OF_TYPE,
  type ApproverRole,
  type DayCounting,
  type LedgerEntry,
} from '@kadry/shared/schemas/absences';
import type { PageMeta } from '@kadry/shared/schemas/common';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { AbsenceRequestRow, AbsenceRequestStepRow, AbsenceTypeRow } from '../../db/schema/absences';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { describeDownload } from '../../lib/download-type';
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
  type AbsenceEntryRow,
  attachRequestFiles,
  countApprovedByType,
  ensureAbsenceTypes,
  findAbsenceEmployee,
  findAbsentToday,
  findEmployeeCalendar,
  findEmployeeNames,
  findLiveRequestsInRange,
  findPolicyFor,
  findRequest,
  findRequestDetails,
  findRequestFile,
  findTeamsOf,
  insertLedgerEntries,
  insertRequest,
  listAbsenceTypes,
  listApprovedAbsences,
  listCalendarZones,
  listDecisionCandidates,
  listLedgerLines,
  listTeamMemberIds,
  listVisibleRequests,
  lockEmployeeAbsences,
  type NewLedgerEntry,
  type RequestReader,
  requestVisibleWhere,
  setRequestStatus,
  skipPendingSteps,
  sumLedger,
  sumPending,
  type Tx,
  teamExists,
  updateRequestSpan,
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
import { dropRequestAmounts, recountRequestAmounts } from './month-amounts.queries';

// The absence rules (docs/decisions/018-absence-ledger.md): requests, their approval chains, and
// balances from the ledger. Permissions: AbsenceRequest levels reach own / my team / other like
// Employee levels (decision 013), and an invisible employee is never reachable.

export type AbsencesContext = {
  db: Db;
  access: Access;
  events: EventBus;
  now: () => Date;
  /** The HTTP request's trusted origin (request.linkOrigin), carried by the events for links in mail. */
  linkOrigin?: string | null;
};

type SpanBody = {
  date_from: string;
  date_to: string;
  half_day_start: boolean;
  half_day_end: boolean;
  hours?: number | undefined;
  comment?: string | undefined;
};

type CreateBody = SpanBody & {
  absence_type: AbsenceTypeCode;
  employee_id?: number | undefined;
};

/** A document already in the FileStore, to be recorded with the request. */
export type AbsenceUpload = {
  key: string;
  name: string;
  size: number;
  sha256: string;
  format: string | null;
};

function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
  return new AppError('validation', {
    key,
    ...(params ? { params } : {}),
    issues: { [field]: [{ key, ...(params ? { params } : {}) }] },
  });
}

/** Day-based types people are away on ("absent today", who is out); work-time kinds are not. */
const WORK_TIME_CODES: readonly AbsenceTypeCode[] = [
  'overtime',
  'night_shift',
  'weekend_work',
  'day_transfer',
];

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
  request: Pick<AbsenceRequestRow, 'companyId' | 'employeeId' | 'absenceTypeId' | 'id' | 'amountByYear'>,
  kind: 'absence' | 'absence_reversal',
  userId: number,
  note: string | null = null,
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
    note,
  }));
}

/** A would-be request, counted: what create, preview and direct entry all start from. */
type Prepared = {
  type: AbsenceTypeRow;
  types: AbsenceTypeRow[];
  employee: AbsenceEmployee;
  policy: Awaited<ReturnType<typeof findPolicyFor>>;
  today: string;
  span: { dateFrom: string; dateTo: string; halfDayStart: boolean; halfDayEnd: boolean };
  /** Counted amount per calendar year, in hundredths. */
  byYear: Map<number, number>;
  total: number;
};

/** Counts a span for an employee and type on their calendar; 422 under the field when it cannot be. */
async function countFor(
  db: Tx,
  companyId: number,
  type: AbsenceTypeRow,
  employee: AbsenceEmployee,
  body: SpanBody,
  now: Date,
): Promise<Omit<Prepared, 'types' | 'type' | 'employee'>> {
  const calendar = await findEmployeeCalendar(db, companyId, employee.id, {
    from: body.date_from,
    to: body.date_to,
  });
  const today = todayIn(calendar.timeZone, now);
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
  return { policy, today, span, byYear, total };
}

/**
 * Checks a would-be request: the type is on, the employee is visible (else 422 under employee_id)
 * and reachable by the create level (403), and the days count (422). No write.
 */
async function prepareRequest(ctx: AbsencesContext, db: Tx, body: CreateBody): Promise<Prepared> {
  const { access } = ctx;
  const companyId = access.user.companyId;
  const employeeId = body.employee_id ?? access.user.employeeId;
  const types = await listAbsenceTypes(db, companyId);
  const type = types.find((row) => row.code === body.absence_type);
  if (!type?.isEnabled) throw fieldError('absence_type', 'absences.type_disabled');
  const seen = await loadVisibleEmployee(db, access, employeeId);
  if (!seen) throw fieldError('employee_id', 'absences.employee_unknown');
  if (!levelReaches(levelFor(access, 'AbsenceRequest', 'create'), seen.relation)) {
    throw new AppError('forbidden');
  }
  const counted = await countFor(db, companyId, type, seen.employee, body, ctx.now());
  return { ...counted, type, types, employee: seen.employee };
}

/**
 * Inside the transaction, under the employee's lock: refuses an overlap with a live request of the
 * same person (true intersection of half days; `ignoreId` is the request being changed) and an
 * amount over the available balance of a period (pending counts as used; `giveBack` is what the
 * changed request returns) unless the policy allows going negative. Answers what would be left.
 */
async function checkRequest(
  tx: Tx,
  companyId: number,
  prepared: Prepared,
  options: { ignoreId?: number; giveBack?: Record<string, number> } = {},
): Promise<Map<number, number> | null> {
  const { type, types, employee, policy, span, byYear, today } = prepared;
  if (type.unit !== 'hours') {
    const live = await findLiveRequestsInRange(tx, companyId, employee.id, {
      from: span.dateFrom,
      to: span.dateTo,
    });
    const hourlyTypeIds = new Set(types.filter((row) => row.unit === 'hours').map((row) => row.id));
    const clash = live.find(
      (other) =>
        other.id !== options.ignoreId &&
        !hourlyTypeIds.has(other.absenceTypeId) &&
        doSpansOverlap(span, other),
    );
    if (clash) throw fieldError('date_from', 'absences.overlap', { from: clash.dateFrom, to: clash.dateTo });
  }
  if (!type.countsAgainstBalance) return null;
  const left = new Map<number, number>();
  for (const [year, amount] of byYear) {
    if (policy) {
      await ensureAccruals(tx, { companyId, employee, typeId: type.id, policy, year, today });
    }
    const key = { employeeId: employee.id, absenceTypeId: type.id, year };
    const ledger = [...(await sumLedger(tx, companyId, key)).values()].reduce((a, b) => a + b, 0);
    const back = toHundredths(options.giveBack?.[String(year)] ?? 0);
    const available = toHundredths(ledger - (await sumPending(tx, companyId, key))) + back;
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
    left.set(year, available - amount);
  }
  return left;
}

function byYearObject(byYear: Map<number, number>): Record<string, number> {
  return Object.fromEntries([...byYear].map(([year, amount]) => [String(year), fromHundredths(amount)]));
}

/** Writes a checked request (inside the transaction) with its steps, ledger entries and documents. */
async function writeRequest(
  ctx: AbsencesContext,
  tx: Tx,
  prepared: Prepared,
  body: SpanBody,
  uploads: readonly AbsenceUpload[],
): Promise<AbsenceRequestRow> {
  const { access } = ctx;
  const companyId = access.user.companyId;
  const { type, employee, byYear, total, today } = prepared;
  const isDirect =
    employee.id !== access.user.employeeId && hasNamedAction(access, 'AbsenceRequest', 'create_absence');
  const chain = type.needsApproval && !isDirect ? type.approvalChain : [];
  const status = chain.length === 0 ? 'approved' : 'pending';
  const request = await insertRequest(
    tx,
    {
      companyId,
      employeeId: employee.id,
      absenceTypeId: type.id,
      dateFrom: body.date_from,
      dateTo: body.date_to,
      halfDayStart: body.half_day_start,
      halfDayEnd: body.half_day_end,
      hours: type.unit === 'hours' ? (body.hours ?? null) : null,
      status,
      amount: fromHundredths(total),
      amountByYear: byYearObject(byYear),
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
  if (uploads.length > 0) await attachRequestFiles(tx, companyId, request.id, uploads);
  if (status === 'approved' && type.countsAgainstBalance) {
    await insertLedgerEntries(tx, absenceEntries(request, 'absence', access.user.id));
  }
  if (status === 'approved') await recountRequestAmounts(tx, companyId, request.id);
  await ctx.events.publish(tx, companyId, status === 'approved' ? 'absence.approved' : 'absence.requested', {
    requestId: request.id,
    linkOrigin: ctx.linkOrigin ?? null,
  });
  return request;
}

/**
 * `POST employeeRequest.requests`: counts the days on the employee's calendar, refuses (422 under the
 * field) a range with nothing to count, an overlap with a live request of the same person, an
 * amount over the available balance of any period it touches (pending requests count as used)
 * unless the policy allows going negative, and a type that needs a document sent without one.
 * Approved at once when the type needs no approval, or when someone with `create_absence` enters it
 * for another person.
 */
export async function createAbsenceRequest(
  ctx: AbsencesContext,
  body: CreateBody,
  uploads: readonly AbsenceUpload[] = [],
): Promise<{ id: number; status: AbsenceStatus; days: number }> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  await ensureAbsenceTypes(db, companyId);
  const prepared = await prepareRequest(ctx, db, body);
  if (prepared.type.needsDocument && uploads.length === 0) {
    throw fieldError('files', 'absences.document_required');
  }
  const created = await db.transaction(async (tx) => {
    await lockEmployeeAbsences(tx, prepared.employee.id);
    await checkRequest(tx, companyId, prepared);
    return writeRequest(ctx, tx, prepared, body, uploads);
  });
  ctx.events.dispatchSoon();
  return { id: created.id, status: created.status as AbsenceStatus, days: created.amount };
}

/**
 * `POST employeeRequest.requests.preview`: what the request would count and leave, with the same
 * refusals as creating it, and nothing written but the accruals due (which reading a balance writes).
 */
export async function previewAbsenceRequest(ctx: AbsencesContext, body: CreateBody) {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  await ensureAbsenceTypes(db, companyId);
  const prepared = await prepareRequest(ctx, db, body);
  const left = await db.transaction(async (tx) => {
    await lockEmployeeAbsences(tx, prepared.employee.id);
    return checkRequest(tx, companyId, prepared);
  });
  return {
    unit: prepared.type.unit as AbsenceType['unit'],
    days: fromHundredths(prepared.total),
    days_by_year: byYearObject(prepared.byYear),
    available_after: left ? byYearObject(left) : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading requests.

/** What the user may do with a request now. */
function abilitiesOf(
  access: Access,
  request: AbsenceRequestRow,
  steps: AbsenceRequestStepRow[],
  code: AbsenceTypeCode,
  relation: Relation,
): AbsenceRequest['can'] {
  const current = steps.find((step) => step.status === 'pending');
  const reaches = levelReaches(levelFor(access, 'AbsenceRequest', 'update'), relation);
  const approved = request.status === 'approved';
  return {
    decide:
      request.status === 'pending' && current !== undefined && canDecideStep(access, current, code, relation),
    cancel: request.status === 'pending' && (request.createdById === access.user.id || relation === 'own'),
    revoke: approved && mayRevoke(access, code, relation),
    update: approved && reaches && hasNamedAction(access, 'AbsenceRequest', 'update_absence'),
    delete: approved && reaches && hasNamedAction(access, 'AbsenceRequest', 'delete_absence'),
  };
}

/** Requests as answered: with names, steps, documents and what the user may do with each. */
async function describeRequests(
  ctx: AbsencesContext,
  db: Tx,
  requests: AbsenceRequestRow[],
  /**
   * What the caller has just read in the same transaction (one request's steps, the types, its
   * employee's teams): not read again. Every statement saved is a round trip of a write's answer.
   */
  known?: {
    steps: ReadonlyMap<number, readonly AbsenceRequestStepRow[]>;
    types: readonly AbsenceTypeRow[];
    teams: ReadonlyMap<number, { id: number; isHidden: boolean }[]>;
  },
): Promise<AbsenceRequest[]> {
  const companyId = ctx.access.user.companyId;
  // One after another: inside a transaction every query goes through the same connection anyway.
  const details = await findRequestDetails(db, companyId, requests, known?.steps);
  const types = known?.types ?? (await listAbsenceTypes(db, companyId));
  const teams =
    known?.teams ??
    (await findTeamsOf(db, companyId, [...new Set(requests.map((request) => request.employeeId))]));
  const reader = readerOf(ctx.access);
  const codeOf = new Map(types.map((type) => [type.id, type.code as AbsenceTypeCode]));
  return requests.map((request) => {
    const steps = details.steps.get(request.id) ?? [];
    const code = codeOf.get(request.absenceTypeId) ?? 'vacation';
    const relation = relationOf(reader, {
      id: request.employeeId,
      teams: teams.get(request.employeeId) ?? [],
    });
    return {
      id: request.id,
      employee_id: request.employeeId,
      employee_name: details.employeeNames.get(request.employeeId) ?? '',
      absence_type: code,
      date_from: request.dateFrom,
      date_to: request.dateTo,
      half_day_start: request.halfDayStart,
      half_day_end: request.halfDayEnd,
      hours: request.hours,
      status: request.status as AbsenceStatus,
      days: request.amount,
      days_by_year: request.amountByYear,
      comment: request.comment,
      created_at: request.createdAt.toISOString(),
      steps: steps.map((step) => ({
        position: step.position,
        approver_role: step.approverRole as ApproverRole,
        approver_employee_id: step.approverEmployeeId,
        approver_name:
          step.approverEmployeeId === null
            ? null
            : (details.employeeNames.get(step.approverEmployeeId) ?? null),
        status: step.status as AbsenceRequest['steps'][number]['status'],
        decided_by_user_id: step.decidedById,
        decided_by_name: step.decidedById === null ? null : (details.userNames.get(step.decidedById) ?? null),
        reason: step.reason,
        decided_at: step.decidedAt?.toISOString() ?? null,
      })),
      files: details.files.get(request.id) ?? [],
      can: abilitiesOf(ctx.access, request, steps, code, relation),
    };
  });
}

/**
 * The answer for a request changed in this transaction without touching its steps (revoked), from
 * what loadRequest read and the row as written: only names and documents are read.
 */
async function describeChanged(
  ctx: AbsencesContext,
  db: Tx,
  loaded: Loaded,
  request: AbsenceRequestRow,
): Promise<AbsenceRequest> {
  const [described] = await describeRequests(ctx, db, [request], {
    steps: new Map([[request.id, loaded.steps]]),
    types: loaded.types,
    teams: new Map([[loaded.employee.id, loaded.employee.teams]]),
  });
  if (!described) throw new AppError('not_found');
  return described;
}

async function describeOne(ctx: AbsencesContext, db: Tx, id: number): Promise<AbsenceRequest> {
  const after = await findRequest(db, ctx.access.user.companyId, id);
  if (!after) throw new AppError('not_found');
  const [described] = await describeRequests(ctx, db, [after.request]);
  if (!described) throw new AppError('not_found');
  return described;
}

type Loaded = {
  request: AbsenceRequestRow;
  steps: AbsenceRequestStepRow[];
  type: AbsenceTypeRow;
  /** Every type of the company (read to find `type`). */
  types: AbsenceTypeRow[];
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
  return { ...found, type, types, ...seen };
}

/** `GET employeeRequest.requests.one` and `dashboard.requests.id`. */
export async function getAbsenceRequest(ctx: AbsencesContext, id: number): Promise<AbsenceRequest> {
  const loaded = await loadRequest(ctx, ctx.db, id, false);
  const [described] = await describeRequests(ctx, ctx.db, [loaded.request]);
  if (!described) throw new AppError('not_found');
  return described;
}

function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

function requestReaderOf(access: Access): RequestReader {
  return { ...readerOf(access), absenceLevel: levelFor(access, 'AbsenceRequest', 'view') };
}

/** The id of a type filter (-1, matching nothing, before the company's types exist). */
async function typeIdOf(db: Tx, companyId: number, code: AbsenceTypeCode | undefined) {
  if (!code) return undefined;
  const types = await listAbsenceTypes(db, companyId);
  return types.find((type) => type.code === code)?.id ?? -1;
}

export type RequestsQuery = {
  page: number;
  per_page: number;
  status?: AbsenceStatus | undefined;
  absence_type?: AbsenceTypeCode | undefined;
  employee_id?: number | undefined;
  team_id?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
};

/**
 * `GET dashboard.requests.all` (every request the user sees) and `dashboard.requests.my` (the user's
 * own: employee and team filters are ignored), newest first.
 */
export async function listRequests(
  ctx: AbsencesContext,
  query: RequestsQuery,
  scope: 'all' | 'my',
): Promise<{ data: AbsenceRequest[]; meta: PageMeta }> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const mine = scope === 'my';
  const { rows, total } = await listVisibleRequests(
    db,
    companyId,
    requestVisibleWhere(requestReaderOf(access)),
    {
      status: query.status,
      absenceTypeId: await typeIdOf(db, companyId, query.absence_type),
      employeeId: mine ? access.user.employeeId : query.employee_id,
      teamId: mine ? undefined : query.team_id,
      dateFrom: query.date_from,
      dateTo: query.date_to,
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: await describeRequests(ctx, db, rows),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/** Whether the user may see the management tab: `management_tab` or any approval action. */
export function hasManagementTab(access: Pick<Access, 'permissions'>): boolean {
  return (
    hasNamedAction(access, 'AbsenceRequest', 'management_tab') ||
    Object.values(APPROVAL_ACTION_OF_TYPE).some((action) => hasNamedAction(access, 'AbsenceRequest', action))
  );
}

/** Pending requests whose current step the user may decide now (canDecideStep), oldest first. */
async function awaitingDecision(ctx: AbsencesContext): Promise<AbsenceRequestRow[]> {
  const { db, access } = ctx;
  if (!hasManagementTab(access)) throw new AppError('forbidden');
  const companyId = access.user.companyId;
  const types = await ensureAbsenceTypes(db, companyId);
  const decidable = types.filter((type) =>
    hasNamedAction(access, 'AbsenceRequest', APPROVAL_ACTION_OF_TYPE[type.code as AbsenceTypeCode]),
  );
  const codeOf = new Map(decidable.map((type) => [type.id, type.code as AbsenceTypeCode]));
  const reader = readerOf(access);
  const candidates = await listDecisionCandidates(
    db,
    companyId,
    reader,
    decidable.map((type) => type.id),
  );
  const teams = await findTeamsOf(db, companyId, [
    ...new Set(candidates.map((row) => row.request.employeeId)),
  ]);
  return candidates
    .filter(({ request, step }) => {
      const code = codeOf.get(request.absenceTypeId);
      if (!code) return false;
      const relation = relationOf(reader, {
        id: request.employeeId,
        teams: teams.get(request.employeeId) ?? [],
      });
      return canDecideStep(access, step, code, relation);
    })
    .map(({ request }) => request);
}

/** `GET absences.management`: a page of what awaits the user's decision. */
export async function listManagement(
  ctx: AbsencesContext,
  query: { page: number; per_page: number },
): Promise<{ data: AbsenceRequest[]; meta: PageMeta }> {
  const all = await awaitingDecision(ctx);
  const start = (query.page - 1) * query.per_page;
  return {
    data: await describeRequests(ctx, ctx.db, all.slice(start, start + query.per_page)),
    meta: pageMeta(query.page, query.per_page, all.length),
  };
}

/** `GET absences.management.count`: the badge: how many await the user's decision, by type. */
export async function countManagement(ctx: AbsencesContext) {
  const all = await awaitingDecision(ctx);
  const types = await listAbsenceTypes(ctx.db, ctx.access.user.companyId);
  const byType = new Map<AbsenceTypeCode, number>();
  for (const request of all) {
    const code = types.find((type) => type.id === request.absenceTypeId)?.code as AbsenceTypeCode | undefined;
    if (code) byType.set(code, (byType.get(code) ?? 0) + 1);
  }
  return {
    total: all.length,
    by_type: [...byType]
      .map(([absence_type, total]) => ({ absence_type, total }))
      .sort((a, b) => b.total - a.total),
  };
}

// ---------------------------------------------------------------------------------------------------
// Decisions.

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

/** Revoking: whoever may approve the type for the employee, or `delete_absence` with update reach. */
function mayRevoke(access: Access, code: AbsenceTypeCode, relation: Relation): boolean {
  const reaches = levelReaches(levelFor(access, 'AbsenceRequest', 'update'), relation);
  return (
    canDecideStep(access, { approverRole: 'manager', approverEmployeeId: null }, code, relation) ||
    (reaches && hasNamedAction(access, 'AbsenceRequest', 'delete_absence'))
  );
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
      await ctx.events.publish(tx, companyId, 'absence.rejected', {
        requestId: request.id,
        linkOrigin: ctx.linkOrigin ?? null,
      });
    } else if (isLast) {
      await setRequestStatus(tx, companyId, request.id, 'approved', now);
      if (type.countsAgainstBalance) {
        await insertLedgerEntries(tx, absenceEntries(request, 'absence', ctx.access.user.id));
      }
      await recountRequestAmounts(tx, companyId, request.id);
      await ctx.events.publish(tx, companyId, 'absence.approved', {
        requestId: request.id,
        linkOrigin: ctx.linkOrigin ?? null,
      });
    } else {
      await ctx.events.publish(tx, companyId, 'absence.step_approved', {
        requestId: request.id,
        linkOrigin: ctx.linkOrigin ?? null,
      });
    }
    return describeOne(ctx, tx, request.id);
  });
  ctx.events.dispatchSoon();
  return result;
}

/** Withdraw a pending request: its requester or the employee themselves. */
export async function cancelAbsenceRequest(ctx: AbsencesContext, id: number): Promise<AbsenceRequest> {
  const companyId = ctx.access.user.companyId;
  const result = await ctx.db.transaction(async (tx) => {
    const { request, relation } = await loadRequest(ctx, tx, id, true);
    if (request.createdById !== ctx.access.user.id && relation !== 'own') throw new AppError('forbidden');
    if (request.status !== 'pending') throw new AppError('conflict');
    await skipPendingSteps(tx, companyId, request.id);
    await setRequestStatus(tx, companyId, request.id, 'cancelled', ctx.now());
    await ctx.events.publish(tx, companyId, 'absence.cancelled', {
      requestId: request.id,
      linkOrigin: ctx.linkOrigin ?? null,
    });
    return describeOne(ctx, tx, request.id);
  });
  ctx.events.dispatchSoon();
  return result;
}

/** Sets an approved request revoked and returns its days through reversal entries in each period. */
async function revokeWithin(
  ctx: AbsencesContext,
  tx: Tx,
  loaded: Loaded,
  reason: string | undefined,
): Promise<AbsenceRequestRow> {
  const companyId = ctx.access.user.companyId;
  const { request, type } = loaded;
  if (request.status !== 'approved') throw new AppError('conflict');
  const revoked = await setRequestStatus(tx, companyId, request.id, 'revoked', ctx.now());
  if (!revoked) throw new AppError('not_found');
  await dropRequestAmounts(tx, companyId, request.id);
  if (type.countsAgainstBalance) {
    await insertLedgerEntries(
      tx,
      absenceEntries(request, 'absence_reversal', ctx.access.user.id, reason ?? null),
    );
  }
  await ctx.events.publish(tx, companyId, 'absence.revoked', {
    requestId: request.id,
    linkOrigin: ctx.linkOrigin ?? null,
  });
  return revoked;
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
  const result = await ctx.db.transaction(async (tx) => {
    const loaded = await loadRequest(ctx, tx, id, true);
    if (!mayRevoke(ctx.access, loaded.type.code as AbsenceTypeCode, loaded.relation)) {
      throw new AppError('forbidden');
    }
    const revoked = await revokeWithin(ctx, tx, loaded, reason);
    // Its steps, type and employee are as loadRequest read them (revoking changes none of them).
    return describeChanged(ctx, tx, loaded, revoked);
  });
  ctx.events.dispatchSoon();
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Direct entry by HR (create_absence, update_absence, delete_absence).

function issuesOf(error: AppError): Record<string, ValidationIssue[]> {
  if (error.issues) return error.issues;
  return {
    employee_id: [{ key: error.code === 'forbidden' ? 'absences.employee_out_of_reach' : error.key }],
  };
}

export type DirectEntryOutcome = {
  employee_id: number;
  employee_name: string;
  result: 'created' | 'refused';
  id: number | null;
  status: AbsenceStatus | null;
  days: number | null;
  issues: Record<string, ValidationIssue[]> | null;
};

/**
 * `POST absences.entries`: an absence entered for each chosen person (or each member of a team and
 * the teams below it), in one transaction. A person refused (not visible or reachable, nothing to
 * count, an overlap, over the balance) gets nothing written, each in a savepoint, and is reported
 * with the reasons under the fields; the others are approved at once (someone else's, with
 * `create_absence`).
 */
export async function enterAbsences(
  ctx: AbsencesContext,
  body: SpanBody & {
    absence_type: AbsenceTypeCode;
    employee_ids?: number[] | undefined;
    team_id?: number | undefined;
  },
): Promise<DirectEntryOutcome[]> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  if (!hasNamedAction(access, 'AbsenceRequest', 'create_absence')) throw new AppError('forbidden');
  await ensureAbsenceTypes(db, companyId);
  const ids = new Set(body.employee_ids ?? []);
  if (body.team_id !== undefined) {
    if (!(await teamExists(db, companyId, body.team_id)))
      throw fieldError('team_id', 'absences.team_unknown');
    for (const id of await listTeamMemberIds(db, companyId, body.team_id)) ids.add(id);
  }
  const reader = readerOf(access);
  const outcomes = await db.transaction(async (tx) => {
    const names = await findEmployeeNames(tx, companyId, [...ids]);
    const results: DirectEntryOutcome[] = [];
    for (const employeeId of ids) {
      const base = {
        employee_id: employeeId,
        employee_name: names.get(employeeId) ?? '',
        id: null,
        status: null,
        days: null,
      };
      try {
        const request = await tx.transaction(async (savepoint) => {
          const prepared = await prepareRequest(ctx, savepoint, { ...body, employee_id: employeeId });
          await lockEmployeeAbsences(savepoint, employeeId);
          await checkRequest(savepoint, companyId, prepared);
          return writeRequest(ctx, savepoint, prepared, body, []);
        });
        results.push({
          ...base,
          result: 'created',
          id: request.id,
          status: request.status as AbsenceStatus,
          days: request.amount,
          issues: null,
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // A person the user does not see is reported without their name.
        const employee = await findAbsenceEmployee(tx, companyId, employeeId);
        const visible = employee !== null && canSeeEmployee(reader, employee);
        results.push({
          ...base,
          employee_name: visible ? base.employee_name : '',
          result: 'refused',
          issues: issuesOf(error),
        });
      }
    }
    return results;
  });
  ctx.events.dispatchSoon();
  return outcomes;
}

/**
 * `PUT absences.entries.one` (`update_absence` and an update level reaching the employee): new dates
 * of an approved absence, recounted and checked like a new request (without clashing with itself,
 * its own days given back first); the ledger gets a reversal of the old amounts and the new absence.
 */
export async function updateAbsenceEntry(
  ctx: AbsencesContext,
  id: number,
  body: SpanBody,
): Promise<AbsenceRequest> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const result = await db.transaction(async (tx) => {
    const loaded = await loadRequest(ctx, tx, id, true);
    const { request, type, employee, relation } = loaded;
    const reaches = levelReaches(levelFor(access, 'AbsenceRequest', 'update'), relation);
    if (!reaches || !hasNamedAction(access, 'AbsenceRequest', 'update_absence'))
      throw new AppError('forbidden');
    if (request.status !== 'approved') throw new AppError('conflict');
    await lockEmployeeAbsences(tx, employee.id);
    const types = await listAbsenceTypes(tx, companyId);
    const counted = await countFor(tx, companyId, type, employee, body, ctx.now());
    const prepared: Prepared = { ...counted, type, types, employee };
    await checkRequest(tx, companyId, prepared, {
      ignoreId: request.id,
      giveBack: type.countsAgainstBalance ? request.amountByYear : {},
    });
    const note = `dates changed from ${request.dateFrom} – ${request.dateTo}`;
    const amountByYear = byYearObject(counted.byYear);
    await updateRequestSpan(tx, companyId, request.id, {
      dateFrom: body.date_from,
      dateTo: body.date_to,
      halfDayStart: body.half_day_start,
      halfDayEnd: body.half_day_end,
      hours: type.unit === 'hours' ? (body.hours ?? null) : null,
      amount: fromHundredths(counted.total),
      amountByYear,
      comment: body.comment === undefined ? request.comment : body.comment || null,
    });
    await recountRequestAmounts(tx, companyId, request.id);
    if (type.countsAgainstBalance) {
      await insertLedgerEntries(tx, [
        ...absenceEntries(request, 'absence_reversal', access.user.id, note),
        ...absenceEntries({ ...request, amountByYear }, 'absence', access.user.id, note),
      ]);
    }
    return describeOne(ctx, tx, request.id);
  });
  return result;
}

/**
 * `DELETE absences.entries.one` (`delete_absence` and an update level reaching the employee): the
 * absence is revoked and its days return through reversal entries; nothing is deleted.
 */
export async function deleteAbsenceEntry(ctx: AbsencesContext, id: number): Promise<AbsenceRequest> {
  const result = await ctx.db.transaction(async (tx) => {
    const loaded = await loadRequest(ctx, tx, id, true);
    const reaches = levelReaches(levelFor(ctx.access, 'AbsenceRequest', 'update'), loaded.relation);
    if (!reaches || !hasNamedAction(ctx.access, 'AbsenceRequest', 'delete_absence')) {
      throw new AppError('forbidden');
    }
    await revokeWithin(ctx, tx, loaded, 'deleted');
    return describeOne(ctx, tx, id);
  });
  ctx.events.dispatchSoon();
  return result;
}

/** A document of a request, for whoever sees the request (404 otherwise). */
export async function findRequestDocument(ctx: AbsencesContext, id: number, fileId: number) {
  await loadRequest(ctx, ctx.db, id, false);
  const file = await findRequestFile(ctx.db, ctx.access.user.companyId, id, fileId);
  if (!file) throw new AppError('not_found');
  return { storageKey: file.storageKey, size: file.size, ...describeDownload(file.name, file.format) };
}

// ---------------------------------------------------------------------------------------------------
// Who is away.

function toEntry(row: AbsenceEntryRow, codeOf: Map<number, AbsenceTypeCode>): AbsenceEntry {
  return {
    id: row.id,
    employee_id: row.employeeId,
    employee_name: row.employeeName,
    absence_type: codeOf.get(row.absenceTypeId) ?? 'vacation',
    date_from: row.dateFrom,
    date_to: row.dateTo,
    half_day_start: row.halfDayStart,
    half_day_end: row.halfDayEnd,
    hours: row.hours,
    days: row.amount,
  };
}

/** Today in the user's own calendar. */
async function userToday(ctx: AbsencesContext): Promise<string> {
  const calendar = await findEmployeeCalendar(ctx.db, ctx.access.user.companyId, ctx.access.user.employeeId, {
    from: '0001-01-01',
    to: '0001-01-01',
  });
  return todayIn(calendar.timeZone, ctx.now());
}

/**
 * `GET dashboard.absence.list`: approved absences of the people the user sees (their requests'
 * visibility), meeting the range (by default: not ended by today), soonest first.
 */
export async function listAbsences(
  ctx: AbsencesContext,
  query: {
    page: number;
    per_page: number;
    absence_type?: AbsenceTypeCode | undefined;
    date_from?: string | undefined;
    date_to?: string | undefined;
  },
): Promise<{ data: AbsenceEntry[]; meta: PageMeta }> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const types = await ensureAbsenceTypes(db, companyId);
  const codeOf = new Map(types.map((type) => [type.id, type.code as AbsenceTypeCode]));
  const typeId = await typeIdOf(db, companyId, query.absence_type);
  const { rows, total } = await listApprovedAbsences(
    db,
    companyId,
    requestVisibleWhere(requestReaderOf(access)),
    { from: query.date_from ?? (query.date_to ? undefined : await userToday(ctx)), to: query.date_to },
    typeId === undefined ? undefined : [typeId],
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { data: rows.map((row) => toEntry(row, codeOf)), meta: pageMeta(query.page, query.per_page, total) };
}

/** `GET dashboard.absence.filter`: the types with their number of absences in the range, most first. */
export async function filterAbsences(
  ctx: AbsencesContext,
  query: { date_from?: string | undefined; date_to?: string | undefined },
) {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const types = await ensureAbsenceTypes(db, companyId);
  const rows = await countApprovedByType(db, companyId, requestVisibleWhere(requestReaderOf(access)), {
    from: query.date_from ?? (query.date_to ? undefined : await userToday(ctx)),
    to: query.date_to,
  });
  return rows
    .flatMap((row) => {
      const type = types.find((item) => item.id === row.absenceTypeId);
      return type
        ? [{ absence_type: type.code as AbsenceTypeCode, total: row.total, position: type.position }]
        : [];
    })
    .sort((a, b) => b.total - a.total || a.position - b.position)
    .map(({ absence_type, total }) => ({ absence_type, total }));
}

/**
 * Who is away today, "today" in each person's own calendar time zone: approved absences of a
 * day-based type people are away on, of the people the user sees, by name.
 */
async function absentTodayQuery(ctx: AbsencesContext, code: AbsenceTypeCode | undefined) {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const types = await ensureAbsenceTypes(db, companyId);
  const away = types.filter(
    (type) =>
      type.unit !== 'hours' &&
      !WORK_TIME_CODES.includes(type.code as AbsenceTypeCode) &&
      (code === undefined || type.code === code),
  );
  const codeOf = new Map(types.map((type) => [type.id, type.code as AbsenceTypeCode]));
  const now = ctx.now();
  const todays = (await listCalendarZones(db, companyId)).map((zone) => ({
    zone,
    today: todayIn(zone, now),
  }));
  return {
    codeOf,
    find: (page: { limit: number; offset: number } | null) =>
      findAbsentToday(
        db,
        companyId,
        requestVisibleWhere(requestReaderOf(access)),
        todays,
        away.map((type) => type.id),
        page,
      ),
  };
}

/** `GET dashboard.absentToday.list`: paged and counted in SQL (findAbsentToday). */
export async function listAbsentToday(
  ctx: AbsencesContext,
  query: { page: number; per_page: number; absence_type?: AbsenceTypeCode | undefined },
) {
  const { codeOf, find } = await absentTodayQuery(ctx, query.absence_type);
  const { rows, total } = await find({ limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return {
    data: rows.map((row) => ({ ...toEntry(row, codeOf), today: row.today })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/** `GET dashboard.absentToday.total`: the number the list has. */
export async function countAbsentToday(ctx: AbsencesContext, code: AbsenceTypeCode | undefined) {
  const { find } = await absentTodayQuery(ctx, code);
  return { total: (await find(null)).total };
}

// ---------------------------------------------------------------------------------------------------
// Balances and their ledger lines.

/** The balance of (employee, type, year) from the ledger, with accruals due written first. */
async function balanceOf(
  ctx: AbsencesContext,
  employee: AbsenceEmployee,
  type: AbsenceTypeRow,
  year: number,
  today: string,
): Promise<AbsenceBalance> {
  const { db } = ctx;
  const companyId = ctx.access.user.companyId;
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
  return {
    absence_type: type.code as AbsenceTypeCode,
    unit: type.unit as AbsenceBalance['unit'],
    year,
    accrued: fromHundredths(accrued),
    used: fromHundredths(used),
    pending: fromHundredths(pending),
    available: fromHundredths(accrued - used - pending),
  };
}

async function todayOf(ctx: AbsencesContext, employeeId: number): Promise<string> {
  const calendar = await findEmployeeCalendar(ctx.db, ctx.access.user.companyId, employeeId, {
    from: '0001-01-01',
    to: '0001-01-01',
  });
  return todayIn(calendar.timeZone, ctx.now());
}

/** Every enabled type counted against a balance, for the current year of the employee's calendar. */
async function balancesOf(ctx: AbsencesContext, employee: AbsenceEmployee): Promise<AbsenceBalance[]> {
  const types = (await ensureAbsenceTypes(ctx.db, ctx.access.user.companyId)).filter(
    (type) => type.isEnabled && type.countsAgainstBalance,
  );
  const today = await todayOf(ctx, employee.id);
  const year = Number(today.slice(0, 4));
  const balances: AbsenceBalance[] = [];
  for (const type of types) balances.push(await balanceOf(ctx, employee, type, year, today));
  return balances;
}

/**
 * `dashboard.balance.absence`: the user's own balance of every enabled type that counts against one,
 * for the current year of their calendar. Accruals due are written first (idempotent).
 */
export async function getOwnBalance(ctx: AbsencesContext): Promise<AbsenceBalance[]> {
  const employee = await findAbsenceEmployee(ctx.db, ctx.access.user.companyId, ctx.access.user.employeeId);
  if (!employee) throw new AppError('not_found');
  return balancesOf(ctx, employee);
}

/** An employee whose absences the user may see (visible, AbsenceRequest view level reaching), else 404. */
async function employeeWithAbsences(ctx: AbsencesContext, employeeId: number): Promise<AbsenceEmployee> {
  const seen = await loadVisibleEmployee(ctx.db, ctx.access, employeeId);
  if (!seen || !levelReaches(levelFor(ctx.access, 'AbsenceRequest', 'view'), seen.relation)) {
    throw new AppError('not_found');
  }
  return seen.employee;
}

/** `GET absences.balances.employee`: the balances of an employee the user may see (HR, managers). */
export async function getEmployeeBalance(
  ctx: AbsencesContext,
  employeeId: number,
): Promise<AbsenceBalance[]> {
  return balancesOf(ctx, await employeeWithAbsences(ctx, employeeId));
}

/**
 * `GET absences.ledger`: one balance (the user's own by default) and the ledger lines it is the sum
 * of, so the app explains it line by line: accruals, carry-over, expiry, adjustments, absences and
 * their reversals (with the request's dates).
 */
export async function getLedger(
  ctx: AbsencesContext,
  query: { absence_type: AbsenceTypeCode; employee_id?: number | undefined; year?: number | undefined },
): Promise<{ balance: AbsenceBalance; entries: LedgerEntry[] }> {
  const companyId = ctx.access.user.companyId;
  const employeeId = query.employee_id ?? ctx.access.user.employeeId;
  const employee = await employeeWithAbsences(ctx, employeeId);
  const types = await ensureAbsenceTypes(ctx.db, companyId);
  const type = types.find((row) => row.code === query.absence_type);
  if (!type) throw new AppError('not_found');
  const today = await todayOf(ctx, employee.id);
  const year = query.year ?? Number(today.slice(0, 4));
  const balance = await balanceOf(ctx, employee, type, year, today);
  const lines = await listLedgerLines(ctx.db, companyId, { employeeId, absenceTypeId: type.id, year });
  return {
    balance,
    entries: lines.map((line) => ({
      id: line.id,
      kind: line.kind as LedgerEntry['kind'],
      amount: line.amount,
      request_id: line.requestId,
      date_from: line.dateFrom,
      date_to: line.dateTo,
      note: line.note,
      created_at: line.createdAt.toISOString(),
    })),
  };
}
