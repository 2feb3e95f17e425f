import { z } from 'zod';
import { LOCALES } from '../constants';

export const careersSettingsSchema = z.object({
  name: z.string(),
  avatar_src: z.string().nullable(),
  font: z.string().nullable(),
  colors: z.object({
    background: z.string(),
    header: z.string(),
    button: z.string(),
  }),
  /** Whether search engines may index the site (robots, rel of footer links). */
  indexing: z.boolean(),
});
export type CareersSettings = z.infer<typeof careersSettingsSchema>;

export const languageEntrySchema = z.object({
  code: z.enum(LOCALES),
  name: z.string(),
  emoji: z.string(),
});
export type LanguageEntry = z.infer<typeof languageEntrySchema>;

/**
 * Data the server embeds in the careers page as JSON in <script id="page-data">.
 * Without `vacancyId` the list is shown; with it, the details page.
 */
export const careersPageDataSchema = z.object({
  vacancyId: z.number().int().nullable(),
  vacanciesListUrl: z.string(),
  consentPageUrl: z.string().nullable(),
  captchaSiteKey: z.string().nullable(),
  settings: careersSettingsSchema,
  languages: z.array(languageEntrySchema),
  currentLanguage: z.enum(LOCALES),
  translations: z.record(z.string(), z.string()),
  notFound: z.boolean(),
});
export type CareersPageData = z.infer<typeof careersPageDataSchema>;
