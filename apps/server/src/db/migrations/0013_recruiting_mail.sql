CREATE TABLE "application_activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_activities_kind_check" CHECK (kind in ('received', 'repeat_received', 'stage_moved', 'rejected', 'reopened'))
);
--> statement-breakpoint
CREATE TABLE "application_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"template_id" integer,
	"sender_id" integer,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_mails_state_check" CHECK (state in ('scheduled', 'queued', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "application_mails_kind_check" CHECK (kind in ('manual', 'acknowledgement', 'rejection', 'stage'))
);
--> statement-breakpoint
CREATE TABLE "application_rejections" (
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"reason_id" integer,
	"stage_id" integer,
	"rejected_by" integer,
	"rejected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" integer,
	CONSTRAINT "application_rejections_company_id_application_id_pk" PRIMARY KEY("company_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "candidate_mail_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_mail_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_mail_templates_purpose_check" CHECK (purpose in ('acknowledgement', 'rejection', 'generic')),
	CONSTRAINT "candidate_mail_templates_locale_check" CHECK (locale in ('en', 'ru', 'uk'))
);
--> statement-breakpoint
CREATE TABLE "recruiting_mail_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"auto_acknowledge" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dictionary_items" DROP CONSTRAINT "dictionary_items_dictionary_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "application_activities" ADD CONSTRAINT "application_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_activities" ADD CONSTRAINT "application_activities_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_activities" ADD CONSTRAINT "application_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_mails" ADD CONSTRAINT "application_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_mails" ADD CONSTRAINT "application_mails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_mails" ADD CONSTRAINT "application_mails_template_id_candidate_mail_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."candidate_mail_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_mails" ADD CONSTRAINT "application_mails_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_reason_id_dictionary_items_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_stage_id_vacancy_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."vacancy_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_mail_id_application_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."application_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_mail_templates" ADD CONSTRAINT "candidate_mail_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_mail_settings" ADD CONSTRAINT "recruiting_mail_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_activities_application_idx" ON "application_activities" USING btree ("company_id","application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_mails_application_idx" ON "application_mails" USING btree ("company_id","application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_rejections_reason_idx" ON "application_rejections" USING btree ("company_id","reason_id");--> statement-breakpoint
CREATE INDEX "candidate_mail_templates_company_idx" ON "candidate_mail_templates" USING btree ("company_id","purpose","locale");--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_dictionary_check" CHECK (dictionary in ('experience', 'search_status', 'sex', 'language', 'language_level', 'currency', 'employment_type', 'relative_type', 'dismissal_reason', 'terms_of_cooperation', 'marital_status', 'portfolio_icon', 'people_status', 'grade', 'event_template', 'rejection_reason'));--> statement-breakpoint
-- Every existing application gets its "received" history entry (with its source), dated when it arrived.
INSERT INTO "application_activities" ("company_id", "application_id", "kind", "data", "created_at")
SELECT "company_id", "id", 'received', jsonb_build_object('source', "source"), "created_at" FROM "applications";
