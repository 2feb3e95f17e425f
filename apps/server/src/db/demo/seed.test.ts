import { INPUT_TYPES } from '@kadry/shared/form-kinds';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { countSpanByYear, doSpansOverlap } from '../../modules/absences/day-count';
import { createUser } from '../../modules/auth/users.service';
import { findDictionary } from '../../modules/dictionaries/dictionaries.queries';
import type { DatabaseHandle } from '../client';
import {
  absenceLedgerEntries,
  absenceRequestSteps,
  absenceRequests,
  absenceTypes,
  calendarDays,
  workCalendars,
} from '../schema/absences';
import { companies } from '../schema/companies';
import { employeeRelatives, employees } from '../schema/employees';
import { applicationForms, formFields } from '../schema/forms';
import { teamMembers, teams } from '../schema/teams';
import { vacancies } from '../schema/vacancies';
import { DEMO_PENDING_REQUESTS } from './demo-absences';
import { DEMO_PEOPLE_COUNT } from './demo-people';
import {
  DEMO_CALENDAR_NAME,
  DEMO_MANAGED_TEAM,
  isDatabaseEmpty,
  seedDemoData,
  seedDemoTeamManager,
} from './seed';

let handle: DatabaseHandle;
let companyId: number;
const now = new Date('2030-03-01T12:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  expect(await isDatabaseEmpty(handle.db)).toBe(true);
  ({ companyId } = await seedDemoData(handle.db, now));
});

afterAll(async () => {
  await handle?.close();
});

async function findPublished() {
  return handle.db
    .select()
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.isPublished, true)))
    .orderBy(desc(vacancies.publishedAt), desc(vacancies.id));
}

describe('seedDemoData', () => {
  it('creates the demo company as the default, with careers-site settings', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
    const [company] = await handle.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({
      name: 'Northwind Labs',
      isDefault: true,
      logoUrl: '/assets/demo/logo.svg',
      indexing: true,
      captchaProvider: 'none',
      languages: ['en', 'ru', 'uk'],
      defaultLanguage: 'en',
    });
    expect(company?.consentPageUrl).toMatch(/^https:\/\//);
    expect(company?.font).toBeTruthy();
  });

  it("gives the company a default Kyiv calendar with Ukraine's public holidays of last, this and next year", async () => {
    const calendars = await handle.db
      .select()
      .from(workCalendars)
      .where(eq(workCalendars.companyId, companyId));
    expect(calendars).toEqual([
      expect.objectContaining({
        name: DEMO_CALENDAR_NAME,
        countryCode: 'UA',
        timeZone: 'Europe/Kyiv',
        workingWeekdays: [1, 2, 3, 4, 5],
        isDefault: true,
      }),
    ]);
    const days = await handle.db
      .select()
      .from(calendarDays)
      .where(and(eq(calendarDays.companyId, companyId), eq(calendarDays.calendarId, calendars[0]?.id ?? 0)));
    for (const year of [2029, 2030, 2031]) {
      const ofYear = days.filter((day) => day.date.startsWith(`${year}-`));
      expect(ofYear.map((day) => day.date)).toContain(`${year}-08-24`);
      expect(ofYear.every((day) => day.kind === 'public_holiday')).toBe(true);
    }
    expect(days.find((day) => day.date === '2030-08-24')?.name).toBe('Independence Day');
  });

  it('does nothing when a company already exists', async () => {
    const before = await handle.db.$count(vacancies);
    await expect(seedDemoData(handle.db)).resolves.toEqual({ companyId });
    expect(await handle.db.$count(companies)).toBe(1);
    expect(await handle.db.$count(vacancies)).toBe(before);
  });

  it('publishes enough vacancies for three list pages of 20, plus two drafts', async () => {
    const published = await findPublished();
    expect(published.length).toBeGreaterThanOrEqual(45);
    const drafts = await handle.db
      .select()
      .from(vacancies)
      .where(and(eq(vacancies.companyId, companyId), eq(vacancies.isPublished, false)));
    expect(drafts).toHaveLength(2);
    expect(drafts.every((draft) => draft.publishedAt === null)).toBe(true);
  });

  it('spreads publication over recent weeks, newest first in the order written', async () => {
    const published = await findPublished();
    const times = published.map((vacancy) => vacancy.publishedAt?.getTime() ?? 0);
    expect(new Set(times).size).toBe(times.length);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    const spanDays = (Math.max(...times) - Math.min(...times)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(14);
    expect(spanDays).toBeLessThan(70);
    expect(published[0]?.name).toBe('Senior Backend Engineer (Node.js)');
  });

  it('varies the vacancies: hot ones, missing salary, empty sections, URLs and HTML', async () => {
    const published = await findPublished();
    expect(published.filter((vacancy) => vacancy.isHot).length).toBeGreaterThanOrEqual(3);
    expect(published.some((vacancy) => vacancy.salary === null)).toBe(true);
    expect(published.some((vacancy) => vacancy.salary?.includes('€'))).toBe(true);
    expect(published.some((vacancy) => vacancy.workingConditions === null && vacancy.addition === null)).toBe(
      true,
    );
    expect(published.some((vacancy) => vacancy.responsibility === null)).toBe(true);
    expect(new Set(published.map((vacancy) => vacancy.residence)).size).toBeGreaterThanOrEqual(4);
    const bodies = published
      .flatMap((v) => [v.description, v.demand, v.responsibility, v.addition, v.workingConditions])
      .join('\n');
    expect(bodies).toContain('https://example.com/benefits');
    expect(bodies).toMatch(/(^|[\s>])example\.io\/team/);
    for (const tag of ['<p>', '<ul>', '<li>', '<strong>', '<a href=']) expect(bodies).toContain(tag);
    expect(published.some((vacancy) => vacancy.languages.length >= 2)).toBe(true);
  });

  it('gives the company one default form using every input type, used by every vacancy', async () => {
    const forms = await handle.db
      .select()
      .from(applicationForms)
      .where(eq(applicationForms.companyId, companyId));
    expect(forms).toHaveLength(1);
    expect(forms[0]?.isDefault).toBe(true);
    expect(await handle.db.$count(vacancies, sql`${vacancies.formId} is not null`)).toBe(0);

    const fields = await handle.db
      .select()
      .from(formFields)
      .where(eq(formFields.formId, forms[0]?.id ?? -1))
      .orderBy(asc(formFields.position));
    expect(new Set(fields.map((field) => field.inputType))).toEqual(new Set(INPUT_TYPES));

    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(byName.get('CV')).toMatchObject({ type: 'cv', inputType: 'files', required: true });
    expect(byName.get('CV')?.inputMeta).toMatchObject({
      maxFiles: 1,
      formats: ['pdf', 'doc', 'docx', 'rtf', 'odt', 'txt'],
    });
    expect(byName.get('Other files (portfolio, certificates)')?.inputMeta).toMatchObject({
      maxFiles: 3,
      formats: ['pdf', 'docx', 'png', 'jpg'],
    });
    expect(byName.get('Cover letter')?.maxLength).toBe(2000);
    expect(byName.get('Date of birth')?.type).toBe('birthdate');
    expect(byName.get('Earliest start date')).toMatchObject({ type: 'custom_property', inputType: 'date' });
    expect(byName.get('Ready to relocate')).toMatchObject({ type: 'relocate', inputType: 'checkbox' });
    expect(
      fields.filter((field) => field.inputType === 'select').map((field) => [field.type, field.dictionary]),
    ).toEqual([
      ['experience', 'experience'],
      ['search_status', 'search_status'],
      ['sex', 'sex'],
    ]);
    expect(byName.get('Expected salary')?.dictionary).toBe('currency');
    expect(byName.get('Languages')?.dictionary).toBe('language');
    for (const field of fields.filter((f) => ['multiselect', 'checkbox_list'].includes(f.inputType))) {
      expect(field.inputMeta.options?.length).toBeGreaterThan(1);
      expect(field.value).toBeTruthy();
    }
  });

  it('has every dictionary the form names, in all three languages', async () => {
    const fields = await handle.db.select().from(formFields).where(eq(formFields.companyId, companyId));
    for (const field of fields) {
      if (!field.dictionary) continue;
      for (const locale of ['en', 'ru', 'uk'] as const) {
        const options = await findDictionary(handle.db, companyId, field.dictionary, locale);
        expect(options.length, `${field.dictionary} in ${locale}`).toBeGreaterThan(1);
      }
    }
  });

  it('serves the public list from its index, already in order', async () => {
    const plan = await handle.db.transaction(async (tx) => {
      // Too few rows for the planner to prefer an index on its own.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from vacancies where company_id = ${companyId} and is_published
            order by published_at desc, id desc limit 20 offset 20`,
      );
    });
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('vacancies_public_list_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('gives the company ~60 people in a three-level teams tree with a hidden team', async () => {
    expect(await handle.db.$count(employees, eq(employees.companyId, companyId))).toBe(DEMO_PEOPLE_COUNT);
    const tree = await handle.db
      .select({ id: teams.id, name: teams.name, parentId: teams.parentId, isHidden: teams.isHidden })
      .from(teams)
      .where(eq(teams.companyId, companyId));
    const byId = new Map(tree.map((team) => [team.id, team]));
    const depth = (team: (typeof tree)[number]): number =>
      team.parentId === null ? 1 : 1 + depth(byId.get(team.parentId) as (typeof tree)[number]);
    expect(Math.max(...tree.map(depth))).toBe(3);
    expect(tree.find((team) => team.name === 'People')?.isHidden).toBe(true);
    // Every demo vacancy's team is still there, now inside the tree.
    expect(tree.find((team) => team.name === 'Engineering')?.parentId).not.toBeNull();
    // Nobody is without a team.
    const unplaced = await handle.db.execute(
      sql`select count(*)::int as n from employees e where e.company_id = ${companyId} and not exists (select 1 from team_members tm where tm.employee_id = e.id)`,
    );
    expect(unplaced.rows[0]).toEqual({ n: 0 });
  });

  it('spreads birthdays and probation ends around the seeding day, with children of several ages', async () => {
    const people = await handle.db.select().from(employees).where(eq(employees.companyId, companyId));
    const today = now.toISOString().slice(5, 10);
    const soon = people.filter((person) => {
      const monthDay = person.birthDate?.slice(5) ?? '';
      return monthDay >= today && monthDay <= '03-08';
    });
    expect(soon.length).toBeGreaterThanOrEqual(3);
    const probation = people.filter((person) => person.probationEnd && person.probationEnd >= '2030-03-01');
    expect(probation.length).toBeGreaterThanOrEqual(3);
    expect(new Set(people.map((person) => person.statusId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(people.map((person) => person.employmentTypeId)).size).toBeGreaterThanOrEqual(3);
    const children = await handle.db
      .select({ birthDate: employeeRelatives.birthDate })
      .from(employeeRelatives)
      .where(
        and(eq(employeeRelatives.companyId, companyId), sql`${employeeRelatives.birthDate} is not null`),
      );
    const ages = new Set(children.map((child) => 2030 - Number(child.birthDate?.slice(0, 4))));
    expect(ages.size).toBeGreaterThanOrEqual(5);
  });

  it('gives the people a year of absences counted on their calendar, with a revoked and a rejected one', async () => {
    const requests = await handle.db
      .select({ request: absenceRequests, code: absenceTypes.code })
      .from(absenceRequests)
      .innerJoin(absenceTypes, eq(absenceTypes.id, absenceRequests.absenceTypeId))
      .where(eq(absenceRequests.companyId, companyId));
    const byStatus = (status: string) => requests.filter(({ request }) => request.status === status);
    expect(byStatus('approved').length).toBeGreaterThan(100);
    expect(byStatus('pending')).toHaveLength(DEMO_PENDING_REQUESTS);
    expect(byStatus('revoked')).toHaveLength(1);
    expect(byStatus('rejected')).toHaveLength(1);
    const approved = byStatus('approved');
    for (const code of ['vacation', 'sick_days', 'home_work', 'business_trip']) {
      expect(
        approved.some((row) => row.code === code),
        code,
      ).toBe(true);
    }
    // Summer vacations, one across New Year split over the two years, half days stored as asked.
    const vacations = approved.filter((row) => row.code === 'vacation').map((row) => row.request);
    expect(vacations.filter((request) => /^2029-0[678]/.test(request.dateFrom)).length).toBeGreaterThan(20);
    expect(vacations.some((request) => Object.keys(request.amountByYear).join() === '2029,2030')).toBe(true);
    expect(requests.some(({ request }) => request.halfDayEnd)).toBe(true);
    // A year back from the seeding day, a little ahead; someone is away today.
    expect(
      requests.every(({ request }) => request.dateFrom >= '2029-03-01' && request.dateTo <= '2030-05-15'),
    ).toBe(true);
    expect(
      approved.some(({ request }) => request.dateFrom <= '2030-03-01' && request.dateTo >= '2030-03-01'),
    ).toBe(true);
    // Each amount is what the module's counting gives on the calendar: no holiday, no weekend counted.
    const [calendar] = await handle.db
      .select()
      .from(workCalendars)
      .where(eq(workCalendars.companyId, companyId));
    const days = await handle.db.select().from(calendarDays).where(eq(calendarDays.companyId, companyId));
    const dayCalendar = {
      workingWeekdays: new Set(calendar?.workingWeekdays ?? []),
      daysOff: new Set(days.map((day) => day.date)),
    };
    const types = await handle.db.select().from(absenceTypes).where(eq(absenceTypes.companyId, companyId));
    const countingOf = new Map(
      types.map((type) => [type.id, type.counting as 'working_days' | 'calendar_days']),
    );
    for (const { request } of requests) {
      const counted = countSpanByYear(
        dayCalendar,
        request,
        countingOf.get(request.absenceTypeId) ?? 'working_days',
      );
      expect(request.amountByYear).toEqual(
        Object.fromEntries([...counted].map(([year, amount]) => [String(year), amount / 100])),
      );
    }
    // Live requests of one person never overlap.
    const live = requests
      .map((row) => row.request)
      .filter((request) => ['pending', 'approved'].includes(request.status));
    for (const a of live) {
      for (const b of live) {
        if (a.id < b.id && a.employeeId === b.employeeId)
          expect(doSpansOverlap(a, b), `${a.id} ${b.id}`).toBe(false);
      }
    }
  });

  it('keeps the ledger consistent: approved and revoked vacations, accruals, a carry-over, no negative balance', async () => {
    const entries = await handle.db
      .select()
      .from(absenceLedgerEntries)
      .where(eq(absenceLedgerEntries.companyId, companyId));
    const requests = await handle.db
      .select()
      .from(absenceRequests)
      .where(eq(absenceRequests.companyId, companyId));
    const [vacation] = await handle.db
      .select()
      .from(absenceTypes)
      .where(and(eq(absenceTypes.companyId, companyId), eq(absenceTypes.code, 'vacation')));
    for (const request of requests) {
      const lines = entries.filter((entry) => entry.requestId === request.id);
      const sum = (kind: string) =>
        lines.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amount, 0);
      const counts = request.absenceTypeId === vacation?.id;
      if (counts && (request.status === 'approved' || request.status === 'revoked')) {
        expect(sum('absence')).toBeCloseTo(-request.amount, 2);
      } else {
        expect(lines).toEqual([]);
      }
      expect(sum('absence_reversal')).toBeCloseTo(request.status === 'revoked' ? request.amount : 0, 2);
    }
    const accruals = entries.filter((entry) => entry.kind === 'accrual');
    expect(new Set(accruals.map((entry) => entry.periodYear))).toEqual(new Set([2029, 2030]));
    expect(entries.filter((entry) => entry.kind === 'carry_over' && entry.amount > 0).length).toBeGreaterThan(
      20,
    );
    // Per person and year: accrued + carried − used − pending never below zero.
    const people = new Set(entries.map((entry) => entry.employeeId));
    for (const employeeId of people) {
      for (const year of [2029, 2030]) {
        const ledger = entries
          .filter((entry) => entry.employeeId === employeeId && entry.periodYear === year)
          .reduce((total, entry) => total + entry.amount, 0);
        const pending = requests
          .filter(
            (request) =>
              request.employeeId === employeeId &&
              request.status === 'pending' &&
              request.absenceTypeId === vacation?.id,
          )
          .reduce((total, request) => total + (request.amountByYear[String(year)] ?? 0), 0);
        expect(ledger - pending, `${employeeId} ${year}`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('makes the demo owner the manager of the Engineering team, once', async () => {
    expect(await seedDemoTeamManager(handle.db)).toBe(false); // no owner yet
    const owner = await createUser(handle.db, {
      companyId,
      email: 'demo.owner@example.test',
      name: 'Demo Owner',
      role: 'owner',
      password: 'a demo passphrase',
    });
    expect(await seedDemoTeamManager(handle.db)).toBe(true);
    const members = await handle.db
      .select({ employeeId: teamMembers.employeeId, isManager: teamMembers.isManager, team: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(
          eq(teamMembers.companyId, companyId),
          eq(teamMembers.isManager, true),
          eq(teams.name, DEMO_MANAGED_TEAM),
        ),
      );
    expect(members).toEqual([{ employeeId: owner.employeeId, isManager: true, team: DEMO_MANAGED_TEAM }]);
    // The pending requests await the owner: their current step names them, or is an HR step.
    const steps = await handle.db
      .select()
      .from(absenceRequestSteps)
      .where(and(eq(absenceRequestSteps.companyId, companyId), eq(absenceRequestSteps.status, 'pending')))
      .orderBy(asc(absenceRequestSteps.requestId), asc(absenceRequestSteps.position));
    const current = [...new Map(steps.reverse().map((step) => [step.requestId, step])).values()];
    expect(current).toHaveLength(DEMO_PENDING_REQUESTS);
    expect(
      current.every((step) =>
        step.approverRole === 'manager'
          ? step.approverEmployeeId === owner.employeeId
          : step.approverRole === 'hr',
      ),
    ).toBe(true);
    expect(current.some((step) => step.approverRole === 'hr')).toBe(true);
    // A later start changes nothing.
    const count = await handle.db.$count(teamMembers);
    expect(await seedDemoTeamManager(handle.db)).toBe(false);
    expect(await handle.db.$count(teamMembers)).toBe(count);
  });
});
