import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { ROUTES, route } from '@kadry/shared/routes';
import { appPageDataSchema } from '@kadry/shared/schemas/auth';
import {
  DICTIONARY_ROUTES,
  dictionaryResponseSchema,
  EDITABLE_DICTIONARIES,
  type EditableDictionary,
  editableDictionariesResponseSchema,
  editableDictionaryResponseSchema,
  editableEntryResponseSchema,
  PLACE_SEARCH_LIMIT,
} from '@kadry/shared/schemas/dictionaries';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
} from '../permissions/permissions-test-support';

// Dictionaries through app.inject: every named read (locale, the company's renames, hidden entries,
// order), countries and cities search, the dictionaries screen under the Dictionaries permission,
// and the page data's dictionaryUpdatedAt moving with every change.

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let hr: StaffMember;
let employee: StaffMember;
let otherHr: StaffMember;
/** A custom role with Dictionaries at only_my for every action: not enough to edit. */
let narrowEditor: StaffMember;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

async function readEntries(who: StaffMember, dictionary: EditableDictionary) {
  const response = await call(who, 'GET', route(DICTIONARY_ROUTES[dictionary]));
  expect(response.statusCode, response.body).toBe(200);
  return dictionaryResponseSchema.parse(response.json()).data;
}

async function readEditable(who: StaffMember, dictionary: EditableDictionary) {
  const response = await call(who, 'GET', route('dictionaries.manage.entries', { dictionary }));
  expect(response.statusCode, response.body).toBe(200);
  return editableDictionaryResponseSchema.parse(response.json()).data;
}

async function readDictionaryUpdatedAt(who: StaffMember): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/app',
    headers: { cookie: who.headers.cookie, host: who.headers.host },
  });
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(response.body)?.[1];
  return appPageDataSchema.parse(JSON.parse(json ?? '{}')).settings.dictionaryUpdatedAt;
}

async function setLocale(who: StaffMember, locale: 'en' | 'ru' | 'uk') {
  await t.database.db.update(users).set({ locale }).where(eq(users.id, who.user.id));
}

async function addEntry(who: StaffMember, dictionary: EditableDictionary, names: Record<string, string>) {
  return call(who, 'POST', route('dictionaries.manage.entries', { dictionary }), { names });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  const owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  employee = await seedStaff(t, company, 'employee');
  otherHr = await seedStaff(t, otherCompany, 'hr');
  const created = await call(owner, 'POST', '/api/v1/roles', { name: 'Dictionary helpers' });
  const roleId = roleResponseSchema.parse(created.json()).data.id;
  const edited = await call(owner, 'PUT', `/api/v1/roles/${roleId}`, {
    permissions: { Dictionaries: { visibilitySettings: setAllLevel('only_my') } },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  narrowEditor = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, narrowEditor.user.id));
});

afterAll(async () => {
  await t?.close();
});

describe('the named dictionary reads', () => {
  it('answer every editable dictionary to any signed-in staff user, with entries', async () => {
    for (const dictionary of EDITABLE_DICTIONARIES) {
      const entries = await readEntries(employee, dictionary);
      expect(entries.length, dictionary).toBeGreaterThan(1);
      expect(entries.map((entry) => entry.position)).toEqual(entries.map((_entry, index) => index));
    }
  });

  it('refuse a visitor without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: route('dictionaries.typesEmployment'),
      headers: { host: employee.headers.host, accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it("name entries in the reader's language", async () => {
    const reader = await seedStaff(t, company, 'employee');
    expect((await readEntries(reader, 'employment_type'))[0]?.name).toBe('Full-time');
    await setLocale(reader, 'uk');
    expect((await readEntries(reader, 'employment_type'))[0]?.name).toBe('Повна зайнятість');
    await setLocale(reader, 'ru');
    expect((await readEntries(reader, 'sex')).map((entry) => entry.name)).toEqual(['Мужской', 'Женский']);
  });

  it('carry what each dictionary needs in meta', async () => {
    const relatives = await readEntries(employee, 'relative_type');
    expect(relatives.find((entry) => entry.code === 'son')?.meta).toEqual({ is_child: true });
    expect(relatives.find((entry) => entry.code === 'wife')?.meta).toEqual({ is_child: false });
    const icons = await readEntries(employee, 'portfolio_icon');
    expect(icons.find((entry) => entry.code === 'github')?.meta).toEqual({
      icon: 'github',
      url_prefix: 'https://github.com/',
    });
    const statuses = await readEntries(employee, 'people_status');
    expect(statuses.find((entry) => entry.code === 'dismissed')?.meta).toMatchObject({ is_dismissed: true });
  });

  it('give every language the levels it can be known at, for the employee form', async () => {
    const languages = await readEntries(employee, 'language');
    const english = languages.find((entry) => entry.name === 'English');
    expect(english?.meta.levels).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(Number), name: expect.any(String) })]),
    );
  });

  it("answer the company's roles, built-in ones in the reader's language", async () => {
    const reader = await seedStaff(t, company, 'employee');
    const read = async () => {
      const response = await call(reader, 'GET', route('dictionaries.peopleRole'));
      expect(response.statusCode, response.body).toBe(200);
      return dictionaryResponseSchema.parse(response.json()).data;
    };
    const roles = await read();
    expect(roles.map((role) => role.code)).toEqual(expect.arrayContaining(['owner', 'hr', 'employee']));
    expect(roles.map((role) => role.name)).toContain('Dictionary helpers');
    await setLocale(reader, 'uk');
    expect((await read()).find((role) => role.code === 'employee')?.name).not.toBe('Employee');
    // Another company's roles are not listed.
    const theirs = await call(otherHr, 'GET', route('dictionaries.peopleRole'));
    expect(dictionaryResponseSchema.parse(theirs.json()).data.map((role) => role.name)).not.toContain(
      'Dictionary helpers',
    );
  });
});

describe('countries and cities', () => {
  async function search(url: string, who = employee) {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return dictionaryResponseSchema.parse(response.json()).data;
  }

  it('finds a country by part of its name in any language, whatever the case', async () => {
    for (const query of ['ukr', 'UKRA', 'Украин', 'украї']) {
      const found = await search(route('dictionaries.countries', { query }));
      expect(
        found.map((country) => country.code),
        query,
      ).toContain('UA');
    }
  });

  it("names countries in the reader's language and answers at most 50", async () => {
    const reader = await seedStaff(t, company, 'employee');
    await setLocale(reader, 'uk');
    const [ukraine] = await search(route('dictionaries.countries', { query: 'ukraine' }), reader);
    expect(ukraine).toMatchObject({ code: 'UA', name: 'Україна' });
    const all = await search(route('dictionaries.countries'));
    expect(all).toHaveLength(PLACE_SEARCH_LIMIT);
  });

  it('finds cities of a country by name, names starting with the query first', async () => {
    const found = await search(route('dictionaries.cities', { country: 'ua', query: 'kyi' }));
    expect(found[0]?.name.toLowerCase().startsWith('kyi')).toBe(true);
    expect(found.map((city) => city.name)).toContain('Kyiv');
    expect(found.every((city) => city.meta.country_code === 'UA')).toBe(true);
    expect((await search(route('dictionaries.cities', { country: 'UA' }))).length).toBe(PLACE_SEARCH_LIMIT);
    expect(await search(route('dictionaries.cities', { country: 'ZZ', query: 'a' }))).toEqual([]);
  });

  it("names cities in the reader's language and finds them by a name in any of the three", async () => {
    const ukrainian = await seedStaff(t, company, 'employee');
    await setLocale(ukrainian, 'uk');
    const russian = await seedStaff(t, company, 'employee');
    await setLocale(russian, 'ru');
    const [english] = await search(route('dictionaries.cities', { country: 'UA', query: 'kharkiv' }));
    expect(english?.name).toBe('Kharkiv');
    const kharkiv = async (who: typeof employee, query: string) =>
      (await search(route('dictionaries.cities', { country: 'UA', query }), who)).find(
        (city) => city.code === english?.code,
      );
    for (const query of ['kharkiv', 'Харків', 'харьк']) {
      expect((await kharkiv(ukrainian, query))?.name, query).toBe('Харків');
      expect((await kharkiv(russian, query))?.name, query).toBe('Харьков');
      expect((await kharkiv(employee, query))?.name, query).toBe('Kharkiv');
    }
    // In the reader's order: the Ukrainian names starting with "Льв" first, Lviv among them.
    const lviv = await search(route('dictionaries.cities', { country: 'UA', query: 'Льв' }), ukrainian);
    expect(lviv[0]?.name).toBe('Львів');
    // A city GeoNames has no Ukrainian name for keeps the package's (English) one.
    const small = await search(
      route('dictionaries.cities', { country: 'UA', query: 'abrikosovka' }),
      ukrainian,
    );
    expect(small.map((city) => city.name)).toEqual(['Abrikosovka']);
  });

  it('refuses a country that is not a two-letter code', async () => {
    const response = await call(employee, 'GET', route('dictionaries.cities', { country: 'Ukraine' }));
    expect(response.statusCode).toBe(422);
  });
});

describe('the dictionaries screen', () => {
  it('is refused to roles without Dictionaries at to_all', async () => {
    const entries = route('dictionaries.manage.entries', { dictionary: 'grade' });
    const [first] = (await readEditable(hr, 'grade')).entries;
    for (const who of [employee, narrowEditor]) {
      expect((await call(who, 'GET', route('dictionaries.manage'))).statusCode).toBe(403);
      expect((await call(who, 'GET', entries)).statusCode).toBe(403);
      expect((await addEntry(who, 'grade', { en: 'Guru' })).statusCode).toBe(403);
      const entry = route('dictionaries.manage.entry', { dictionary: 'grade', id: first?.id ?? 0 });
      expect((await call(who, 'PUT', entry, { is_hidden: true })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', entry)).statusCode).toBe(403);
      const order = route('dictionaries.manage.order', { dictionary: 'grade' });
      expect((await call(who, 'PUT', order, { ids: [first?.id] })).statusCode).toBe(403);
    }
  });

  it('lists the editable dictionaries with their entry counts', async () => {
    const response = await call(hr, 'GET', route('dictionaries.manage'));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = editableDictionariesResponseSchema.parse(response.json());
    expect(data.map((row) => row.dictionary)).toEqual([...EDITABLE_DICTIONARIES]);
    expect(data.every((row) => row.entries_count > 0)).toBe(true);
  });

  it("adds a company entry at the end, for that company only, and moves the dictionary's version", async () => {
    const before = await readDictionaryUpdatedAt(hr);
    const response = await addEntry(hr, 'employment_type', { en: 'Seasonal', uk: 'Сезонна' });
    expect(response.statusCode, response.body).toBe(201);
    const { data: entry } = editableEntryResponseSchema.parse(response.json());
    expect(entry).toMatchObject({
      is_global: false,
      is_hidden: false,
      names: { en: 'Seasonal', ru: 'Seasonal' },
    });

    expect((await readEntries(hr, 'employment_type')).at(-1)?.name).toBe('Seasonal');
    expect((await readEntries(otherHr, 'employment_type')).map((row) => row.name)).not.toContain('Seasonal');
    const after = await readDictionaryUpdatedAt(hr);
    expect(after.employment_type).toBeDefined();
    expect(after.employment_type).not.toBe(before.employment_type);
    expect(await readDictionaryUpdatedAt(otherHr)).not.toHaveProperty('employment_type');
  });

  it('refuses an entry without an English name (422)', async () => {
    expect((await addEntry(hr, 'grade', { en: '  ', ru: 'Гуру' })).statusCode).toBe(422);
  });

  it('renames a shipped entry for the company only, other languages keeping the shipped names', async () => {
    const [fullTime] = await readEntries(hr, 'employment_type');
    const url = route('dictionaries.manage.entry', { dictionary: 'employment_type', id: fullTime?.id ?? 0 });
    const response = await call(hr, 'PUT', url, { names: { en: 'Full-time (40h)' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(editableEntryResponseSchema.parse(response.json()).data).toMatchObject({
      is_global: true,
      names: { en: 'Full-time (40h)', uk: 'Повна зайнятість' },
    });
    expect((await readEntries(hr, 'employment_type'))[0]?.name).toBe('Full-time (40h)');
    expect((await readEntries(otherHr, 'employment_type'))[0]?.name).toBe('Full-time');
  });

  it('renames a company entry in place', async () => {
    const created = editableEntryResponseSchema.parse(
      (await addEntry(hr, 'grade', { en: 'Guru' })).json(),
    ).data;
    const url = route('dictionaries.manage.entry', { dictionary: 'grade', id: created.id });
    const response = await call(hr, 'PUT', url, { names: { en: 'Architect', ru: 'Архитектор' } });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await readEditable(hr, 'grade');
    expect(entries.entries.find((entry) => entry.id === created.id)?.names).toEqual({
      en: 'Architect',
      ru: 'Архитектор',
      uk: 'Architect',
    });
  });

  it('hides an entry from reads, keeps it for editors, and shows it again', async () => {
    const [single] = await readEntries(hr, 'marital_status');
    const url = route('dictionaries.manage.entry', { dictionary: 'marital_status', id: single?.id ?? 0 });
    expect((await call(hr, 'PUT', url, { is_hidden: true })).statusCode).toBe(200);
    expect((await readEntries(hr, 'marital_status')).map((entry) => entry.id)).not.toContain(single?.id);
    expect((await readEntries(otherHr, 'marital_status')).map((entry) => entry.id)).toContain(single?.id);
    const editable = await readEditable(hr, 'marital_status');
    expect(editable.entries.find((entry) => entry.id === single?.id)?.is_hidden).toBe(true);
    expect((await call(hr, 'PUT', url, { is_hidden: false })).statusCode).toBe(200);
    expect((await readEntries(hr, 'marital_status'))[0]?.id).toBe(single?.id);
  });

  it('reorders every entry, shipped and own, and refuses an incomplete order', async () => {
    await addEntry(hr, 'terms_of_cooperation', { en: 'Secondment' });
    const { entries } = await readEditable(hr, 'terms_of_cooperation');
    const reversed = entries.map((entry) => entry.id).reverse();
    const url = route('dictionaries.manage.order', { dictionary: 'terms_of_cooperation' });
    const response = await call(hr, 'PUT', url, { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((await readEntries(hr, 'terms_of_cooperation')).map((entry) => entry.id)).toEqual(reversed);
    expect((await readEntries(hr, 'terms_of_cooperation'))[0]?.name).toBe('Secondment');
    // The other company keeps the shipped order.
    expect((await readEntries(otherHr, 'terms_of_cooperation'))[0]?.code).toBe('employment_contract');

    const missing = await call(hr, 'PUT', url, { ids: reversed.slice(1) });
    expect(missing.statusCode).toBe(422);
    const twice = await call(hr, 'PUT', url, { ids: [...reversed.slice(1), reversed[1]] });
    expect(twice.statusCode).toBe(422);
  });

  it('deletes a company entry and refuses to delete a shipped one (409)', async () => {
    const created = editableEntryResponseSchema.parse(
      (await addEntry(hr, 'dismissal_reason', { en: 'Moved abroad' })).json(),
    ).data;
    const url = route('dictionaries.manage.entry', { dictionary: 'dismissal_reason', id: created.id });
    expect((await call(hr, 'DELETE', url)).statusCode).toBe(204);
    expect((await readEntries(hr, 'dismissal_reason')).map((entry) => entry.id)).not.toContain(created.id);
    expect((await call(hr, 'DELETE', url)).statusCode).toBe(404);

    const [shipped] = await readEntries(hr, 'dismissal_reason');
    const shippedUrl = route('dictionaries.manage.entry', {
      dictionary: 'dismissal_reason',
      id: shipped?.id ?? 0,
    });
    expect((await call(hr, 'DELETE', shippedUrl)).statusCode).toBe(409);
  });

  it("answers 404 for another company's entry or an entry of another dictionary", async () => {
    const theirs = editableEntryResponseSchema.parse(
      (await addEntry(otherHr, 'grade', { en: 'Theirs' })).json(),
    ).data;
    const url = route('dictionaries.manage.entry', { dictionary: 'grade', id: theirs.id });
    expect((await call(hr, 'PUT', url, { is_hidden: true })).statusCode).toBe(404);
    expect((await call(hr, 'DELETE', url)).statusCode).toBe(404);
    const [sex] = await readEntries(hr, 'sex');
    const wrong = route('dictionaries.manage.entry', { dictionary: 'grade', id: sex?.id ?? 0 });
    expect((await call(hr, 'PUT', wrong, { is_hidden: true })).statusCode).toBe(404);
    // A dictionary that does not exist is an address that leads nowhere, like a bad id.
    const unknown = `${ROUTES['dictionaries.manage']}/no_such_dictionary`;
    expect((await call(hr, 'GET', unknown)).statusCode).toBe(404);
  });

  it('moves the version forward with every change, even within one clock tick', async () => {
    const seen: string[] = [];
    const created = editableEntryResponseSchema.parse(
      (await addEntry(hr, 'people_status', { en: 'Sabbatical' })).json(),
    ).data;
    seen.push((await readDictionaryUpdatedAt(hr)).people_status ?? '');
    const url = route('dictionaries.manage.entry', { dictionary: 'people_status', id: created.id });
    await call(hr, 'PUT', url, { is_hidden: true });
    seen.push((await readDictionaryUpdatedAt(hr)).people_status ?? '');
    await call(hr, 'DELETE', url);
    seen.push((await readDictionaryUpdatedAt(hr)).people_status ?? '');
    const times = seen.map((at) => Date.parse(at));
    expect(times.every(Number.isFinite)).toBe(true);
    expect(times[1]).toBeGreaterThan(times[0] ?? 0);
    expect(times[2]).toBeGreaterThan(times[1] ?? 0);
  });
});
