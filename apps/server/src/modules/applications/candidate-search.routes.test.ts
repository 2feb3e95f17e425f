import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { ApplicationSearchHit } from '@kadry/shared/schemas/candidates';
import { SEARCH_TOTAL_CAP } from '@kadry/shared/schemas/candidates';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { cvParses } from '../../db/schema/cv-parses';
import { makePdf } from '../cv/fixtures/cv-fixtures';
import { addTeamMember, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Full-text search over CVs and answers (issue 17, docs/decisions/027-candidate-search.md): ranking,
// prefixes, Cyrillic, snippets, only visible applications, and hidden fields never matched.

const fx = createRecruitingFixture({ env: () => ({ RATE_LIMIT_SUBMISSIONS: '1000' }) });

let counter = 0;
/** Applies through the careers form with a parsed CV (as the careers page's autofill sends it). */
async function applyWithCv(
  vacancyId: number,
  who: { name: string; motto?: string },
  cvText: string | null,
): Promise<number> {
  counter += 1;
  let cacheId = '';
  if (cvText !== null) {
    const [parse] = await fx.t.database.db
      .insert(cvParses)
      .values({
        companyId: fx.company.id,
        text: cvText,
        parsed: { name: null, email: null, phone: null, links: [] },
        // The test app's clock is in the future: a parse that never expires within it.
        expiresAt: new Date('2100-01-01T00:00:00Z'),
      })
      .returning({ cacheId: cvParses.cacheId });
    cacheId = parse?.cacheId ?? '';
  }
  const pdf = new Blob([new Uint8Array(makePdf([who.name]))], { type: 'application/pdf' });
  const body = await multipart([
    ['cache_id', cacheId],
    ['fields[0][type]', 'name'],
    ['fields[0][input_value]', who.name],
    ['fields[1][type]', 'email'],
    ['fields[1][input_value]', `searcher${counter}@example.com`],
    ['fields[2][type]', 'phone'],
    ['fields[2][input_value]', `+38063${String(1000000 + counter)}`],
    ['fields[3][type]', 'custom_property'],
    ['fields[3][value]', 'motto'],
    ['fields[3][input_value]', who.motto ?? ''],
    ['fields[4][type]', 'files'],
    ['fields[4][input_value]', pdf, 'cv.pdf'],
  ]);
  const response = await fx.t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${vacancyId}/response`,
    headers: { ...body.headers, host: fx.company.hosts[0] ?? '' },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

let roleCount = 0;
async function seedCandidateRole(candidate: { level: Level; fields: string[]; teamId?: number }) {
  roleCount += 1;
  const role = await fx.call(fx.staff.owner, 'POST', '/api/v1/roles', { name: `Search role ${roleCount}` });
  const roleId = role.json().data.id as number;
  const level = candidate.level;
  const edit = await fx.call(fx.staff.owner, 'PUT', `/api/v1/roles/${roleId}`, {
    permissions: {
      Candidate: {
        visibilitySettings: { create: level, update: level, delete: 'not_visible', view: level, all: null },
        actions: [],
        fields_view: candidate.fields,
      },
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const member = await seedStaff(fx.t, fx.company, 'employee');
  await fx.call(fx.staff.owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, { role_id: roleId });
  if (candidate.teamId !== undefined) {
    await addTeamMember(fx.t.database.db, {
      companyId: fx.company.id,
      teamId: candidate.teamId,
      userId: member.user.id,
    });
  }
  return member;
}

async function search(who: StaffMember, text: string, extra = ''): Promise<ApplicationSearchHit[]> {
  const response = await fx.call(
    who,
    'GET',
    `/api/v1/applications/search?per_page=100&search=${encodeURIComponent(text)}${extra}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const idsOf = (hits: ApplicationSearchHit[]) => hits.map((hit) => hit.application.id);

/** The list (and board, export, bulk "all matching") take the same search. */
async function listIds(who: StaffMember, text: string): Promise<number[]> {
  const response = await fx.call(
    who,
    'GET',
    `/api/v1/applications?per_page=100&search=${encodeURIComponent(text)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { id: number }) => row.id);
}

let strong: number;
let weak: number;
let kyiv: number;
let moscowRu: number;
let contactInCv: number;
let teamHit: number;

beforeAll(async () => {
  strong = await applyWithCv(
    fx.vacancyA,
    { name: 'Strong Match', motto: 'Kubernetes all day' },
    'Kubernetes operator author. Kubernetes clusters, Kubernetes networking. Go and Python developer.',
  );
  weak = await applyWithCv(
    fx.vacancyA,
    { name: 'Weak Match' },
    'Accountant. Once read about kubernetes in a magazine.',
  );
  kyiv = await applyWithCv(
    fx.vacancyA,
    { name: 'Оксана Шевченко', motto: 'Люблю свою роботу' },
    'Розробниця програмного забезпечення, Київ. Досвід: TypeScript, React. <script>alert(1)</script>',
  );
  moscowRu = await applyWithCv(
    fx.vacancyA,
    { name: 'Пётр Иванов' },
    'ПРОГРАММИСТ. Разрабатывал системы учёта. Телефон +7 (912) 345-67-89, почта petr.secret@mail.example',
  );
  contactInCv = await applyWithCv(
    fx.vacancyA,
    { name: 'Contact Holder' },
    'Write to hidden.person@corp.example or call +380 44 123 45 67. Skills: Elixir.',
  );
  teamHit = await applyWithCv(fx.vacancyB, { name: 'Team Person' }, 'Elixir and Erlang on the team vacancy.');
}, 60_000);

describe('full-text search', () => {
  it('ranks by ts_rank: more and better-placed matches first', async () => {
    const hits = await search(fx.staff.hr, 'kubernetes');
    expect(idsOf(hits)).toEqual([strong, weak]);
    expect(hits[0]?.rank).toBeGreaterThan(hits[1]?.rank ?? 0);
    // The same application matched by name ranks above CV-only matches.
    expect(idsOf(await search(fx.staff.hr, 'weak'))[0]).toBe(weak);
  });

  it('matches every word by prefix', async () => {
    expect(idsOf(await search(fx.staff.hr, 'kube'))).toEqual([strong, weak]);
    expect(idsOf(await search(fx.staff.hr, 'pyth dev'))).toEqual([strong]);
    expect(idsOf(await search(fx.staff.hr, 'pyth accountant'))).toEqual([]);
    expect(await listIds(fx.staff.hr, 'pyth dev')).toEqual([strong]);
  });

  it('finds Ukrainian and Russian words in any case, by prefix', async () => {
    expect(idsOf(await search(fx.staff.hr, 'київ'))).toEqual([kyiv]);
    expect(idsOf(await search(fx.staff.hr, 'РОЗРОБ'))).toEqual([kyiv]);
    expect(idsOf(await search(fx.staff.hr, 'роботу'))).toEqual([kyiv]);
    expect(idsOf(await search(fx.staff.hr, 'программист'))).toEqual([moscowRu]);
    expect(idsOf(await search(fx.staff.hr, 'разраб учёт'))).toEqual([moscowRu]);
    expect(idsOf(await search(fx.staff.hr, 'шевченко'))).toEqual([kyiv]);
  });

  it('answers snippets as text pieces with the found words marked', async () => {
    const [hit] = await search(fx.staff.hr, 'київ');
    expect(hit?.snippet_source).toBe('cv');
    expect(hit?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['Київ']);
    expect(hit?.snippet.map((part) => part.text).join('')).toContain('Розробниця програмного забезпечення');
    // Markup in a CV never comes back as markup.
    const script = await search(fx.staff.hr, 'typescript');
    expect(JSON.stringify(script[0]?.snippet)).not.toContain('<script>');
    // A match in the answers when the CV has none.
    const [motto] = await search(fx.staff.hr, 'люблю');
    expect(motto?.snippet_source).toBe('answers');
    expect(motto?.snippet.find((part) => part.match)?.text).toBe('Люблю');
  });

  it('searches only the applications the user may see', async () => {
    const teamId = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data
      .team_id;
    const teamOnly = await seedCandidateRole({
      level: 'only_my_and_my_team',
      fields: ['field_files'],
      teamId,
    });
    expect(idsOf(await search(fx.staff.hr, 'elixir')).sort()).toEqual([contactInCv, teamHit].sort());
    expect(idsOf(await search(teamOnly, 'elixir'))).toEqual([teamHit]);
    expect(await listIds(teamOnly, 'elixir')).toEqual([teamHit]);
    const nobody = await fx.call(fx.staff.employee, 'GET', '/api/v1/applications/search?search=elixir');
    expect([403, 404]).toContain(nobody.statusCode);
  });

  it('never matches a hidden field: e-mail, phone, the CV without field_files, contacts inside a CV', async () => {
    const bare = await seedCandidateRole({ level: 'to_all', fields: [] });
    const files = await seedCandidateRole({ level: 'to_all', fields: ['field_files'] });
    const contacts = await seedCandidateRole({ level: 'to_all', fields: ['field_email', 'field_phone'] });
    // The candidate's own e-mail and phone: found by roles that see them, and only by them.
    const email = 'searcher1@example.com';
    for (const text of [email, 'searcher1', '+380631000001', '0631000001']) {
      expect(idsOf(await search(fx.staff.hr, text)), text).toContain(strong);
      expect(idsOf(await search(contacts, text)), text).toContain(strong);
      expect(idsOf(await search(bare, text)), text).toEqual([]);
      expect(idsOf(await search(files, text)), text).toEqual([]);
      expect(await listIds(bare, text), text).toEqual([]);
    }
    // CV words: only with field_files.
    expect(idsOf(await search(files, 'kubernetes'))).toEqual([strong, weak]);
    expect(idsOf(await search(bare, 'kubernetes'))).toEqual([strong]); // its motto, an answer
    expect(idsOf(await search(bare, 'accountant'))).toEqual([]);
    expect(await listIds(bare, 'accountant')).toEqual([]);
    // Contacts written inside a CV are not searchable by anyone, and no snippet shows them.
    for (const who of [fx.staff.hr, files]) {
      for (const text of ['hidden.person', 'hidden.person@corp.example', '380441234567', 'petr.secret']) {
        expect(idsOf(await search(who, text)), text).toEqual([]);
      }
    }
    const [elixir] = (await search(files, 'elixir')).filter((hit) => hit.application.id === contactInCv);
    expect(JSON.stringify(elixir?.snippet)).not.toContain('hidden.person');
    expect(JSON.stringify(elixir?.snippet)).not.toContain('123 45 67');
  });

  it('validates the query: an empty search is 422, never a 500', async () => {
    for (const query of ['search=', 'search=%20%20', 'search=x&vacancy_id=0', 'search=x&per_page=1000']) {
      const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/search?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    // Punctuation alone searches names only, and finds nothing here.
    expect(idsOf(await search(fx.staff.hr, '&|!:*()'))).toEqual([]);
    expect(idsOf(await search(fx.staff.hr, "o'brien"))).toEqual([]);
  });
});

// Bounded by the page, not by the hits (docs/decisions/030-bounded-candidate-search.md): the newest
// matches are ranked, the total is counted up to a cap, the list stays exact.
describe('a search that finds more than the cap', () => {
  /** One candidate and one application with this CV text, straight into the tables (no form). */
  async function insertApplication(vacancyId: number, name: string, cvText: string): Promise<number> {
    const inserted = await fx.t.database.db.execute<{ id: number }>(sql`
      with c as (insert into candidates (company_id, name) values (${fx.company.id}, ${name}) returning id)
      insert into applications (company_id, vacancy_id, candidate_id, source, answers, cv_text)
      select ${fx.company.id}, ${vacancyId}, c.id, 'test', '[]'::jsonb, ${cvText} from c
      returning id`);
    return Number(inserted.rows[0]?.id);
  }

  async function searchPage(who: StaffMember, query: string) {
    const response = await fx.call(who, 'GET', `/api/v1/applications/search?per_page=100&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: ApplicationSearchHit[];
      meta: { total: number; last_page: number; total_is_capped: boolean };
    };
  }

  let otherVacancy: number;
  let byName: number;
  let oldStrong: number;
  let newStrong: number;
  const fillers = SEARCH_TOTAL_CAP + 1;

  beforeAll(async () => {
    // Oldest first: a match in another vacancy, a name match without the word in its CV, and the
    // strongest CV match of all; then more than the cap of weak matches with a strong one among them.
    otherVacancy = await insertApplication(fx.vacancyB, 'Other Vacancy', 'Capword in the other vacancy.');
    byName = await insertApplication(fx.vacancyA, 'Capword Holder', 'Nothing to see.');
    oldStrong = await insertApplication(fx.vacancyA, 'Old Strong', 'capword capword capword capword capword');
    await fx.t.database.db.execute(sql`
      with c as (insert into candidates (company_id, name)
        select ${fx.company.id}, 'Filler ' || g from generate_series(1, ${fillers}) g returning id)
      insert into applications (company_id, vacancy_id, candidate_id, source, answers, cv_text)
      select ${fx.company.id}, ${fx.vacancyA}, c.id, 'test', '[]'::jsonb, 'A filler with capword once.'
      from c order by c.id`);
    newStrong = await insertApplication(fx.vacancyA, 'New Strong', 'capword capword capword');
  }, 60_000);

  it('counts up to the cap and says so; an exact count below it', async () => {
    const capped = await searchPage(fx.staff.hr, 'search=capword');
    expect(capped.meta).toMatchObject({ total: SEARCH_TOTAL_CAP, total_is_capped: true, last_page: 10 });
    expect(capped.data).toHaveLength(100);
    const exact = await searchPage(fx.staff.hr, 'search=kubernetes');
    expect(exact.meta).toMatchObject({ total: 2, total_is_capped: false, last_page: 1 });
    // The list (and the board, export and bulk "all matching") still counts every match.
    const list = await fx.call(fx.staff.hr, 'GET', '/api/v1/applications?per_page=1&search=capword');
    expect(list.json().meta.total).toBe(fillers + 4);
  });

  it('ranks a name match first, then the best of the newest matches', async () => {
    const { data } = await searchPage(fx.staff.hr, 'search=capword');
    expect(idsOf(data).slice(0, 2)).toEqual([byName, newStrong]);
    // The strongest CV match is older than the cap's newest matches: not ranked at all.
    expect(idsOf(data)).not.toContain(oldStrong);
    const later = await searchPage(fx.staff.hr, 'search=capword&page=10');
    expect(later.data).toHaveLength(100);
    expect(idsOf(later.data)).not.toContain(oldStrong);
  });

  it('applies the filters and the reach before the cap', async () => {
    // The other vacancy's match is older than all of vacancy A's, and still found when filtered.
    const filtered = await searchPage(fx.staff.hr, `search=capword&vacancy_id=${fx.vacancyB}`);
    expect(idsOf(filtered.data)).toEqual([otherVacancy]);
    expect(filtered.meta).toMatchObject({ total: 1, total_is_capped: false });
    const teamId = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data
      .team_id;
    const teamOnly = await seedCandidateRole({
      level: 'only_my_and_my_team',
      fields: ['field_files'],
      teamId,
    });
    const reached = await searchPage(teamOnly, 'search=capword');
    expect(idsOf(reached.data)).toEqual([otherVacancy]);
    expect(reached.meta).toMatchObject({ total: 1, total_is_capped: false });
  });

  it('still searches the CV only with field_files: the rest find the name alone', async () => {
    const bare = await seedCandidateRole({ level: 'to_all', fields: [] });
    const found = await searchPage(bare, 'search=capword');
    expect(idsOf(found.data)).toEqual([byName]);
    expect(found.meta).toMatchObject({ total: 1, total_is_capped: false });
  });
});
