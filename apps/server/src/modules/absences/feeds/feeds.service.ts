import { createTranslator } from '@kadry/shared/i18n/translate';
import { route } from '@kadry/shared/routes';
import type {
  AbsenceFeed,
  CreateAbsenceFeedBody,
  CreatedAbsenceFeedResponse,
} from '@kadry/shared/schemas/absence-reports';
import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { AbsenceFeedRow } from '../../../db/schema/absences';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import { createRandomToken, hashToken } from '../../../lib/tokens';
import { type Access, levelFor, maskPermissionsByPlan, requireLevel } from '../../../plugins/access/access';
import { findRolePermissions, isBuiltInRole } from '../../../plugins/access/roles';
import { findTeamReach } from '../../../plugins/access/team-reach';
import type { SessionUser } from '../../../plugins/session-store';
import { addCorpEventsToFeed } from '../../corp-events/corp-events.service';
import { addTasksToFeed } from '../../tasks/tasks.service';
import { fromDayNumber, toDayNumber } from '../day-count';
import { canSeeAbsencesOf, listVisibleApprovedAbsences, teamExists } from '../reports/reports.service';
import { findLiveFeed, insertFeed, listUserFeeds, revokeUserFeed, touchFeed } from './feeds.queries';

// iCal feeds of absences (issue 14): a secret, revocable URL per person, team or company, filtered
// by type, so people subscribe in their calendar app. Only the SHA-256 of the token is stored; the
// feed shows the approved absences its creator may still see, evaluated at every fetch.

export type FeedsContext = { db: Db; access: Access; now: () => Date };

/** The feed's secret: 32 random bytes, base64url (43 characters). */
const TOKEN_BYTES = 32;
/** How far back and ahead a feed reaches, in days (calendar apps fetch the whole file each time). */
const FEED_PAST_DAYS = 366;
const FEED_FUTURE_DAYS = 2 * 366;
/** `last_used_at` is written at most this often per feed (calendar apps poll often). */
const TOUCH_INTERVAL_MS = 60_000;

export function toAbsenceFeed(row: AbsenceFeedRow): AbsenceFeed {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as AbsenceFeed['scope'],
    employee_id: row.employeeId,
    team_id: row.teamId,
    type_codes: row.typeCodes as AbsenceTypeCode[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

function fieldError(field: string, key: string): AppError {
  return new AppError('validation', { key, issues: { [field]: [{ key }] } });
}

/**
 * A new feed of the user's: a person (default their own employee; one whose absences they see), a
 * team (with the teams below it) or the company, of some types. Answers the secret URL this once.
 */
export async function createFeed(
  ctx: FeedsContext,
  body: CreateAbsenceFeedBody,
  origin: string,
): Promise<CreatedAbsenceFeedResponse['data']> {
  requireLevel(ctx.access, 'AbsenceRequest', 'view');
  const { user } = ctx.access;
  let employeeId: number | null = null;
  let teamId: number | null = null;
  if (body.scope === 'person') {
    employeeId = body.employee_id ?? user.employeeId;
    if (!(await canSeeAbsencesOf(ctx, employeeId)))
      throw fieldError('employee_id', 'absences.employee_unknown');
  } else if (body.scope === 'team') {
    teamId = body.team_id ?? null;
    if (teamId === null || !(await teamExists(ctx, teamId))) {
      throw fieldError('team_id', 'absenceReports.feeds.unknown_team');
    }
  } else if (levelFor(ctx.access, 'AbsenceRequest', 'view') !== 'to_all') {
    // A company feed is for whoever sees everyone's absences.
    throw new AppError('forbidden');
  }
  const token = createRandomToken(TOKEN_BYTES);
  const row = await insertFeed(ctx.db, {
    companyId: user.companyId,
    userId: user.id,
    name: body.name.trim(),
    scope: body.scope,
    employeeId,
    teamId,
    typeCodes: [...new Set(body.type_codes ?? [])],
    tokenHash: hashToken(token),
  });
  return { ...toAbsenceFeed(row), url: `${origin}${route('absences.feeds.ics', { token })}` };
}

export async function listFeeds(ctx: FeedsContext): Promise<AbsenceFeed[]> {
  const rows = await listUserFeeds(ctx.db, ctx.access.user.companyId, ctx.access.user.id);
  return rows.map(toAbsenceFeed);
}

/** Revokes one of the user's own live feeds (404 for anyone else's, or one already revoked). */
export async function revokeFeed(ctx: FeedsContext, id: number): Promise<AbsenceFeed> {
  const row = await revokeUserFeed(ctx.db, ctx.access.user.companyId, ctx.access.user.id, id, ctx.now());
  if (!row) throw new AppError('not_found');
  return toAbsenceFeed(row);
}

/** The creator's access as their session would load it (role, plan, team reach). */
async function accessOfCreator(
  db: Db,
  user: Omit<SessionUser, 'impersonator' | 'locale'> & { locale: string },
  tariffs: readonly string[],
): Promise<Access> {
  const key = isBuiltInRole(user.roleKey) ? user.roleKey : null;
  const [permissions, reach] = await Promise.all([
    findRolePermissions(db, { id: user.roleId, key, companyId: user.companyId }),
    findTeamReach(db, user),
  ]);
  return {
    user: { ...user, locale: user.locale as SessionUser['locale'], impersonator: null },
    role: { id: user.roleId, key },
    permissions: maskPermissionsByPlan(permissions, tariffs),
    ...reach,
  };
}

/**
 * The public feed: an iCalendar of all-day events (DTEND exclusive), one per approved absence the
 * creator may still see, with stable UIDs; half days are said in the summary. 404 for an unknown or
 * revoked token, a disabled creator, or one who may no longer see absences.
 */
export async function renderFeed(db: Db, companyId: number, token: string, now: Date): Promise<string> {
  const found = await findLiveFeed(db, companyId, hashToken(token));
  if (!found) throw new AppError('not_found');
  const { feed } = found;
  const access = await accessOfCreator(db, found.user, found.tariffs);
  if (levelFor(access, 'AbsenceRequest', 'view') === 'not_visible') throw new AppError('not_found');
  const today = toDayNumber(now.toISOString().slice(0, 10));
  const absences = await listVisibleApprovedAbsences(
    { db, access },
    {
      ...(feed.scope === 'person' && feed.employeeId !== null ? { employeeId: feed.employeeId } : {}),
      ...(feed.scope === 'team' && feed.teamId !== null ? { teamId: feed.teamId } : {}),
      typeCodes: feed.typeCodes,
      range: { from: fromDayNumber(today - FEED_PAST_DAYS), to: fromDayNumber(today + FEED_FUTURE_DAYS) },
    },
  );
  const locale = found.user.locale;
  const t = createTranslator(locale);
  const calendar = ical({
    name: feed.name,
    method: ICalCalendarMethod.PUBLISH,
    prodId: '-//Kadry//Absences//EN',
  });
  for (const absence of absences) {
    const typeName = absence.type.names[locale as keyof typeof absence.type.names] || absence.type.names.en;
    const notes: string[] = [];
    if (absence.hours !== null && absence.type.unit === 'hours') {
      notes.push(t('absenceReports.feeds.hours', { hours: absence.hours }));
    }
    if (absence.halfDayStart) notes.push(t('absenceReports.feeds.half_day_start'));
    if (absence.halfDayEnd) notes.push(t('absenceReports.feeds.half_day_end'));
    const [fy, fm, fd] = absence.dateFrom.split('-').map(Number);
    const end = toDayNumber(absence.dateTo) + 1;
    calendar.createEvent({
      id: `absence-${absence.id}@kadry`,
      start: new Date(Date.UTC(fy ?? 1970, (fm ?? 1) - 1, fd ?? 1)),
      end: new Date(end * 86_400_000),
      allDay: true,
      stamp: now,
      summary: `${absence.name}: ${typeName}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`,
    });
  }
  // A feed of chosen absence types ("my vacations") is just those; one of every type is the whole
  // calendar: corporate events and (a person's) tasks too.
  const isWholeCalendar = feed.typeCodes.length === 0;
  // Corporate events of the feed's audience (issue 15): a person's, a team's, or all of them.
  if (isWholeCalendar)
    await addCorpEventsToFeed(
      db,
      access,
      calendar,
      feed.scope === 'person' && feed.employeeId !== null
        ? { scope: 'person', employeeId: feed.employeeId }
        : feed.scope === 'team' && feed.teamId !== null
          ? { scope: 'team', teamId: feed.teamId }
          : { scope: 'company' },
      now,
    );
  // A person's tasks (about them or assigned to them) that the creator may see (issue 15).
  if (isWholeCalendar && feed.scope === 'person' && feed.employeeId !== null) {
    await addTasksToFeed(
      db,
      access,
      calendar,
      feed.employeeId,
      { from: fromDayNumber(today - FEED_PAST_DAYS), to: fromDayNumber(today + FEED_FUTURE_DAYS) },
      now,
    );
  }
  if (!feed.lastUsedAt || now.getTime() - feed.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchFeed(db, companyId, feed.id, now);
  }
  return calendar.toString();
}
