import { actionsTemplateResponseSchema } from '@kadry/shared/schemas/action-templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp } from '../../modules/auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../../modules/permissions/permissions-test-support';
import { actionTemplates } from '../schema/action-templates';
import { companies } from '../schema/companies';
import { seedDemoData } from './seed';

// The demo company's HR action templates (issue 15): the standard ones and a birthday greeting, so
// the demo owner's HR actions widget has next month's actions on the first start.

let t: AuthTestApp;
let owner: StaffMember;
let companyId: number;

beforeAll(async () => {
  t = await createAuthTestApp();
  ({ companyId } = await seedDemoData(t.database.db, t.clock.now));
  const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error('no demo company');
  owner = await seedStaff(t, company, 'owner');
});

afterAll(async () => {
  await t.close();
});

it('gives the demo company the standard templates, a birthday greeting and next month’s actions', async () => {
  const rows = await t.database.db
    .select({ key: actionTemplates.templateKey })
    .from(actionTemplates)
    .where(eq(actionTemplates.companyId, companyId));
  expect(rows.map((row) => row.key).sort((a, b) => a - b)).toEqual([4, 5, 7, 11, 12, 13, 100]);

  const response = await callAs(t, owner, 'GET', '/api/v1/dashboard/actions/template');
  expect(response.statusCode, response.body).toBe(200);
  const { data, meta } = actionsTemplateResponseSchema.parse(response.json());
  expect(meta.total).toBeGreaterThan(3);
  const busy = data.filter((group) => group.total > 0).map((group) => group.template.id);
  // Yearly reviews and birthdays every month, whatever the day the demo starts.
  expect(busy).toEqual(expect.arrayContaining([4, 100]));
});
