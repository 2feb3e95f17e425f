import { TZDate } from '@date-fns/tz';
import { isWidgetAvailable } from '@kadry/shared/dashboard-widgets';
import { levelOf } from '@kadry/shared/permissions/permission-state';
import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { PageMeta } from '@kadry/shared/schemas/common';
import {
  CORP_EVENT_DAYS_MAX,
  type CorpEvent,
  type CorpEventInput,
  type CorpEventsQuery,
} from '@kadry/shared/schemas/corp-events';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { ICalCalendar } from 'ical-generator';
import type { CorpEventRow } from '../../db/schema/corp-events';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import {
  type Access,
  canSeeObject,
  levelFor,
  maskPermissionsByPlan,
  requireLevel,
} from '../../plugins/access/access';
import { findRolePermissions, isBuiltInRole } from '../../plugins/access/roles';
import { forgetTargetNotifications, notifyUsers } from '../notifications/notifications.service';
import { getVisibleTeams } from '../teams/teams.service';
import {
  deleteEvent,
  type EventPeriod,
  type EventScope,
  type EventTeamRow,
  type EventWithAuthor,
  findAudienceAccounts,
  findCompanyTariffs,
  findEmployeeTeamIds,
  findEvent,
  findEventTeams,
  findTeamsAndAncestors,
  insertEvent,
  listEvents,
  lockEvent,
  replaceEventTeams,
  type Tx,
  updateEvent,
} from './corp-events.queries';

// Corporate events (issue 15): the company calendar under the CorpEvent permission
// (docs/decisions/025-questions-to-hr.md). Who sees an event: whoever is in its audience (everyone,
// or the members of its teams and of every team below them), its author, and CorpEvent view to_all.

export type CorpEventsContext = {
  db: Db;
  access: Access;
  /** The company's tariffs (the widget's plan module). */
  tariffs: readonly string[];
  now: () => Date;
};

const DAY_MS = 86_400_000;

function companyOf(ctx: { access: Access }): number {
  return ctx.access.user.companyId;
}

function invalid(path: string, key: string): AppError {
  const issue: ValidationIssue = { key };
  return new AppError('validation', { issues: { [path]: [issue] } });
}

/** The instant a local date and time has in an IANA time zone ('2031-03-30', '10:00', 'Europe/Kyiv'). */
function toInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(
    new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, timeZone).getTime(),
  );
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The teams whose events reach the user: their own teams and every team above them. */
async function audienceTeamsOf(db: Tx, access: Access): Promise<number[]> {
  const own = await findEmployeeTeamIds(db, companyOf({ access }), access.user.employeeId);
  return findTeamsAndAncestors(db, companyOf({ access }), own);
}

/** What a view level lets the user see: to_all everything, else their audience and their own events. */
async function viewScopeOf(db: Tx, access: Access, level: Level): Promise<EventScope> {
  if (level === 'to_all') return { all: true };
  return { all: false, audienceTeamIds: await audienceTeamsOf(db, access), authorId: access.user.id };
}

function canChange(access: Access, action: 'update' | 'delete', row: CorpEventRow): boolean {
  return canSeeObject(levelFor(access, 'CorpEvent', action), access, {
    companyId: row.companyId,
    ownerId: row.authorId,
  });
}

/** Events on the wire, with the audience teams the reader may see and what they may do. */
async function toWire(
  db: Db,
  access: Access,
  rows: readonly EventWithAuthor[],
  audienceTeamIds: readonly number[] | null,
): Promise<CorpEvent[]> {
  const teamRows = await findEventTeams(
    db,
    companyOf({ access }),
    rows.map((row) => row.event.id),
  );
  const visible =
    teamRows.length === 0
      ? new Set<number>()
      : new Set((await getVisibleTeams({ db, access }, { mode: 'list' })).teams.map((team) => team.id));
  const myTeams = new Set(audienceTeamIds ?? (await audienceTeamsOf(db, access)));
  const teamsOf = new Map<number, EventTeamRow[]>();
  for (const team of teamRows) teamsOf.set(team.eventId, [...(teamsOf.get(team.eventId) ?? []), team]);
  return rows.map(({ event, authorName }) => {
    const teams = teamsOf.get(event.id) ?? [];
    return {
      id: event.id,
      title: event.title,
      description: event.description,
      place: event.place,
      all_day: event.allDay,
      start_date: event.startDate,
      end_date: event.endDate,
      start_time: event.startTime,
      end_time: event.endTime,
      time_zone: event.timeZone,
      starts_at: event.startsAt.toISOString(),
      ends_at: event.endsAt.toISOString(),
      audience: event.audience,
      teams: teams
        .filter((team) => visible.has(team.teamId))
        .map((team) => ({ id: team.teamId, name: team.name })),
      author:
        event.authorId !== null && authorName !== null ? { id: event.authorId, name: authorName } : null,
      is_for_me: event.audience === 'everyone' || teams.some((team) => myTeams.has(team.teamId)),
      can_update: canChange(access, 'update', event),
      can_delete: canChange(access, 'delete', event),
      created_at: event.createdAt.toISOString(),
      updated_at: event.updatedAt.toISOString(),
    };
  });
}

function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).toISOString().slice(0, 10);
}

/** `GET corpEvents.all`: the events the user sees, upcoming, past or meeting a month. */
export async function listCorpEvents(
  ctx: CorpEventsContext,
  query: CorpEventsQuery,
): Promise<{ data: CorpEvent[]; meta: PageMeta }> {
  const level = requireLevel(ctx.access, 'CorpEvent', 'view');
  const scope = await viewScopeOf(ctx.db, ctx.access, level);
  const now = ctx.now();
  const period: EventPeriod =
    query.period === 'month' && query.month !== undefined
      ? { kind: 'range', firstDay: `${query.month}-01`, lastDay: lastDayOfMonth(query.month) }
      : query.period === 'past'
        ? { kind: 'past', now }
        : { kind: 'upcoming', now };
  const { rows, total } = await listEvents(ctx.db, companyOf(ctx), {
    scopes: [scope],
    period,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await toWire(ctx.db, ctx.access, rows, scope.all ? null : scope.audienceTeamIds),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/**
 * `dashboard.corpEvents` (the widget): the upcoming events the user is in the audience of, soonest
 * first — whatever else their level lets them see.
 */
export async function listMyUpcomingCorpEvents(
  ctx: CorpEventsContext,
  query: { per_page: number },
): Promise<{ data: CorpEvent[]; meta: { total: number } }> {
  if (!isWidgetAvailable('corpEvents', ctx.tariffs, ctx.access.permissions)) {
    throw new AppError('forbidden', { key: 'dashboard.widget_unavailable' });
  }
  const audienceTeamIds = await audienceTeamsOf(ctx.db, ctx.access);
  const { rows, total } = await listEvents(ctx.db, companyOf(ctx), {
    scopes: [{ all: false, audienceTeamIds, authorId: null }],
    period: { kind: 'upcoming', now: ctx.now() },
    limit: query.per_page,
    offset: 0,
  });
  return { data: await toWire(ctx.db, ctx.access, rows, audienceTeamIds), meta: { total } };
}

/** One event the user sees; 404 for a missing one and one out of their sight alike. */
async function findVisible(ctx: CorpEventsContext, id: number): Promise<EventWithAuthor> {
  const level = levelFor(ctx.access, 'CorpEvent', 'view');
  if (level === 'not_visible') throw new AppError('not_found');
  const found = await findEvent(ctx.db, companyOf(ctx), id, await viewScopeOf(ctx.db, ctx.access, level));
  if (!found) throw new AppError('not_found');
  return found;
}

export async function getCorpEvent(ctx: CorpEventsContext, id: number): Promise<CorpEvent> {
  const found = await findVisible(ctx, id);
  const [event] = await toWire(ctx.db, ctx.access, [found], null);
  if (!event) throw new AppError('not_found');
  return event;
}

/** The stored values of an input: its instants in its zone; 422 when it ends before it starts. */
function valuesOf(input: CorpEventInput) {
  if (daysBetween(input.start_date, input.end_date) > CORP_EVENT_DAYS_MAX) {
    throw invalid('end_date', 'corpEvents.too_long');
  }
  const allDay = input.all_day;
  const startTime = allDay ? null : (input.start_time ?? '00:00');
  const endTime = allDay ? null : (input.end_time ?? '00:00');
  const startsAt = toInstant(input.start_date, startTime ?? '00:00', input.time_zone);
  const endsAt = allDay
    ? toInstant(addDays(input.end_date, 1), '00:00', input.time_zone)
    : toInstant(input.end_date, endTime ?? '00:00', input.time_zone);
  if (endsAt.getTime() <= startsAt.getTime()) throw invalid('end_time', 'corpEvents.end_before_start');
  return {
    title: input.title,
    description: input.description,
    place: input.place,
    allDay,
    timeZone: input.time_zone,
    startDate: input.start_date,
    endDate: input.end_date,
    startTime,
    endTime,
    startsAt,
    endsAt,
    audience: input.audience,
  };
}

/**
 * The audience's teams, checked: each one the user sees (else 422 `team_ids`); below to_all the
 * audience is teams only (422 `audience`), each within the user's "my team" reach (422 `team_ids`).
 */
async function checkAudience(ctx: CorpEventsContext, level: Level, input: CorpEventInput): Promise<number[]> {
  if (input.audience === 'everyone') {
    if (level !== 'to_all') throw invalid('audience', 'corpEvents.everyone_not_allowed');
    return [];
  }
  const visible = new Set(
    (await getVisibleTeams({ db: ctx.db, access: ctx.access }, { mode: 'list' })).teams.map(
      (team) => team.id,
    ),
  );
  for (const teamId of input.team_ids) {
    if (!visible.has(teamId)) throw invalid('team_ids', 'corpEvents.unknown_team');
    if (level !== 'to_all' && !ctx.access.teamIds.includes(teamId)) {
      throw invalid('team_ids', 'corpEvents.team_out_of_reach');
    }
  }
  return input.team_ids;
}

/**
 * The accounts to tell about a new event: its audience but the author, each only when their role
 * (within the company's plan) lets them see corporate events.
 */
async function findRecipients(tx: Db, companyId: number, event: CorpEventRow, teamIds: readonly number[]) {
  const [members, tariffs] = await Promise.all([
    findAudienceAccounts(
      tx,
      companyId,
      event.audience === 'everyone' ? { everyone: true } : { everyone: false, teamIds },
    ),
    findCompanyTariffs(tx, companyId),
  ]);
  const levelOfRole = new Map<number, Level>();
  const recipients: number[] = [];
  for (const member of members) {
    if (member.id === event.authorId) continue;
    let level = levelOfRole.get(member.roleId);
    if (level === undefined) {
      const key = isBuiltInRole(member.roleKey) ? member.roleKey : null;
      const permissions = maskPermissionsByPlan(
        await findRolePermissions(tx, { id: member.roleId, key, companyId }),
        tariffs,
      );
      level = levelOf(permissions.CorpEvent.visibilitySettings, 'view');
      levelOfRole.set(member.roleId, level);
    }
    if (level !== 'not_visible') recipients.push(member.id);
  }
  return recipients;
}

/** `POST corpEvents.all`: a new event; its audience hears of it (corp_event_created). */
export async function createCorpEvent(ctx: CorpEventsContext, input: CorpEventInput): Promise<CorpEvent> {
  const level = requireLevel(ctx.access, 'CorpEvent', 'create');
  const values = valuesOf(input);
  const teamIds = await checkAudience(ctx, level, input);
  const companyId = companyOf(ctx);
  const { user } = ctx.access;
  const id = await ctx.db.transaction(async (tx) => {
    const row = await insertEvent(tx, companyId, { ...values, authorId: user.id });
    await replaceEventTeams(tx, companyId, row.id, teamIds);
    await notifyUsers(tx, companyId, {
      userIds: await findRecipients(tx, companyId, row, teamIds),
      kind: 'corp_event_created',
      target: { type: 'corp_event', id: row.id },
      actorName: user.name,
      title: row.title,
      link: `/app/corp-events/${row.id}`,
      dedupeKey: `corp_event_created:${row.id}`,
    });
    return row.id;
  });
  return getCorpEvent(ctx, id);
}

/** `PUT corpEvents.one`: 404 out of sight, 403 without an update level reaching its author. */
export async function updateCorpEvent(
  ctx: CorpEventsContext,
  id: number,
  input: CorpEventInput,
): Promise<CorpEvent> {
  const found = await findVisible(ctx, id);
  const level = requireLevel(ctx.access, 'CorpEvent', 'update');
  if (!canChange(ctx.access, 'update', found.event)) throw new AppError('forbidden');
  const values = valuesOf(input);
  const teamIds = await checkAudience(ctx, level, input);
  const companyId = companyOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, companyId, id);
    if (!row) throw new AppError('not_found');
    if (!canChange(ctx.access, 'update', row)) throw new AppError('forbidden');
    await updateEvent(tx, companyId, id, values);
    await replaceEventTeams(tx, companyId, id, teamIds);
  });
  return getCorpEvent(ctx, id);
}

/** `DELETE corpEvents.one`: 404 out of sight, 403 without a delete level reaching its author. */
export async function deleteCorpEvent(ctx: CorpEventsContext, id: number): Promise<void> {
  await findVisible(ctx, id);
  const companyId = companyOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, companyId, id);
    if (!row) throw new AppError('not_found');
    if (!canChange(ctx.access, 'delete', row)) throw new AppError('forbidden');
    await deleteEvent(tx, companyId, id);
    await forgetTargetNotifications(tx, companyId, { type: 'corp_event', id });
  });
}

// ---------------------------------------------------------------------------------------------------
// The iCal feeds of absences (feeds.service.ts renderFeed) carry corporate events too.

/** Whose events a feed shows: a person's (their audience), a team's (its members'), the company's. */
export type FeedAudience =
  | { scope: 'person'; employeeId: number }
  | { scope: 'team'; teamId: number }
  | { scope: 'company' };

/** How far back and ahead a feed reaches, in days (as its absences). */
const FEED_PAST_DAYS = 366;
const FEED_FUTURE_DAYS = 2 * 366;
/** At most this many events in a feed. */
const FEED_EVENTS_MAX = 2_000;

/**
 * Adds to a feed's calendar the corporate events of its audience that its creator (`access`) may
 * still see: a person's feed the events whose audience includes that person, a team's the events
 * for its members (the team or a team above it, or everyone), the company's all of them. All-day
 * events are dates (DTEND exclusive); timed ones their instants in UTC.
 */
export async function addCorpEventsToFeed(
  db: Db,
  access: Access,
  calendar: ICalCalendar,
  audience: FeedAudience,
  now: Date,
): Promise<void> {
  const level = levelFor(access, 'CorpEvent', 'view');
  if (level === 'not_visible') return;
  const companyId = companyOf({ access });
  const scopes: EventScope[] = [await viewScopeOf(db, access, level)];
  if (audience.scope === 'person') {
    const own = await findEmployeeTeamIds(db, companyId, audience.employeeId);
    scopes.push({
      all: false,
      audienceTeamIds: await findTeamsAndAncestors(db, companyId, own),
      authorId: null,
    });
  } else if (audience.scope === 'team') {
    scopes.push({
      all: false,
      audienceTeamIds: await findTeamsAndAncestors(db, companyId, [audience.teamId]),
      authorId: null,
    });
  }
  const { rows } = await listEvents(db, companyId, {
    scopes,
    period: {
      kind: 'between',
      from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
      to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
    },
    limit: FEED_EVENTS_MAX,
    offset: 0,
  });
  for (const { event } of rows) {
    calendar.createEvent({
      id: `corp-event-${event.id}@kadry`,
      start: event.allDay ? new Date(`${event.startDate}T00:00:00Z`) : event.startsAt,
      end: event.allDay ? new Date(`${addDays(event.endDate, 1)}T00:00:00Z`) : event.endsAt,
      allDay: event.allDay,
      stamp: now,
      summary: event.title,
      ...(event.place ? { location: event.place } : {}),
      ...(event.description ? { description: event.description } : {}),
    });
  }
}
