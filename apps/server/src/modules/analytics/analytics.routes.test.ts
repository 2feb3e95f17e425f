import { analyticsEventBodySchema, usageResponseSchema } from '@kadry/shared/schemas/analytics';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { analyticsEvents } from '../../db/schema/analytics';
import type { Company } from '../../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';
import { listPeriods } from './analytics.service';

// Analytics events (issue 15, spec §7.2, decision 026): stored per company with the acting user and
// time, properties refused unless they are plainly not personal data, a per-user rate limit, and the
// owners' usage page with its export. The clock stands at 2031-03-10 09:00 UTC.

const EVENTS = '/api/v1/analytics';
const USAGE = '/api/v1/analytics/usage';
const USAGE_EXPORT = '/api/v1/analytics/usage/export';
const RATE_LIMIT = 5;

let t: AuthTestApp;
let company: Company;
let other: Company;
let owner: StaffMember;
let hr: StaffMember;
let employee: StaffMember;
let otherOwner: StaffMember;

function post(who: StaffMember, payload: unknown) {
  return callAs(t, who, 'POST', EVENTS, payload);
}

async function storedOf(companyId: number) {
  return t.database.db
    .select({
      userId: analyticsEvents.userId,
      eventId: analyticsEvents.eventId,
      properties: analyticsEvents.eventProperties,
      createdAt: analyticsEvents.createdAt,
    })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.companyId, companyId))
    .orderBy(analyticsEvents.id);
}

beforeAll(async () => {
  t = await createAuthTestApp({ env: { RATE_LIMIT_ANALYTICS: String(RATE_LIMIT) } });
  company = await seedCompany(t.database.db);
  other = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  employee = await seedStaff(t, company, 'employee');
  otherOwner = await seedStaff(t, other, 'owner');
});

afterAll(async () => {
  await t.close();
});

describe('POST analytics', () => {
  it('stores the spec’s children statistics event with the acting user and time (204)', async () => {
    const response = await post(employee, {
      event_id: 1001042,
      event_properties: { filter_select_team: true },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await storedOf(company.id)).toEqual([
      {
        userId: employee.user.id,
        eventId: 1001042,
        properties: { filter_select_team: true },
        createdAt: expect.any(Date),
      },
    ]);
    expect(await storedOf(other.id)).toEqual([]);
  });

  it('stores an absence type from the allow-list', async () => {
    const response = await post(hr, { event_id: 1002001, event_properties: { absence_type: 'home_work' } });
    expect(response.statusCode, response.body).toBe(204);
    const stored = await storedOf(company.id);
    expect(stored.at(-1)).toMatchObject({ userId: hr.user.id, properties: { absence_type: 'home_work' } });
  });

  it.each<[string, unknown]>([
    ['an unknown event', { event_id: 42, event_properties: {} }],
    ['an email', { event_id: 1001042, event_properties: { filter_select_team: true, email: 'a@b.test' } }],
    [
      'a name in an allowed-looking key',
      { event_id: 1002001, event_properties: { absence_type: 'Olena Kovalenko' } },
    ],
    [
      'a phone as a number',
      { event_id: 1001042, event_properties: { filter_select_team: true, filter_age: 380501234567 } },
    ],
    ['a phone as text', { event_id: 1001042, event_properties: { filter_select_team: '+380501234567' } }],
    ['a nested object', { event_id: 1001042, event_properties: { filter_select_team: { name: 'x' } } }],
    [
      'a key with capitals',
      { event_id: 1001042, event_properties: { filter_select_team: true, Name: true } },
    ],
    [
      'a key the event does not define',
      { event_id: 1001042, event_properties: { filter_select_team: true, team: true } },
    ],
    ['a missing property', { event_id: 1001042, event_properties: {} }],
    ['a type outside the five', { event_id: 1002001, event_properties: { absence_type: 'business_trip' } }],
  ])('refuses %s (422) and stores nothing', async (_label, payload) => {
    const before = (await storedOf(company.id)).length;
    const response = await post(owner, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    expect((await storedOf(company.id)).length).toBe(before);
  });

  it('refuses more than ten properties in the general rule', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`flag_${'x'.repeat(i + 1)}`, true]),
    );
    expect(
      analyticsEventBodySchema.safeParse({ event_id: 1001042, event_properties: properties }).success,
    ).toBe(false);
  });

  it('needs a signed-in user and the CSRF token', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: EVENTS,
      headers: { host: company.hosts[0] ?? '' },
      payload: { event_id: 1001042, event_properties: { filter_select_team: false } },
    });
    // Without a session there is no CSRF token either: refused before anything is read.
    expect([401, 419]).toContain(anonymous.statusCode);
    const anonymousUsage = await t.app.inject({
      method: 'GET',
      url: USAGE,
      headers: { host: company.hosts[0] ?? '' },
    });
    expect(anonymousUsage.statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: 'POST',
      url: EVENTS,
      headers: { cookie: employee.headers.cookie, host: employee.headers.host },
      payload: { event_id: 1001042, event_properties: { filter_select_team: false } },
    });
    expect(noToken.statusCode).toBe(419);
  });

  it('limits each user’s events per minute (429 with Retry-After), others unaffected', async () => {
    const sender = await seedStaff(t, company, 'employee');
    const body = { event_id: 1001042, event_properties: { filter_select_team: false } };
    for (let i = 0; i < RATE_LIMIT; i += 1) expect((await post(sender, body)).statusCode).toBe(204);
    const limited = await post(sender, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post(otherOwner, body)).statusCode).toBe(204);
  });
});

describe('the usage page (owners)', () => {
  it('counts each event per day over the period, in the owner’s time zone', async () => {
    // Two more the day before (09:00 UTC on 2031-03-09).
    await t.database.db.insert(analyticsEvents).values([
      {
        companyId: company.id,
        userId: owner.user.id,
        eventId: 1001042,
        createdAt: new Date('2031-03-09T09:00:00Z'),
      },
      {
        companyId: company.id,
        userId: owner.user.id,
        eventId: 1001042,
        createdAt: new Date('2031-03-09T10:00:00Z'),
      },
      {
        companyId: other.id,
        userId: otherOwner.user.id,
        eventId: 1001042,
        createdAt: new Date('2031-03-09T10:00:00Z'),
      },
    ]);
    const response = await callAs(t, owner, 'GET', `${USAGE}?from=2031-03-08&to=2031-03-10`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = usageResponseSchema.parse(response.json());
    expect(data.periods).toEqual(['2031-03-08', '2031-03-09', '2031-03-10']);
    const filter = data.series.find((series) => series.event_id === 1001042);
    // Today: the employee's, and the five of the rate-limited sender (the other company's are not counted).
    expect(filter?.points).toEqual([
      { period: '2031-03-09', count: 2 },
      { period: '2031-03-10', count: 1 + RATE_LIMIT },
    ]);
    expect(filter?.event).toBe('children_statistics_filter');
    expect(data.series.find((series) => series.event_id === 1002001)?.total).toBe(1);
  });

  it('groups by week from Monday, and defaults to the last 30 days', async () => {
    const weekly = usageResponseSchema.parse(
      (await callAs(t, owner, 'GET', `${USAGE}?interval=week&from=2031-03-01&to=2031-03-10`)).json(),
    ).data;
    expect(weekly.periods).toEqual(['2031-02-24', '2031-03-03', '2031-03-10']);
    expect(weekly.series.find((series) => series.event_id === 1001042)?.points).toEqual([
      { period: '2031-03-03', count: 2 },
      { period: '2031-03-10', count: 1 + RATE_LIMIT },
    ]);
    const byDefault = usageResponseSchema.parse((await callAs(t, owner, 'GET', USAGE)).json()).data;
    expect([byDefault.from, byDefault.to]).toEqual(['2031-02-09', '2031-03-10']);
    expect(listPeriods('2031-03-04', '2031-03-04', 'week')).toEqual(['2031-03-03']);
  });

  it('exports the counts as CSV and XLSX with the file name in the headers', async () => {
    const csv = await callAs(t, owner, 'GET', `${USAGE_EXPORT}?from=2031-03-09&to=2031-03-10`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers.filename).toBe('usage-day-2031-03-09-2031-03-10.csv');
    expect(csv.headers['content-disposition']).toContain('usage-day-2031-03-09-2031-03-10.csv');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'period,event_id,event,count',
      '2031-03-09,1001042,children_statistics_filter,2',
      '2031-03-10,1001042,children_statistics_filter,6',
    ]);
    const xlsx = await callAs(t, owner, 'GET', `${USAGE_EXPORT}?from=2031-03-09&to=2031-03-10&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([
      undefined,
      '2031-03-09',
      '1001042',
      'children_statistics_filter',
      '2',
    ]);
  });

  it('is for owners only, and refuses a reversed or too long period (422)', async () => {
    for (const who of [hr, employee]) {
      expect((await callAs(t, who, 'GET', USAGE)).statusCode).toBe(403);
      expect((await callAs(t, who, 'GET', USAGE_EXPORT)).statusCode).toBe(403);
    }
    expect((await callAs(t, owner, 'GET', `${USAGE}?from=2031-03-10&to=2031-03-01`)).statusCode).toBe(422);
    expect((await callAs(t, owner, 'GET', `${USAGE}?from=2029-01-01&to=2031-03-01`)).statusCode).toBe(422);
    expect((await callAs(t, owner, 'GET', `${USAGE}?interval=month`)).statusCode).toBe(422);
    const mine = usageResponseSchema.parse(
      (await callAs(t, otherOwner, 'GET', `${USAGE}?from=2031-03-09&to=2031-03-10`)).json(),
    );
    expect(mine.data.series.map((series) => series.total)).toEqual([2]);
    const stored = await t.database.db
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.companyId, other.id), eq(analyticsEvents.eventId, 1001042)));
    expect(stored).toHaveLength(2);
  });
});
