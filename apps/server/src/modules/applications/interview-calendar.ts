import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

// An interview's calendar invitation (RFC 5545 / iTIP): one VEVENT with a stable UID whose SEQUENCE
// grows with each change sent, in the interview's own time zone (DTSTART;TZID=… with its VTIMEZONE).

/** The instant a local date and time has in an IANA time zone ('2025-03-30', '10:00', 'Europe/Kyiv'). */
export function toInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(
    new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, timeZone).getTime(),
  );
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant in an IANA time zone. */
export function toLocalParts(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

/**
 * Zones the tz database renamed: the VTIMEZONE library knows some only by their older name (ICU knows
 * Kyiv as Europe/Kiev, the library only that one). The component is renamed back to the asked one.
 */
const OTHER_NAMES: Record<string, string> = {
  'Europe/Kyiv': 'Europe/Kiev',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Ho_Chi_Minh': 'Asia/Saigon',
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Coral_Harbour': 'America/Atikokan',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The VTIMEZONE component of a zone, its TZID being exactly `timeZone` (so DTSTART;TZID= finds it);
 * null when no definition is known (the event is then written in UTC, still the right instant).
 */
export function findVtimezone(timeZone: string): string | null {
  const candidates = [timeZone, OTHER_NAMES[timeZone]];
  try {
    candidates.push(new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone);
  } catch {
    return null;
  }
  for (const name of candidates) {
    if (!name) continue;
    const component = getVtimezoneComponent(name);
    if (!component) continue;
    const definedAs = /^TZID:(.+)$/m.exec(component)?.[1]?.trim();
    if (!definedAs || definedAs === timeZone) return component;
    return component
      .replace(/^TZID:.+$/m, `TZID:${timeZone}`)
      .replace(/^X-LIC-LOCATION:.+$/m, `X-LIC-LOCATION:${timeZone}`);
  }
  return null;
}

export type InvitationInput = {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: { name: string; email: string } | null;
  /** Who this copy is for: each recipient's copy names only them (no one's address is shown to others). */
  attendee: { name: string; email: string };
  /** DTSTAMP: when this version was made. */
  stamp: Date;
};

/** The .ics text of an invitation (METHOD:REQUEST) or its cancellation (METHOD:CANCEL, STATUS:CANCELLED). */
export function buildInvitation(input: InvitationInput): string {
  const hasZone = findVtimezone(input.timeZone) !== null;
  const calendar = ical({
    prodId: { company: 'Kadry', product: 'Kadry interviews', language: 'EN' },
    method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone: DTSTAMP stays in UTC; the event's zone brings its VTIMEZONE.
    timezone: { name: null, generator: findVtimezone },
  });
  const end = new Date(input.startsAt.getTime() + input.durationMinutes * 60_000);
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: input.stamp,
    start: hasZone ? new TZDate(input.startsAt.getTime(), input.timeZone) : input.startsAt,
    end: hasZone ? new TZDate(end.getTime(), input.timeZone) : end,
    timezone: hasZone ? input.timeZone : null,
    summary: input.summary,
    description: input.description,
    location: input.location,
    url: input.url,
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer ?? undefined,
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: input.method === 'REQUEST',
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
    ],
  });
  return calendar.toString();
}
