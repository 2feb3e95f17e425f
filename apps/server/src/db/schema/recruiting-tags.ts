import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applicationComments, applications } from './applications';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

// Recruiting's tags and comment mentions (issue 17): a company dictionary of coloured tags put on
// applications, and the colleagues an application comment mentions (docs/glossary.md).

/** Tag colours; kept in step with TAG_COLORS of @kadry/shared (each a light background, dark text). */
const TAG_COLORS = ['grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;

/** A company's tag (Vacancy.Tag): a name unique in the company whatever its case, and a colour. */
export const recruitingTags = pgTable(
  'recruiting_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    color: text('color', { enum: TAG_COLORS }).notNull().default('grey'),
    /** Who made it: the owner a role's only_my / only_my_and_my_team Vacancy.Tag level reaches. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('recruiting_tags_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    check('recruiting_tags_color_check', buildInListCheck('color', TAG_COLORS)),
  ],
);
export type RecruitingTag = typeof recruitingTags.$inferSelect;

/** A tag put on an application; removing the tag from the dictionary removes it everywhere. */
export const applicationTags = pgTable(
  'application_tags',
  {
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => recruitingTags.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.applicationId, t.tagId] }),
    // The list's and the board's tag filter.
    index('application_tags_tag_idx').on(t.companyId, t.tagId, t.applicationId),
  ],
);

/**
 * A colleague an application comment mentions (`<@id>` in its text): told in the app and by mail
 * when the comment is written or an edit adds them.
 */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    companyId: createCompanyIdColumn(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => applicationComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.commentId, t.userId] }),
    index('comment_mentions_user_idx').on(t.companyId, t.userId),
  ],
);
