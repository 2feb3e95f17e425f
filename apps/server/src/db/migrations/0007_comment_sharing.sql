-- Comments become private to their author unless shared (docs/decisions/011-comment-visibility.md).
-- Every comment written before that rule was readable by everyone who could see the application, so
-- existing comments are shared: nothing disappears for the people who read them today.
ALTER TABLE "application_comments" ADD COLUMN "is_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "application_comments" SET "is_shared" = true;
