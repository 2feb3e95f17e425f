import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { corpEvents, corpEventTeams } from '../schema/corp-events';
import { teams } from '../schema/teams';
import type { Db } from '../tables';

// The demo company's corporate events (issue 15): a few upcoming ones for everyone, one for the
// Engineering team (and so its sub-teams), one past — in Kyiv time, relative to the seeding day.

type Tx = Pick<Db, 'insert' | 'select'>;

type DemoEvent = {
  title: string;
  description: string;
  place: string;
  /** Days from the seeding day. */
  inDays: number;
  /** Local times in Kyiv; none for an all-day event. */
  times?: [string, string];
  /** Days it lasts (all-day events). */
  days?: number;
  team?: string;
};

const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Company town hall',
    description: 'Results of the quarter, plans for the next one and questions to the leadership.',
    place: 'Main hall, 5th floor, and online',
    inDays: 3,
    times: ['16:00', '17:30'],
  },
  {
    title: 'Engineering offsite',
    description: 'Two days out of the office: architecture review, hackathon and a dinner together.',
    place: 'Carpathians, Yaremche',
    inDays: 12,
    days: 2,
    team: 'Engineering',
  },
  {
    title: 'Summer party',
    description: 'Food, music and games for the whole company and families.',
    place: 'Hydropark, Kyiv',
    inDays: 40,
    times: ['17:00', '23:00'],
  },
  {
    title: 'First-aid training',
    description: 'A practical course with a certificate; sign up with HR.',
    place: 'Meeting room “Dnipro”',
    inDays: -7,
    times: ['11:00', '13:00'],
  },
];

function isoDay(base: Date, days: number): string {
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

function kyivInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(
    new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, 'Europe/Kyiv').getTime(),
  );
}

export async function seedDemoCorpEvents(tx: Tx, companyId: number, now: Date): Promise<void> {
  for (const demo of DEMO_EVENTS) {
    const startDate = isoDay(now, demo.inDays);
    const endDate = isoDay(now, demo.inDays + (demo.days ?? 1) - 1);
    const timed = demo.times !== undefined;
    const [row] = await tx
      .insert(corpEvents)
      .values({
        companyId,
        title: demo.title,
        description: demo.description,
        place: demo.place,
        allDay: !timed,
        timeZone: 'Europe/Kyiv',
        startDate,
        endDate,
        startTime: demo.times?.[0] ?? null,
        endTime: demo.times?.[1] ?? null,
        startsAt: kyivInstant(startDate, demo.times?.[0] ?? '00:00'),
        endsAt: timed
          ? kyivInstant(endDate, demo.times?.[1] ?? '00:00')
          : kyivInstant(isoDay(now, demo.inDays + (demo.days ?? 1)), '00:00'),
        audience: demo.team ? 'teams' : 'everyone',
      })
      .returning({ id: corpEvents.id });
    if (!row || !demo.team) continue;
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.companyId, companyId), eq(teams.name, demo.team)))
      .limit(1);
    if (team) await tx.insert(corpEventTeams).values({ companyId, eventId: row.id, teamId: team.id });
  }
}
