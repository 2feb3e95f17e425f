CREATE TABLE "team_calendars" (
	"company_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"calendar_id" integer NOT NULL,
	CONSTRAINT "team_calendars_team_id_pk" PRIMARY KEY("team_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_layouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_layouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer,
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'application_created' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "absence_request_id" integer;--> statement-breakpoint
ALTER TABLE "team_calendars" ADD CONSTRAINT "team_calendars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_calendars" ADD CONSTRAINT "team_calendars_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_calendars" ADD CONSTRAINT "team_calendars_calendar_id_work_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."work_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_calendars_company_calendar_idx" ON "team_calendars" USING btree ("company_id","calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_layouts_user_key" ON "dashboard_layouts" USING btree ("company_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_layouts_company_default_key" ON "dashboard_layouts" USING btree ("company_id") WHERE user_id is null;--> statement-breakpoint
CREATE INDEX "dashboard_layouts_company_idx" ON "dashboard_layouts" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_absence_request_id_absence_requests_id_fk" FOREIGN KEY ("absence_request_id") REFERENCES "public"."absence_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_requests_company_live_end_idx" ON "absence_requests" USING btree ("company_id","date_to","date_from") WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_absence_key" ON "notifications" USING btree ("company_id","user_id","absence_request_id","kind") WHERE absence_request_id is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('application_created', 'absence_requested', 'absence_step_approved', 'absence_approved', 'absence_rejected', 'absence_cancelled', 'absence_revoked'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target_check" CHECK ((application_id is not null) <> (absence_request_id is not null));