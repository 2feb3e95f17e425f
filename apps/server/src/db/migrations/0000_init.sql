CREATE TABLE "candidates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"logo_url" text,
	"font" text,
	"color_background" text DEFAULT '#ffffff' NOT NULL,
	"color_header" text DEFAULT '#1f2937' NOT NULL,
	"color_button" text DEFAULT '#2563eb' NOT NULL,
	"indexing" boolean DEFAULT true NOT NULL,
	"consent_page_url" text,
	"captcha_provider" text DEFAULT 'none' NOT NULL,
	"captcha_site_key" text,
	"captcha_secret" text,
	"captcha_project_id" text,
	"captcha_threshold" real DEFAULT 0.5 NOT NULL,
	"captcha_allowed_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{en}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_captcha_provider_check" CHECK (captcha_provider in ('none', 'test', 'recaptcha_enterprise')),
	CONSTRAINT "companies_default_language_check" CHECK (default_language in ('en', 'ru', 'uk')),
	CONSTRAINT "companies_languages_check" CHECK (languages <@ array['en', 'ru', 'uk']::text[]),
	CONSTRAINT "companies_captcha_threshold_check" CHECK (captcha_threshold between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "cv_parses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cv_parses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"cache_id" text NOT NULL,
	"stored_file_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"parsed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dictionary_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"dictionary" text NOT NULL,
	"code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"names" jsonb NOT NULL,
	"parent_id" integer,
	CONSTRAINT "dictionary_items_dictionary_check" CHECK (dictionary in ('experience', 'search_status', 'sex', 'language', 'language_level', 'currency')),
	CONSTRAINT "dictionary_items_names_check" CHECK (jsonb_typeof(names -> 'en') = 'string')
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"detected_format" text,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"input_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"max_length" integer,
	"input_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dictionary" text,
	"value" text,
	CONSTRAINT "form_fields_form_position_key" UNIQUE("company_id","form_id","position"),
	CONSTRAINT "form_fields_max_length_check" CHECK (max_length is null or max_length > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("company_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "response_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "response_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"response_id" integer NOT NULL,
	"field_index" integer NOT NULL,
	"stored_file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "response_files_response_field_position_key" UNIQUE("company_id","response_id","field_index","position")
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cv_parse_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text,
	CONSTRAINT "responses_idempotency_key_key" UNIQUE("company_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vacancies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"salary" text,
	"residence" text,
	"experience" text,
	"work_types" text,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"demand" text,
	"responsibility" text,
	"addition" text,
	"working_conditions" text,
	"status" integer DEFAULT 1 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"team_id" integer,
	"form_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || regexp_replace(coalesce(description, '') || ' ' || coalesce(demand, '') || ' ' || coalesce(responsibility, '') || ' ' || coalesce(addition, '') || ' ' || coalesce(working_conditions, ''), '<[^>]*>', ' ', 'g'))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_parses" ADD CONSTRAINT "cv_parses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_parses" ADD CONSTRAINT "cv_parses_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_parent_id_dictionary_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dictionary_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_forms" ADD CONSTRAINT "application_forms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_form_id_application_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."application_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_files" ADD CONSTRAINT "response_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_files" ADD CONSTRAINT "response_files_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_files" ADD CONSTRAINT "response_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_cv_parse_id_cv_parses_id_fk" FOREIGN KEY ("cv_parse_id") REFERENCES "public"."cv_parses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_form_id_application_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."application_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_company_email_idx" ON "candidates" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE INDEX "candidates_company_phone_idx" ON "candidates" USING btree ("company_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_key" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_one_default_key" ON "companies" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
CREATE INDEX "companies_hosts_idx" ON "companies" USING gin ("hosts");--> statement-breakpoint
CREATE UNIQUE INDEX "cv_parses_cache_id_key" ON "cv_parses" USING btree ("cache_id");--> statement-breakpoint
CREATE INDEX "cv_parses_company_idx" ON "cv_parses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "cv_parses_expires_at_idx" ON "cv_parses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "dictionary_items_company_dictionary_idx" ON "dictionary_items" USING btree ("company_id","dictionary","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_global_code_key" ON "dictionary_items" USING btree ("dictionary","code") WHERE company_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_company_code_key" ON "dictionary_items" USING btree ("company_id","dictionary","code") WHERE company_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_key" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_company_created_idx" ON "stored_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "application_forms_company_idx" ON "application_forms" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_forms_one_default_key" ON "application_forms" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "response_files_stored_file_idx" ON "response_files" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "responses_company_vacancy_idx" ON "responses" USING btree ("company_id","vacancy_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responses_company_candidate_idx" ON "responses" USING btree ("company_id","candidate_id");--> statement-breakpoint
CREATE INDEX "teams_company_name_idx" ON "teams" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "vacancies_public_list_idx" ON "vacancies" USING btree ("company_id","is_published","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vacancies_search_idx" ON "vacancies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "vacancies_team_idx" ON "vacancies" USING btree ("company_id","team_id");--> statement-breakpoint
CREATE INDEX "vacancies_form_idx" ON "vacancies" USING btree ("form_id");