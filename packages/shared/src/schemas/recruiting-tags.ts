import { z } from 'zod';
import { objectIdParamSchema, objectIdSchema } from './common';
import { applicationIdsSchema } from './recruiting-mail';

/*
 * Recruiting tags and comment mentions (issue 17). Tags are a company dictionary (Vacancy.Tag) put on
 * applications; paths in routes.ts under `recruiting.tags*` and `recruiting.applications.tags*`.
 * A comment mentions a colleague by writing `<@id>` (their staff account id) in its text.
 */

/**
 * Tag colours: each is a light background with dark text of the same hue (contrast above 7:1), so a
 * tag reads the same whatever colour is chosen. The HR app maps them to its chip styles.
 */
export const TAG_COLORS = [
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const TAG_NAME_MAX = 50;

/** A tag as applications carry it. */
export const appliedTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.enum(TAG_COLORS),
});
export type AppliedTag = z.infer<typeof appliedTagSchema>;

/** A tag of the dictionary: how many applications carry it, and whether the user may change it. */
export const tagSchema = appliedTagSchema.extend({
  applications_count: z.number().int(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListResponseSchema = z.object({ data: z.array(tagSchema) });
export const tagResponseSchema = z.object({ data: tagSchema });

export const tagInputSchema = z.object({
  name: z.string().trim().min(1).max(TAG_NAME_MAX),
  color: z.enum(TAG_COLORS).default('grey'),
});
export type TagInput = z.input<typeof tagInputSchema>;

/** POST recruiting.applications.tags: put a tag on an application (nothing changes if it carries it). */
export const applicationTagInputSchema = z.object({ tag_id: objectIdSchema });
export type ApplicationTagInput = z.input<typeof applicationTagInputSchema>;
/** The application's tags after the change. */
export const applicationTagsResponseSchema = z.object({ data: z.array(appliedTagSchema) });
export const applicationTagParamsSchema = z.object({ id: objectIdParamSchema, tagId: objectIdParamSchema });
/**
 * POST recruiting.applications.bulkTags: one tag on many applications; answered per application like
 * the other bulk actions (bulkResultResponseSchema: `done` also when it carried the tag already).
 */
export const bulkTagInputSchema = z.object({ application_ids: applicationIdsSchema, tag_id: objectIdSchema });
export type BulkTagInput = z.input<typeof bulkTagInputSchema>;

/** Mentions: `<@12>` in a comment's text names staff account 12. */
const MENTION = /<@([1-9]\d{0,9})>/g;

/** The staff account ids a comment's text mentions, each once, in order of first mention. */
export function findMentionIds(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(MENTION)) ids.add(Number(match[1]));
  return [...ids];
}

/** The text in pieces: plain text and mentions, for rendering mentions as chips. */
export function splitMentions(text: string): ({ text: string } | { mention: number })[] {
  const parts: ({ text: string } | { mention: number })[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: text.slice(last, index) });
    parts.push({ mention: Number(match[1]) });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The most colleagues one comment may mention. */
export const MENTIONS_MAX = 20;

/** A colleague who may be mentioned on an application; `reads_private` when they read private comments too. */
export const mentionableSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reads_private: z.boolean(),
});
export type Mentionable = z.infer<typeof mentionableSchema>;
export const mentionableListResponseSchema = z.object({ data: z.array(mentionableSchema) });
