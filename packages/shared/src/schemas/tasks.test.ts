import { describe, expect, it } from 'vitest';
import {
  checkTaskFile,
  cleanFileName,
  createTaskBodySchema,
  findTaskFileType,
  formatTaskEnd,
  formatTaskStart,
  resolveAllTasksBodySchema,
  TASK_FILE_ACCEPT,
  TASK_FILE_MAX_BYTES,
  TASK_FILE_NAME_MAX_LENGTH,
  TASK_TYPE_KEYS,
  taskListQuerySchema,
  taskTypeIdOf,
  taskTypeKeyOf,
  updateTaskBodySchema,
  updateTaskCommentBodySchema,
} from './tasks';

describe('task types', () => {
  it('are the eleven of spec §3.2, with numeric ids both ways', () => {
    expect(TASK_TYPE_KEYS).toEqual([
      'custom',
      'call',
      'skype_call',
      'job_interview',
      'review',
      'one_to_one',
      'test_task',
      'test_period',
      'welcome_meeting',
      'adaptation_meeting',
      'exit_interview',
    ]);
    for (const key of TASK_TYPE_KEYS) expect(taskTypeKeyOf(taskTypeIdOf(key))).toBe(key);
    expect(taskTypeKeyOf(12)).toBeNull();
  });
});

describe('attachment files', () => {
  it('cleans names as spec §5 says', () => {
    expect(cleanFileName('a/b:c?d"e<f>g|h\\i.pdf')).toBe('a_b_c_d_e_f_g_h_i.pdf');
    expect(cleanFileName('  \u0000 ')).toBe('file');
    const long = `${'x'.repeat(300)}.docx`;
    const cleaned = cleanFileName(long);
    expect(Array.from(cleaned)).toHaveLength(TASK_FILE_NAME_MAX_LENGTH);
    expect(cleaned.endsWith('.docx')).toBe(true);
  });

  it('allows the listed types by extension, case-insensitively, within the size limit', () => {
    expect(findTaskFileType('Report.PDF')?.mime).toBe('application/pdf');
    expect(findTaskFileType('photo.jpeg')?.mime).toBe('image/jpeg');
    expect(findTaskFileType('setup.exe')).toBeNull();
    expect(findTaskFileType('noextension')).toBeNull();
    expect(checkTaskFile({ name: 'a.xlsx', size: 10 })).toBeNull();
    expect(checkTaskFile({ name: 'a.xlsx', size: TASK_FILE_MAX_BYTES + 1 })).toBe('too_large');
    expect(checkTaskFile({ name: 'a.html', size: 10 })).toBe('type_not_allowed');
    expect(checkTaskFile({ name: 'a.txt', size: 0 })).toBe('empty');
    expect(TASK_FILE_ACCEPT).toContain('.odt');
    expect(TASK_FILE_ACCEPT).toContain('application/zip');
  });
});

describe('task bodies', () => {
  const body = { name: 'Call', event_id: 2, date: '2031-01-01 10:00:00', date_end: '2031-01-01 10:30:59' };

  it('take the range as spec §4 sends it', () => {
    expect(formatTaskStart('2031-01-01', '10:00')).toBe('2031-01-01 10:00:00');
    expect(formatTaskEnd('2031-01-01', '10:30')).toBe('2031-01-01 10:30:59');
    expect(createTaskBodySchema.parse(body)).toMatchObject({ all_day: false });
  });

  it.each([
    [{ date: '2031-01-01 10:00:01' }, 'date'],
    [{ date: '2031-01-01T10:00:00' }, 'date'],
    [{ date_end: '2031-01-01 10:30:00' }, 'date_end'],
    [{ date_end: '2030-12-31 23:59:59' }, 'date_end'],
    [{ date: '2031-02-29 10:00:00' }, 'date'],
    [{ event_id: 0 }, 'event_id'],
  ])('refuse %j under %s', (change, field) => {
    const result = createTaskBodySchema.safeParse({ ...body, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('partial updates check the range only when both sides are sent', () => {
    expect(updateTaskBodySchema.safeParse({ date_end: '2030-01-01 00:00:59' }).success).toBe(true);
    expect(updateTaskBodySchema.parse({ detached_file_ids: [3, 3, 4] }).detached_file_ids).toEqual([3, 4]);
  });

  it('comment edits send comment_type 1 only', () => {
    expect(updateTaskCommentBodySchema.parse({}).comment_type).toBe(1);
    expect(updateTaskCommentBodySchema.safeParse({ comment_type: 2 }).success).toBe(false);
  });

  it('resolve-all takes nothing, ids and a resolution', () => {
    expect(resolveAllTasksBodySchema.parse(undefined)).toBeUndefined();
    expect(resolveAllTasksBodySchema.parse({ ids: [1] })).toEqual({ ids: [1], resolution: 'done' });
    expect(resolveAllTasksBodySchema.safeParse({ resolution: 'later' }).success).toBe(false);
  });

  it('the list query defaults to my open tasks', () => {
    expect(taskListQuerySchema.parse({})).toMatchObject({
      status: 'open',
      scope: 'mine',
      page: 1,
      per_page: 20,
    });
    expect(taskListQuerySchema.parse({ event_id: '5' }).event_id).toBe(5);
    expect(taskListQuerySchema.safeParse({ event_id: '99' }).success).toBe(false);
  });
});
