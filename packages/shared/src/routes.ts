/*
 * Named server routes (spec §7.2): the HR app addresses the staff API by name, the server registers
 * its handlers from the same table (`routePattern`), so a path is written once. Placeholders are
 * `{name}`. The spec shows names but not paths; the paths below are ours.
 *
 * Operation ids in the OpenAPI document are `<route name>.<method>` (`recruiting.vacancies.get`,
 * `recruiting.vacancies.post`, `recruiting.vacancies.one.put`): one rule for every route, unique as
 * paths are, and an operation keeps its id when its path gains another method.
 */

/** Routes the server answers today. */
export const SERVED_ROUTES = {
  // System (not under /api: load balancers and probes ask these).
  'system.health': '/health',
  'system.ready': '/ready',

  // The careers site: server-rendered pages, their sitemap and robots.txt, the company's logo.
  'careers.home': '/',
  'careers.vacancies': '/careers',
  'careers.vacancies.one': '/careers/{id}',
  'careers.sitemap': '/sitemap.xml',
  'careers.robots': '/robots.txt',
  'careers.logo': '/careers-logo/{fileId}',
  'careers.logo.versioned': '/careers-logo/{fileId}/{version}',

  // The public careers API (spec §7.1): no session, no CSRF token.
  'public.vacancies': '/api/v1/public-vacancies',
  'public.vacancies.one': '/api/v1/public-vacancies/{id}',
  /** GET: the application form; POST: send an application. */
  'public.vacancies.response': '/api/v1/public-vacancies/{id}/response',
  'public.cv.parse': '/api/v1/public-vacancies/parse/cv',

  // HR app pages (server-rendered, work without JavaScript).
  'auth.signIn': '/app/sign-in',
  'auth.signOut': '/app/sign-out',
  'auth.password.forgot': '/app/password/forgot',
  'auth.password.reset': '/app/password/reset/{token}',
  'app.home': '/app',

  // Global lookups of the HR app.
  'vueGlobal.translations': '/vue-global/translations',
  'vueGlobal.permissions': '/vue-global/permissions',

  // Recruiting (issue 5): shapes in schemas/recruiting.ts.
  'roles.all': '/api/v1/roles',
  'roles.one': '/api/v1/roles/{id}',
  'recruiting.vacancies': '/api/v1/vacancies',
  'recruiting.vacancies.one': '/api/v1/vacancies/{id}',
  'recruiting.vacancies.publish': '/api/v1/vacancies/{id}/publish',
  'recruiting.vacancies.withdraw': '/api/v1/vacancies/{id}/withdraw',
  'recruiting.vacancies.copy': '/api/v1/vacancies/{id}/copy',
  'recruiting.vacancies.stages': '/api/v1/vacancies/{id}/stages',
  'recruiting.forms': '/api/v1/forms',
  'recruiting.forms.one': '/api/v1/forms/{id}',
  'recruiting.careersSettings': '/api/v1/careers-settings',
  'recruiting.careersSettings.logo': '/api/v1/careers-settings/logo',
  'recruiting.applications': '/api/v1/applications',
  'recruiting.applications.one': '/api/v1/applications/{id}',
  'recruiting.applications.stage': '/api/v1/applications/{id}/stage',
  'recruiting.applications.comments': '/api/v1/applications/{id}/comments',
  'recruiting.applications.export': '/api/v1/applications/export',
  'recruiting.files.download': '/api/v1/files/{id}/download',
  /** The user's notifications (applications, absence steps), newest first: schemas/notifications.ts. */
  'recruiting.notifications': '/api/v1/notifications',
  'recruiting.notifications.count': '/api/v1/notifications/count',
  'recruiting.notifications.read': '/api/v1/notifications/read',
  'recruiting.teams': '/api/v1/teams',
  'recruiting.users': '/api/v1/users',
  /** The builder's preview: unsaved fields answered as the careers form would get them (options filled). */
  'recruiting.forms.preview': '/api/v1/forms/preview',
  // Candidate mail, rejection and history (issue 17; schemas/recruiting-mail.ts).
  'recruiting.mailTemplates': '/api/v1/mail-templates',
  'recruiting.mailTemplates.one': '/api/v1/mail-templates/{id}',
  'recruiting.mailSettings': '/api/v1/mail-settings',
  'recruiting.applications.mails': '/api/v1/applications/{id}/mails',
  /** POST: reject with a reason (and mail); DELETE: reopen. */
  'recruiting.applications.rejection': '/api/v1/applications/{id}/rejection',
  'recruiting.applications.history': '/api/v1/applications/{id}/history',
  'recruiting.applications.bulkRejection': '/api/v1/applications/bulk/rejection',
  'recruiting.applications.bulkMails': '/api/v1/applications/bulk/mails',
  /** A scheduled (delayed) mail, called off before it leaves. */
  'recruiting.mails.cancel': '/api/v1/application-mails/{id}/cancel',
  // Interviews and scorecards (issue 17 part 2; schemas/interviews.ts).
  /** GET: an application's interviews with the scorecards one may see; POST: schedule one. */
  'recruiting.applications.interviews': '/api/v1/applications/{id}/interviews',
  /** GET: an interview with its scorecards (interviewers too); PUT: reschedule or edit. */
  'recruiting.interviews.one': '/api/v1/interviews/{id}',
  'recruiting.interviews.cancel': '/api/v1/interviews/{id}/cancel',
  /** PUT: the signed-in interviewer's scorecard for the interview. */
  'recruiting.interviews.scorecard': '/api/v1/interviews/{id}/scorecard',
  /** The signed-in user's upcoming interviews (and past ones awaiting their scorecard). */
  'recruiting.myInterviews': '/api/v1/my/interviews',
  // Bulk actions with undo, saved views, pipeline templates (issue 17; schemas/recruiting-bulk.ts).
  /** POST: move a selection (ids or a filter) to a stage; undoable for a short while when no mail went. */
  'recruiting.applications.bulkStage': '/api/v1/applications/bulk/stage',
  /** POST: undo a bulk move (its author, within the window; applications moved since stay). */
  'recruiting.bulkActions.undo': '/api/v1/application-bulk-actions/{id}/undo',
  /** The signed-in user's saved views of the candidates: GET, POST; one: PUT, DELETE. */
  'recruiting.savedViews': '/api/v1/saved-views',
  'recruiting.savedViews.one': '/api/v1/saved-views/{id}',
  /** The company's pipeline templates: GET, POST; one: PUT, DELETE. */
  'recruiting.pipelineTemplates': '/api/v1/pipeline-templates',
  'recruiting.pipelineTemplates.one': '/api/v1/pipeline-templates/{id}',
  // Comments with mentions, and tags (issue 17; schemas/recruiting-tags.ts).
  /** PUT: edit one's own comment; DELETE: delete it (a history entry stays). */
  'recruiting.applications.comments.one': '/api/v1/applications/{id}/comments/{commentId}',
  /** Colleagues who may be mentioned in a comment on the application. */
  'recruiting.applications.mentionable': '/api/v1/applications/{id}/mentionable',
  /** The company's tags (Vacancy.Tag): GET the dictionary, POST a tag. */
  'recruiting.tags': '/api/v1/tags',
  'recruiting.tags.one': '/api/v1/tags/{id}',
  /** POST: put a tag on an application. */
  'recruiting.applications.tags': '/api/v1/applications/{id}/tags',
  /** DELETE: take a tag off an application. */
  'recruiting.applications.tags.one': '/api/v1/applications/{id}/tags/{tagId}',
  'recruiting.applications.bulkTags': '/api/v1/applications/bulk/tags',
  // One person, many applications; full-text search (issue 17; schemas/candidates.ts, decision 027).
  /** GET: the people view (one row per candidate with a matching application). */
  'recruiting.candidates': '/api/v1/candidates',
  /**
   * GET: a person with all their applications, merges and possible duplicates; PUT: correct their
   * name, e-mail or phone (only the fields sent).
   */
  'recruiting.candidates.one': '/api/v1/candidates/{id}',
  /** POST: merge another candidate into this one. */
  'recruiting.candidates.merge': '/api/v1/candidates/{id}/merge',
  /** POST: "not the same person" for a suggested duplicate. */
  'recruiting.candidates.dismissDuplicate': '/api/v1/candidates/{id}/not-duplicate',
  /** POST: undo a merge (the applications it moved go back). */
  'recruiting.candidateMerges.undo': '/api/v1/candidate-merges/{id}/undo',
  /** GET: full-text search over CVs and answers, ranked, with snippets. */
  'recruiting.applications.search': '/api/v1/applications/search',

  // Administration (schemas/admin.ts): staff accounts, teams, one's own account.
  'admin.users': '/api/v1/admin/users',
  'admin.users.one': '/api/v1/admin/users/{id}',
  'admin.users.invite': '/api/v1/admin/users/{id}/invite',
  /** Durable jobs (schemas/jobs.ts): the dead-letter view and its retry, owners only. */
  'admin.jobs': '/api/v1/admin/jobs',
  'admin.jobs.retry': '/api/v1/admin/jobs/{id}/retry',
  /** Integrations (schemas/integrations.ts, owners only): API tokens and signed webhooks. */
  'integrations.apiTokens': '/api/v1/integrations/api-tokens',
  'integrations.apiTokens.revoke': '/api/v1/integrations/api-tokens/{id}/revoke',
  'integrations.webhooks': '/api/v1/integrations/webhooks',
  'integrations.webhooks.one': '/api/v1/integrations/webhooks/{id}',
  'integrations.webhooks.secret': '/api/v1/integrations/webhooks/{id}/secret',
  'integrations.webhooks.test': '/api/v1/integrations/webhooks/{id}/test',
  'integrations.webhooks.deliveries': '/api/v1/integrations/webhooks/{id}/deliveries',
  'integrations.webhooks.redeliver': '/api/v1/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  'teams.all': '/api/v1/org/teams',
  'teams.one': '/api/v1/org/teams/{id}',
  'teams.members': '/api/v1/org/teams/{id}/members',
  'teams.tree': '/api/v1/org/teams/tree',
  'teams.move': '/api/v1/org/teams/{id}/move',
  'teams.people': '/api/v1/org/people',
  'account.profile': '/api/v1/account',
  'account.password': '/api/v1/account/password',

  // People (issue 13): the employee record, shapes in schemas/employees.ts.
  'employee.all': '/api/v1/employees/all',
  'employee.probation': '/api/v1/employees/probation',
  'employee.visibleEmployeesPaginated': '/api/v1/employees/visible',
  /** POST: add an employee. */
  'employee.create': '/api/v1/employees',
  'employee.one': '/api/v1/employees/{id}',
  'employee.changes': '/api/v1/employees/{id}/changes',
  'employee.salaries': '/api/v1/employees/{id}/salaries',
  'employee.salaries.one': '/api/v1/employees/{id}/salaries/{salaryId}',
  'employee.files': '/api/v1/employees/{id}/files',
  'employee.files.one': '/api/v1/employees/{id}/files/{fileId}',
  'employee.photo': '/api/v1/employees/{id}/photo',
  /** The company's custom fields of the employee record. */
  'employee.fields': '/api/v1/employee-fields',
  'employee.fields.one': '/api/v1/employee-fields/{id}',

  // Employee import and export (issue 13, schemas/employee-import.ts).
  /** GET: the XLSX template (the importable columns, and a sheet of allowed values). */
  'employee.import.template': '/api/v1/employee-imports/template',
  /** POST: upload an XLSX or CSV file (multipart field `file`); answers the dry run's summary. */
  'employee.import': '/api/v1/employee-imports',
  'employee.import.one': '/api/v1/employee-imports/{id}',
  'employee.import.rows': '/api/v1/employee-imports/{id}/rows',
  /** GET: the rows with errors as XLSX, with an `errors` column. */
  'employee.import.errors': '/api/v1/employee-imports/{id}/errors',
  'employee.import.confirm': '/api/v1/employee-imports/{id}/confirm',
  /** GET: the visible directory (its filters) as XLSX or CSV, streamed. */
  'employee.export': '/api/v1/employees/export',

  // People (issue 13): an employee's staff account ("send access") and "login as" (decision 016).
  /** POST: create the account and invite it; DELETE: revoke (disable the account, end its sessions). */
  'employee.access': '/api/v1/employees/{id}/access',
  'employee.access.resend': '/api/v1/employees/{id}/access/resend',
  'employee.loginAs': '/api/v1/employees/{id}/login-as',
  /** Ends "login as" and returns to the impersonator's account. */
  'loginAs.end': '/api/v1/login-as/end',
  /** GET: what was done while logged in as someone (decision 016, addendum): owners by default. */
  'loginAs.actions': '/api/v1/login-as/actions',

  // Dictionaries (issue 13, schemas/dictionaries.ts): named reads, then the dictionaries screen.
  'dictionaries.typesEmployment': '/api/v1/dictionaries/types-employment',
  'dictionaries.typesRelative': '/api/v1/dictionaries/types-relative',
  'dictionaries.employeeReasonOfFire': '/api/v1/dictionaries/employee-reason-of-fire',
  'dictionaries.employeeToc': '/api/v1/dictionaries/employee-toc',
  'dictionaries.martialStatus': '/api/v1/dictionaries/marital-status',
  'dictionaries.language': '/api/v1/dictionaries/language',
  'dictionaries.countries': '/api/v1/dictionaries/countries',
  'dictionaries.cities': '/api/v1/dictionaries/cities',
  'dictionaries.typesPortfolioIcons': '/api/v1/dictionaries/types-portfolio-icons',
  'dictionaries.peopleExperience': '/api/v1/dictionaries/people-experience',
  'dictionaries.peopleStatus': '/api/v1/dictionaries/people-status',
  'dictionaries.peopleRole': '/api/v1/dictionaries/people-role',
  'dictionaries.gender': '/api/v1/dictionaries/gender',
  'dictionaries.grade': '/api/v1/dictionaries/grade',
  'dictionaries.rejectionReasons': '/api/v1/dictionaries/rejection-reasons',
  'dashboard.dictionaries.eventTemplates': '/api/v1/dashboard/dictionaries/event-templates',
  'dictionaries.manage': '/api/v1/dictionaries/manage',
  'dictionaries.manage.entries': '/api/v1/dictionaries/manage/{dictionary}',
  'dictionaries.manage.order': '/api/v1/dictionaries/manage/{dictionary}/order',
  'dictionaries.manage.entry': '/api/v1/dictionaries/manage/{dictionary}/{id}',

  // The spec calls this one by a root-relative path of its own (GET dictionaries/visible-teams);
  // the teams module answers it (schemas/teams.ts).
  'dictionaries.visibleTeams': '/dictionaries/visible-teams',

  // Absences (issue 14, schemas/absences.ts): types, requests and their decisions, the own balance.
  'absences.types': '/api/v1/absences/types',
  'employeeRequest.requests': '/api/v1/employee-request/requests',
  'employeeRequest.requests.one': '/api/v1/employee-request/requests/{id}',
  'employeeRequest.requests.approve': '/api/v1/employee-request/requests/{id}/approve',
  'employeeRequest.requests.reject': '/api/v1/employee-request/requests/{id}/reject',
  'employeeRequest.requests.cancel': '/api/v1/employee-request/requests/{id}/cancel',
  'employeeRequest.requests.revoke': '/api/v1/employee-request/requests/{id}/revoke',
  'dashboard.balance.absence': '/api/v1/dashboard/balance/absence',

  // Absence reports, the timeline and iCal feeds (issue 14, schemas/absence-reports.ts).
  /** Spec §3.2's balance report of one person for a year (`{id}`: an employee, or `current`). */
  'dashboard.balance.absenceReport': '/api/v1/dashboard/balance/absence-report/{id}',
  'dashboard.absence.reportModal': '/api/v1/dashboard/absences/report/{people_id}',
  /** The HR report: approved days per person or team and type, in a month or a year. */
  'absences.report': '/api/v1/absences/report',
  'absences.report.export': '/api/v1/absences/report/export',
  'absences.timeline': '/api/v1/absences/timeline',
  'absences.timeline.export': '/api/v1/absences/timeline/export',
  /** POST (multipart `file`, XLSX): directly entered absences; `?dry_run=true` checks and writes nothing. */
  'absences.timeline.import': '/api/v1/absences/timeline/import',
  /** GET: the user's feeds; POST: a new feed (its secret URL answered once). */
  'absences.feeds': '/api/v1/absences/feeds',
  'absences.feeds.revoke': '/api/v1/absences/feeds/{id}/revoke',
  /** The public iCal feed: no session, the secret token is the key. */
  'absences.feeds.ics': '/api/v1/absences/feeds/{token}.ics',

  // Absence settings (issue 14, schemas/absence-settings.ts): types, policies, work calendars with
  // their days and holiday imports, who counts on which calendar, and manual balance adjustments.
  'absences.settings.types': '/api/v1/absences/settings/types',
  'absences.settings.type': '/api/v1/absences/settings/types/{id}',
  'absences.settings.policies': '/api/v1/absences/settings/policies',
  'absences.settings.policy': '/api/v1/absences/settings/policies/{id}',
  'absences.settings.calendars': '/api/v1/absences/settings/calendars',
  'absences.settings.calendar': '/api/v1/absences/settings/calendars/{id}',
  'absences.settings.calendar.days': '/api/v1/absences/settings/calendars/{id}/days',
  'absences.settings.calendar.day': '/api/v1/absences/settings/calendars/{id}/days/{day_id}',
  /** POST: a country's public holidays of a year, from the holidays package; idempotent. */
  'absences.settings.calendar.importHolidays': '/api/v1/absences/settings/calendars/{id}/import-holidays',
  'absences.settings.calendar.assignments': '/api/v1/absences/settings/calendars/{id}/assignments',
  'absences.settings.holidayCountries': '/api/v1/absences/settings/holiday-countries',
  /** POST: a manual `adjustment` ledger entry (AbsenceRequest update_absence). */
  'absences.settings.adjustments': '/api/v1/absences/settings/adjustments',

  // Absences, issue 14 requests and lists: what may be seen, decided, entered directly, explained.
  /** POST: count a would-be request's days with the same refusals, writing nothing. */
  'employeeRequest.requests.preview': '/api/v1/employee-request/requests/preview',
  /** GET: a document of a request, for whoever sees the request. */
  'employeeRequest.requests.file': '/api/v1/employee-request/requests/{id}/files/{fileId}',
  'dashboard.requests.all': '/api/v1/dashboard/requests',
  'dashboard.requests.my': '/api/v1/dashboard/requests/my',
  'dashboard.requests.id': '/api/v1/dashboard/requests/{id}',
  /** The management tab: requests awaiting the user's decision, and their count for the badge. */
  'absences.management': '/api/v1/absences/management',
  'absences.management.count': '/api/v1/absences/management/count',
  'dashboard.absence.list': '/api/v1/dashboard/absences',
  'dashboard.absence.filter': '/api/v1/dashboard/absences/filter',
  'dashboard.absentToday.list': '/api/v1/dashboard/absent-today',
  'dashboard.absentToday.total': '/api/v1/dashboard/absent-today/total',
  /** A balance line by line; and another employee's balances (HR). */
  'absences.ledger': '/api/v1/absences/ledger',
  'absences.balances.employee': '/api/v1/absences/balances/{id}',
  /** POST: HR enters absences directly (create_absence), for people or a team; PUT/DELETE one. */
  'absences.entries': '/api/v1/absences/entries',
  'absences.entries.one': '/api/v1/absences/entries/{id}',

  // The dashboard, part 1 (issue 15, schemas/dashboard.ts): layouts and widget parameters, company
  // info, birthdays, work anniversaries (the spec's important dates) and the user's candidates.
  /** GET: the user's widgets and their parameters, as JSON text (spec §7.2). */
  'dashboard.widgets.all': '/api/v1/dashboard/widgets',
  'dashboard.widgets.params': '/api/v1/dashboard/widgets/params',
  /** PUT: the user's widgets in order; DELETE: back to the company default. */
  'dashboard.layouts.current': '/api/v1/dashboard/layouts/current',
  'dashboard.layouts.current.params': '/api/v1/dashboard/layouts/current/params',
  'dashboard.layouts.default': '/api/v1/dashboard/layouts/default',
  'dashboard.companyInfo': '/api/v1/dashboard/company-info',
  'dashboard.aboutCompany': '/api/v1/dashboard/about-company',
  'dashboard.birthdays.list': '/api/v1/dashboard/birthdays',
  /** Upcoming work anniversaries. */
  'dashboard.importantDate': '/api/v1/dashboard/important-dates',
  'employee.candidates': '/api/v1/employees/candidates',

  // HR action templates and the actions they produce (issue 15, schemas/action-templates.ts).
  /** Groups by template of the actions in a period (spec §3.2 action template request). */
  'dashboard.actions.template': '/api/v1/dashboard/actions/template',
  'dashboard.actions.templateEvents': '/api/v1/dashboard/actions/template-events',
  /** One template's actions (`{id}`: the template's id). */
  'dashboard.actions.templateEventsOne': '/api/v1/dashboard/actions/template-events/{id}',
  /** POST: make an action a task (once). */
  'dashboard.actions.task': '/api/v1/dashboard/actions/tasks',
  /** GET: every template (switched-off ones too); POST: a company's own one. */
  'actionTemplates.all': '/api/v1/action-templates',
  /** GET, PUT (or POST with _method=PUT); DELETE a company's own one (standard ones are switched off). */
  'actionTemplates.one': '/api/v1/action-templates/{id}',

  // Corporate events (issue 15, schemas/corp-events.ts): the company calendar and its widget.
  /** The upcoming events the user is in the audience of (the widget). */
  'dashboard.corpEvents': '/api/v1/dashboard/corp-events',
  /** GET: the events the user sees (upcoming, past, a month); POST: a new event. */
  'corpEvents.all': '/api/v1/corp-events',
  /** GET, PUT, DELETE one event. */
  'corpEvents.one': '/api/v1/corp-events/{id}',

  // Questions to HR (issue 15, schemas/questions.ts; decision 025).
  /** HR: everyone's questions (status and search filters). */
  'dashboard.ask.all': '/api/v1/dashboard/ask',
  /** The user's own questions. */
  'dashboard.ask.my': '/api/v1/dashboard/ask/my',
  'dashboard.ask.id': '/api/v1/dashboard/ask/{id}',
  /** POST: ask a question (optionally anonymously). */
  'questions.create': '/api/v1/questions',
  /** POST: HR answers (or changes the answer of) a question that is not closed. */
  'questions.answer': '/api/v1/questions/{id}/answer',
  /** POST: the asker or HR closes a question. */
  'questions.close': '/api/v1/questions/{id}/close',

  // Tasks (profile events) and their comments (issue 15, schemas/tasks.ts).
  /** GET: the user's tasks (filters); POST: create one (JSON or multipart with `attached_files[i]`). */
  'dashboard.myTasks': '/api/v1/dashboard/my-tasks',
  /** POST: resolve the user's own open tasks in one call. */
  'dashboard.myTasks.resolve': '/api/v1/dashboard/my-tasks/resolve',
  /** GET, PUT (POST + `_method=PUT`), DELETE one task. */
  'profile.events.one': '/api/v1/profile/events/{id}',
  'profile.events.resolution': '/api/v1/profile/events/{id}/resolution',
  'profile.events.comments': '/api/v1/profile/events/{id}/comments',
  /** PUT (POST + `_method=PUT`), DELETE one comment (its writer only). */
  'profile.events.comment': '/api/v1/profile/events/{id}/comments/{commentId}',
  /** GET: download a file of a task or of one of its comments, for whoever sees it. */
  'profile.events.file': '/api/v1/profile/events/{id}/files/{fileId}',

  // Children statistics, analytics and the administration widget (issue 15; schemas/statistics.ts,
  // schemas/analytics.ts, schemas/dashboard-administration.ts).
  'statistics.children': '/api/statistics/children',
  /** GET: the children list as XLSX; the name in the `filename` header (spec §7.2). */
  'statistics.children.export': '/api/statistics/children/export',
  /** POST: an analytics event (spec §7.2; docs/decisions/026-analytics-events.md). */
  analytics: '/api/v1/analytics',
  /** The owners' usage page: counts per event per day or week, and their CSV or XLSX. */
  'analytics.usage': '/api/v1/analytics/usage',
  'analytics.usage.export': '/api/v1/analytics/usage/export',
  /** The administration widget's followed accounts (query `account_ids`). */
  'dashboard.administrations': '/api/v1/dashboard/administrations',
} as const satisfies Record<string, string>;

/**
 * Named by the spec (§7.2) for features still to come — dashboard, employees, absences, statistics,
 * dictionaries — and served by nothing yet. The issue that builds a feature moves its names up into
 * SERVED_ROUTES (the server's tests check that every served name has a handler and no planned one does).
 */
export const PLANNED_ROUTES = {} as const satisfies Record<string, string>;

/** Every route name, served and planned. */
export const ROUTES = { ...SERVED_ROUTES, ...PLANNED_ROUTES } as const satisfies Record<string, string>;

export type RouteName = keyof typeof ROUTES;

type QueryValue = string | number | boolean | null | undefined;
/**
 * Route parameters fill the `{placeholders}`; the rest become the query string (null and undefined
 * dropped, arrays repeated: `team_ids=1&team_ids=2`). A bare value fills the first placeholder.
 */
export type RouteParams = string | number | Record<string, QueryValue | readonly QueryValue[]>;

/** Thrown for a route name the table does not have (spec §8: an unknown route name throws). */
export class UnknownRouteError extends Error {
  override name = 'UnknownRouteError';
}

const PLACEHOLDER = /\{(\w+)\}/g;

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(ROUTES, name);
}

/** The path of a named route with its parameters filled in, plus any extra ones as the query string. */
export function route(name: RouteName, params?: RouteParams): string {
  if (!isRouteName(name)) throw new UnknownRouteError(`Unknown route name: ${String(name)}`);
  const pattern: string = ROUTES[name];
  const placeholders = [...pattern.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
  const values: Record<string, QueryValue | readonly QueryValue[]> =
    params === undefined
      ? {}
      : typeof params === 'object'
        ? { ...params }
        : placeholders[0] !== undefined
          ? { [placeholders[0]]: params }
          : {};

  const path = pattern.replace(PLACEHOLDER, (_whole, key: string) => {
    const value = values[key];
    if (value === undefined || value === null || value === '' || Array.isArray(value)) {
      throw new Error(`Route ${name} needs the parameter "${key}"`);
    }
    delete values[key];
    return encodeURIComponent(String(value));
  });

  // By hand rather than URLSearchParams: this package is typed for plain ES, neither DOM nor Node.
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const list: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of list) {
      if (item !== undefined && item !== null)
        pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** The route's path in Fastify's notation (`/a/:id`), for registering its handler on the server. */
export function routePattern(name: RouteName): string {
  if (!isRouteName(name)) throw new UnknownRouteError(`Unknown route name: ${String(name)}`);
  return ROUTES[name].replace(PLACEHOLDER, ':$1');
}
