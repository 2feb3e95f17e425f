CREATE TABLE "interview_interviewers" (
	"company_id" integer NOT NULL,
	"interview_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "interview_interviewers_interview_id_user_id_pk" PRIMARY KEY("interview_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"location" text,
	"video_url" text,
	"note" text,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"organizer_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_state_check" CHECK (state in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "scorecards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scorecards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"interview_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"ratings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendation" text NOT NULL,
	"notes" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorecards_recommendation_check" CHECK (recommendation in ('strong_no', 'no', 'yes', 'strong_yes'))
);
--> statement-breakpoint
CREATE TABLE "vacancy_interviewers" (
	"company_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "vacancy_interviewers_vacancy_id_user_id_pk" PRIMARY KEY("vacancy_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "application_activities" DROP CONSTRAINT "application_activities_kind_check";--> statement-breakpoint
ALTER TABLE "application_mails" DROP CONSTRAINT "application_mails_kind_check";--> statement-breakpoint
ALTER TABLE "application_mails" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "hiring_manager_id" integer;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "salary_min" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "salary_max" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "salary_period" text;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "scorecard_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_interviewers" ADD CONSTRAINT "vacancy_interviewers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_interviewers" ADD CONSTRAINT "vacancy_interviewers_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_interviewers" ADD CONSTRAINT "vacancy_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_interviewers_user_idx" ON "interview_interviewers" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "interviews_application_idx" ON "interviews" USING btree ("company_id","application_id","starts_at");--> statement-breakpoint
CREATE INDEX "interviews_company_start_idx" ON "interviews" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_uid_key" ON "interviews" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "scorecards_interview_author_key" ON "scorecards" USING btree ("interview_id","author_id");--> statement-breakpoint
CREATE INDEX "scorecards_application_idx" ON "scorecards" USING btree ("company_id","application_id");--> statement-breakpoint
CREATE INDEX "vacancy_interviewers_user_idx" ON "vacancy_interviewers" USING btree ("company_id","user_id");--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_hiring_manager_id_users_id_fk" FOREIGN KEY ("hiring_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_activities" ADD CONSTRAINT "application_activities_kind_check" CHECK (kind in ('received', 'repeat_received', 'stage_moved', 'rejected', 'reopened', 'interview_scheduled', 'interview_rescheduled', 'interview_cancelled', 'scorecard_submitted'));--> statement-breakpoint
ALTER TABLE "application_mails" ADD CONSTRAINT "application_mails_kind_check" CHECK (kind in ('manual', 'acknowledgement', 'rejection', 'stage', 'interview'));--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_salary_period_check" CHECK (salary_period is null or salary_period in ('hour', 'day', 'week', 'month', 'year'));