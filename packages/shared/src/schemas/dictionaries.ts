import { z } from 'zod';
import type { RouteName } from '../routes';
import { objectIdParamSchema, objectIdSchema, searchTextSchema } from './common';

/*
 * Dictionaries of the HR app (spec §7.2 dictionaries.*, §9): the shapes of the named read routes,
 * of the company's dictionaries screen, and the keys by which the HR app caches them.
 */

/**
 * Dictionaries a company may edit on its dictionaries screen (the careers-only ones — search status,
 * language levels, currencies — stay as shipped). `sex` is the employee's gender, `experience` the
 * employee's experience.
 */
export const EDITABLE_DICTIONARIES = [
  'employment_type',
  'relative_type',
  'dismissal_reason',
  'terms_of_cooperation',
  'marital_status',
  'language',
  'portfolio_icon',
  'experience',
  'people_status',
  'sex',
  'grade',
  'rejection_reason',
] as const;
export type EditableDictionary = (typeof EDITABLE_DICTIONARIES)[number];

/** The named read route of each editable dictionary. */
export const DICTIONARY_ROUTES = {
  employment_type: 'dictionaries.typesEmployment',
  relative_type: 'dictionaries.typesRelative',
  dismissal_reason: 'dictionaries.employeeReasonOfFire',
  terms_of_cooperation: 'dictionaries.employeeToc',
  marital_status: 'dictionaries.martialStatus',
  language: 'dictionaries.language',
  portfolio_icon: 'dictionaries.typesPortfolioIcons',
  experience: 'dictionaries.peopleExperience',
  people_status: 'dictionaries.peopleStatus',
  sex: 'dictionaries.gender',
  grade: 'dictionaries.grade',
  rejection_reason: 'dictionaries.rejectionReasons',
} as const satisfies Record<EditableDictionary, RouteName>;

/**
 * Keys of `settings.dictionaryUpdatedAt` besides the editable dictionaries: `role` (moves with
 * rolesUpdatedAt), `country` and `city` (change only with a release), and `event_template` (the
 * company's HR action templates, changed on their own settings screen: schemas/action-templates.ts).
 */
export type CachedDictionary = EditableDictionary | 'role' | 'country' | 'city' | 'event_template';

/** Most entries a country or city search answers. */
export const PLACE_SEARCH_LIMIT = 50;

/** One entry as the read routes answer it: the name in the reader's locale, the company's changes applied. */
export const dictionaryEntrySchema = z.object({
  id: z.number().int(),
  /** Stable within a dictionary ('full_time', a country's ISO code, a role's key). */
  code: z.string(),
  name: z.string(),
  /** What a dictionary needs beyond a name (an icon and URL prefix, a status colour, a template id). */
  meta: z.record(z.string(), z.unknown()),
  position: z.number().int(),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;

export const dictionaryResponseSchema = z.object({ data: z.array(dictionaryEntrySchema) });
export type DictionaryResponse = z.infer<typeof dictionaryResponseSchema>;

/** `dashboard.dictionaries.eventTemplates`: templates keyed by category (spec §3.2: '1' is HR). */
export const eventTemplatesResponseSchema = z.object({
  data: z.record(z.string(), z.array(dictionaryEntrySchema)),
});
export type EventTemplatesResponse = z.infer<typeof eventTemplatesResponseSchema>;

/** The HR event-template category and its standard templates, in order (spec §9). */
export const HR_TEMPLATE_CATEGORY = '1';
export const STANDARD_HR_TEMPLATE_IDS = [11, 12, 7, 5, 4, 13] as const;

/**
 * The event-template dictionary plus `hr` (spec §3.2): the HR category's standard templates in the
 * order of spec §9 (those present) and every other HR template as custom, in the order given. A
 * template's spec id is the entry's `id` (the action-templates module answers the dictionary).
 */
export type HrTemplates = { standard: DictionaryEntry[]; custom: DictionaryEntry[] };
export function splitHrTemplates(
  data: EventTemplatesResponse['data'],
): Record<string, DictionaryEntry[] | HrTemplates> & { hr: HrTemplates } {
  const hr = data[HR_TEMPLATE_CATEGORY] ?? [];
  const standard = STANDARD_HR_TEMPLATE_IDS.flatMap((id) => hr.filter((entry) => entry.id === id));
  const custom = hr.filter((entry) => !standard.includes(entry));
  return { ...data, hr: { standard, custom } };
}

export const placeSearchQuerySchema = z.object({
  /** Part of a name in any language, whatever the case. */
  query: searchTextSchema.optional(),
});

export const citySearchQuerySchema = placeSearchQuerySchema.extend({
  /** ISO 3166-1 alpha-2 code of the country. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase()),
});

// The dictionaries screen.

const nameSchema = z.string().trim().min(1).max(200);
/** An entry's names; English is required, the others fall back to it. */
export const entryNamesSchema = z.object({
  en: nameSchema,
  ru: nameSchema.optional(),
  uk: nameSchema.optional(),
});
export type EntryNames = z.infer<typeof entryNamesSchema>;

export const dictionaryParamsSchema = z.object({ dictionary: z.enum(EDITABLE_DICTIONARIES) });

/** An entry as editors see it: every locale's name, hidden ones included. */
export const editableEntrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The names readers see (the company's rename applied), English filled in for a missing one. */
  names: z.object({ en: z.string(), ru: z.string(), uk: z.string() }),
  meta: z.record(z.string(), z.unknown()),
  position: z.number().int(),
  /** Shipped with the product: renamed, hidden and moved per company, never deleted. */
  is_global: z.boolean(),
  is_hidden: z.boolean(),
});
export type EditableEntry = z.infer<typeof editableEntrySchema>;

export const editableDictionaryResponseSchema = z.object({
  data: z.object({
    dictionary: z.enum(EDITABLE_DICTIONARIES),
    updated_at: z.string().nullable(),
    entries: z.array(editableEntrySchema),
  }),
});
export type EditableDictionaryResponse = z.infer<typeof editableDictionaryResponseSchema>;

export const editableDictionariesResponseSchema = z.object({
  data: z.array(
    z.object({
      dictionary: z.enum(EDITABLE_DICTIONARIES),
      entries_count: z.number().int(),
      updated_at: z.string().nullable(),
    }),
  ),
});
export type EditableDictionariesResponse = z.infer<typeof editableDictionariesResponseSchema>;

export const createEntryBodySchema = z.object({ names: entryNamesSchema });
export type CreateEntryBody = z.infer<typeof createEntryBodySchema>;

/** A rename, a hide or a show; what is left out stays. */
export const updateEntryBodySchema = z.object({
  names: entryNamesSchema.optional(),
  is_hidden: z.boolean().optional(),
});
export type UpdateEntryBody = z.infer<typeof updateEntryBodySchema>;

export const entryParamsSchema = dictionaryParamsSchema.extend({
  id: objectIdParamSchema,
});

/** Every entry of the dictionary, in the new order. */
export const reorderEntriesBodySchema = z.object({
  ids: z.array(objectIdSchema).min(1).max(1_000),
});
export type ReorderEntriesBody = z.infer<typeof reorderEntriesBodySchema>;

export const editableEntryResponseSchema = z.object({ data: editableEntrySchema });
