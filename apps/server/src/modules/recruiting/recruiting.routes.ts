import { routePattern } from '@kadry/shared/routes';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { requireUser } from '../../plugins/session';
import type { FileStore } from '../../storage/file-store';
import type { EmailSender } from '../auth/email-sender';
import type { PublicCache } from '../careers/public-cache';
import { requireAbility } from '../permissions/access';
import { registerApplicationRoutes } from './applications.routes';
import { registerCareersSettingsRoutes } from './careers-settings.routes';
import { registerFormRoutes } from './forms.routes';
import { countUnread, markRead, notifyNewApplication } from './notifications.service';
import { registerVacancyRoutes } from './vacancies.routes';

export type RecruitingOptions = {
  db: Db;
  fileStore: FileStore;
  cache: PublicCache;
  emailSender: EmailSender;
  now: () => Date;
};

/** The staff recruiting API (issue 5): vacancies, forms, careers settings, applications, notifications. */
export const recruitingRoutes: FastifyPluginAsync<RecruitingOptions> = async (app, opts) => {
  await registerVacancyRoutes(app, opts);
  await registerFormRoutes(app, opts);
  await registerCareersSettingsRoutes(app, opts);
  await registerApplicationRoutes(app, opts);
  registerLookupRoutes(app, opts.db);
  registerNotificationRoutes(app, opts);
};

/** Teams and staff for the vacancy editor's pickers: names only. */
function registerLookupRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { plan: 'ats' as const };
  routes.get(routePattern('recruiting.teams'), { config }, async (request) => {
    await requireAbility(request, 'Vacancy', 'view');
    const user = requireUser(request);
    const rows = await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.companyId, user.companyId))
      .orderBy(asc(teams.name), asc(teams.id));
    return { data: rows };
  });
  routes.get(routePattern('recruiting.users'), { config }, async (request) => {
    await requireAbility(request, 'Vacancy', 'view');
    const user = requireUser(request);
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, user.companyId), eq(users.isDisabled, false)))
      .orderBy(asc(users.name), asc(users.id));
    return { data: rows };
  });
}

/** The unread counter and mark-read; a user only ever touches their own notifications. */
function registerNotificationRoutes(app: FastifyInstance, opts: RecruitingOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(routePattern('recruiting.notifications.count'), async (request) => {
    await requireAbility(request, 'Notification', 'view');
    const user = requireUser(request);
    return { data: { unread: await countUnread(opts.db, user.companyId, user.id) } };
  });
  routes.post(
    routePattern('recruiting.notifications.read'),
    { schema: { body: z.object({ ids: z.array(z.number().int()).max(1000).optional() }).nullish() } },
    async (request) => {
      await requireAbility(request, 'Notification', 'update');
      const user = requireUser(request);
      await markRead(opts.db, user.companyId, user.id, request.body?.ids, opts.now());
      return { data: { unread: await countUnread(opts.db, user.companyId, user.id) } };
    },
  );
}

/** The public submission route whose 201 answers mean "a new application". */
const SUBMIT_ROUTE = '/api/v1/public-vacancies/:id/response';

/**
 * Notifies staff of each new application after the public submission committed (its 201 went out),
 * without the careers module knowing about staff. Register before the public routes. Best effort: a
 * failure is logged and never reaches the candidate. `settled` lets tests wait for the work.
 */
export const applicationNotifier = fp<{ db: Db; emailSender: EmailSender }>(
  async (app, opts) => {
    const created = new WeakMap<FastifyRequest, number>();
    const pending = new Set<Promise<unknown>>();
    app.decorate('applicationNotificationsSettled', async () => {
      await Promise.allSettled([...pending]);
    });
    // Runs on every request: synchronous, so requests other than submissions pay no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.routeOptions.url !== SUBMIT_ROUTE ||
        reply.statusCode !== 201 ||
        typeof payload !== 'string'
      ) {
        return done(null, payload);
      }
      try {
        const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
        if (typeof id === 'number') created.set(request, id);
      } catch (error) {
        // Never let notifying staff break the candidate's answer.
        request.log.warn({ err: error }, 'unreadable submission answer; no notification');
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      done();
      const responseId = created.get(request);
      const company = request.company;
      if (responseId === undefined || !company) return;
      const work = notifyNewApplication(
        opts.db,
        { emailSender: opts.emailSender, log: request.log, appUrl: request.linkOrigin },
        company.id,
        responseId,
      ).catch((error: unknown) =>
        request.log.error({ err: error, responseId }, 'application notification failed'),
      );
      pending.add(work);
      void work.finally(() => pending.delete(work));
    });
  },
  { name: 'kadry-application-notifier' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the notifications of applications received so far are written (tests). */
    applicationNotificationsSettled(): Promise<void>;
  }
}
