import { z } from 'zod';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../constants';
import { ISSUE_KEYS, validateEmail, validatePhone } from '../validation/rules';
import { objectIdSchema, pageMetaSchema, searchTextSchema } from './common';
import {
  applicationListQuerySchema,
  applicationSummarySchema,
  snippetPartSchema,
  stageSchema,
} from './recruiting';

/*
 * One person, many applications (issue 17): a candidate is a person with all their applications,
 * merged and unmerged by staff; the people view of the list; full-text search over CVs and answers
 * (docs/decisions/027-candidate-search.md). Paths are in routes.ts under `recruiting.candidates*`.
 */

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** One of a person's applications as the card and the people view list it. */
export const personApplicationSchema = z.object({
  id: z.number().int(),
  vacancy: namedSchema,
  stage: stageSchema,
  created_at: z.string(),
  source: z.string(),
  /** Set when it was rejected: it keeps its stage of exit. */
  rejected_at: z.string().nullable(),
});
export type PersonApplication = z.infer<typeof personApplicationSchema>;

/** A candidate's identity: e-mail and phone are absent when the role may not see them (fields_view). */
const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

/** The list's filters (not its sorting): the people view lists people with a matching application. */
export const candidateListQuerySchema = applicationListQuerySchema.omit({ sort: true, order: true });
export type CandidateListQuery = z.infer<typeof candidateListQuerySchema>;

/** One row of the people view: a person, how many applications the user sees, and the latest. */
export const candidateListItemSchema = personSchema.extend({
  application_count: z.number().int(),
  latest_application: personApplicationSchema,
});
export type CandidateListItem = z.infer<typeof candidateListItemSchema>;
export const candidateListResponseSchema = z.object({
  data: z.array(candidateListItemSchema),
  meta: pageMetaSchema,
});

/** Why another candidate may be the same person. */
export const DUPLICATE_MATCHES = ['name', 'email', 'phone'] as const;
export type DuplicateMatch = (typeof DUPLICATE_MATCHES)[number];

/** A merge into this person that can be undone: who was merged, when, by whom, which applications moved. */
export const candidateMergeSchema = z.object({
  id: z.number().int(),
  merged: namedSchema,
  merged_at: z.string(),
  actor: namedSchema.nullable(),
  application_ids: z.array(z.number().int()),
});
export type CandidateMerge = z.infer<typeof candidateMergeSchema>;

/**
 * A person: their applications the user may see (newest first), the merges into them not undone, and
 * other candidates that may be the same person (same name with other contacts, or same contacts),
 * each with the applications the user may see. `can_merge`: the user's Candidate update level reaches
 * every application of this person.
 */
export const candidateDetailsSchema = personSchema.extend({
  applications: z.array(personApplicationSchema),
  merges: z.array(candidateMergeSchema),
  duplicates: z.array(
    personSchema.extend({
      matched_on: z.array(z.enum(DUPLICATE_MATCHES)),
      applications: z.array(personApplicationSchema),
    }),
  ),
  can_merge: z.boolean(),
  /**
   * The user may correct this person's details (PUT): the same reach as a merge. Which of them they
   * may write follows what they see: `email` / `phone` absent above means that field is not theirs.
   */
  can_edit: z.boolean(),
});
export type CandidateDetails = z.infer<typeof candidateDetailsSchema>;
export const candidateDetailsResponseSchema = z.object({ data: candidateDetailsSchema });

/** The longest name of a candidate, in characters. */
export const CANDIDATE_NAME_MAX_LENGTH = 200;
/** The longest e-mail address (RFC 5321's path limit less the brackets). */
export const CANDIDATE_EMAIL_MAX_LENGTH = 254;

/**
 * Corrected details of a person, validated as the careers form validates them (spec §5): a name that
 * is not blank, an e-mail address, a phone of digits and `+` with 7 to 15 characters. Only the fields
 * sent change; null empties an e-mail or a phone. Refinements name the catalog key they fail with.
 */
export const candidateEditInputSchema = z.object({
  name: z.string().trim().min(1).max(CANDIDATE_NAME_MAX_LENGTH).optional(),
  email: z
    .string()
    .trim()
    .max(CANDIDATE_EMAIL_MAX_LENGTH)
    .refine((text) => text !== '' && validateEmail(text) === null, { message: ISSUE_KEYS.email })
    .nullable()
    .optional(),
  phone: z
    .string()
    .trim()
    .min(PHONE_MIN_LENGTH)
    .max(PHONE_MAX_LENGTH)
    .refine((text) => validatePhone(text)?.key !== ISSUE_KEYS.phone, { message: ISSUE_KEYS.phone })
    .nullable()
    .optional(),
});
export type CandidateEditInput = z.input<typeof candidateEditInputSchema>;

/** Merge `candidate_id` into the candidate of the path (which survives with its name and contacts). */
export const mergeCandidateInputSchema = z.object({ candidate_id: objectIdSchema });
export type MergeCandidateInput = z.input<typeof mergeCandidateInputSchema>;

/** "Not the same person": the suggestion of `candidate_id` is not shown again. */
export const dismissDuplicateInputSchema = z.object({ candidate_id: objectIdSchema });
export type DismissDuplicateInput = z.input<typeof dismissDuplicateInputSchema>;

/** An undone merge: the two people are apart again. */
export const undoMergeResponseSchema = z.object({
  data: z.object({ survivor_id: z.number().int(), merged_id: z.number().int() }),
});

/** Full-text search: the list's filters, and the words to find (at least one). */
export const applicationSearchQuerySchema = candidateListQuerySchema.extend({
  search: searchTextSchema.min(1),
});
export type ApplicationSearchQuery = z.infer<typeof applicationSearchQuerySchema>;

export { type SnippetPart, snippetPartSchema } from './recruiting';

/** One search result: the application, its rank (ts_rank; higher first) and where the words were found. */
export const applicationSearchHitSchema = z.object({
  application: applicationSummarySchema,
  rank: z.number(),
  /** The passage that matched, from the CV (field_files) or the answers; empty when only the name matched. */
  snippet: z.array(snippetPartSchema),
  snippet_source: z.enum(['cv', 'answers']).nullable(),
});
export type ApplicationSearchHit = z.infer<typeof applicationSearchHitSchema>;
/**
 * How many applications a ranked search counts at most (docs/decisions/030): past it, `meta.total`
 * is this number and `meta.total_is_capped` is true ("1,000+ results").
 */
export const SEARCH_TOTAL_CAP = 1000;
/** A ranked search's paging: the list's, with the total counted only up to SEARCH_TOTAL_CAP. */
export const searchPageMetaSchema = pageMetaSchema.extend({
  /** True when more than SEARCH_TOTAL_CAP applications match: `total` is then the cap, not the count. */
  total_is_capped: z.boolean(),
});
export type SearchPageMeta = z.infer<typeof searchPageMetaSchema>;
export const applicationSearchResponseSchema = z.object({
  data: z.array(applicationSearchHitSchema),
  meta: searchPageMetaSchema,
});
