CREATE TABLE "absence_month_amounts" (
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"month" date NOT NULL,
	"employee_id" integer NOT NULL,
	"absence_type_id" integer NOT NULL,
	"hundredths" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_month_amounts_request_id_month_pk" PRIMARY KEY("request_id","month"),
	CONSTRAINT "absence_month_amounts_month_check" CHECK (extract(day from "absence_month_amounts"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "action_template_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_template_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"occurs_on" date NOT NULL,
	"task_id" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"template_key" integer NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"is_standard" boolean DEFAULT false NOT NULL,
	"names" jsonb,
	"description" text,
	"task_type" text NOT NULL,
	"assignee" text NOT NULL,
	"assignee_user_id" integer,
	"trigger" text NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_templates_task_type_check" CHECK (task_type in ('custom', 'call', 'skype_call', 'job_interview', 'review', 'one_to_one', 'test_task', 'test_period', 'welcome_meeting', 'adaptation_meeting', 'exit_interview')),
	CONSTRAINT "action_templates_assignee_check" CHECK (assignee in ('user', 'manager', 'employee')),
	CONSTRAINT "action_templates_trigger_check" CHECK (trigger in ('start_of_work', 'probation_end', 'birthday', 'dismissal', 'work_anniversary')),
	CONSTRAINT "action_templates_category_check" CHECK (category between 1 and 3),
	CONSTRAINT "action_templates_offset_check" CHECK (offset_days between -365 and 365),
	CONSTRAINT "action_templates_key_check" CHECK (template_key > 0),
	CONSTRAINT "action_templates_names_check" CHECK (names is not null or is_standard)
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer,
	"event_id" integer NOT NULL,
	"event_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_duplicate_dismissals" (
	"company_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"other_candidate_id" integer NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_duplicate_dismissals_company_id_candidate_id_other_candidate_id_pk" PRIMARY KEY("company_id","candidate_id","other_candidate_id")
);
--> statement-breakpoint
CREATE TABLE "candidate_merge_applications" (
	"company_id" integer NOT NULL,
	"merge_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "candidate_merge_applications_merge_id_application_id_pk" PRIMARY KEY("merge_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "candidate_merges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"survivor_id" integer NOT NULL,
	"merged_id" integer NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "corp_event_teams" (
	"company_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	CONSTRAINT "corp_event_teams_event_id_team_id_pk" PRIMARY KEY("event_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "corp_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corp_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corp_events_audience_check" CHECK (audience in ('everyone', 'teams')),
	CONSTRAINT "corp_events_range_check" CHECK (ends_at >= starts_at and end_date >= start_date),
	CONSTRAINT "corp_events_times_check" CHECK ((all_day and start_time is null and end_time is null) or (not all_day and start_time is not null and end_time is not null))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"asker_id" integer,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by_id" integer,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(subject || ' ' || text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_status_check" CHECK (status in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "application_bulk_action_items" (
	"company_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"from_stage_id" integer,
	"activity_id" integer NOT NULL,
	CONSTRAINT "application_bulk_action_items_action_id_application_id_pk" PRIMARY KEY("action_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "application_bulk_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_bulk_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"to_stage_id" integer,
	"moved_count" integer DEFAULT 0 NOT NULL,
	"undoable_until" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_bulk_actions_kind_check" CHECK (kind in ('move'))
);
--> statement-breakpoint
CREATE TABLE "pipeline_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruiting_saved_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruiting_saved_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"layout" text DEFAULT 'list' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruiting_saved_views_layout_check" CHECK (layout in ('list', 'board'))
);
--> statement-breakpoint
CREATE TABLE "application_tags" (
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_tags_company_id_application_id_tag_id_pk" PRIMARY KEY("company_id","application_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "comment_mentions" (
	"company_id" integer NOT NULL,
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_mentions_company_id_comment_id_user_id_pk" PRIMARY KEY("company_id","comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "recruiting_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recruiting_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'grey' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruiting_tags_color_check" CHECK (color in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'))
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"author_user_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"rating" smallint,
	"comment_type" smallint DEFAULT 1 NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_comments_rating_check" CHECK (rating is null or rating between 1 and 5),
	CONSTRAINT "task_comments_type_check" CHECK (comment_type in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "task_files" (
	"company_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"comment_id" integer,
	"file_id" integer NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_files_file_id_pk" PRIMARY KEY("file_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"event_id" smallint NOT NULL,
	"starts_at" timestamp NOT NULL,
	"ends_at" timestamp NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"employee_id" integer,
	"application_id" integer,
	"assignee_employee_id" integer NOT NULL,
	"author_user_id" integer,
	"template_id" integer,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_event_id_check" CHECK (event_id between 1 and 11),
	CONSTRAINT "tasks_range_check" CHECK (ends_at >= starts_at),
	CONSTRAINT "tasks_resolution_check" CHECK (resolution in ('done', 'not_done', 'cancelled')),
	CONSTRAINT "tasks_resolved_check" CHECK ((resolution is null) = (resolved_at is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_target_check";--> statement-breakpoint
ALTER TABLE "application_activities" DROP CONSTRAINT "application_activities_kind_check";--> statement-breakpoint
ALTER TABLE "application_comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cv_text" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', jsonb_path_query_array(answers, '$[*] ? (!(@.type == "email" || @.input_type == "email" || @.type == "phone" || @.input_type == "phone" || @.type == "cv" || @.type == "files" || @.input_type == "files" || @.type == "salary" || @.input_type == "salary" || @.type == "birthdate") && !(@.name like_regex "e-?mail|почт|пошт|имейл|імейл" flag "i") && !(@.name like_regex "phone|mobile|(^|[^a-z])cell([^a-z]|$)|телефон|мобильн|мобільн" flag "i")).value')), 'A') || setweight(to_tsvector('simple', regexp_replace(regexp_replace(coalesce(cv_text, ''), '\S+@\S+', ' ', 'g'), '\+?[0-9](?:[ ()./-]{0,2}[0-9]){8,}', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "absence_month_amounts" ADD CONSTRAINT "absence_month_amounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_month_amounts" ADD CONSTRAINT "absence_month_amounts_request_id_absence_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."absence_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_template_tasks" ADD CONSTRAINT "action_template_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_template_tasks" ADD CONSTRAINT "action_template_tasks_template_id_action_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."action_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_template_tasks" ADD CONSTRAINT "action_template_tasks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_template_tasks" ADD CONSTRAINT "action_template_tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_templates" ADD CONSTRAINT "action_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_templates" ADD CONSTRAINT "action_templates_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_other_candidate_id_candidates_id_fk" FOREIGN KEY ("other_candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merge_applications" ADD CONSTRAINT "candidate_merge_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merge_applications" ADD CONSTRAINT "candidate_merge_applications_merge_id_candidate_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."candidate_merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merge_applications" ADD CONSTRAINT "candidate_merge_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_survivor_id_candidates_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_merged_id_candidates_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_event_teams" ADD CONSTRAINT "corp_event_teams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_event_teams" ADD CONSTRAINT "corp_event_teams_event_id_corp_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."corp_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_event_teams" ADD CONSTRAINT "corp_event_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_events" ADD CONSTRAINT "corp_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_events" ADD CONSTRAINT "corp_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_action_items" ADD CONSTRAINT "application_bulk_action_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_action_items" ADD CONSTRAINT "application_bulk_action_items_action_id_application_bulk_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."application_bulk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_action_items" ADD CONSTRAINT "application_bulk_action_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_actions" ADD CONSTRAINT "application_bulk_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_actions" ADD CONSTRAINT "application_bulk_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_bulk_actions" ADD CONSTRAINT "application_bulk_actions_to_stage_id_vacancy_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."vacancy_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_templates" ADD CONSTRAINT "pipeline_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_templates" ADD CONSTRAINT "pipeline_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_saved_views" ADD CONSTRAINT "recruiting_saved_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_saved_views" ADD CONSTRAINT "recruiting_saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tags" ADD CONSTRAINT "application_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tags" ADD CONSTRAINT "application_tags_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tags" ADD CONSTRAINT "application_tags_tag_id_recruiting_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."recruiting_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tags" ADD CONSTRAINT "application_tags_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_application_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."application_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_tags" ADD CONSTRAINT "recruiting_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruiting_tags" ADD CONSTRAINT "recruiting_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_comment_id_task_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."task_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_employee_id_employees_id_fk" FOREIGN KEY ("assignee_employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_month_amounts_request_idx" ON "absence_month_amounts" USING btree ("company_id","request_id");--> statement-breakpoint
CREATE INDEX "absence_month_amounts_report_idx" ON "absence_month_amounts" USING btree ("company_id","month","employee_id","absence_type_id","hundredths");--> statement-breakpoint
CREATE UNIQUE INDEX "action_template_tasks_occurrence_key" ON "action_template_tasks" USING btree ("company_id","template_id","employee_id","occurs_on");--> statement-breakpoint
CREATE INDEX "action_template_tasks_company_task_idx" ON "action_template_tasks" USING btree ("company_id","task_id");--> statement-breakpoint
CREATE INDEX "action_template_tasks_employee_idx" ON "action_template_tasks" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_templates_company_key" ON "action_templates" USING btree ("company_id","template_key");--> statement-breakpoint
CREATE INDEX "action_templates_company_active_idx" ON "action_templates" USING btree ("company_id","is_active");--> statement-breakpoint
CREATE INDEX "analytics_events_company_event_time_idx" ON "analytics_events" USING btree ("company_id","event_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_company_time_idx" ON "analytics_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "candidate_merge_applications_application_idx" ON "candidate_merge_applications" USING btree ("company_id","application_id");--> statement-breakpoint
CREATE INDEX "candidate_merges_survivor_idx" ON "candidate_merges" USING btree ("company_id","survivor_id","created_at");--> statement-breakpoint
CREATE INDEX "candidate_merges_merged_idx" ON "candidate_merges" USING btree ("company_id","merged_id");--> statement-breakpoint
CREATE INDEX "corp_event_teams_team_idx" ON "corp_event_teams" USING btree ("company_id","team_id");--> statement-breakpoint
CREATE INDEX "corp_events_company_starts_idx" ON "corp_events" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "corp_events_company_ends_idx" ON "corp_events" USING btree ("company_id","ends_at");--> statement-breakpoint
CREATE INDEX "questions_company_asker_idx" ON "questions" USING btree ("company_id","asker_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_company_status_idx" ON "questions" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "questions_search_trgm_idx" ON "questions" USING gin (search_text gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "application_bulk_action_items_application_idx" ON "application_bulk_action_items" USING btree ("company_id","application_id");--> statement-breakpoint
CREATE INDEX "application_bulk_actions_actor_idx" ON "application_bulk_actions" USING btree ("company_id","actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_templates_company_name_key" ON "pipeline_templates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "recruiting_saved_views_user_name_key" ON "recruiting_saved_views" USING btree ("company_id","user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "application_tags_tag_idx" ON "application_tags" USING btree ("company_id","tag_id","application_id");--> statement-breakpoint
CREATE INDEX "comment_mentions_user_idx" ON "comment_mentions" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruiting_tags_company_name_key" ON "recruiting_tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "task_comments_company_task_idx" ON "task_comments" USING btree ("company_id","task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_comments_task_idx" ON "task_comments" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_files_company_task_idx" ON "task_files" USING btree ("company_id","task_id");--> statement-breakpoint
CREATE INDEX "task_files_comment_idx" ON "task_files" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "tasks_company_assignee_idx" ON "tasks" USING btree ("company_id","assignee_employee_id","starts_at");--> statement-breakpoint
CREATE INDEX "tasks_company_employee_idx" ON "tasks" USING btree ("company_id","employee_id","starts_at");--> statement-breakpoint
CREATE INDEX "tasks_company_author_idx" ON "tasks" USING btree ("company_id","author_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "tasks_company_template_idx" ON "tasks" USING btree ("company_id","template_id");--> statement-breakpoint
CREATE INDEX "tasks_company_application_idx" ON "tasks" USING btree ("company_id","application_id");--> statement-breakpoint
CREATE INDEX "tasks_employee_idx" ON "tasks" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_employee_id");--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_merged_into_id_candidates_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ("search");--> statement-breakpoint
CREATE INDEX "candidates_company_phone_digits_idx" ON "candidates" USING btree ("company_id",regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "candidates_company_name_norm_idx" ON "candidates" USING btree ("company_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "candidates_name_trgm_idx" ON "candidates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_email_trgm_idx" ON "candidates" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_phone_trgm_idx" ON "candidates" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("company_id","user_id","kind","dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "notifications_target_idx" ON "notifications" USING btree ("company_id","target_type","target_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('application_created', 'absence_requested', 'absence_step_approved', 'absence_approved', 'absence_rejected', 'absence_cancelled', 'absence_revoked', 'task_assigned', 'task_commented', 'task_resolved', 'question_asked', 'question_answered', 'comment_mentioned', 'corp_event_created'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target_check" CHECK ((application_id is not null)::int + (absence_request_id is not null)::int + (target_id is not null)::int = 1);--> statement-breakpoint
ALTER TABLE "application_activities" ADD CONSTRAINT "application_activities_kind_check" CHECK (kind in ('received', 'repeat_received', 'stage_moved', 'rejected', 'reopened', 'interview_scheduled', 'interview_rescheduled', 'interview_cancelled', 'scorecard_submitted', 'tag_added', 'tag_removed', 'merged', 'unmerged'));