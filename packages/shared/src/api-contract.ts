/**
 * The staff API as the HR app calls it, one table for every check of it: for each route name and
 * method, the status of the answer and the schema that answer has (the server's response schema),
 * plus the body schema where the server takes that one as it is.
 * - tooling/openapi/contract.check.ts holds these to the types openapi-typescript generates from the
 *   served OpenAPI document; tooling/openapi/check-hr-calls.ts fails when the HR app calls a route
 *   and method missing here;
 * - the HR app's test fakes are checked against it (apps/hr/src/test/api-contract.ts), so a fake
 *   cannot drift from the server.
 * `put` is the PUT operation (the HR client sends it as POST with `_method=PUT`, which answers the same).
 */

import type { ZodType } from 'zod';
import { permissionsResponseSchema, roleResponseSchema } from './permissions/schemas';
import type { RouteName } from './routes';
import {
  absenceFeedResponseSchema,
  absenceFeedsResponseSchema,
  absenceReportResponseSchema,
  createAbsenceFeedBodySchema,
  createdAbsenceFeedResponseSchema,
  hrReportResponseSchema,
  reportModalResponseSchema,
  timelineImportResponseSchema,
  timelineResponseSchema,
} from './schemas/absence-reports';
import {
  absencePoliciesResponseSchema,
  absencePolicyResponseSchema,
  balanceAdjustmentBodySchema,
  balanceAdjustmentResponseSchema,
  calendarAssignmentsBodySchema,
  calendarDayBodySchema,
  calendarDayResponseSchema,
  calendarDaysResponseSchema,
  createAbsencePolicyBodySchema,
  editableAbsenceTypeResponseSchema,
  editableAbsenceTypesResponseSchema,
  holidayCountriesResponseSchema,
  importHolidaysBodySchema,
  importHolidaysResponseSchema,
  updateAbsencePolicyBodySchema,
  updateAbsenceTypeBodySchema,
  workCalendarBodySchema,
  workCalendarResponseSchema,
  workCalendarsResponseSchema,
} from './schemas/absence-settings';
import {
  absenceBalanceResponseSchema,
  absenceDecisionBodySchema,
  absenceFilterResponseSchema,
  absenceListResponseSchema,
  absencePreviewResponseSchema,
  absenceRequestResponseSchema,
  absenceRequestsResponseSchema,
  absenceTypesResponseSchema,
  absentTodayResponseSchema,
  absentTodayTotalResponseSchema,
  createAbsenceRequestBodySchema,
  createdAbsenceRequestResponseSchema,
  directEntryBodySchema,
  directEntryResponseSchema,
  ledgerResponseSchema,
  managementCountResponseSchema,
  managementResponseSchema,
  rejectAbsenceBodySchema,
  updateAbsenceEntryBodySchema,
} from './schemas/absences';
import {
  actionsTemplateResponseSchema,
  actionTemplateResponseSchema,
  actionTemplatesResponseSchema,
  createActionTemplateBodySchema,
  makeActionTaskBodySchema,
  makeActionTaskResponseSchema,
  templateEventsOneResponseSchema,
  templateEventsResponseSchema,
  updateActionTemplateBodySchema,
} from './schemas/action-templates';
import {
  accountResponseSchema,
  createRoleBodySchema,
  createStaffUserBodySchema,
  rolesWithUsageResponseSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
  teamBodySchema,
  teamMembersBodySchema,
  teamPeopleResponseSchema,
  teamResponseSchema,
  teamsResponseSchema,
  teamUpdateBodySchema,
  updateAccountBodySchema,
  updateStaffUserBodySchema,
} from './schemas/admin';
import { analyticsEventBodySchema, usageResponseSchema } from './schemas/analytics';
import { translationsResponseSchema } from './schemas/auth';
import {
  applicationSearchResponseSchema,
  candidateDetailsResponseSchema,
  candidateEditInputSchema,
  candidateListResponseSchema,
  dismissDuplicateInputSchema,
  mergeCandidateInputSchema,
  undoMergeResponseSchema,
} from './schemas/candidates';
import {
  corpEventInputSchema,
  corpEventResponseSchema,
  corpEventsResponseSchema,
  corpEventsWidgetResponseSchema,
} from './schemas/corp-events';
import {
  aboutCompanyBodySchema,
  aboutCompanyResponseSchema,
  birthdaysResponseSchema,
  companyInfoResponseSchema,
  currentLayoutBodySchema,
  dashboardWidgetsTextSchema,
  defaultLayoutBodySchema,
  defaultLayoutResponseSchema,
  layoutParamsBodySchema,
  myCandidatesResponseSchema,
  widgetParamsBodySchema,
  widgetParamsResponseSchema,
  workAnniversariesResponseSchema,
} from './schemas/dashboard';
import { administrationsResponseSchema } from './schemas/dashboard-administration';
import {
  createEntryBodySchema,
  dictionaryResponseSchema,
  editableDictionariesResponseSchema,
  editableDictionaryResponseSchema,
  editableEntryResponseSchema,
  eventTemplatesResponseSchema,
  reorderEntriesBodySchema,
  updateEntryBodySchema,
} from './schemas/dictionaries';
import {
  loginAsActionsResponseSchema,
  loginAsResponseSchema,
  sendAccessResponseSchema,
} from './schemas/employee-access';
import { employeeImportResponseSchema, employeeImportRowsResponseSchema } from './schemas/employee-import';
import {
  createEmployeeBodySchema,
  customFieldDefinitionBodySchema,
  customFieldDefinitionResponseSchema,
  customFieldDefinitionsResponseSchema,
  employeeChangesResponseSchema,
  employeeFileResponseSchema,
  employeeFilesResponseSchema,
  employeePicksResponseSchema,
  employeeResponseSchema,
  employeesResponseSchema,
  salariesResponseSchema,
  salaryBodySchema,
  salaryResponseSchema,
  sendAccessBodySchema,
  updateEmployeeBodySchema,
} from './schemas/employees';
import { formDefinitionResponseSchema } from './schemas/form';
import {
  apiTokenResponseSchema,
  apiTokensResponseSchema,
  createApiTokenBodySchema,
  createdApiTokenResponseSchema,
  createdWebhookResponseSchema,
  webhookBodySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
} from './schemas/integrations';
import {
  applicationInterviewsResponseSchema,
  interviewDetailsResponseSchema,
  interviewInputSchema,
  interviewResponseSchema,
  myInterviewsResponseSchema,
  scorecardInputSchema,
  scorecardResponseSchema,
} from './schemas/interviews';
import { jobsResponseSchema } from './schemas/jobs';
import { notificationsResponseSchema } from './schemas/notifications';
import {
  questionAnswerInputSchema,
  questionInputSchema,
  questionResponseSchema,
  questionsResponseSchema,
} from './schemas/questions';
import {
  applicationDetailsResponseSchema,
  applicationListResponseSchema,
  applicationSummaryResponseSchema,
  careersSettingsInputSchema,
  careersSettingsResponseSchema,
  commentInputSchema,
  commentListResponseSchema,
  commentResponseSchema,
  commentUpdateInputSchema,
  formInputSchema,
  formListResponseSchema,
  formPreviewInputSchema,
  markNotificationsReadInputSchema,
  moveApplicationInputSchema,
  namedItemsResponseSchema,
  notificationCountSchema,
  staffFormResponseSchema,
  staffVacancyListResponseSchema,
  staffVacancyResponseSchema,
  stagesInputSchema,
  stagesResponseSchema,
  vacancyCreateInputSchema,
  vacancyInputSchema,
} from './schemas/recruiting';
import {
  bulkMailSelectionInputSchema,
  bulkMoveInputSchema,
  bulkMoveResponseSchema,
  bulkRejectSelectionInputSchema,
  bulkUndoResponseSchema,
  pipelineTemplateInputSchema,
  pipelineTemplateListResponseSchema,
  pipelineTemplateResponseSchema,
  savedViewInputSchema,
  savedViewListResponseSchema,
  savedViewResponseSchema,
} from './schemas/recruiting-bulk';
import {
  applicationMailResponseSchema,
  bulkResultResponseSchema,
  historyResponseSchema,
  mailSettingsInputSchema,
  mailSettingsResponseSchema,
  mailTemplateInputSchema,
  mailTemplateListResponseSchema,
  mailTemplateResponseSchema,
  rejectInputSchema,
  rejectionResponseSchema,
  sendMailInputSchema,
} from './schemas/recruiting-mail';
import {
  applicationTagInputSchema,
  applicationTagsResponseSchema,
  bulkTagInputSchema,
  mentionableListResponseSchema,
  tagInputSchema,
  tagListResponseSchema,
  tagResponseSchema,
} from './schemas/recruiting-tags';
import { childrenStatisticsResponseSchema } from './schemas/statistics';
import {
  resolveAllTasksBodySchema,
  resolveAllTasksResponseSchema,
  taskCommentListResponseSchema,
  taskCommentResponseSchema,
  taskListResponseSchema,
  taskResolutionBodySchema,
  taskResponseSchema,
} from './schemas/tasks';
import { teamMoveBodySchema, teamTreeResponseSchema, visibleTeamsResponseSchema } from './schemas/teams';

export type ContractMethod = 'get' | 'post' | 'put' | 'delete';

/** One call: the success status, its JSON answer's schema (null for 204), the JSON body's schema. */
export type ContractCall = { status: 200 | 201 | 204; response: ZodType | null; body?: ZodType };

const noContent = { status: 204, response: null } as const;

export const STAFF_API_CONTRACT = {
  'vueGlobal.translations': { get: { status: 200, response: translationsResponseSchema } },
  'vueGlobal.permissions': { get: { status: 200, response: permissionsResponseSchema } },

  'roles.all': {
    get: { status: 200, response: rolesWithUsageResponseSchema },
    post: { status: 201, response: roleResponseSchema, body: createRoleBodySchema },
  },
  'roles.one': {
    get: { status: 200, response: roleResponseSchema },
    // No body here: the shared schema types each entity's actions as string, the document lists them.
    put: { status: 200, response: roleResponseSchema },
    delete: noContent,
  },

  'recruiting.vacancies': {
    get: { status: 200, response: staffVacancyListResponseSchema },
    post: { status: 201, response: staffVacancyResponseSchema, body: vacancyCreateInputSchema },
  },
  'recruiting.vacancies.one': {
    get: { status: 200, response: staffVacancyResponseSchema },
    put: { status: 200, response: staffVacancyResponseSchema, body: vacancyInputSchema },
    delete: noContent,
  },
  'recruiting.vacancies.publish': { post: { status: 200, response: staffVacancyResponseSchema } },
  'recruiting.vacancies.withdraw': { post: { status: 200, response: staffVacancyResponseSchema } },
  'recruiting.vacancies.copy': { post: { status: 201, response: staffVacancyResponseSchema } },
  'recruiting.vacancies.stages': {
    get: { status: 200, response: stagesResponseSchema },
    put: { status: 200, response: stagesResponseSchema, body: stagesInputSchema },
  },
  'recruiting.teams': { get: { status: 200, response: namedItemsResponseSchema } },
  'recruiting.users': { get: { status: 200, response: namedItemsResponseSchema } },

  'recruiting.forms': {
    get: { status: 200, response: formListResponseSchema },
    post: { status: 201, response: staffFormResponseSchema, body: formInputSchema },
  },
  'recruiting.forms.one': {
    get: { status: 200, response: staffFormResponseSchema },
    put: { status: 200, response: staffFormResponseSchema, body: formInputSchema },
    delete: noContent,
  },
  'recruiting.forms.preview': {
    post: { status: 200, response: formDefinitionResponseSchema, body: formPreviewInputSchema },
  },

  'recruiting.careersSettings': {
    get: { status: 200, response: careersSettingsResponseSchema },
    put: { status: 200, response: careersSettingsResponseSchema, body: careersSettingsInputSchema },
  },
  // Multipart (the logo file): no JSON body to compare.
  'recruiting.careersSettings.logo': { post: { status: 200, response: careersSettingsResponseSchema } },

  'recruiting.applications': { get: { status: 200, response: applicationListResponseSchema } },
  'recruiting.applications.one': { get: { status: 200, response: applicationDetailsResponseSchema } },
  'recruiting.applications.stage': {
    put: { status: 200, response: applicationSummaryResponseSchema, body: moveApplicationInputSchema },
  },
  'recruiting.applications.comments': {
    get: { status: 200, response: commentListResponseSchema },
    post: { status: 201, response: commentResponseSchema, body: commentInputSchema },
  },
  // Candidate mail, rejection and history (schemas/recruiting-mail.ts).
  'recruiting.mailTemplates': {
    get: { status: 200, response: mailTemplateListResponseSchema },
    post: { status: 201, response: mailTemplateResponseSchema, body: mailTemplateInputSchema },
  },
  'recruiting.mailTemplates.one': {
    put: { status: 200, response: mailTemplateResponseSchema, body: mailTemplateInputSchema },
    delete: noContent,
  },
  'recruiting.mailSettings': {
    get: { status: 200, response: mailSettingsResponseSchema },
    put: { status: 200, response: mailSettingsResponseSchema, body: mailSettingsInputSchema },
  },
  'recruiting.applications.mails': {
    post: { status: 201, response: applicationMailResponseSchema, body: sendMailInputSchema },
  },
  'recruiting.applications.rejection': {
    get: { status: 200, response: rejectionResponseSchema },
    post: { status: 201, response: rejectionResponseSchema, body: rejectInputSchema },
    delete: noContent,
  },
  'recruiting.applications.history': { get: { status: 200, response: historyResponseSchema } },
  // One person, many applications; full-text search (schemas/candidates.ts, decision 027).
  'recruiting.applications.search': { get: { status: 200, response: applicationSearchResponseSchema } },
  'recruiting.candidates': { get: { status: 200, response: candidateListResponseSchema } },
  'recruiting.candidates.one': {
    get: { status: 200, response: candidateDetailsResponseSchema },
    put: { status: 200, response: candidateDetailsResponseSchema, body: candidateEditInputSchema },
  },
  'recruiting.candidates.merge': {
    post: { status: 200, response: candidateDetailsResponseSchema, body: mergeCandidateInputSchema },
  },
  'recruiting.candidates.dismissDuplicate': {
    post: { status: 200, response: candidateDetailsResponseSchema, body: dismissDuplicateInputSchema },
  },
  'recruiting.candidateMerges.undo': { post: { status: 200, response: undoMergeResponseSchema } },
  'recruiting.applications.bulkRejection': {
    post: { status: 200, response: bulkResultResponseSchema, body: bulkRejectSelectionInputSchema },
  },
  'recruiting.applications.bulkMails': {
    post: { status: 200, response: bulkResultResponseSchema, body: bulkMailSelectionInputSchema },
  },
  'recruiting.applications.bulkStage': {
    post: { status: 200, response: bulkMoveResponseSchema, body: bulkMoveInputSchema },
  },
  'recruiting.bulkActions.undo': { post: { status: 200, response: bulkUndoResponseSchema } },
  'recruiting.savedViews': {
    get: { status: 200, response: savedViewListResponseSchema },
    post: { status: 201, response: savedViewResponseSchema, body: savedViewInputSchema },
  },
  'recruiting.savedViews.one': {
    put: { status: 200, response: savedViewResponseSchema, body: savedViewInputSchema },
    delete: noContent,
  },
  'recruiting.pipelineTemplates': {
    get: { status: 200, response: pipelineTemplateListResponseSchema },
    post: { status: 201, response: pipelineTemplateResponseSchema, body: pipelineTemplateInputSchema },
  },
  'recruiting.pipelineTemplates.one': {
    put: { status: 200, response: pipelineTemplateResponseSchema, body: pipelineTemplateInputSchema },
    delete: noContent,
  },
  'recruiting.mails.cancel': { post: { status: 200, response: applicationMailResponseSchema } },
  // Interviews and scorecards (schemas/interviews.ts).
  'recruiting.applications.interviews': {
    get: { status: 200, response: applicationInterviewsResponseSchema },
    post: { status: 201, response: interviewResponseSchema, body: interviewInputSchema },
  },
  'recruiting.interviews.one': {
    get: { status: 200, response: interviewDetailsResponseSchema },
    put: { status: 200, response: interviewResponseSchema, body: interviewInputSchema },
  },
  'recruiting.interviews.cancel': { post: { status: 200, response: interviewResponseSchema } },
  'recruiting.interviews.scorecard': {
    put: { status: 200, response: scorecardResponseSchema, body: scorecardInputSchema },
  },
  'recruiting.myInterviews': { get: { status: 200, response: myInterviewsResponseSchema } },
  // Comments with mentions, and tags (schemas/recruiting-tags.ts).
  'recruiting.applications.comments.one': {
    put: { status: 200, response: commentResponseSchema, body: commentUpdateInputSchema },
    delete: noContent,
  },
  'recruiting.applications.mentionable': { get: { status: 200, response: mentionableListResponseSchema } },
  'recruiting.tags': {
    get: { status: 200, response: tagListResponseSchema },
    post: { status: 201, response: tagResponseSchema, body: tagInputSchema },
  },
  'recruiting.tags.one': {
    put: { status: 200, response: tagResponseSchema, body: tagInputSchema },
    delete: noContent,
  },
  'recruiting.applications.tags': {
    post: { status: 200, response: applicationTagsResponseSchema, body: applicationTagInputSchema },
  },
  'recruiting.applications.tags.one': { delete: { status: 200, response: applicationTagsResponseSchema } },
  'recruiting.applications.bulkTags': {
    post: { status: 200, response: bulkResultResponseSchema, body: bulkTagInputSchema },
  },

  'recruiting.notifications': { get: { status: 200, response: notificationsResponseSchema } },
  'recruiting.notifications.count': { get: { status: 200, response: notificationCountSchema } },
  'recruiting.notifications.read': {
    post: { status: 200, response: notificationCountSchema, body: markNotificationsReadInputSchema },
  },

  'admin.users': {
    get: { status: 200, response: staffUsersResponseSchema },
    post: { status: 201, response: staffUserResponseSchema, body: createStaffUserBodySchema },
  },
  'admin.users.one': {
    put: { status: 200, response: staffUserResponseSchema, body: updateStaffUserBodySchema },
  },
  'admin.users.invite': { post: noContent },
  'admin.jobs': { get: { status: 200, response: jobsResponseSchema } },
  'admin.jobs.retry': { post: noContent },

  // Integrations (schemas/integrations.ts): API tokens and webhooks, owners only.
  'integrations.apiTokens': {
    get: { status: 200, response: apiTokensResponseSchema },
    post: { status: 201, response: createdApiTokenResponseSchema, body: createApiTokenBodySchema },
  },
  'integrations.apiTokens.revoke': { post: { status: 200, response: apiTokenResponseSchema } },
  'integrations.webhooks': {
    get: { status: 200, response: webhooksResponseSchema },
    post: { status: 201, response: createdWebhookResponseSchema, body: webhookBodySchema },
  },
  'integrations.webhooks.one': {
    get: { status: 200, response: webhookResponseSchema },
    put: { status: 200, response: webhookResponseSchema, body: webhookBodySchema },
    delete: noContent,
  },
  'integrations.webhooks.secret': { post: { status: 200, response: webhookSecretResponseSchema } },
  'integrations.webhooks.test': { post: { status: 201, response: webhookDeliveryResponseSchema } },
  'integrations.webhooks.deliveries': { get: { status: 200, response: webhookDeliveriesResponseSchema } },
  'integrations.webhooks.redeliver': { post: { status: 200, response: webhookDeliveryResponseSchema } },

  'teams.all': {
    get: { status: 200, response: teamsResponseSchema },
    post: { status: 201, response: teamResponseSchema, body: teamBodySchema },
  },
  'teams.one': {
    get: { status: 200, response: teamResponseSchema },
    put: { status: 200, response: teamResponseSchema, body: teamUpdateBodySchema },
    delete: noContent,
  },
  'teams.tree': { get: { status: 200, response: teamTreeResponseSchema } },
  'teams.move': { put: { status: 200, response: teamResponseSchema, body: teamMoveBodySchema } },
  'dictionaries.visibleTeams': { get: { status: 200, response: visibleTeamsResponseSchema } },
  'teams.members': { put: { status: 200, response: teamResponseSchema, body: teamMembersBodySchema } },
  'teams.people': { get: { status: 200, response: teamPeopleResponseSchema } },

  // Absences (schemas/absences.ts).
  'absences.types': { get: { status: 200, response: absenceTypesResponseSchema } },
  'employeeRequest.requests': {
    post: {
      status: 201,
      response: createdAbsenceRequestResponseSchema,
      body: createAbsenceRequestBodySchema,
    },
  },
  'employeeRequest.requests.one': { get: { status: 200, response: absenceRequestResponseSchema } },
  'employeeRequest.requests.approve': {
    post: { status: 200, response: absenceRequestResponseSchema, body: absenceDecisionBodySchema },
  },
  'employeeRequest.requests.reject': {
    post: { status: 200, response: absenceRequestResponseSchema, body: rejectAbsenceBodySchema },
  },
  'employeeRequest.requests.cancel': { post: { status: 200, response: absenceRequestResponseSchema } },
  'employeeRequest.requests.revoke': {
    post: { status: 200, response: absenceRequestResponseSchema, body: absenceDecisionBodySchema },
  },
  'dashboard.balance.absence': { get: { status: 200, response: absenceBalanceResponseSchema } },

  // Absence settings (schemas/absence-settings.ts).
  'absences.settings.types': { get: { status: 200, response: editableAbsenceTypesResponseSchema } },
  'absences.settings.type': {
    put: { status: 200, response: editableAbsenceTypeResponseSchema, body: updateAbsenceTypeBodySchema },
  },
  'absences.settings.policies': {
    get: { status: 200, response: absencePoliciesResponseSchema },
    post: { status: 201, response: absencePolicyResponseSchema, body: createAbsencePolicyBodySchema },
  },
  'absences.settings.policy': {
    put: { status: 200, response: absencePolicyResponseSchema, body: updateAbsencePolicyBodySchema },
    delete: noContent,
  },
  'absences.settings.calendars': {
    get: { status: 200, response: workCalendarsResponseSchema },
    post: { status: 201, response: workCalendarResponseSchema, body: workCalendarBodySchema },
  },
  'absences.settings.calendar': {
    get: { status: 200, response: workCalendarResponseSchema },
    put: { status: 200, response: workCalendarResponseSchema, body: workCalendarBodySchema },
    delete: noContent,
  },
  'absences.settings.calendar.days': {
    get: { status: 200, response: calendarDaysResponseSchema },
    post: { status: 201, response: calendarDayResponseSchema, body: calendarDayBodySchema },
  },
  'absences.settings.calendar.day': {
    put: { status: 200, response: calendarDayResponseSchema, body: calendarDayBodySchema },
    delete: noContent,
  },
  'absences.settings.calendar.importHolidays': {
    post: { status: 200, response: importHolidaysResponseSchema, body: importHolidaysBodySchema },
  },
  'absences.settings.calendar.assignments': {
    put: { status: 200, response: workCalendarResponseSchema, body: calendarAssignmentsBodySchema },
  },
  'absences.settings.holidayCountries': { get: { status: 200, response: holidayCountriesResponseSchema } },
  'absences.settings.adjustments': {
    post: { status: 201, response: balanceAdjustmentResponseSchema, body: balanceAdjustmentBodySchema },
  },
  // Absence reports, the timeline and iCal feeds (schemas/absence-reports.ts). Exports and the
  // public .ics are files; the import is multipart (no JSON body to compare).
  'dashboard.balance.absenceReport': { get: { status: 200, response: absenceReportResponseSchema } },
  'dashboard.absence.reportModal': { get: { status: 200, response: reportModalResponseSchema } },
  'absences.report': { get: { status: 200, response: hrReportResponseSchema } },
  'absences.timeline': { get: { status: 200, response: timelineResponseSchema } },
  'absences.timeline.import': { post: { status: 200, response: timelineImportResponseSchema } },
  'absences.feeds': {
    get: { status: 200, response: absenceFeedsResponseSchema },
    post: { status: 201, response: createdAbsenceFeedResponseSchema, body: createAbsenceFeedBodySchema },
  },
  'absences.feeds.revoke': { post: { status: 200, response: absenceFeedResponseSchema } },
  'employeeRequest.requests.preview': {
    post: { status: 200, response: absencePreviewResponseSchema, body: createAbsenceRequestBodySchema },
  },
  'dashboard.requests.all': { get: { status: 200, response: absenceRequestsResponseSchema } },
  'dashboard.requests.my': { get: { status: 200, response: absenceRequestsResponseSchema } },
  'dashboard.requests.id': { get: { status: 200, response: absenceRequestResponseSchema } },
  'absences.management': { get: { status: 200, response: managementResponseSchema } },
  'absences.management.count': { get: { status: 200, response: managementCountResponseSchema } },
  'dashboard.absence.list': { get: { status: 200, response: absenceListResponseSchema } },
  'dashboard.absence.filter': { get: { status: 200, response: absenceFilterResponseSchema } },
  'dashboard.absentToday.list': { get: { status: 200, response: absentTodayResponseSchema } },
  'dashboard.absentToday.total': { get: { status: 200, response: absentTodayTotalResponseSchema } },

  // The dashboard, part 1 (schemas/dashboard.ts). widgets.all answers a JSON string of JSON text.
  'dashboard.widgets.all': { get: { status: 200, response: dashboardWidgetsTextSchema } },
  'dashboard.widgets.params': {
    post: { status: 200, response: widgetParamsResponseSchema, body: widgetParamsBodySchema },
  },
  'dashboard.layouts.current': {
    put: { status: 204, response: null, body: currentLayoutBodySchema },
    delete: noContent,
  },
  'dashboard.layouts.current.params': {
    post: { status: 200, response: widgetParamsResponseSchema, body: layoutParamsBodySchema },
  },
  'dashboard.layouts.default': {
    get: { status: 200, response: defaultLayoutResponseSchema },
    put: { status: 200, response: defaultLayoutResponseSchema, body: defaultLayoutBodySchema },
  },
  'dashboard.companyInfo': { get: { status: 200, response: companyInfoResponseSchema } },
  'dashboard.aboutCompany': {
    get: { status: 200, response: aboutCompanyResponseSchema },
    put: { status: 200, response: aboutCompanyResponseSchema, body: aboutCompanyBodySchema },
  },
  'dashboard.birthdays.list': { get: { status: 200, response: birthdaysResponseSchema } },
  'dashboard.importantDate': { get: { status: 200, response: workAnniversariesResponseSchema } },
  'employee.candidates': { get: { status: 200, response: myCandidatesResponseSchema } },
  // Corporate events (schemas/corp-events.ts).
  'dashboard.corpEvents': { get: { status: 200, response: corpEventsWidgetResponseSchema } },
  'corpEvents.all': {
    get: { status: 200, response: corpEventsResponseSchema },
    post: { status: 201, response: corpEventResponseSchema, body: corpEventInputSchema },
  },
  'corpEvents.one': {
    get: { status: 200, response: corpEventResponseSchema },
    put: { status: 200, response: corpEventResponseSchema, body: corpEventInputSchema },
    delete: noContent,
  },
  // Questions to HR (schemas/questions.ts).
  'dashboard.ask.all': { get: { status: 200, response: questionsResponseSchema } },
  'dashboard.ask.my': { get: { status: 200, response: questionsResponseSchema } },
  'dashboard.ask.id': { get: { status: 200, response: questionResponseSchema } },
  'questions.create': { post: { status: 201, response: questionResponseSchema, body: questionInputSchema } },
  'questions.answer': {
    post: { status: 200, response: questionResponseSchema, body: questionAnswerInputSchema },
  },
  'questions.close': { post: { status: 200, response: questionResponseSchema } },
  // Children statistics, analytics and the administration widget (issue 15). Exports are files.
  'statistics.children': { get: { status: 200, response: childrenStatisticsResponseSchema } },
  analytics: { post: { status: 204, response: null, body: analyticsEventBodySchema } },
  'analytics.usage': { get: { status: 200, response: usageResponseSchema } },
  'dashboard.administrations': { get: { status: 200, response: administrationsResponseSchema } },
  'absences.ledger': { get: { status: 200, response: ledgerResponseSchema } },
  'absences.balances.employee': { get: { status: 200, response: absenceBalanceResponseSchema } },
  'absences.entries': {
    post: { status: 200, response: directEntryResponseSchema, body: directEntryBodySchema },
  },
  'absences.entries.one': {
    put: { status: 200, response: absenceRequestResponseSchema, body: updateAbsenceEntryBodySchema },
    delete: { status: 200, response: absenceRequestResponseSchema },
  },

  'account.profile': {
    get: { status: 200, response: accountResponseSchema },
    put: { status: 200, response: accountResponseSchema, body: updateAccountBodySchema },
  },
  // The server widens the shared password body's limits (account.routes.ts): only the answer here.
  'account.password': { post: noContent },

  // Dictionaries (schemas/dictionaries.ts): the named reads the HR app caches, and the dictionaries screen.
  'dictionaries.typesEmployment': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.typesRelative': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.employeeReasonOfFire': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.employeeToc': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.martialStatus': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.language': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.countries': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.cities': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.typesPortfolioIcons': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.peopleExperience': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.peopleStatus': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.peopleRole': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.gender': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.grade': { get: { status: 200, response: dictionaryResponseSchema } },
  'dictionaries.rejectionReasons': { get: { status: 200, response: dictionaryResponseSchema } },
  'dashboard.dictionaries.eventTemplates': { get: { status: 200, response: eventTemplatesResponseSchema } },
  'dictionaries.manage': { get: { status: 200, response: editableDictionariesResponseSchema } },
  'dictionaries.manage.entries': {
    get: { status: 200, response: editableDictionaryResponseSchema },
    post: { status: 201, response: editableEntryResponseSchema, body: createEntryBodySchema },
  },
  'dictionaries.manage.order': {
    put: { status: 200, response: editableDictionaryResponseSchema, body: reorderEntriesBodySchema },
  },
  'dictionaries.manage.entry': {
    put: { status: 200, response: editableEntryResponseSchema, body: updateEntryBodySchema },
    delete: noContent,
  },

  // The employee record (schemas/employees.ts). Uploads (files, photo) are multipart: no JSON body.
  'employee.visibleEmployeesPaginated': { get: { status: 200, response: employeesResponseSchema } },
  'employee.all': { get: { status: 200, response: employeePicksResponseSchema } },
  'employee.probation': { get: { status: 200, response: employeesResponseSchema.pick({ data: true }) } },
  'employee.create': {
    post: { status: 201, response: employeeResponseSchema, body: createEmployeeBodySchema },
  },
  'employee.one': {
    get: { status: 200, response: employeeResponseSchema },
    put: { status: 200, response: employeeResponseSchema, body: updateEmployeeBodySchema },
    delete: noContent,
  },
  'employee.changes': { get: { status: 200, response: employeeChangesResponseSchema } },
  'employee.salaries': {
    get: { status: 200, response: salariesResponseSchema },
    post: { status: 201, response: salaryResponseSchema, body: salaryBodySchema },
  },
  'employee.salaries.one': { delete: noContent },
  'employee.files': {
    get: { status: 200, response: employeeFilesResponseSchema },
    post: { status: 201, response: employeeFileResponseSchema },
  },
  'employee.files.one': { delete: noContent },
  'employee.photo': { put: { status: 200, response: employeeResponseSchema } },
  'employee.fields': {
    get: { status: 200, response: customFieldDefinitionsResponseSchema },
    post: {
      status: 201,
      response: customFieldDefinitionResponseSchema,
      body: customFieldDefinitionBodySchema,
    },
  },
  'employee.fields.one': {
    put: {
      status: 200,
      response: customFieldDefinitionResponseSchema,
      body: customFieldDefinitionBodySchema,
    },
    delete: noContent,
  },

  // Multipart (the spreadsheet): no JSON body to compare. The template, error file and export are files.
  'employee.import': { post: { status: 201, response: employeeImportResponseSchema } },
  'employee.import.one': { get: { status: 200, response: employeeImportResponseSchema }, delete: noContent },
  'employee.import.rows': { get: { status: 200, response: employeeImportRowsResponseSchema } },
  'employee.import.confirm': { post: { status: 200, response: employeeImportResponseSchema } },

  'employee.access': {
    post: { status: 201, response: sendAccessResponseSchema, body: sendAccessBodySchema },
    delete: noContent,
  },
  'employee.access.resend': { post: noContent },
  'employee.loginAs': { post: { status: 200, response: loginAsResponseSchema } },
  'loginAs.end': { post: { status: 200, response: loginAsResponseSchema } },
  'loginAs.actions': { get: { status: 200, response: loginAsActionsResponseSchema } },

  // Tasks (schemas/tasks.ts). Create and update take JSON or multipart (files): no JSON body compared.
  'dashboard.myTasks': {
    get: { status: 200, response: taskListResponseSchema },
    post: { status: 201, response: taskResponseSchema },
  },
  'dashboard.myTasks.resolve': {
    post: { status: 200, response: resolveAllTasksResponseSchema, body: resolveAllTasksBodySchema },
  },
  'profile.events.one': {
    get: { status: 200, response: taskResponseSchema },
    put: { status: 200, response: taskResponseSchema },
    delete: noContent,
  },
  'profile.events.resolution': {
    post: { status: 200, response: taskResponseSchema, body: taskResolutionBodySchema },
  },
  'profile.events.comments': {
    get: { status: 200, response: taskCommentListResponseSchema },
    post: { status: 201, response: taskCommentResponseSchema },
  },
  'profile.events.comment': {
    put: { status: 200, response: taskCommentResponseSchema },
    delete: noContent,
  },

  // HR action templates and their actions (schemas/action-templates.ts). Making a task answers 201
  // the first time and 200 with the same task after.
  'actionTemplates.all': {
    get: { status: 200, response: actionTemplatesResponseSchema },
    post: { status: 201, response: actionTemplateResponseSchema, body: createActionTemplateBodySchema },
  },
  'actionTemplates.one': {
    get: { status: 200, response: actionTemplateResponseSchema },
    put: { status: 200, response: actionTemplateResponseSchema, body: updateActionTemplateBodySchema },
    delete: noContent,
  },
  'dashboard.actions.template': { get: { status: 200, response: actionsTemplateResponseSchema } },
  'dashboard.actions.templateEvents': { get: { status: 200, response: templateEventsResponseSchema } },
  'dashboard.actions.templateEventsOne': { get: { status: 200, response: templateEventsOneResponseSchema } },
  'dashboard.actions.task': {
    post: { status: 201, response: makeActionTaskResponseSchema, body: makeActionTaskBodySchema },
  },
} as const satisfies Partial<Record<RouteName, Partial<Record<ContractMethod, ContractCall>>>>;
