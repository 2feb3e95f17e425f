import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { countPendingMigrations } from './db/migration-status';
import { AppError } from './lib/app-error';
import { createEmailSender, type EmailSender } from './lib/email-sender';
import { createEventBus, type EventBus } from './lib/event-bus';
import { createInvalidationBus } from './lib/invalidation-bus';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import { createMailQueue } from './lib/mail-queue';
import { createMetrics, type Metrics } from './lib/metrics';
import { createPublicCache, type PublicCache } from './lib/public-cache';
import { createDatabaseRateLimitStore } from './lib/rate-limit-store';
import { createResponseMicrocache } from './lib/response-microcache';
import { subscribeAbsenceNotifications } from './modules/absences/absence-notifications.service';
import { absencesRoutes } from './modules/absences/absences.routes';
import { absenceFeedsRoutes } from './modules/absences/feeds/feeds.routes';
import { startAmountsFill, subscribeMonthAmounts } from './modules/absences/month-amounts.service';
import { absenceReportsRoutes } from './modules/absences/reports/reports.routes';
import { absenceSettingsRoutes } from './modules/absences/settings/settings.routes';
import { accountRoutes } from './modules/account/account.routes';
import { actionTemplatesRoutes } from './modules/action-templates/action-templates.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { administrationWidgetRoutes } from './modules/administration-widget/administration-widget.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { verifyApiToken } from './modules/api-tokens/api-tokens.service';
import { appShellRoutes } from './modules/app-shell/app-shell.routes';
import { applicationActivityRoutes } from './modules/applications/application-activity.routes';
import { applicationBulkRoutes } from './modules/applications/application-bulk.routes';
import { subscribeCandidateMail } from './modules/applications/application-mail.service';
import { applicationTagsRoutes } from './modules/applications/application-tags.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { candidatesRoutes } from './modules/applications/candidates.routes';
import { commentsRoutes } from './modules/applications/comments.routes';
import { interviewsRoutes } from './modules/applications/interviews.routes';
import { registerInterviewReminders } from './modules/applications/interviews.service';
import { authRoutes } from './modules/auth/auth.routes';
import { type CaptchaRegistry, captchaRegistry } from './modules/captcha/captcha-registry';
import { careersPagesRoutes } from './modules/careers/careers-pages.routes';
import { publicVacanciesRoutes } from './modules/careers/public-vacancies.routes';
import { careersSettingsRoutes } from './modules/careers-settings/careers-settings.routes';
import { corpEventsRoutes } from './modules/corp-events/corp-events.routes';
import { cvRoutes } from './modules/cv/cv.routes';
import type { CvParserPool } from './modules/cv/cv-parser-pool';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dictionariesRoutes } from './modules/dictionaries/dictionaries.routes';
import { employeeAccessRoutes } from './modules/employees/employee-access.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { employeeExportRoutes } from './modules/employees/export/employee-export.routes';
import { employeeImportRoutes } from './modules/employees/import/employee-import.routes';
import { formsRoutes } from './modules/forms/forms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { mailTemplatesRoutes } from './modules/mail-templates/mail-templates.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { subscribeNotifications } from './modules/notifications/notifications.service';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { pipelineTemplatesRoutes } from './modules/pipeline-templates/pipeline-templates.routes';
import { questionsRoutes } from './modules/questions/questions.routes';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { recordEmails, testSupportRoutes } from './modules/test-support/test-support.routes';
import { translationsRoutes } from './modules/translations/translations.routes';
import { vacanciesRoutes } from './modules/vacancies/vacancies.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { registerWebhookDeliveries, subscribeWebhooks } from './modules/webhooks/webhooks.service';
import { accessPlugin } from './plugins/access/access';
import { apiTokenAuth } from './plugins/api-token-auth';
import { bodyReceipt } from './plugins/body-receipt';
import { companyResolver } from './plugins/company-resolver';
import { csrfProtection } from './plugins/csrf';
import { errorHandler, handleFrameworkError } from './plugins/error-handler';
import { loadShedding } from './plugins/load-shedding';
import { methodOverride } from './plugins/method-override';
import { metricsPlugin } from './plugins/metrics';
import { openapi } from './plugins/openapi';
import { planGuard } from './plugins/plan-guard';
import { securityHeaders } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { staticAssets } from './plugins/static-assets';
import type { FileStore } from './storage/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event bus modules announce changes on (tests wait for deliveries with `events.settled()`). */
    events: EventBus;
    /** Durable jobs, mail among them (tests wait for them with `jobs.settled()`). */
    jobs: JobQueue;
  }
}

export type AppDeps = {
  env: Env;
  database: DatabaseHandle;
  fileStore: FileStore;
  cvParser: CvParserPool;
  /** Captcha verifiers by provider name; defaults to the built-in ones. */
  captcha?: CaptchaRegistry;
  /** Where the careers client build lives (apps/careers/dist/client). */
  careersClientDir: string;
  /**
   * The careers page's server-side renderer: the careers app's SSR build
   * (apps/careers/dist/server/entry-server.js), loaded at run time, never imported.
   */
  careersServerEntry: string;
  logger?: FastifyServerOptions['logger'];
  /** The clock, replaceable in tests (date rules compare against today). */
  now?: () => Date;
  /** Where mail goes; defaults to SMTP when SMTP_URL is set, otherwise the log. */
  emailSender?: EmailSender;
  /** Where the HR app's client build lives (apps/hr/dist/client); defaults to the one in this repository. */
  hrClientDir?: string;
  /**
   * The Prometheus series this app records into (server.ts shares them with the METRICS_PORT listener
   * and the database). Default: a registry of its own when METRICS_TOKEN is set, otherwise none.
   */
  metrics?: Metrics;
};

/** The absolute cap on receiving one request, uploads included. */
const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;

/** Builds the whole application. Pure: opens nothing and never listens (tests use `inject`). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const microcache = createResponseMicrocache();
  const app = Fastify({
    serverFactory: (handler) =>
      createServer(
        // Fastify applies its requestTimeout only to servers it makes itself: set here. Headers must
        // arrive within 20 s; JSON and form bodies within BODY_TIMEOUT_MS (plugins/body-receipt.ts);
        // multipart bodies at UPLOAD_MIN_BYTES_PER_SEC (lib/multipart-body.ts), under this cap.
        { requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: 20_000 },
        (request, response) => {
          if (!microcache.serve(request, response)) handler(request, response);
        },
      ),
    logger: deps.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    // A proxy's request id is kept when it looks like one (so logs join up across hops); anything
    // else gets a fresh UUID. The id is echoed back in X-Request-Id.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
    },
    // JSON bodies are small; uploads are multipart and have their own per-file limits.
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Undecodable URLs and over-long parameters are answered before any hook: same error shape.
    frameworkErrors: handleFrameworkError,
    // An absolute cap on receiving one request (a 50 MB upload needs ~28 KB/s to make it); slower
    // trickles are cut off earlier by the upload meter's minimum rate.
    requestTimeout: REQUEST_TIMEOUT_MS,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const company = request.company;
    if (
      request.routeOptions.config.microcache &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      company
    ) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      microcache.store(request.headers.host ?? '', request.url, company.id, payload, headers);
    }
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Caches are dropped in every process: NOTIFY on PostgreSQL, in process on PGlite.
  const invalidations = createInvalidationBus({ database, log: app.log });
  app.addHook('onReady', async () => invalidations.start());
  app.addHook('onClose', async () => invalidations.stop());
  const localCache = createPublicCache({
    onInvalidate: (companyId) => microcache.invalidate(companyId),
  });
  invalidations.on('public-answers', (companyId) => {
    // After a lost LISTEN connection ('all') the entries expire within seconds on their own.
    if (companyId !== 'all') localCache.invalidate(companyId);
  });
  const cache: PublicCache = {
    get: localCache.get,
    set: localCache.set,
    invalidate: (companyId) => invalidations.publish('public-answers', companyId),
  };
  const now = deps.now ?? (() => new Date());

  await app.register(errorHandler);
  const metrics = deps.metrics ?? (env.METRICS_TOKEN ? createMetrics() : undefined);
  // Before every route: the request hook must see all of them.
  if (metrics) {
    await app.register(metricsPlugin, { metrics, token: env.METRICS_TOKEN });
    const stopObserving = database.observeQueries((seconds, isOk) => metrics.observeQuery(seconds, isOk));
    app.addHook('onClose', async () => stopObserving());
    if (database.poolStats) metrics.watchPool(database.poolStats);
  }
  await app.register(loadShedding, {
    maxEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS,
    maxRssBytes: env.SHED_RSS_MB * 1024 * 1024,
    ...(metrics ? { onShed: (reason: string) => metrics.countShed(reason) } : {}),
  });
  await app.register(securityHeaders, { httpsOnly: env.HTTPS_ONLY });
  await app.register(openapi);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database on PostgreSQL, so several processes share one count; the embedded
    // database has one process, whose memory is the cheaper place.
    ...(database.kind === 'postgres' ? { store: createDatabaseRateLimitStore(database.db) } : {}),
    // A counter the database could not write must not turn into a 500 (the route reports the outage).
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  // Defaults only: every multipart route passes the limits of its own body (the application form's
  // from its fields), and reads its parts through lib/multipart-body.ts.
  await app.register(multipart, {
    limits: {
      fieldNameSize: 200,
      fieldSize: 16_384,
      fields: 50,
      files: 1,
      parts: 51,
      headerPairs: 100,
    },
  });
  await app.register(companyResolver, { db: database.db, env, invalidations });
  await app.register(staticAssets, { careersClientDir: deps.careersClientDir });
  // Staff sessions and CSRF: after the company is known, before any route.
  await app.register(sessionPlugin, { db: database.db, env, now });
  // `Authorization: Bearer` API tokens (issue 16 item 6): between the session and CSRF, which they skip.
  await app.register(apiTokenAuth, {
    verify: (companyId: number, token: string) => verifyApiToken(database.db, companyId, token, now()),
  });
  await app.register(csrfProtection);
  // Bodies: refused before reading where no body can be right, JSON and forms on a short clock.
  await app.register(bodyReceipt, { bodyTimeoutMs: env.BODY_TIMEOUT_MS });
  // After CSRF: the hooks below answer 404/403 only to requests with a valid token.
  await app.register(methodOverride);
  await app.register(planGuard);
  await app.register(accessPlugin, { db: database.db });

  const baseEmailSender =
    deps.emailSender ?? createEmailSender(env, (entry, text) => app.log.info(entry, text));
  if (!deps.emailSender) app.addHook('onClose', async () => baseEmailSender.close?.());
  // The browser tests read the mail back (GET /api/test/emails); never recorded otherwise.
  const mailbox = env.KADRY_TEST_ROUTES ? recordEmails(baseEmailSender) : null;
  const emailSender = mailbox ?? baseEmailSender;
  // Mail goes out as durable jobs: retried with backoff, dead letters shown to owners.
  const jobs = createJobQueue({ db: database.db, log: app.log });
  app.decorate('jobs', jobs);
  const mail = createMailQueue(jobs, emailSender, { fileStore: deps.fileStore, log: app.log });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // Modules react to each other through the event bus (delivered through the database's outbox).
  const events = createEventBus({ db: database.db, log: app.log });
  app.decorate('events', events);
  subscribeNotifications(events, { db: database.db, mail, log: app.log });
  // Candidate mail (issue 17): its delivery job and the acknowledgement of each new application.
  subscribeCandidateMail(events, jobs, { db: database.db, sender: emailSender, log: app.log });
  // Interviews (issue 17 part 2): the reminder before each interview.
  registerInterviewReminders(jobs, { db: database.db, log: app.log });
  // Webhooks: a delivery (and its job) per subscribed webhook for each event, POSTed by the queue.
  const outgoingPolicy = { allowPrivateTargets: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS };
  registerWebhookDeliveries(jobs, { db: database.db, policy: outgoingPolicy });
  subscribeWebhooks(events, { db: database.db, jobs });
  // Every step of an absence request tells the people concerned (issue 14).
  subscribeAbsenceNotifications(events, { db: database.db, mail, log: app.log });
  // The absences' monthly amounts (decision 029): recounted when teams change, filled at start.
  subscribeMonthAmounts(events, { db: database.db });
  const amountsFill = startAmountsFill({ db: database.db, log: app.log });
  app.addHook('onReady', async () => amountsFill.start());
  app.addHook('onClose', async () => amountsFill.stop());
  app.addHook('onReady', async () => events.start());
  app.addHook('onClose', async () => events.stop());

  await app.register(healthRoutes, {
    ping: database.ping,
    countPendingMigrations: () => countPendingMigrations(database.db),
  });
  await app.register(publicVacanciesRoutes, {
    db: database.db,
    env,
    fileStore: deps.fileStore,
    captcha:
      deps.captcha ??
      captchaRegistry({
        recaptchaApiUrl: env.RECAPTCHA_API_URL,
        refuseTestProvider: env.NODE_ENV === 'production',
        onRefusedProvider: (provider, reason) => app.log.error({ provider }, reason),
      }),
    cache,
    events,
    now,
  });
  await app.register(cvRoutes, { db: database.db, env, fileStore: deps.fileStore, cvParser: deps.cvParser });
  await app.register(careersPagesRoutes, {
    db: database.db,
    now,
    careersClientDir: deps.careersClientDir,
    careersServerEntry: deps.careersServerEntry,
  });
  await app.register(authRoutes, { db: database.db, env, mail, now });
  await app.register(appShellRoutes, {
    db: database.db,
    ...(deps.hrClientDir ? { hrClientDir: deps.hrClientDir } : {}),
  });
  await app.register(translationsRoutes);
  await app.register(permissionsRoutes, { db: database.db });
  // Recruiting: vacancies, application forms, careers-site settings, applications, notifications.
  await app.register(vacanciesRoutes, { db: database.db, cache, now, events });
  await app.register(formsRoutes, { db: database.db, cache });
  await app.register(careersSettingsRoutes, {
    db: database.db,
    cache,
    fileStore: deps.fileStore,
    uploadMinBytesPerSec: env.UPLOAD_MIN_BYTES_PER_SEC,
  });
  await app.register(applicationsRoutes, { db: database.db, fileStore: deps.fileStore, events, jobs });
  // Candidate mail and its templates, rejection with a reason, the activity history (issue 17).
  await app.register(applicationActivityRoutes, { db: database.db, events, jobs });
  // Bulk stage moves with undo, saved views, pipeline templates (issue 17).
  await app.register(applicationBulkRoutes, { db: database.db, events, jobs, now });
  await app.register(savedViewsRoutes, { db: database.db });
  await app.register(pipelineTemplatesRoutes, { db: database.db });
  // One person, many applications (merge, unmerge, the people view) and full-text search (decision 027).
  await app.register(candidatesRoutes, { db: database.db, events });
  // Interviews with calendar invitations, and scorecards (issue 17 part 2).
  await app.register(interviewsRoutes, { db: database.db, events, jobs, now });
  // Comments with mentions, and tags on applications (issue 17).
  await app.register(commentsRoutes, { db: database.db, mail });
  await app.register(applicationTagsRoutes, { db: database.db });
  await app.register(tagsRoutes, { db: database.db });
  await app.register(mailTemplatesRoutes, { db: database.db });
  await app.register(notificationsRoutes, { db: database.db, now });
  // Administration: staff accounts, teams, one's own account.
  await app.register(adminRoutes, { db: database.db, mail, now, events });
  await app.register(jobsRoutes, { jobs });
  // Integrations (issue 16 item 6): API tokens and signed webhooks, owners only.
  await app.register(apiTokensRoutes, { db: database.db, now });
  await app.register(webhooksRoutes, { db: database.db, jobs, policy: outgoingPolicy });
  await app.register(teamsRoutes, { db: database.db, events });
  await app.register(absencesRoutes, {
    db: database.db,
    events,
    now,
    fileStore: deps.fileStore,
    uploadMinBytesPerSec: env.UPLOAD_MIN_BYTES_PER_SEC,
  });
  await app.register(absenceSettingsRoutes, { db: database.db, now });
  // Absence reports, the timeline with its import and export, and iCal feeds (issue 14).
  await app.register(absenceReportsRoutes, {
    db: database.db,
    events,
    now,
    uploadMinBytesPerSec: env.UPLOAD_MIN_BYTES_PER_SEC,
  });
  await app.register(absenceFeedsRoutes, { db: database.db, now });
  // The dashboard, part 1 (issue 15): layouts, widget parameters and the people widgets.
  await app.register(dashboardRoutes, { db: database.db, now });
  // HR action templates, the event template dictionary and the actions they produce (issue 15).
  await app.register(actionTemplatesRoutes, { db: database.db, now });
  // Children statistics, analytics events and the administration widget (issue 15).
  await app.register(statisticsRoutes, { db: database.db, now });
  await app.register(analyticsRoutes, { db: database.db, now, eventsPerMinute: env.RATE_LIMIT_ANALYTICS });
  await app.register(administrationWidgetRoutes, { db: database.db });
  // Corporate events and questions to HR (issue 15).
  await app.register(corpEventsRoutes, { db: database.db, now });
  await app.register(questionsRoutes, { db: database.db, now });
  // People: the employee record (issue 13).
  await app.register(employeesRoutes, {
    db: database.db,
    fileStore: deps.fileStore,
    now,
    uploadMinBytesPerSec: env.UPLOAD_MIN_BYTES_PER_SEC,
    events,
  });
  // People: employee import and export (issue 13).
  await app.register(employeeImportRoutes, {
    db: database.db,
    fileStore: deps.fileStore,
    now,
    uploadMinBytesPerSec: env.UPLOAD_MIN_BYTES_PER_SEC,
    events,
  });
  await app.register(employeeExportRoutes, { db: database.db });
  // Tasks (profile events) with comments and files (issue 15).
  await app.register(tasksRoutes, {
    db: database.db,
    fileStore: deps.fileStore,
    now,
    uploadMinBytesPerSec: env.UPLOAD_MIN_BYTES_PER_SEC,
  });
  await app.register(accountRoutes, { db: database.db, env, now });
  // Dictionaries (named reads and the dictionaries screen); form dictionaries reach the careers site.
  await app.register(dictionariesRoutes, {
    db: database.db,
    now,
    onFormDictionaryChange: (companyId) => cache.invalidate(companyId),
  });
  // People: an employee's access (send access, revoke) and login as (decision 016).
  await app.register(employeeAccessRoutes, { db: database.db, env, mail, now });
  if (mailbox) {
    await app.register(testSupportRoutes, { db: database.db, fileStore: deps.fileStore, cache, mailbox });
  }
  return app;
}
