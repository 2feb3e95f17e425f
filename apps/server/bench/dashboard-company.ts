import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/tables';
import { ensureStandardTemplates } from '../src/modules/action-templates/action-templates.service';
import { type AbsencesCompany, type AbsencesCompanySpec, generateAbsencesCompany } from './absences-company';

// A generated company for the dashboard section of the bench (issue 15): the absences company (N
// employees in T teams, years of absences) whose HR account becomes the owner, plus what the other
// widgets read, at the same density per person in every company: an account for every 20th
// employee (askers and authors), three tasks about each person (one assigned to them, one to their
// team's manager, one more to them; past ones mostly done) with two comments on every other one,
// OWNER_TASKS tasks assigned to the owner, a corporate event per 25 people over the year around today
// (every other one for a team), a question to HR per 10 people (a third still open), and the standard
// HR action templates. Set-based INSERT … SELECT statements: seconds for 10,000 people.

export type DashboardCompanySpec = AbsencesCompanySpec;

export type DashboardCompany = AbsencesCompany & {
  tasks: number;
  comments: number;
  corpEvents: number;
  questions: number;
  templates: number;
};

/** Tasks assigned to the owner in every company (a person's share does not grow with the company). */
export const OWNER_TASKS = 15;
/** One account per this many employees; one corporate event per EVENT_EVERY, one question per QUESTION_EVERY. */
export const ACCOUNT_EVERY = 20;
export const EVENT_EVERY = 25;
export const QUESTION_EVERY = 10;

async function count(db: Db, table: string, companyId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Creates the absences company and adds the dashboard's data; its session is the owner's. */
export async function generateDashboardCompany(
  db: Db,
  spec: DashboardCompanySpec,
  now = new Date(),
): Promise<DashboardCompany> {
  const base = await generateAbsencesCompany(db, spec, now);
  const { companyId } = base;
  const [owner] = (
    await db.execute<{ id: number; employee_id: number }>(
      sql`select id, employee_id from users where company_id = ${companyId} order by id limit 1`,
    )
  ).rows;
  if (!owner) throw new Error('generateDashboardCompany: the company has no account');
  const ownerId = Number(owner.id);
  const ownerEmployeeId = Number(owner.employee_id);
  // The bench's HR account signs in as the owner, as the dashboard figures ask.
  await db.execute(sql`
    update users set role_id = r.id from roles r
    where users.company_id = ${companyId} and users.id = ${ownerId}
      and r.company_id = ${companyId} and r.key = 'owner'`);

  // Accounts (no password) of every ACCOUNT_EVERY-th employee, as employees.
  await db.execute(sql`
    insert into users (company_id, employee_id, email, name, role_id)
    select ${companyId}::int, e.id, 'account' || e.id || '@' || ${spec.host}, e.first_name || ' ' || e.last_name, r.id
    from employees e
    join roles r on r.company_id = ${companyId} and r.key = 'employee'
    where e.company_id = ${companyId} and e.id % ${ACCOUNT_EVERY} = 0 and e.id <> ${ownerEmployeeId}`);
  const accountList = sql`(select array_agg(id order by id) from users where company_id = ${companyId})`;

  // Three tasks about every person, from 180 days ago to 60 days ahead; past ones resolved (mostly
  // done), future ones open. Authors: the accounts, round-robin.
  await db.execute(sql`
    with people as (
      select e.id, row_number() over (order by e.id)::int as n,
        coalesce(
          (select m.employee_id from team_members tm
            join team_members m on m.company_id = ${companyId} and m.team_id = tm.team_id and m.is_manager
            where tm.company_id = ${companyId} and tm.employee_id = e.id
            order by m.employee_id limit 1),
          e.id) as manager_id
      from employees e where e.company_id = ${companyId}
    ), accounts as (select ${accountList} as ids)
    insert into tasks (company_id, name, description, event_id, starts_at, ends_at, all_day, employee_id,
      assignee_employee_id, author_user_id, resolution, resolved_at, resolved_by_user_id)
    select ${companyId}::int, 'Task ' || k || ' about person ' || p.id, 'Generated for the bench',
      1 + (p.n + k) % 11, t.starts_at, t.starts_at + interval '1 hour', (p.n + k) % 4 = 0, p.id,
      case when k = 2 then p.manager_id else p.id end,
      a.ids[1 + (p.n * 3 + k) % cardinality(a.ids)],
      case when t.starts_at < ${now.toISOString()}::timestamptz::timestamp
        then (array['done', 'done', 'done', 'not_done', 'cancelled'])[1 + (p.n + k) % 5] end,
      case when t.starts_at < ${now.toISOString()}::timestamptz::timestamp then t.starts_at + interval '2 hours' end,
      case when t.starts_at < ${now.toISOString()}::timestamptz::timestamp then ${ownerId}::int end
    from people p cross join generate_series(1, 3) k cross join accounts a
    cross join lateral (
      select date_trunc('day', ${now.toISOString()}::timestamptz::timestamp)
        + make_interval(days => ((p.n * 37 + k * 101) % 240) - 180, hours => 9 + (p.n + k) % 8) as starts_at
    ) t`);
  // The owner's own: OWNER_TASKS about people round the company, a third in the past and done.
  await db.execute(sql`
    insert into tasks (company_id, name, event_id, starts_at, ends_at, employee_id, assignee_employee_id,
      author_user_id, resolution, resolved_at, resolved_by_user_id)
    select ${companyId}::int, 'Owner task ' || g, 1 + g % 11, t.starts_at, t.starts_at + interval '30 minutes',
      (select id from employees where company_id = ${companyId} order by id offset (g * 7) limit 1),
      ${ownerEmployeeId}::int, ${ownerId}::int,
      case when g % 3 = 0 then 'done' end,
      case when g % 3 = 0 then t.starts_at + interval '1 hour' end,
      case when g % 3 = 0 then ${ownerId}::int end
    from generate_series(1, ${OWNER_TASKS}) g
    cross join lateral (
      select date_trunc('day', ${now.toISOString()}::timestamptz::timestamp)
        + make_interval(days => case when g % 3 = 0 then -g else g end, hours => 10) as starts_at
    ) t`);
  // Two comments on every other task (the owner's too), one shared with a rating.
  await db.execute(sql`
    with accounts as (select ${accountList} as ids)
    insert into task_comments (company_id, task_id, author_user_id, text, rating, is_shared, created_at, updated_at)
    select ${companyId}::int, t.id, a.ids[1 + (t.id + c) % cardinality(a.ids)],
      'Comment ' || c || ' on task ' || t.id, case when c = 1 then 1 + t.id % 5 end, c = 1,
      t.created_at + make_interval(mins => c), t.created_at + make_interval(mins => c)
    from tasks t cross join generate_series(1, 2) c cross join accounts a
    where t.company_id = ${companyId} and t.id % 2 = 0`);

  // Corporate events over the year around today, every other one for a team (and its sub-teams).
  await db.execute(sql`
    insert into corp_events (company_id, title, description, place, all_day, time_zone, start_date, end_date,
      start_time, end_time, starts_at, ends_at, audience, author_id)
    select ${companyId}::int, 'Event ' || g, 'Generated for the bench', 'Office ' || (g % 5),
      g % 3 = 0, 'UTC', d.day, d.day,
      case when g % 3 <> 0 then '17:00' end, case when g % 3 <> 0 then '19:00' end,
      case when g % 3 = 0 then d.day::timestamptz else d.day + time '17:00' end,
      case when g % 3 = 0 then (d.day + 1)::timestamptz else d.day + time '19:00' end,
      case when g % 2 = 0 then 'teams' else 'everyone' end, ${ownerId}::int
    from generate_series(1, greatest(1, ${Math.floor(spec.employees / EVENT_EVERY)}::int)) g
    cross join lateral (
      select (${now.toISOString()}::timestamptz at time zone 'UTC')::date + ((g * 73) % 365) - 182 as day
    ) d`);
  await db.execute(sql`
    with team_list as (select array_agg(id order by id) as ids from teams where company_id = ${companyId})
    insert into corp_event_teams (company_id, event_id, team_id)
    select ${companyId}::int, ev.id, tl.ids[1 + ev.id % cardinality(tl.ids)]
    from corp_events ev cross join team_list tl
    where ev.company_id = ${companyId} and ev.audience = 'teams'`);

  // Questions to HR from the accounts; two thirds answered by the owner, every 5th anonymous.
  await db.execute(sql`
    with accounts as (select ${accountList} as ids)
    insert into questions (company_id, asker_id, is_anonymous, subject, text, status, answer, answered_by_id,
      answered_at, created_at, updated_at)
    select ${companyId}::int, a.ids[1 + g % cardinality(a.ids)], g % 5 = 0, 'Question ' || g,
      'How does item ' || g || ' of the handbook apply to me?',
      case when g % 3 = 0 then 'open' else 'answered' end,
      case when g % 3 = 0 then null else 'As the handbook says, section ' || g end,
      case when g % 3 = 0 then null else ${ownerId}::int end,
      case when g % 3 = 0 then null else ${now.toISOString()}::timestamptz - make_interval(days => g % 60) end,
      ${now.toISOString()}::timestamptz - make_interval(days => g % 90),
      ${now.toISOString()}::timestamptz - make_interval(days => g % 90)
    from generate_series(1, greatest(1, ${Math.floor(spec.employees / QUESTION_EVERY)}::int)) g
    cross join accounts a`);

  await ensureStandardTemplates(db, companyId);
  // Vacuumed as autovacuum would have by then after a bulk load (visibility map, statistics).
  for (const table of ['users', 'tasks', 'task_comments', 'corp_events', 'corp_event_teams', 'questions']) {
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  }
  return {
    ...base,
    tasks: await count(db, 'tasks', companyId),
    comments: await count(db, 'task_comments', companyId),
    corpEvents: await count(db, 'corp_events', companyId),
    questions: await count(db, 'questions', companyId),
    templates: await count(db, 'action_templates', companyId),
  };
}
