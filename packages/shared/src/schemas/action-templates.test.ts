import { describe, expect, it } from 'vitest';
import {
  actionsTemplateQuerySchema,
  createActionTemplateBodySchema,
  templateEventsQuerySchema,
} from './action-templates';
import { type DictionaryEntry, splitHrTemplates } from './dictionaries';

function entry(id: number, category: number): DictionaryEntry {
  return {
    id,
    code: `template_${id}`,
    name: `Template ${id}`,
    meta: { category, template_id: id },
    position: id,
  };
}

describe('splitHrTemplates (spec §3.2 event template dictionary)', () => {
  it('keeps the original and adds the standard HR templates in the order 11, 12, 7, 5, 4, 13', () => {
    const data = {
      '1': [4, 5, 7, 11, 12, 13, 100, 14].map((id) => entry(id, 1)),
      '2': [entry(1, 2), entry(2, 2)],
    };
    const result = splitHrTemplates(data);
    expect(result['1']).toBe(data['1']);
    expect(result['2']).toBe(data['2']);
    expect(result.hr.standard.map((item) => item.id)).toEqual([11, 12, 7, 5, 4, 13]);
    // Every other HR template is custom, in the order given; other categories are not HR.
    expect(result.hr.custom.map((item) => item.id)).toEqual([100, 14]);
  });

  it('lists only the standard templates present, and none without an HR category', () => {
    const partial = splitHrTemplates({ '1': [entry(13, 1), entry(11, 1), entry(7, 1)] });
    expect(partial.hr.standard.map((item) => item.id)).toEqual([11, 7, 13]);
    expect(partial.hr.custom).toEqual([]);
    const none = splitHrTemplates({ '3': [entry(11, 3)] });
    expect(none.hr).toEqual({ standard: [], custom: [] });
  });
});

describe('the action template request', () => {
  it('reads empty or missing period dates as null and repeated ids as lists', () => {
    const query = actionsTemplateQuerySchema.parse({
      custom_period_start: '',
      team_ids: '3',
      employee_ids: ['5', '5', '6'],
    });
    expect(query).toMatchObject({
      custom_period_start: null,
      custom_period_end: null,
      team_ids: [3],
      employee_ids: [5, 6],
      per_template: 5,
    });
    expect(actionsTemplateQuerySchema.parse({ custom_period_end: 'null' }).custom_period_end).toBeNull();
  });

  it('refuses a reversed period, one over 366 days and impossible dates', () => {
    const issues = (value: Record<string, unknown>) =>
      templateEventsQuerySchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ custom_period_start: '2031-05-01', custom_period_end: '2031-04-30' })).toEqual([
      'action_templates.period_reversed',
    ]);
    expect(issues({ custom_period_start: '2032-01-01', custom_period_end: '2032-12-31' })).toEqual([]);
    expect(issues({ custom_period_start: '2031-01-01', custom_period_end: '2032-01-02' })).toEqual([
      'action_templates.period_too_long',
    ]);
    expect(issues({ custom_period_start: '2031-02-29' })).toHaveLength(1);
    expect(issues({ team_ids: '0' })).toHaveLength(1);
  });
});

describe('a template body', () => {
  const base = { names: { en: 'Call' }, task_type: 'call', assignee: 'employee', trigger: 'birthday' };

  it('fills defaults and drops empty names', () => {
    const body = createActionTemplateBodySchema.parse({ ...base, names: { en: ' ', uk: 'Дзвінок' } });
    expect(body).toMatchObject({ names: { uk: 'Дзвінок' }, category: 1, offset_days: 0, is_active: true });
  });

  it('needs a name, a chosen person for `user`, a known type and a bounded offset', () => {
    const messages = (value: Record<string, unknown>) =>
      createActionTemplateBodySchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ??
      [];
    expect(messages({ ...base, names: { ru: '' } })).toEqual(['names']);
    expect(messages({ ...base, assignee: 'user' })).toEqual(['assignee_employee_id']);
    expect(messages({ ...base, task_type: 'nap' })).toEqual(['task_type']);
    expect(messages({ ...base, offset_days: -366 })).toEqual(['offset_days']);
    expect(messages({ ...base, trigger: 'hire' })).toEqual(['trigger']);
  });
});
