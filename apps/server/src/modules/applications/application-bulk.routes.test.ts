import { Readable } from 'node:stream';
import {
  BULK_UNDO_SECONDS,
  bulkMoveResponseSchema,
  bulkUndoResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import { bulkResultResponseSchema, historyResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { applications } from '../../db/schema/applications';
import type { StaffMember } from '../permissions/permissions-test-support';

// Bulk stage moves with undo, "all matching the filter" for every bulk action, and the export of a
// selection (issue 17), through app.inject with the permission matrix.

// Many applications come through the careers form here: lift its per-minute limit.
const fx = createRecruitingFixture({ env: () => ({ RATE_LIMIT_SUBMISSIONS: '1000' }) });

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([bytes]));
  const lines: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    lines.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return lines;
}

let applicantCounter = 0;
/** A fresh application to a vacancy, from a new person. */
async function apply(vacancyId: number): Promise<number> {
  applicantCounter += 1;
  const id = await fx.apply(vacancyId, {
    name: `Bulk ${applicantCounter}`,
    email: `bulk${applicantCounter}@example.com`,
    phone: `+38063000${String(applicantCounter).padStart(4, '0')}`,
  });
  await fx.t.app.events.settled();
  return id;
}

async function stagesOf(vacancyId: number): Promise<{ id: number; name: string }[]> {
  const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${vacancyId}/stages`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function stageIdOf(vacancyId: number, name: string): Promise<number> {
  const stage = (await stagesOf(vacancyId)).find((item) => item.name === name);
  if (!stage) throw new Error(`no stage ${name}`);
  return stage.id;
}

async function stageNameOf(who: StaffMember, applicationId: number): Promise<string> {
  const response = await fx.call(who, 'GET', `/api/v1/applications/${applicationId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.stage.name;
}

async function moveBulk(who: StaffMember, body: Record<string, unknown>) {
  return fx.call(who, 'POST', '/api/v1/applications/bulk/stage', body);
}

async function stageHistory(applicationId: number) {
  const response = await fx.call(
    fx.staff.hr,
    'GET',
    `/api/v1/applications/${applicationId}/history?kind=stage`,
  );
  expect(response.statusCode).toBe(200);
  return historyResponseSchema.parse(response.json()).data;
}

describe('bulk stage moves', () => {
  it('move the applications the user may change, reporting each, with history and events', async () => {
    const first = await apply(fx.vacancyA);
    const second = await apply(fx.vacancyA);
    const screening = await stageIdOf(fx.vacancyA, 'Screening');
    const response = await moveBulk(fx.staff.recruiterIn, {
      application_ids: [first, second, fx.applicationB, 999_999],
      stage_id: screening,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = bulkMoveResponseSchema.parse(response.json());
    expect(result.data).toEqual([
      { id: first, outcome: 'done' },
      { id: second, outcome: 'done' },
      // Vacancy B is outside recruiterIn's reach: not found, like a missing one.
      { id: fx.applicationB, outcome: 'not_found' },
      { id: 999_999, outcome: 'not_found' },
    ]);
    expect(result.meta).toMatchObject({ done: 2, skipped: 2 });
    expect(result.meta.action_id).toEqual(expect.any(Number));
    expect(result.meta.undoable_until).toBe(
      new Date(fx.t.clock.now.getTime() + BULK_UNDO_SECONDS * 1000).toISOString(),
    );
    expect(await stageNameOf(fx.staff.hr, first)).toBe('Screening');
    expect(await stageNameOf(fx.staff.hr, fx.applicationB)).not.toBe('Screening');
    const [moved] = await stageHistory(first);
    expect(moved).toMatchObject({
      type: 'stage_moved',
      actor: { id: fx.staff.recruiterIn.user.id },
      from_stage: { name: 'New' },
      to_stage: { id: screening, name: 'Screening' },
    });
  });

  it('refuse stages of another vacancy per application, and say which were there already', async () => {
    const inA = await apply(fx.vacancyA);
    const inB = await apply(fx.vacancyB);
    const interview = await stageIdOf(fx.vacancyA, 'Interview');
    const response = await moveBulk(fx.staff.hr, { application_ids: [inA, inB], stage_id: interview });
    expect(response.json().data).toEqual([
      { id: inA, outcome: 'done' },
      { id: inB, outcome: 'other_vacancy' },
    ]);
    const again = await moveBulk(fx.staff.hr, { application_ids: [inA], stage_id: interview });
    expect(again.json()).toMatchObject({
      data: [{ id: inA, outcome: 'unchanged' }],
      meta: { done: 0, action_id: null, undoable_until: null },
    });
  });

  it('answer 403 to roles that change no candidates, and per application to those who only see some', async () => {
    const stage = await stageIdOf(fx.vacancyB, 'Offer');
    for (const who of [fx.staff.employee, fx.staff.manager]) {
      const response = await moveBulk(who, { application_ids: [fx.applicationB], stage_id: stage });
      expect(response.statusCode).toBe(403);
    }
    // recruiterOut changes candidates, but not B's (not theirs, not their team's): hidden.
    const out = await moveBulk(fx.staff.recruiterOut, {
      application_ids: [fx.applicationB],
      stage_id: stage,
    });
    expect(out.json().data).toEqual([{ id: fx.applicationB, outcome: 'not_found' }]);
    expect(await stageNameOf(fx.staff.hr, fx.applicationB)).not.toBe('Offer');
  });

  it('validate the selection: ids or a filter, exactly one', async () => {
    const stage = await stageIdOf(fx.vacancyA, 'Offer');
    for (const body of [
      { stage_id: stage },
      { stage_id: stage, application_ids: [fx.applicationA], filter: { vacancy_id: fx.vacancyA } },
      { stage_id: stage, application_ids: [] },
      { stage_id: stage, application_ids: [1, 1] },
      { stage_id: stage, filter: { vacancy_id: 'x' } },
      { stage_id: 0, application_ids: [fx.applicationA] },
    ]) {
      const response = await moveBulk(fx.staff.hr, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('move every application matching a filter among those the user sees', async () => {
    const a1 = await apply(fx.vacancyA);
    const a2 = await apply(fx.vacancyA);
    const hired = await stageIdOf(fx.vacancyA, 'Hired');
    // recruiterIn's filter on vacancy B matches nothing they see: nothing moves.
    const none = await moveBulk(fx.staff.recruiterIn, {
      filter: { vacancy_id: fx.vacancyB },
      stage_id: hired,
    });
    expect(none.json()).toMatchObject({ data: [], meta: { done: 0, action_id: null } });
    const response = await moveBulk(fx.staff.recruiterIn, {
      filter: { vacancy_id: fx.vacancyA, search: 'Bulk' },
      stage_id: hired,
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([a1, a2]));
    expect(ids).not.toContain(fx.applicationA);
    expect(await stageNameOf(fx.staff.hr, a2)).toBe('Hired');
  });
});

describe('undoing a bulk move', () => {
  async function movedPair() {
    const first = await apply(fx.vacancyA);
    const second = await apply(fx.vacancyA);
    const offer = await stageIdOf(fx.vacancyA, 'Offer');
    const response = await moveBulk(fx.staff.recruiterIn, {
      application_ids: [first, second],
      stage_id: offer,
    });
    const actionId = bulkMoveResponseSchema.parse(response.json()).meta.action_id;
    if (actionId === null) throw new Error('nothing moved');
    return { first, second, actionId };
  }
  const undo = (who: StaffMember, actionId: number) =>
    fx.call(who, 'POST', `/api/v1/application-bulk-actions/${actionId}/undo`);

  it('puts each application back, once, with history entries, for its author only', async () => {
    const { first, second, actionId } = await movedPair();
    expect((await undo(fx.staff.hr, actionId)).statusCode).toBe(404);
    expect((await undo(fx.staff.recruiterIn, 999_999)).statusCode).toBe(404);
    expect((await undo(fx.staff.recruiterIn, 0)).statusCode).toBe(404);
    const response = await undo(fx.staff.recruiterIn, actionId);
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkUndoResponseSchema.parse(response.json())).toEqual({
      data: [
        { id: first, outcome: 'done' },
        { id: second, outcome: 'done' },
      ],
      meta: { done: 2, skipped: 0 },
    });
    expect(await stageNameOf(fx.staff.hr, first)).toBe('New');
    const [undone] = await stageHistory(first);
    expect(undone).toMatchObject({
      type: 'stage_moved',
      from_stage: { name: 'Offer' },
      to_stage: { name: 'New' },
    });
    const again = await undo(fx.staff.recruiterIn, actionId);
    expect(again.statusCode).toBe(409);
  });

  it('leaves applications moved or rejected since where they are', async () => {
    const { first, second, actionId } = await movedPair();
    const interview = await stageIdOf(fx.vacancyA, 'Interview');
    const moved = await fx.call(fx.staff.hr, 'PUT', `/api/v1/applications/${first}/stage`, {
      stage_id: interview,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const reasons = await fx.call(fx.staff.hr, 'GET', '/api/v1/dictionaries/rejection-reasons');
    const reject = await fx.call(fx.staff.hr, 'POST', `/api/v1/applications/${second}/rejection`, {
      reason_id: reasons.json().data[0].id,
    });
    expect(reject.statusCode, reject.body).toBe(201);
    const response = await undo(fx.staff.recruiterIn, actionId);
    expect(response.json()).toEqual({
      data: [
        { id: first, outcome: 'moved_since' },
        { id: second, outcome: 'already_rejected' },
      ],
      meta: { done: 0, skipped: 2 },
    });
    expect(await stageNameOf(fx.staff.hr, first)).toBe('Interview');
    expect(await stageNameOf(fx.staff.hr, second)).toBe('Offer');
  });

  it('is refused once the window has closed', async () => {
    const { first, actionId } = await movedPair();
    fx.t.clock.advance((BULK_UNDO_SECONDS + 1) * 1000);
    const response = await undo(fx.staff.recruiterIn, actionId);
    expect(response.statusCode).toBe(409);
    expect(await stageNameOf(fx.staff.hr, first)).toBe('Offer');
  });

  it('is refused for a move that sent mail', async () => {
    const one = await apply(fx.vacancyA);
    const before = fx.t.mail.length;
    const response = await moveBulk(fx.staff.recruiterIn, {
      application_ids: [one],
      stage_id: await stageIdOf(fx.vacancyA, 'Screening'),
      mail: { locale: 'en', subject: 'News about {vacancy}', body: '<p>Hello {candidate_name}</p>' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = bulkMoveResponseSchema.parse(response.json());
    expect(result.meta.undoable_until).toBeNull();
    await fx.t.app.events.settled();
    expect(fx.t.mail.slice(before).map((mail) => mail.subject)).toContain('News about Data Engineer');
    expect((await undo(fx.staff.recruiterIn, result.meta.action_id ?? 0)).statusCode).toBe(409);
  });
});

const undoAction = (who: StaffMember, actionId: number) =>
  fx.call(who, 'POST', `/api/v1/application-bulk-actions/${actionId}/undo`);

async function tagsOf(applicationId: number): Promise<string[]> {
  const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${applicationId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.tags as { name: string }[]).map((tag) => tag.name);
}

describe('undoing a bulk tagging', () => {
  let tagId = 0;
  async function tagBulk(who: StaffMember, ids: number[]) {
    if (tagId === 0) {
      const made = await fx.call(fx.staff.hr, 'POST', '/api/v1/tags', { name: 'Undo me', color: 'blue' });
      expect(made.statusCode, made.body).toBe(201);
      tagId = made.json().data.id;
    }
    const response = await fx.call(who, 'POST', '/api/v1/applications/bulk/tags', {
      application_ids: ids,
      tag_id: tagId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return bulkResultResponseSchema.parse(response.json());
  }

  it('takes the tag off exactly the applications it was new on, once, for its author only', async () => {
    const tagged = await apply(fx.vacancyA);
    const fresh = await apply(fx.vacancyA);
    await tagBulk(fx.staff.hr, [tagged]);
    const result = await tagBulk(fx.staff.recruiterIn, [tagged, fresh]);
    expect(result.data).toEqual([
      { id: tagged, outcome: 'done' },
      { id: fresh, outcome: 'done' },
    ]);
    expect(result.meta.undoable_until).toBe(
      new Date(fx.t.clock.now.getTime() + BULK_UNDO_SECONDS * 1000).toISOString(),
    );
    const actionId = result.meta.action_id ?? 0;
    expect((await undoAction(fx.staff.hr, actionId)).statusCode).toBe(404);
    const response = await undoAction(fx.staff.recruiterIn, actionId);
    expect(response.statusCode, response.body).toBe(200);
    // Only the application the tagging was new on is recorded, and only it loses the tag.
    expect(bulkUndoResponseSchema.parse(response.json())).toEqual({
      data: [{ id: fresh, outcome: 'done' }],
      meta: { done: 1, skipped: 0 },
    });
    expect(await tagsOf(tagged)).toEqual(['Undo me']);
    expect(await tagsOf(fresh)).toEqual([]);
    const history = historyResponseSchema.parse(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fresh}/history?kind=tag`)).json(),
    ).data;
    expect(history[0]).toMatchObject({ type: 'tag', action: 'removed', tag: { name: 'Undo me' } });
    expect((await undoAction(fx.staff.recruiterIn, actionId)).statusCode).toBe(409);
  });

  it('leaves a tag taken off and put back since, and is refused after the window', async () => {
    const one = await apply(fx.vacancyA);
    const two = await apply(fx.vacancyA);
    const result = await tagBulk(fx.staff.hr, [one, two]);
    const tagUrl = `/api/v1/applications/${one}/tags`;
    expect((await fx.call(fx.staff.hr, 'DELETE', `${tagUrl}/${tagId}`)).statusCode).toBe(200);
    expect((await fx.call(fx.staff.hr, 'POST', tagUrl, { tag_id: tagId })).statusCode).toBe(200);
    const response = await undoAction(fx.staff.hr, result.meta.action_id ?? 0);
    expect(response.json().data).toEqual([
      { id: one, outcome: 'changed_since' },
      { id: two, outcome: 'done' },
    ]);
    expect(await tagsOf(one)).toEqual(['Undo me']);

    const late = await tagBulk(fx.staff.hr, [two]);
    fx.t.clock.advance((BULK_UNDO_SECONDS + 1) * 1000);
    expect((await undoAction(fx.staff.hr, late.meta.action_id ?? 0)).statusCode).toBe(409);
    expect(await tagsOf(two)).toEqual(['Undo me']);
  });

  it('has nothing to undo when every application carried the tag already', async () => {
    const one = await apply(fx.vacancyA);
    await tagBulk(fx.staff.hr, [one]);
    const again = await tagBulk(fx.staff.hr, [one]);
    expect(again.meta).toMatchObject({ done: 1, action_id: null, undoable_until: null });
  });
});

describe('undoing a bulk rejection', () => {
  async function reasonId(): Promise<number> {
    const reasons = await fx.call(fx.staff.hr, 'GET', '/api/v1/dictionaries/rejection-reasons');
    return reasons.json().data[0].id;
  }
  async function rejectBulk(who: StaffMember, body: Record<string, unknown>) {
    const response = await fx.call(who, 'POST', '/api/v1/applications/bulk/rejection', {
      reason_id: await reasonId(),
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return bulkResultResponseSchema.parse(response.json());
  }
  async function rejectionOf(applicationId: number) {
    const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${applicationId}/rejection`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  it('reopens exactly the applications it rejected, in their stage, for its author only', async () => {
    const earlier = await apply(fx.vacancyA);
    const open = await apply(fx.vacancyA);
    const interview = await stageIdOf(fx.vacancyA, 'Interview');
    await moveBulk(fx.staff.hr, { application_ids: [open], stage_id: interview });
    const before = await fx.call(fx.staff.hr, 'POST', `/api/v1/applications/${earlier}/rejection`, {
      reason_id: await reasonId(),
    });
    expect(before.statusCode, before.body).toBe(201);
    const result = await rejectBulk(fx.staff.recruiterIn, { application_ids: [earlier, open] });
    expect(result.data).toEqual([
      { id: earlier, outcome: 'already_rejected' },
      { id: open, outcome: 'done' },
    ]);
    expect(result.meta.undoable_until).toBe(
      new Date(fx.t.clock.now.getTime() + BULK_UNDO_SECONDS * 1000).toISOString(),
    );
    const actionId = result.meta.action_id ?? 0;
    expect((await undoAction(fx.staff.hr, actionId)).statusCode).toBe(404);
    const response = await undoAction(fx.staff.recruiterIn, actionId);
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkUndoResponseSchema.parse(response.json())).toEqual({
      data: [{ id: open, outcome: 'done' }],
      meta: { done: 1, skipped: 0 },
    });
    expect(await rejectionOf(open)).toBeNull();
    expect(await stageNameOf(fx.staff.hr, open)).toBe('Interview');
    // Rejected before the bulk action: still rejected.
    expect(await rejectionOf(earlier)).not.toBeNull();
    const history = historyResponseSchema.parse(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${open}/history?kind=rejection`)).json(),
    ).data;
    expect(history[0]).toMatchObject({ type: 'reopened' });
    expect((await undoAction(fx.staff.recruiterIn, actionId)).statusCode).toBe(409);
  });

  it('leaves applications reopened since, and is refused after the window', async () => {
    const one = await apply(fx.vacancyA);
    const two = await apply(fx.vacancyA);
    const result = await rejectBulk(fx.staff.hr, { application_ids: [one, two] });
    const reopened = await fx.call(fx.staff.hr, 'DELETE', `/api/v1/applications/${one}/rejection`);
    expect(reopened.statusCode, reopened.body).toBeLessThan(300);
    const again = await fx.call(fx.staff.hr, 'POST', `/api/v1/applications/${one}/rejection`, {
      reason_id: await reasonId(),
    });
    expect(again.statusCode).toBe(201);
    const response = await undoAction(fx.staff.hr, result.meta.action_id ?? 0);
    expect(response.json().data).toEqual([
      { id: one, outcome: 'changed_since' },
      { id: two, outcome: 'done' },
    ]);
    expect(await rejectionOf(one)).not.toBeNull();

    const late = await rejectBulk(fx.staff.hr, { application_ids: [two] });
    fx.t.clock.advance((BULK_UNDO_SECONDS + 1) * 1000);
    expect((await undoAction(fx.staff.hr, late.meta.action_id ?? 0)).statusCode).toBe(409);
    expect(await rejectionOf(two)).not.toBeNull();
  });

  it('cannot be undone when it sent or scheduled mail', async () => {
    for (const delay of [0, 60]) {
      const one = await apply(fx.vacancyA);
      const result = await rejectBulk(fx.staff.hr, {
        application_ids: [one],
        mail: { locale: 'en', subject: 'About {vacancy}', body: '<p>Sorry</p>', delay_minutes: delay },
      });
      expect(result.data).toEqual([{ id: one, outcome: 'done' }]);
      expect(result.meta).toMatchObject({ action_id: null, undoable_until: null });
    }
  });
});

describe('other bulk actions on "all matching the filter"', () => {
  it('reject every matching application the user may change', async () => {
    const a1 = await apply(fx.vacancyA);
    const reasons = await fx.call(fx.staff.hr, 'GET', '/api/v1/dictionaries/rejection-reasons');
    const response = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/applications/bulk/rejection', {
      filter: { vacancy_id: fx.vacancyA, search: `Bulk ${applicantCounter}` },
      reason_id: reasons.json().data[0].id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkResultResponseSchema.parse(response.json()).data).toEqual([{ id: a1, outcome: 'done' }]);
    const both = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/applications/bulk/rejection', {
      filter: {},
      application_ids: [a1],
      reason_id: reasons.json().data[0].id,
    });
    expect(both.statusCode).toBe(422);
    // A role without candidates cannot resolve a filter at all.
    const employee = await fx.call(fx.staff.employee, 'POST', '/api/v1/applications/bulk/mails', {
      filter: {},
      mail: { locale: 'en', subject: 'Hi', body: '<p>Hi</p>' },
    });
    expect(employee.statusCode).toBe(403);
  });

  it('export just the selected applications', async () => {
    const a1 = await apply(fx.vacancyA);
    const url = `/api/v1/applications/export?format=xlsx&ids=${a1},${fx.applicationB}`;
    const response = await fx.call(fx.staff.recruiterIn, 'GET', url);
    // recruiterIn has no export_database action.
    expect(response.statusCode).toBe(403);
    const hr = await fx.t.app.inject({ method: 'GET', url, headers: fx.staff.hr.headers });
    expect(hr.statusCode, hr.body).toBe(200);
    const rows = await readXlsx(hr.rawPayload);
    expect(
      rows
        .slice(1)
        .map((row) => Number(row[0]))
        .sort(),
    ).toEqual([a1, fx.applicationB].sort());
    for (const bad of ['ids=', 'ids=1,,2', 'ids=abc', 'ids=0']) {
      const refused = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/export?${bad}`);
      expect(refused.statusCode, bad).toBe(422);
    }
  });
});

describe('the bulk tables', () => {
  it('keep the stage each application came from', async () => {
    const one = await apply(fx.vacancyA);
    await moveBulk(fx.staff.hr, { application_ids: [one], stage_id: await stageIdOf(fx.vacancyA, 'Offer') });
    const [row] = await fx.t.database.db
      .select({ stageId: applications.stageId })
      .from(applications)
      .where(and(eq(applications.companyId, fx.company.id), eq(applications.id, one)));
    expect(row?.stageId).toBe(await stageIdOf(fx.vacancyA, 'Offer'));
  });
});
