import type { Locale } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import type { StaffFormField } from '@kadry/shared/schemas/recruiting';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedVacancy } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { dictionaryItems } from '../../db/schema/dictionaries';
import { applicationForms, formFields } from '../../db/schema/forms';
import { createSession } from '../../plugins/session-store';
import { type AuthTestApp, agentFor, createAuthTestApp, seedUser } from '../auth/auth-test-support';
import { type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// The form builder's preview (POST /api/v1/forms/preview) through app.inject: unsaved fields answered as
// the public form definition would give them, in the signed-in user's language, with nothing stored.

const PREVIEW = '/api/v1/forms/preview';

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let ownerRu: StaffMember;

/** A signed-in owner whose own language is `locale`. */
async function seedOwnerSpeaking(locale: Locale): Promise<StaffMember> {
  const { user } = await seedUser(t.database.db, company.id, { role: 'owner', locale });
  const token = await createSession(t.database.db, {
    companyId: company.id,
    userId: user.id,
    now: t.clock.now,
    maxAgeMs: 3_600_000,
  });
  return { user, headers: { ...agentFor(token).headers, host: company.hosts[0] ?? '' } };
}

function post(who: Pick<StaffMember, 'headers'>, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, accept: 'application/json' },
    payload: payload as Record<string, unknown>,
  });
}

const field = (overrides: Partial<StaffFormField>): StaffFormField => ({
  name: 'Field',
  type: 'custom_property',
  input_type: 'text',
  required: false,
  validation: null,
  input_meta: null,
  dictionary: null,
  value: null,
  ...overrides,
});

/** One field of each kind of options: a dictionary select, languages with levels, salary, own options. */
const builderFields: StaffFormField[] = [
  field({ name: 'Full name', type: 'name', required: true, validation: { max: 120 } }),
  field({
    name: 'Experience',
    type: 'experience',
    input_type: 'select',
    // Options a client sends for a dictionary field are not the dictionary's: they are ignored.
    input_meta: { options: [{ id: 1, name: 'Forged' }] },
    dictionary: 'experience',
  }),
  field({ name: 'Languages', type: 'languages', input_type: 'language', dictionary: 'language' }),
  field({ name: 'Salary', type: 'salary', input_type: 'salary', dictionary: 'currency' }),
  field({
    name: 'Stack',
    input_type: 'multiselect',
    input_meta: {
      options: [
        { id: 3, name: 'Go' },
        { id: 7, name: 'TypeScript' },
      ],
    },
    value: 'stack',
  }),
  field({ name: 'CV', type: 'files', input_type: 'files', input_meta: { maxFiles: 2, formats: ['pdf'] } }),
];

function optionNames(fields: FormField[], name: string): string[] {
  return (fields.find((item) => item.name === name)?.input_meta?.options ?? []).map((option) => option.name);
}

async function countStored(): Promise<[number, number, number]> {
  const db = t.database.db;
  return Promise.all([
    db.$count(applicationForms, eq(applicationForms.companyId, company.id)),
    db.$count(formFields, eq(formFields.companyId, company.id)),
    db.$count(dictionaryItems),
  ]);
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db, { languages: ['en', 'ru', 'uk'] });
  owner = await seedOwnerSpeaking('en');
  ownerRu = await seedOwnerSpeaking('ru');
});

afterAll(async () => {
  await t.close();
});

describe('form builder preview', () => {
  it('fills dictionary options in the signed-in user’s language and keeps own options as entered', async () => {
    const en = await post(owner, PREVIEW, { fields: builderFields });
    expect(en.statusCode, en.body).toBe(200);
    const enFields = (en.json() as { fields: FormField[] }).fields;
    expect(enFields.map((item) => item.name)).toEqual(builderFields.map((item) => item.name));
    expect(optionNames(enFields, 'Experience')).toEqual([
      'No experience',
      'Less than 1 year',
      '1–3 years',
      '3–5 years',
      'More than 5 years',
    ]);
    expect(optionNames(enFields, 'Languages')).toContain('English');
    expect(enFields.find((item) => item.name === 'Languages')?.input_meta?.options?.[0]?.meta?.length).toBe(
      7,
    );
    expect(optionNames(enFields, 'Salary')).toContain('USD ($)');
    expect(enFields.find((item) => item.name === 'Stack')).toEqual({
      name: 'Stack',
      type: 'custom_property',
      input_type: 'multiselect',
      required: false,
      validation: null,
      input_meta: {
        options: [
          { id: 3, name: 'Go' },
          { id: 7, name: 'TypeScript' },
        ],
      },
      value: 'stack',
    });
    // The staff-only `dictionary` key is not part of what candidates get.
    expect(enFields.every((item) => !('dictionary' in item))).toBe(true);

    const ru = await post(ownerRu, PREVIEW, { fields: builderFields });
    expect(ru.statusCode, ru.body).toBe(200);
    const ruFields = (ru.json() as { fields: FormField[] }).fields;
    expect(optionNames(ruFields, 'Experience')[0]).toBe('Без опыта');
    expect(optionNames(ruFields, 'Languages')).toContain('Английский');
    expect(optionNames(ruFields, 'Stack')).toEqual(['Go', 'TypeScript']);
    // The same dictionary entries, only named in another language.
    expect(
      ruFields.find((item) => item.name === 'Experience')?.input_meta?.options?.map((o) => o.id),
    ).toEqual(enFields.find((item) => item.name === 'Experience')?.input_meta?.options?.map((o) => o.id));
  });

  it('answers exactly what the public form definition gives a candidate once the form is saved', async () => {
    const saved = await post(owner, '/api/v1/forms', { name: 'Preview parity', fields: builderFields });
    expect(saved.statusCode, saved.body).toBe(201);
    const vacancy = await seedVacancy(t.database.db, company.id, { formId: saved.json().data.id });
    const preview = await post(ownerRu, PREVIEW, { fields: builderFields });
    const definition = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public-vacancies/${vacancy.id}/response?lang=ru`,
      headers: { host: company.hosts[0] ?? '' },
    });
    expect(definition.statusCode, definition.body).toBe(200);
    expect(preview.json()).toEqual(definition.json());
  });

  it('stores nothing', async () => {
    const before = await countStored();
    const response = await post(owner, PREVIEW, { name: 'Ignored', is_default: true, fields: builderFields });
    expect(response.statusCode, response.body).toBe(200);
    expect(await countStored()).toEqual(before);
  });

  it('answers an empty list for no fields', async () => {
    const response = await post(owner, PREVIEW, { fields: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ fields: [] });
  });

  it('refuses a bad field list with 422 and errors under the field path', async () => {
    const cases: [unknown, string][] = [
      [{ fields: [field({ name: 'X' }), { ...field({}), input_type: 'hologram' }] }, 'fields.1.input_type'],
      [{ fields: [field({ input_meta: { maxFiles: 0 } })] }, 'fields.0.input_meta.maxFiles'],
      [{ fields: [field({ validation: { max: -1 } })] }, 'fields.0.validation.max'],
      [{ fields: Array.from({ length: 101 }, () => field({})) }, 'fields'],
      [{}, 'fields'],
    ];
    for (const [payload, path] of cases) {
      const response = await post(owner, PREVIEW, payload);
      expect(response.statusCode, path).toBe(422);
      expect(Object.keys((response.json() as { errors: Record<string, string[]> }).errors), path).toContain(
        path,
      );
    }
  });

  it('is refused with 403 to roles that may not edit forms, whatever the body', async () => {
    for (const role of ['recruiter', 'manager', 'employee'] as const) {
      const member = await seedStaff(t, company, role);
      for (const payload of [{ fields: builderFields }, { fields: 'nonsense' }]) {
        const response = await post(member, PREVIEW, payload);
        expect(response.statusCode, role).toBe(403);
      }
    }
    const hr = await seedStaff(t, company, 'hr');
    expect((await post(hr, PREVIEW, { fields: builderFields })).statusCode).toBe(200);
  });

  it('is allowed to a role that may update forms but not create them', async () => {
    const recruiter = await seedStaff(t, company, 'recruiter');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${recruiter.user.roleId}`,
      headers: owner.headers,
      payload: {
        permissions: {
          'Vacancy.CareerSite': {
            visibilitySettings: {
              create: 'not_visible',
              update: 'to_all',
              delete: 'not_visible',
              view: 'to_all',
              all: null,
            },
            actions: [],
            fields_view: [],
          },
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await post(recruiter, '/api/v1/forms', { name: 'F', fields: [] })).statusCode).toBe(403);
    expect((await post(recruiter, PREVIEW, { fields: builderFields })).statusCode).toBe(200);
  });

  it('is refused with 403 outside the ATS plan', async () => {
    const hrmOnly = await seedCompany(t.database.db, { tariffs: ['hrm'] });
    const hrmOwner = await seedStaff(t, hrmOnly, 'owner');
    expect((await post(hrmOwner, PREVIEW, { fields: builderFields })).statusCode).toBe(403);
  });

  it('answers 419 without a valid CSRF token, signed in or not', async () => {
    const { 'x-csrf-token': _token, ...withoutToken } = owner.headers;
    expect(
      (await post({ headers: withoutToken as StaffMember['headers'] }, PREVIEW, { fields: [] })).statusCode,
    ).toBe(419);
    expect(
      (await post({ headers: { ...owner.headers, 'x-csrf-token': 'wrong' } }, PREVIEW, { fields: [] }))
        .statusCode,
    ).toBe(419);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: PREVIEW,
      headers: { host: company.hosts[0] ?? '', accept: 'application/json' },
      payload: { fields: [] },
    });
    // CSRF is checked before the session: a browser without one has no token either.
    expect(anonymous.statusCode).toBe(419);
  });
});
