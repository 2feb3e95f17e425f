import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Company } from '../src/db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../src/modules/auth/auth-test-support';
import { makePdf } from '../src/modules/cv/fixtures/cv-fixtures';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../src/modules/permissions/permissions-test-support';
import { multipart } from './app';
import { seedCompany, seedForm } from './db';

/**
 * A company with recruiting under way, for the route tests of vacancies, applications and forms:
 * staff of every built-in role, two published vacancies (A: recruiterIn is its recruiter, no team;
 * B: team T, of which the manager is a member) and one application to each, with a PDF.
 */
export type RecruitingFixture = {
  t: AuthTestApp;
  company: Company;
  staff: Record<BuiltInRole | 'recruiterIn' | 'recruiterOut', StaffMember>;
  vacancyA: number;
  vacancyB: number;
  applicationA: number;
  applicationB: number;
  fileA: number;
  fileB: number;
  call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown): ReturnType<typeof callAs>;
  /** Sends an application to a vacancy through the public form, as a candidate would. */
  apply(vacancyId: number, who: { name: string; email: string; phone: string }): Promise<number>;
};

export const vacancyBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Data Engineer',
  salary: '$5,000',
  description: '<p onclick="x()">Pipelines <script>alert(1)</script><b>at scale</b></p>',
  ...overrides,
});

/** Builds the fixture before the file's tests (and tears it down after); its fields fill in then. */
export function createRecruitingFixture(
  opts: {
    /** Extra variables for the app, read as it starts (e.g. STORAGE=s3 and a server started before). */
    env?: () => Record<string, string>;
  } = {},
): RecruitingFixture {
  const fx = {
    staff: {},
    call: (who, method, url, payload) => callAs(fx.t, who, method, url, payload),
    async apply(vacancyId, who) {
      const pdf = new Blob([new Uint8Array(makePdf([who.name, who.email]))], { type: 'application/pdf' });
      const body = await multipart([
        ['source', 'linkedin'],
        ['fields[0][type]', 'name'],
        ['fields[0][input_value]', who.name],
        ['fields[1][type]', 'email'],
        ['fields[1][input_value]', who.email],
        ['fields[2][type]', 'phone'],
        ['fields[2][input_value]', who.phone],
        ['fields[3][type]', 'custom_property'],
        ['fields[3][value]', 'motto'],
        ['fields[3][input_value]', '=HYPERLINK("http://evil.test")'],
        ['fields[4][type]', 'files'],
        ['fields[4][input_value]', pdf, 'résumé (final).pdf'],
      ]);
      const response = await fx.t.app.inject({
        method: 'POST',
        url: `/api/v1/public-vacancies/${vacancyId}/response`,
        headers: { ...body.headers, host: fx.company.hosts[0] ?? '' },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: { id: number } }).data.id;
    },
  } as RecruitingFixture;

  beforeAll(async () => {
    fx.t = await createAuthTestApp(opts.env ? { env: opts.env() } : {});
    const db = fx.t.database.db;
    fx.company = await seedCompany(db);
    await seedForm(db, fx.company.id, [
      { name: 'Name', type: 'name', inputType: 'text', required: true },
      { name: 'Email', type: 'email', inputType: 'email', required: true },
      { name: 'Phone', type: 'phone', inputType: 'phone', required: false },
      { name: 'Motto', type: 'custom_property', inputType: 'text', required: false, value: 'motto' },
      {
        name: 'Portfolio',
        type: 'files',
        inputType: 'files',
        required: false,
        inputMeta: { maxFiles: 1, formats: ['pdf'] },
      },
    ]);
    const { staff } = fx;
    for (const role of ['owner', 'hr', 'manager', 'employee'] as const)
      staff[role] = await seedStaff(fx.t, fx.company, role);
    staff.recruiter = await seedStaff(fx.t, fx.company, 'recruiter');
    staff.recruiterIn = staff.recruiter;
    staff.recruiterOut = await seedStaff(fx.t, fx.company, 'recruiter');
    const team = await seedTeam(db, fx.company.id, 'Team T');
    await addTeamMember(db, { companyId: fx.company.id, teamId: team, userId: staff.manager.user.id });

    const a = await fx.call(
      staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ recruiter_ids: [staff.recruiterIn.user.id] }),
    );
    expect(a.statusCode, a.body).toBe(201);
    fx.vacancyA = a.json().data.id;
    const b = await fx.call(
      staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ name: 'Team vacancy', team_id: team }),
    );
    fx.vacancyB = b.json().data.id;
    for (const id of [fx.vacancyA, fx.vacancyB]) {
      expect((await fx.call(staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`)).statusCode).toBe(200);
    }
    fx.applicationA = await fx.apply(fx.vacancyA, {
      name: 'Olena',
      email: 'Olena@Example.com',
      phone: '+380501234567',
    });
    fx.applicationB = await fx.apply(fx.vacancyB, {
      name: 'Taras',
      email: 'taras@example.com',
      phone: '+380671112233',
    });
    await fx.t.app.events.settled();
    const fileOf = async (applicationId: number) => {
      const details = await fx.call(staff.owner, 'GET', `/api/v1/applications/${applicationId}`);
      return details
        .json()
        .data.answers.find((answer: { input_type: string }) => answer.input_type === 'files').files[0]
        .id as number;
    };
    fx.fileA = await fileOf(fx.applicationA);
    fx.fileB = await fileOf(fx.applicationB);
  }, 60_000);

  afterAll(async () => {
    await fx.t?.close();
  });

  return fx;
}
