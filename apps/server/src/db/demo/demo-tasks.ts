import { Readable } from 'node:stream';
import {
  findTaskFileType,
  TASK_FILE_MAX_BYTES,
  type TaskTypeKey,
  taskTypeIdOf,
} from '@kadry/shared/schemas/tasks';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FileStore } from '../../storage/file-store';
import { companies } from '../schema/companies';
import { employees } from '../schema/employees';
import { storedFiles } from '../schema/files';
import { roles } from '../schema/roles';
import { taskComments, taskFiles, tasks } from '../schema/tasks';
import { users } from '../schema/users';
import type { Db } from '../tables';

// The demo company's tasks (issue 15): a dozen of several types for the demo owner and a few of their
// people, due this week and next, some resolved, some with comments (with ratings) and files — so the
// owner's "my tasks" widget and task modal have something to show on the first start. Tasks need the
// owner (their assignee and author) and the FileStore (their files), so this runs after seedDemoOwner,
// once the file store is open (server.ts), and only on the start that seeded the demo.

type DemoFile = { name: string; bytes: Buffer };

/** A one-page PDF that says what it is. */
function demoPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 green PNG. */
const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type DemoComment = { text: string; rating?: number; file?: DemoFile };

type DemoTask = {
  name: string;
  type: TaskTypeKey;
  description?: string;
  /** Days from the seeding day and local times; none for an all-day task. */
  inDays: number;
  times?: [string, string];
  days?: number;
  /** Index into the demo people it concerns; none: nobody in particular. */
  about?: number;
  /** Index into the demo people it is assigned to; none: the owner. */
  assignee?: number;
  resolution?: 'done' | 'not_done' | 'cancelled';
  files?: DemoFile[];
  comments?: DemoComment[];
};

function demoTasks(names: readonly string[]): DemoTask[] {
  const name = (index: number) => names[index] ?? 'a new colleague';
  return [
    {
      name: `Welcome meeting with ${name(0)}`,
      type: 'welcome_meeting',
      description: 'Show the office, introduce the team, hand over the laptop and the access cards.',
      inDays: 1,
      times: ['10:00', '11:00'],
      about: 0,
      files: [{ name: 'Welcome agenda.pdf', bytes: demoPdf('Welcome agenda') }],
      comments: [{ text: 'Laptop and badge are ready at the front desk.' }],
    },
    {
      name: `Probation review: ${name(1)}`,
      type: 'test_period',
      description: 'Go through the probation goals and decide on the outcome.',
      inDays: 3,
      times: ['14:00', '15:00'],
      about: 1,
      files: [{ name: 'Probation goals.pdf', bytes: demoPdf('Probation goals') }],
      comments: [{ text: 'Feedback from the team lead is very positive.', rating: 4 }],
    },
    {
      name: `One-to-one with ${name(2)}`,
      type: 'one_to_one',
      inDays: 2,
      times: ['15:00', '15:30'],
      about: 2,
    },
    {
      name: 'Call the recruitment agency about the Java position',
      type: 'call',
      inDays: 0,
      times: ['12:00', '12:15'],
    },
    {
      name: `Exit interview: ${name(3)}`,
      type: 'exit_interview',
      description: 'Ask about the reasons for leaving and collect the equipment.',
      inDays: 8,
      times: ['11:00', '12:00'],
      about: 3,
    },
    {
      name: `Adaptation meeting with ${name(4)}`,
      type: 'adaptation_meeting',
      inDays: 4,
      times: ['09:30', '10:00'],
      about: 4,
      assignee: 4,
    },
    {
      name: `Check the test task of ${name(5)}`,
      type: 'test_task',
      inDays: 5,
      times: ['16:00', '17:00'],
      about: 5,
      files: [
        {
          name: 'test-task-results.csv',
          bytes: Buffer.from('criterion,score\ncode quality,4\ntests,5\ndesign,4\n'),
        },
      ],
      comments: [{ text: 'Solid work; the tests are especially good.', rating: 5 }],
    },
    {
      name: 'Skype call with the payroll provider',
      type: 'skype_call',
      inDays: 1,
      times: ['17:00', '17:30'],
      resolution: 'cancelled',
      comments: [{ text: 'Moved to e-mail: they sent the new contract instead.' }],
    },
    {
      name: 'Job interview: QA engineer',
      type: 'job_interview',
      inDays: 6,
      times: ['11:00', '12:00'],
    },
    {
      name: `Quarterly review: ${name(6)}`,
      type: 'review',
      inDays: 9,
      days: 2,
      about: 6,
    },
    {
      name: 'Prepare the onboarding pack',
      type: 'custom',
      description: 'Handbook, benefits overview and the first-week plan.',
      inDays: -2,
      times: ['10:00', '12:00'],
      assignee: 7,
      resolution: 'done',
      comments: [
        {
          text: 'Done — the cover picture is attached.',
          rating: 5,
          file: { name: 'Onboarding cover.png', bytes: DEMO_PNG },
        },
      ],
    },
    {
      name: `Order a laptop for ${name(0)}`,
      type: 'custom',
      inDays: -1,
      times: ['09:00', '09:30'],
      about: 0,
      resolution: 'done',
    },
  ];
}

function isoDay(base: Date, days: number): string {
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

type StoredDemoFile = {
  key: string;
  name: string;
  size: number;
  sha256: string;
  mime: string;
  format: string;
};

async function storeFile(fileStore: Pick<FileStore, 'put'>, file: DemoFile): Promise<StoredDemoFile> {
  const type = findTaskFileType(file.name);
  if (!type) throw new Error(`seedDemoTasks: ${file.name} is not an allowed type`);
  const stored = await fileStore.put(Readable.from([file.bytes]), { maxBytes: TASK_FILE_MAX_BYTES });
  const format = type.ext === 'csv' ? 'txt' : type.ext;
  return { ...stored, name: file.name, mime: type.mime, format };
}

/**
 * Seeds the demo tasks of the first company for its first owner. Does nothing (answers 0) when there
 * is no company or owner, or when the company already has tasks. Answers how many it made.
 */
export async function seedDemoTasks(
  db: Db,
  fileStore: Pick<FileStore, 'put' | 'delete'>,
  now: Date = new Date(),
): Promise<number> {
  const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!company) return 0;
  const companyId = company.id;
  if ((await db.$count(tasks, eq(tasks.companyId, companyId))) > 0) return 0;
  const [owner] = await db
    .select({ id: users.id, employeeId: users.employeeId })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(roles.key, 'owner')))
    .orderBy(asc(users.id))
    .limit(1);
  if (!owner) return 0;
  const people = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), ne(employees.id, owner.employeeId)))
    .orderBy(asc(employees.id))
    .limit(8);
  const plan = demoTasks(people.map((person) => `${person.firstName} ${person.lastName}`.trim()));

  const stored = new Map<DemoFile, StoredDemoFile>();
  const files = plan.flatMap((task) => [
    ...(task.files ?? []),
    ...(task.comments ?? []).flatMap((comment) => (comment.file ? [comment.file] : [])),
  ]);
  try {
    for (const file of files) stored.set(file, await storeFile(fileStore, file));
    await db.transaction(async (tx) => {
      const attach = async (file: DemoFile, taskId: number, commentId: number | null) => {
        const kept = stored.get(file);
        if (!kept) throw new Error('seedDemoTasks: a file was not stored');
        const [row] = await tx
          .insert(storedFiles)
          .values({
            companyId,
            storageKey: kept.key,
            originalName: kept.name,
            detectedFormat: kept.format,
            size: kept.size,
            sha256: kept.sha256,
          })
          .returning({ id: storedFiles.id });
        if (!row) throw new Error('seedDemoTasks: stored file insert returned no row');
        await tx.insert(taskFiles).values({ companyId, taskId, commentId, fileId: row.id, mime: kept.mime });
      };
      for (const demo of plan) {
        const start = isoDay(now, demo.inDays);
        const end = isoDay(now, demo.inDays + (demo.days ?? 1) - 1);
        const [from, to] = demo.times ?? ['00:00', '23:59'];
        const about = demo.about === undefined ? null : (people[demo.about]?.id ?? null);
        const assignee =
          demo.assignee === undefined ? owner.employeeId : (people[demo.assignee]?.id ?? owner.employeeId);
        const resolvedAt = demo.resolution ? new Date(now.getTime() - 3_600_000) : null;
        const [task] = await tx
          .insert(tasks)
          .values({
            companyId,
            name: demo.name,
            description: demo.description ?? null,
            eventId: taskTypeIdOf(demo.type),
            startsAt: `${start} ${from}:00`,
            endsAt: `${end} ${to}:59`,
            allDay: demo.times === undefined,
            employeeId: about,
            assigneeEmployeeId: assignee,
            authorUserId: owner.id,
            resolution: demo.resolution ?? null,
            resolvedAt,
            resolvedByUserId: demo.resolution ? owner.id : null,
          })
          .returning({ id: tasks.id });
        if (!task) throw new Error('seedDemoTasks: task insert returned no row');
        for (const file of demo.files ?? []) await attach(file, task.id, null);
        for (const comment of demo.comments ?? []) {
          const [row] = await tx
            .insert(taskComments)
            .values({
              companyId,
              taskId: task.id,
              authorUserId: owner.id,
              text: comment.text,
              rating: comment.rating ?? null,
              isShared: true,
            })
            .returning({ id: taskComments.id });
          if (!row) throw new Error('seedDemoTasks: comment insert returned no row');
          if (comment.file) await attach(comment.file, task.id, row.id);
        }
      }
    });
  } catch (error) {
    await Promise.allSettled([...stored.values()].map((file) => fileStore.delete(file.key)));
    throw error;
  }
  return plan.length;
}
