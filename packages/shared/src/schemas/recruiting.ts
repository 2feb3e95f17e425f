import { z } from 'zod';
import { LOCALES } from '../constants';
import {
  objectIdParamSchema,
  objectIdSchema,
  pageMetaSchema,
  pagingQuerySchema,
  queryIdSchema,
  queryIntSchema,
  searchTextSchema,
} from './common';
import { formFieldSchema } from './form';
import {
  SCORECARD_RECOMMENDATIONS,
  salaryRangeSchema,
  scorecardAttributeSchema,
  scorecardAttributesInputSchema,
} from './interviews';
import { mailDraftSchema } from './recruiting-mail';
import { appliedTagSchema, findMentionIds, MENTIONS_MAX } from './recruiting-tags';
import { vacancyLanguageSchema } from './vacancy';

/**
 * The staff recruiting API (issue 5): vacancies, application forms, careers-site settings, candidates
 * and their applications. Paths are in routes.ts under `recruiting.*`; updates are PUT, sent by the HR
 * client as POST with `_method=PUT` (spec §7.2). Lists answer `{ data, meta }` like the public list.
 */

/** Vacancy status ids; colours by id per spec §3.2 (1 green, 2 orange, 3 red, 4 green, 5 red, else grey). */
export const VACANCY_STATUSES = [
  { id: 1, key: 'open', color: 'green' },
  { id: 2, key: 'on_hold', color: 'orange' },
  { id: 3, key: 'closed', color: 'red' },
  { id: 4, key: 'filled', color: 'green' },
  { id: 5, key: 'cancelled', color: 'red' },
] as const;

export function vacancyStatusColor(statusId: number): 'green' | 'orange' | 'red' | 'grey' {
  return VACANCY_STATUSES.find((status) => status.id === statusId)?.color ?? 'grey';
}

const html = z.string().max(50_000).nullable();
const shortText = z.string().trim().max(200).nullable();

/** A vacancy as staff see and edit it. Body sections are sanitised HTML. */
export const staffVacancySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  is_hot: z.boolean(),
  is_published: z.boolean(),
  /** Absent when the role may not see salaries (fields_view). */
  salary: z.string().nullable().optional(),
  residence: z.string().nullable(),
  experience: z.string().nullable(),
  work_types: z.string().nullable(),
  languages: z.array(vacancyLanguageSchema),
  description: z.string().nullable(),
  demand: z.string().nullable(),
  responsibility: z.string().nullable(),
  addition: z.string().nullable(),
  working_conditions: z.string().nullable(),
  team_id: z.number().int().nullable(),
  recruiter_ids: z.array(z.number().int()),
  /** Number of positions (mask: up to 4 digits, first not zero). */
  positions: z.number().int().min(1).max(9999).nullable(),
  /** The vacancy's own form; null = the company's default form. */
  form_id: z.number().int().nullable(),
  /** The hiring team (issue 17): who decides, and who usually interviews (staff account ids). */
  hiring_manager_id: z.number().int().nullable(),
  interviewer_ids: z.array(z.number().int()),
  /** The salary in numbers beside the free text; absent like `salary` without field_salary. */
  salary_range: salaryRangeSchema.nullable().optional(),
  /** What interviewers rate on this vacancy's scorecards. */
  scorecard_attributes: z.array(scorecardAttributeSchema),
  responses_count: z.number().int(),
  public_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});
export type StaffVacancy = z.infer<typeof staffVacancySchema>;

export const vacancyInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  status: z.number().int().min(1).max(99).default(1),
  is_hot: z.boolean().default(false),
  salary: shortText.default(null),
  residence: shortText.default(null),
  experience: shortText.default(null),
  work_types: shortText.default(null),
  languages: z.array(vacancyLanguageSchema).max(20).default([]),
  description: html.default(null),
  demand: html.default(null),
  responsibility: html.default(null),
  addition: html.default(null),
  working_conditions: html.default(null),
  team_id: z.number().int().nullable().default(null),
  recruiter_ids: z.array(z.number().int()).max(50).default([]),
  positions: z.number().int().min(1).max(9999).nullable().default(null),
  form_id: z.number().int().nullable().default(null),
  hiring_manager_id: z.number().int().nullable().default(null),
  interviewer_ids: z
    .array(z.number().int())
    .max(50)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, { message: 'errors.invalid_value' }),
  salary_range: salaryRangeSchema.nullable().default(null),
  /** Attributes with a `key` keep it (renamed, moved); new ones get one. */
  scorecard_attributes: scorecardAttributesInputSchema.default([]),
});
export type VacancyInput = z.infer<typeof vacancyInputSchema>;

export const staffVacancyListQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema.optional(),
  status: queryIntSchema(1, 99).optional(),
  team_id: queryIdSchema.optional(),
  is_published: z.enum(['true', 'false']).optional(),
});
export type StaffVacancyListQuery = z.infer<typeof staffVacancyListQuerySchema>;

export const staffVacancyListResponseSchema = z.object({
  data: z.array(staffVacancySchema),
  meta: pageMetaSchema,
});
export const staffVacancyResponseSchema = z.object({ data: staffVacancySchema });

/** A form field as the form builder edits it: the public shape plus the dictionary that fills its options. */
export const staffFormFieldSchema = formFieldSchema.extend({
  dictionary: z.enum(['experience', 'search_status', 'sex', 'language', 'currency']).nullable().optional(),
});
export type StaffFormField = z.infer<typeof staffFormFieldSchema>;

export const staffFormSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  fields: z.array(staffFormFieldSchema),
  vacancy_ids: z.array(z.number().int()),
});
export type StaffForm = z.infer<typeof staffFormSchema>;
export const staffFormResponseSchema = z.object({ data: staffFormSchema });

/** The most fields one application form takes. */
export const FORM_FIELDS_MAX = 100;

export const formInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  is_default: z.boolean().default(false),
  /** The whole ordered field list; replaces the form's fields. */
  fields: z.array(staffFormFieldSchema).max(FORM_FIELDS_MAX),
});
export type FormInput = z.infer<typeof formInputSchema>;

/**
 * POST recruiting.forms.preview: the builder's unsaved fields in the shape saving a form takes. The answer
 * is the public form definition's `{ fields }` (formDefinitionResponseSchema); nothing is stored.
 */
export const formPreviewInputSchema = formInputSchema.pick({ fields: true });
export type FormPreviewInput = z.infer<typeof formPreviewInputSchema>;

export const formListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  fields_count: z.number().int(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;
export const formListResponseSchema = z.object({ data: z.array(formListItemSchema) });

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Careers-site settings (issue 5). The captcha secret is write-only: reads say only whether one is set. */
export const careersSettingsSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  font: z.string().nullable(),
  colors: z.object({ background: color, header: color, button: color }),
  indexing: z.boolean(),
  consent_page_url: z.string().nullable(),
  captcha: z.object({
    provider: z.enum(['none', 'test', 'recaptcha_enterprise']),
    site_key: z.string().nullable(),
    project_id: z.string().nullable(),
    threshold: z.number().min(0).max(1),
    allowed_hosts: z.array(z.string()),
    has_secret: z.boolean(),
  }),
  languages: z.array(z.enum(LOCALES)).min(1),
  default_language: z.enum(LOCALES),
  /** The public list's address, to which a source link adds `?source=`. */
  careers_url: z.string(),
});
export type StaffCareersSettings = z.infer<typeof careersSettingsSchema>;
export const careersSettingsResponseSchema = z.object({ data: careersSettingsSchema });

export const careersSettingsInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  font: z.string().trim().max(100).nullable(),
  colors: z.object({ background: color, header: color, button: color }),
  indexing: z.boolean(),
  consent_page_url: z.url({ protocol: /^https?$/ }).nullable(),
  captcha: z.object({
    provider: z.enum(['none', 'test', 'recaptcha_enterprise']),
    site_key: z.string().trim().max(200).nullable(),
    project_id: z.string().trim().max(200).nullable(),
    threshold: z.number().min(0).max(1),
    allowed_hosts: z.array(z.string().trim().min(1).max(253)).max(20),
    /** Omitted or null keeps the stored secret; '' removes it. */
    secret: z.string().max(500).nullable().optional(),
  }),
  languages: z.array(z.enum(LOCALES)).min(1),
  default_language: z.enum(LOCALES),
});
export type CareersSettingsInput = z.infer<typeof careersSettingsInputSchema>;

/** A pipeline stage of a vacancy. New vacancies get New, Screening, Interview, Offer, Hired, Rejected. */
export const stageSchema = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });
export type Stage = z.infer<typeof stageSchema>;
export const DEFAULT_STAGE_NAMES = ['New', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected'] as const;
/** The most stages a pipeline has, and the longest stage name. */
export const STAGES_MAX = 30;
export const STAGE_NAME_MAX_LENGTH = 100;
export const stagesInputSchema = z.object({
  /** The whole ordered list; stages with an id are renamed/moved, without one created, missing ones removed (only when empty). */
  stages: z
    .array(
      z.object({
        id: z.number().int().optional(),
        name: z.string().trim().min(1).max(STAGE_NAME_MAX_LENGTH),
      }),
    )
    .min(1)
    .max(STAGES_MAX),
});
export type StagesInput = z.infer<typeof stagesInputSchema>;
/**
 * A new vacancy, optionally with its pipeline's stage names (from a pipeline template, edited on the
 * same screen); without them it gets the default stages.
 */
export const vacancyCreateInputSchema = vacancyInputSchema.extend({
  stages: z
    .array(z.string().trim().min(1).max(STAGE_NAME_MAX_LENGTH))
    .min(1)
    .max(STAGES_MAX)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
      message: 'errors.invalid_value',
    })
    .optional(),
});
export type VacancyCreateInput = z.infer<typeof vacancyCreateInputSchema>;
export const stagesResponseSchema = z.object({ data: z.array(stageSchema) });

/** Names for the vacancy editor's pickers (teams, staff). */
export const namedItemsResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** A piece of a search snippet; `match` pieces are the words found (render as text, highlighted). */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

/** One application as the board and the list show it. */
export const applicationSummarySchema = z.object({
  id: z.number().int(),
  candidate: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Absent when the role may not see e-mails / phones (fields_view). */
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  }),
  vacancy: z.object({ id: z.number().int(), name: z.string() }),
  stage: stageSchema,
  source: z.string(),
  created_at: z.string(),
  /** The same person applied before (matched by e-mail or phone). */
  is_repeat: z.boolean(),
  /** Set when the application was rejected (issue 17): why and when; it keeps its stage of exit. */
  rejection: z.object({ reason: z.string().nullable(), rejected_at: z.string() }).nullable().optional(),
  /** The company tags put on it (issue 17), by name; the server always sends them. */
  tags: z.array(appliedTagSchema).optional(),
  /** When it entered its current stage (its last stage move, else when it arrived): days in stage. */
  stage_entered_at: z.string().optional(),
  /** The latest scorecard's recommendation the user may see; null when none (issue 17, board cards). */
  latest_recommendation: z.enum(SCORECARD_RECOMMENDATIONS).nullable().optional(),
  /** While the list is searched: where it matched, as text pieces (decision 027); absent otherwise. */
  snippet: z.array(snippetPartSchema).optional(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

/**
 * Columns the applications list sorts by (issue 17), each with a stable tie-break (the id): applied
 * date, candidate name, vacancy, stage (pipeline position), source, latest rating, days in stage.
 */
export const APPLICATION_SORT_COLUMNS = [
  'applied',
  'name',
  'vacancy',
  'stage',
  'source',
  'rating',
  'days_in_stage',
] as const;
export type ApplicationSortColumn = (typeof APPLICATION_SORT_COLUMNS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The direction a column sorts in when none is given: newest, best rated and longest waiting first. */
export const DEFAULT_SORT_ORDER: Record<ApplicationSortColumn, SortOrder> = {
  applied: 'desc',
  name: 'asc',
  vacancy: 'asc',
  stage: 'asc',
  source: 'asc',
  rating: 'desc',
  days_in_stage: 'desc',
};

export const applicationListQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema.optional(),
  vacancy_id: queryIdSchema.optional(),
  stage_id: queryIdSchema.optional(),
  source: searchTextSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Applications carrying this tag. */
  tag_id: queryIdSchema.optional(),
  /** The column sorted by (applied date when absent), and the direction (the column's default when absent). */
  sort: z.enum(APPLICATION_SORT_COLUMNS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;
/** The most applications an export picks by id (`ids`: the list's selection, comma-separated). */
export const EXPORT_IDS_MAX = 500;
/** The export takes the list's filters (not its paging) and a file format; `ids` narrows it to a selection. */
export const applicationExportQuerySchema = applicationListQuerySchema
  .omit({ page: true, per_page: true })
  .extend({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    ids: z
      .string()
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/)
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .pipe(z.array(objectIdSchema).max(EXPORT_IDS_MAX))
      .optional(),
  });
export const applicationSummaryResponseSchema = z.object({ data: applicationSummarySchema });
export const applicationListResponseSchema = z.object({
  data: z.array(applicationSummarySchema),
  meta: pageMetaSchema,
});

export const applicationFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  format: z.string().nullable(),
  /** Permission-checked download (Content-Disposition: attachment). */
  download_url: z.string(),
});

/** The candidate card: every answer with its field, files, parsed CV text, other applications. */
export const applicationDetailsSchema = applicationSummarySchema.extend({
  answers: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      input_type: z.string(),
      /** The answer as stored (text, list of ids, {min,max,currency}, language rows…). */
      value: z.unknown(),
      /** The answer as a person reads it (option names instead of ids, formatted salary…). */
      display: z.string(),
      files: z.array(applicationFileSchema),
    }),
  ),
  cv_text: z.string().nullable(),
  other_applications: z.array(
    z.object({
      id: z.number().int(),
      vacancy: z.object({ id: z.number().int(), name: z.string() }),
      created_at: z.string(),
    }),
  ),
});
export type ApplicationDetails = z.infer<typeof applicationDetailsSchema>;
export const applicationDetailsResponseSchema = z.object({ data: applicationDetailsSchema });

/** A stage move, optionally with a mail to the candidate about it. */
export const moveApplicationInputSchema = z.object({
  stage_id: objectIdSchema,
  mail: mailDraftSchema.nullable().optional(),
});
export type MoveApplicationInput = z.input<typeof moveApplicationInputSchema>;

/**
 * A staff comment on an application. A private one (`is_shared: false`) is seen by its author and by
 * roles with `see_all_comments`; a shared one by everyone who may see the application
 * (docs/decisions/011-comment-visibility.md).
 */
export const commentSchema = z.object({
  id: z.number().int(),
  /** Plain text; `<@id>` names a mentioned colleague (see `mentions` for their names). */
  text: z.string(),
  is_shared: z.boolean(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  /** The colleagues the text mentions, by account id and name. */
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** When its author last changed the text; null when never edited. */
  edited_at: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentResponseSchema = z.object({ data: commentSchema });
export const commentListResponseSchema = z.object({ data: z.array(commentSchema) });
/** The longest comment on an application. */
export const COMMENT_MAX_LENGTH = 5000;
/**
 * A new comment: private unless `is_shared`, which needs the `share_comments` action. Colleagues are
 * mentioned by `<@id>` in the text (at most MENTIONS_MAX); each must be able to read the comment, or
 * the comment is refused (422 under `text`).
 */
export const commentInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1)
    .max(COMMENT_MAX_LENGTH)
    .refine((text) => findMentionIds(text).length <= MENTIONS_MAX, { message: 'errors.invalid_value' }),
  is_shared: z.boolean().default(false),
});
export type CommentInput = z.input<typeof commentInputSchema>;
/** An edit of one's own comment: the new text (mentions as for a new comment) and, optionally, sharing. */
export const commentUpdateInputSchema = z.object({
  text: commentInputSchema.shape.text,
  is_shared: z.boolean().optional(),
});
export type CommentUpdateInput = z.input<typeof commentUpdateInputSchema>;
export const commentParamsSchema = z.object({ id: objectIdParamSchema, commentId: objectIdParamSchema });

export const notificationCountSchema = z.object({ data: z.object({ unread: z.number().int() }) });
/** Which notifications to mark read; without `ids`, all of the user's. */
export const markNotificationsReadInputSchema = z
  .object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(1000).optional() })
  .nullish();
