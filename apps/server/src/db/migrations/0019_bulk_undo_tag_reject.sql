ALTER TABLE "application_bulk_actions" DROP CONSTRAINT "application_bulk_actions_kind_check";--> statement-breakpoint
ALTER TABLE "application_bulk_actions" ADD COLUMN "tag_id" integer;--> statement-breakpoint
ALTER TABLE "application_bulk_actions" ADD CONSTRAINT "application_bulk_actions_tag_id_recruiting_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."recruiting_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_actions" ADD CONSTRAINT "application_bulk_actions_kind_check" CHECK (kind in ('move', 'tag', 'reject'));