import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { and, asc, desc, eq } from 'drizzle-orm';
import { generatePassword } from '../../modules/auth/password-hashing';
import { createUser } from '../../modules/auth/users.service';
import { notifyUsers } from '../../modules/notifications/notifications.service';
import {
  type ApplicationAnswer,
  applicationComments,
  applications,
  candidates,
} from '../schema/applications';
import { companies } from '../schema/companies';
import { interviewInterviewers, interviews, scorecards, vacancyInterviewers } from '../schema/interviews';
import { applicationActivities } from '../schema/recruiting-mail';
import { commentMentions } from '../schema/recruiting-tags';
import { roles } from '../schema/roles';
import { users } from '../schema/users';
import { vacancies, vacancyRecruiters } from '../schema/vacancies';
import type { Db } from '../tables';

// The demo company's recruiting under way (issue 17): a recruiter and an interviewer beside the demo
// owner, a few applications to the newest vacancy, scheduled interviews with their interviewers, one
// past interview with a submitted scorecard, and comments where colleagues mention each other (the
// owner finds a mention in the bell). Staff accounts come after the owner's (seedDemoOwner gives the
// owner only to a company without accounts), so this runs after seedDemoOwner, on the start that seeded
// the demo (server.ts).

const ZONE = 'Europe/Kyiv';
const DAY_MS = 24 * 60 * 60 * 1000;

const ATTRIBUTES = [
  { key: 'communication', name: 'Communication' },
  { key: 'system_design', name: 'System design' },
  { key: 'teamwork', name: 'Teamwork' },
];

const APPLICANTS = [
  { name: 'Olha Bondarenko', email: 'olha.bondarenko@example.com', source: 'linkedin', daysAgo: 6 },
  { name: 'Dmytro Shevchenko', email: 'dmytro.shevchenko@example.com', source: 'djinni', daysAgo: 5 },
  { name: 'Anna Kravets', email: 'anna.kravets@example.com', source: '', daysAgo: 9 },
] as const;

function answersOf(applicant: { name: string; email: string }): ApplicationAnswer[] {
  return [
    { name: 'Full name', type: 'name', input_type: 'text', value: applicant.name },
    { name: 'Email', type: 'email', input_type: 'email', value: applicant.email },
  ];
}

/** A wall-clock time in Kyiv `days` from today (negative: in the past), as an instant. */
function kyivAt(now: Date, days: number, hour: number, minute: number): Date {
  const day = new TZDate(now.getTime() + days * DAY_MS, ZONE);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute, ZONE).getTime());
}

/**
 * Seeds the demo's recruiting once; false when there is no demo owner or the company already has
 * applications (a later start, or a company in use).
 */
export async function seedDemoRecruiting(db: Db, now: Date = new Date()): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!company) return false;
  const companyId = company.id;
  const [owner] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(roles.key, 'owner')))
    .orderBy(asc(users.id))
    .limit(1);
  const [anyApplication] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.companyId, companyId))
    .limit(1);
  if (!owner || anyApplication) return false;
  const [vacancy] = await db
    .select({ id: vacancies.id, name: vacancies.name })
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.isPublished, true)))
    .orderBy(desc(vacancies.publishedAt), asc(vacancies.id))
    .limit(1);
  if (!vacancy) return false;

  // Accounts with passwords nobody knows: the owner invites them from People & access to sign in.
  const recruiter = await createUser(db, {
    companyId,
    email: 'iryna.koval@northwind.example',
    name: 'Iryna Koval',
    role: 'recruiter',
    password: generatePassword(),
    timezone: ZONE,
  });
  const interviewer = await createUser(db, {
    companyId,
    email: 'petro.melnyk@northwind.example',
    name: 'Petro Melnyk',
    role: 'employee',
    password: generatePassword(),
    timezone: ZONE,
  });

  await db.transaction(async (tx) => {
    await tx
      .update(vacancies)
      .set({ scorecardAttributes: ATTRIBUTES, hiringManagerId: owner.id })
      .where(and(eq(vacancies.companyId, companyId), eq(vacancies.id, vacancy.id)));
    // The owner recruits with Iryna: their dashboard's candidates widget lists the applicants.
    await tx.insert(vacancyRecruiters).values([
      { companyId, vacancyId: vacancy.id, userId: recruiter.id },
      { companyId, vacancyId: vacancy.id, userId: owner.id },
    ]);
    await tx.insert(vacancyInterviewers).values({ companyId, vacancyId: vacancy.id, userId: interviewer.id });

    const applicationIds: number[] = [];
    for (const applicant of APPLICANTS) {
      const createdAt = new Date(now.getTime() - applicant.daysAgo * DAY_MS);
      const [candidate] = await tx
        .insert(candidates)
        .values({ companyId, name: applicant.name, email: applicant.email, createdAt, updatedAt: createdAt })
        .returning({ id: candidates.id });
      if (!candidate) throw new Error('seedDemoRecruiting: candidate insert returned no row');
      const [application] = await tx
        .insert(applications)
        .values({
          companyId,
          vacancyId: vacancy.id,
          candidateId: candidate.id,
          source: applicant.source,
          answers: answersOf(applicant),
          createdAt,
          locale: 'en',
        })
        .returning({ id: applications.id });
      if (!application) throw new Error('seedDemoRecruiting: application insert returned no row');
      applicationIds.push(application.id);
      await tx.insert(applicationActivities).values({
        companyId,
        applicationId: application.id,
        kind: 'received',
        data: { source: applicant.source },
        createdAt,
      });
    }
    const [olha, dmytro, anna] = applicationIds as [number, number, number];

    // Two interviews ahead and one behind, with its scorecard submitted. Petro interviews at each and
    // the owner at the first: both find it on their dashboard's myInterviews widget (demo-dashboard.ts).
    const plans = [
      {
        applicationId: olha,
        startsAt: kyivAt(now, 2, 11, 0),
        duration: 60,
        interviewers: [interviewer.id, owner.id],
        location: 'Kyiv office, room 3',
        videoUrl: null,
      },
      {
        applicationId: dmytro,
        startsAt: kyivAt(now, 4, 15, 30),
        duration: 45,
        interviewers: [interviewer.id],
        location: null,
        videoUrl: 'https://meet.example.com/northwind-dmytro',
      },
      {
        applicationId: anna,
        startsAt: kyivAt(now, -2, 10, 0),
        duration: 60,
        interviewers: [interviewer.id],
        location: null,
        videoUrl: 'https://meet.example.com/northwind-anna',
      },
    ];
    for (const plan of plans) {
      const scheduledAt = new Date(Math.min(now.getTime(), plan.startsAt.getTime()) - 3 * DAY_MS);
      const [interview] = await tx
        .insert(interviews)
        .values({
          companyId,
          applicationId: plan.applicationId,
          startsAt: plan.startsAt,
          durationMinutes: plan.duration,
          timeZone: ZONE,
          location: plan.location,
          videoUrl: plan.videoUrl,
          note: 'Ask about the last project they shipped.',
          uid: `${randomUUID()}@kadry`,
          organizerId: recruiter.id,
          createdAt: scheduledAt,
          updatedAt: scheduledAt,
        })
        .returning({ id: interviews.id });
      if (!interview) throw new Error('seedDemoRecruiting: interview insert returned no row');
      await tx
        .insert(interviewInterviewers)
        .values(plan.interviewers.map((userId) => ({ companyId, interviewId: interview.id, userId })));
      await tx.insert(applicationActivities).values({
        companyId,
        applicationId: plan.applicationId,
        kind: 'interview_scheduled',
        actorId: recruiter.id,
        data: { interview_id: interview.id, starts_at: plan.startsAt.toISOString(), time_zone: ZONE },
        createdAt: scheduledAt,
      });
      if (plan.startsAt < now) {
        const submittedAt = new Date(plan.startsAt.getTime() + 2 * 60 * 60 * 1000);
        const [scorecard] = await tx
          .insert(scorecards)
          .values({
            companyId,
            interviewId: interview.id,
            applicationId: plan.applicationId,
            authorId: interviewer.id,
            ratings: ATTRIBUTES.map((attribute, index) => ({ ...attribute, rating: [3, 4, 3][index] ?? 3 })),
            recommendation: 'yes',
            notes: 'Clear about trade-offs; would like a second conversation about on-call.',
            submittedAt,
            createdAt: submittedAt,
            updatedAt: submittedAt,
          })
          .returning({ id: scorecards.id });
        if (!scorecard) throw new Error('seedDemoRecruiting: scorecard insert returned no row');
        await tx.insert(applicationActivities).values({
          companyId,
          applicationId: plan.applicationId,
          kind: 'scorecard_submitted',
          actorId: interviewer.id,
          data: { interview_id: interview.id, scorecard_id: scorecard.id },
          createdAt: submittedAt,
        });
      }
    }

    // Comments where colleagues mention each other; the owner's mention waits in the bell.
    const comments = [
      {
        applicationId: olha,
        authorId: recruiter.id,
        authorName: recruiter.name,
        text: `Strong CV and a tidy portfolio: https://github.com/olha-demo. <@${owner.id}>, could you join the interview on ${plan0Day(plans[0]?.startsAt)}?`,
        mention: owner.id,
        hoursAgo: 20,
      },
      {
        applicationId: olha,
        authorId: owner.id,
        authorName: owner.name,
        text: `<@${recruiter.id}> yes, count me in. Let's ask about the payments migration.`,
        mention: recruiter.id,
        hoursAgo: 18,
      },
      {
        applicationId: anna,
        authorId: recruiter.id,
        authorName: recruiter.name,
        text: `Petro's scorecard is in (yes). <@${owner.id}>, shall we move Anna to the offer stage?`,
        mention: owner.id,
        hoursAgo: 3,
      },
    ];
    for (const comment of comments) {
      const createdAt = new Date(now.getTime() - comment.hoursAgo * 60 * 60 * 1000);
      const [row] = await tx
        .insert(applicationComments)
        .values({
          companyId,
          applicationId: comment.applicationId,
          authorId: comment.authorId,
          text: comment.text,
          isShared: true,
          createdAt,
        })
        .returning({ id: applicationComments.id });
      if (!row) throw new Error('seedDemoRecruiting: comment insert returned no row');
      await tx.insert(commentMentions).values({ companyId, commentId: row.id, userId: comment.mention });
      const name = APPLICANTS[applicationIds.indexOf(comment.applicationId)]?.name ?? '';
      await notifyUsers(tx, companyId, {
        userIds: [comment.mention],
        kind: 'comment_mentioned',
        target: { type: 'application', id: comment.applicationId },
        actorName: comment.authorName,
        title: `${name} — ${vacancy.name}`,
        link: `/app/applications/${comment.applicationId}`,
        dedupeKey: `comment:${row.id}`,
      });
    }
  });
  return true;
}

/** "Thursday" for an interview's day, in Kyiv. */
function plan0Day(startsAt: Date | undefined): string {
  if (!startsAt) return 'the day';
  return new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: ZONE }).format(startsAt);
}
