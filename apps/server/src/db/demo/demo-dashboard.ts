import { DASHBOARD_WIDGETS, WIDGET_PARAMS_SCHEMAS } from '@kadry/shared/schemas/dashboard';
import { and, asc, eq, ne } from 'drizzle-orm';
import { companies } from '../schema/companies';
import { dashboardLayouts } from '../schema/dashboard';
import { roles } from '../schema/roles';
import { users } from '../schema/users';
import type { Db } from '../tables';
import { seedDemoAnalytics } from './demo-analytics';

// The demo company's default dashboard (issue 15): every widget, the requests widget over every request
// the reader may see (the demo owner decides four pending ones: demo-absences.ts), the administration
// widget following the demo's other staff accounts, and an "about" text for the company info widget.
// The myInterviews widget lists the owner's interview and, on the interviewer Petro's dashboard (an
// employee: the default less what his role may not see), his (demo-recruiting.ts).
// With it, weeks of feature usage for the owners' usage page (demo-analytics.ts).
// Written once the accounts exist (after seedDemoRecruiting), on the start that seeded the demo.

/** The demo's "about the company" text (the company default layout's company-wide values). */
export const DEMO_ABOUT_COMPANY =
  'Northwind Labs builds software for logistics teams. Offices in Kyiv and Lviv; most of us work a few days a week from home.';

/**
 * Sets the first company's default dashboard layout when it has none. Answers whether it did (false:
 * no company, or a default already set).
 */
export async function seedDemoDashboard(db: Db, now: Date = new Date()): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!company) return false;
  const companyId = company.id;
  const others = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), ne(roles.key, 'owner')))
    .orderBy(asc(users.id))
    .limit(5);
  const params = {
    requests: WIDGET_PARAMS_SCHEMAS.requests.parse({ scope: 'all' }),
    administration: WIDGET_PARAMS_SCHEMAS.administration.parse({
      account_ids: others.map((user) => user.id),
    }),
    company: { about: DEMO_ABOUT_COMPANY },
  };
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(roles.key, 'owner')))
    .orderBy(asc(users.id))
    .limit(1);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(dashboardLayouts)
      .values({ companyId, userId: null, widgets: DASHBOARD_WIDGETS.map((name) => ({ name })), params })
      .onConflictDoNothing()
      .returning({ id: dashboardLayouts.id });
    if (inserted.length === 0) return false;
    // The owners' usage page has weeks of use to show (demo-analytics.ts), once, with the layout.
    await seedDemoAnalytics(
      tx,
      companyId,
      [...(owner ? [owner.id] : []), ...others.map((user) => user.id)],
      now,
    );
    return true;
  });
}
