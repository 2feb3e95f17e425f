import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { createCountryCalendar } from '../../modules/absences/settings/settings.service';
import { absenceRequestSteps } from '../schema/absences';
import { companies } from '../schema/companies';
import { applicationForms, formFields } from '../schema/forms';
import { roles } from '../schema/roles';
import { teamMembers, teams } from '../schema/teams';
import { users } from '../schema/users';
import { type NewVacancy, vacancies } from '../schema/vacancies';
import type { Db } from '../tables';
import { seedDemoAbsences } from './demo-absences';
import { seedDemoActionTemplates } from './demo-action-templates';
import { seedDemoCorpEvents } from './demo-corp-events';
import { DEMO_FORM_FIELDS } from './demo-form';
import { seedDemoPeople } from './demo-people';
import { seedDemoQuestions } from './demo-questions';
import { buildDemoVacancyBodies, DEMO_TEAMS, DEMO_VACANCIES } from './demo-vacancies';

/** Served by the server from src/db/demo/assets. */
export const DEMO_LOGO_URL = '/assets/demo/logo.svg';

/** The demo company's work calendar (Ukraine's public holidays). */
export const DEMO_CALENDAR_NAME = 'Kyiv office';

/** Gap between consecutive demo vacancies' publication times: 49 of them span about six weeks. */
const PUBLISH_STEP_MS = 20 * 60 * 60 * 1000;

/** True when no company exists yet: a fresh install (global dictionaries do not count). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}

/**
 * Fills an empty database with a demo company (Northwind Labs): careers-site settings, a teams tree
 * with ~60 employees (demo-people.ts), a work calendar with Ukraine's public holidays, a year of
 * absences with balances and four pending requests (demo-absences.ts), a default form using every
 * input type, 49 published vacancies and 2 drafts. Does nothing when any
 * company exists; all or nothing otherwise.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<{ companyId: number }> {
  return db.transaction(async (tx) => {
    // Serialises concurrent seeders (two processes starting on one PostgreSQL); the second one then
    // sees the first one's company and stops.
    await tx.execute(sql`lock table ${companies} in share row exclusive mode`);
    const existing = await tx.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1);
    if (existing[0]) return { companyId: existing[0].id };

    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Northwind Labs',
        slug: 'northwind',
        hosts: ['localhost', '127.0.0.1'],
        isDefault: true,
        logoUrl: DEMO_LOGO_URL,
        font: 'Inter',
        colorBackground: '#f8fafc',
        colorHeader: '#0f766e',
        colorButton: '#0f766e',
        indexing: true,
        consentPageUrl: 'https://example.com/privacy',
        captchaProvider: 'none',
        languages: ['en', 'ru', 'uk'],
        defaultLanguage: 'en',
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('seedDemoData: company insert returned no row');
    const companyId = company.id;

    const teamRows = await tx
      .insert(teams)
      .values(DEMO_TEAMS.map((name) => ({ companyId, name })))
      .returning({ id: teams.id, name: teams.name });
    const teamIds = new Map(teamRows.map((team) => [team.name, team.id]));

    const [form] = await tx
      .insert(applicationForms)
      .values({ companyId, name: 'Default application form', isDefault: true })
      .returning({ id: applicationForms.id });
    if (!form) throw new Error('seedDemoData: form insert returned no row');
    await tx
      .insert(formFields)
      .values(
        DEMO_FORM_FIELDS.map((field, position) => ({ ...field, companyId, formId: form.id, position })),
      );

    let published = 0;
    const rows = DEMO_VACANCIES.map((vacancy, index): NewVacancy => {
      const isPublished = vacancy.isPublished ?? true;
      // The first listed is the newest, so the list page shows them in the order written.
      const publishedAt = isPublished ? new Date(now.getTime() - published++ * PUBLISH_STEP_MS) : null;
      return {
        companyId,
        name: vacancy.name,
        isHot: vacancy.isHot ?? false,
        salary: vacancy.salary,
        residence: vacancy.residence,
        experience: vacancy.experience,
        workTypes: vacancy.workTypes,
        languages: vacancy.languages,
        ...buildDemoVacancyBodies(vacancy, index),
        status: isPublished ? 1 : 2,
        isPublished,
        teamId: teamIds.get(vacancy.team) ?? null,
        // null: the company's default form.
        formId: null,
        createdAt: publishedAt ?? now,
        updatedAt: publishedAt ?? now,
        publishedAt,
      };
    });
    await tx.insert(vacancies).values(rows);
    await seedDemoPeople(tx, companyId, now);
    // The demo company counts absences on a Kyiv calendar with Ukraine's public holidays of last,
    // this and next year, imported as the settings screen imports them.
    const year = now.getUTCFullYear();
    await createCountryCalendar(tx, companyId, {
      name: DEMO_CALENDAR_NAME,
      country: 'UA',
      timeZone: 'Europe/Kyiv',
      years: [year - 1, year, year + 1],
    });
    // A year of absences on that calendar, with balances, and requests awaiting the demo owner.
    await seedDemoAbsences(tx, companyId, now);
    // HR action templates: the standard ones and a birthday greeting (issue 15).
    await seedDemoActionTemplates(tx, companyId);
    // Corporate events and questions to HR (issue 15).
    await seedDemoCorpEvents(tx, companyId, now);
    await seedDemoQuestions(tx, companyId, now);
    return { companyId };
  });
}

/** The demo team its first owner manages, so the Teams screen and "my team" filters have something to show. */
export const DEMO_MANAGED_TEAM = 'Engineering';

/**
 * Makes the demo company's first owner the manager of the Engineering team (and so the named approver of
 * the pending manager steps of the demo requests). Call it after the demo owner exists (seedDemoOwner).
 * Does nothing when that team already has a manager (a later start, or a
 * company someone has been using), or when there is no such company, team or owner.
 */
export async function seedDemoTeamManager(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .orderBy(asc(companies.id))
      .limit(1);
    if (!company) return false;
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.companyId, company.id), eq(teams.name, DEMO_MANAGED_TEAM)))
      .orderBy(asc(teams.id))
      .limit(1)
      .for('update');
    if (!team) return false;
    const [member] = await tx
      .select({ employeeId: teamMembers.employeeId })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.companyId, company.id),
          eq(teamMembers.teamId, team.id),
          eq(teamMembers.isManager, true),
        ),
      )
      .limit(1);
    if (member) return false;
    const [owner] = await tx
      .select({ employeeId: users.employeeId })
      .from(users)
      .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
      .where(and(eq(users.companyId, company.id), eq(roles.key, 'owner')))
      .orderBy(asc(users.id))
      .limit(1);
    if (!owner) return false;
    await tx
      .insert(teamMembers)
      .values({ companyId: company.id, teamId: team.id, employeeId: owner.employeeId, isManager: true });
    // As their manager, the owner is the named approver of the demo's pending requests' manager steps.
    await tx
      .update(absenceRequestSteps)
      .set({ approverEmployeeId: owner.employeeId })
      .where(
        and(
          eq(absenceRequestSteps.companyId, company.id),
          eq(absenceRequestSteps.status, 'pending'),
          eq(absenceRequestSteps.approverRole, 'manager'),
          isNull(absenceRequestSteps.approverEmployeeId),
        ),
      );
    return true;
  });
}
