-- The people side (docs/decisions/012-people-model.md): employees and what hangs off them; every staff
-- account gets an employee (names split from the account's name, work email = the account email);
-- team memberships move from accounts to those employees; teams become a tree. Keeps every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "employee_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"impersonator_user_id" integer,
	"impersonator_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_field_definitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_field_definitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_field_definitions_type_check" CHECK (type in ('text', 'number', 'date', 'select'))
);
--> statement-breakpoint
CREATE TABLE "employee_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_languages" (
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"level_id" integer
);
--> statement-breakpoint
CREATE TABLE "employee_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"icon_id" integer,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_relatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_relatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"relative_type_id" integer,
	"name" text NOT NULL,
	"birth_date" date
);
--> statement-breakpoint
CREATE TABLE "employee_salaries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_salaries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"effective_from" date NOT NULL,
	"note" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_salaries_amount_check" CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_number" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text,
	"first_name_alt" text,
	"last_name_alt" text,
	"middle_name_alt" text,
	"photo_file_id" integer,
	"work_email" text,
	"personal_email" text,
	"work_phone" text,
	"personal_phone" text,
	"birth_date" date,
	"gender_id" integer,
	"marital_status_id" integer,
	"country_code" text,
	"city_id" integer,
	"city_name" text,
	"address" text,
	"experience_id" integer,
	"position" text,
	"grade_id" integer,
	"manager_id" integer,
	"employment_type_id" integer,
	"terms_of_cooperation_id" integer,
	"status_id" integer,
	"start_of_work" date,
	"probation_end" date,
	"dismissal_date" date,
	"dismissal_reason_id" integer,
	"notes" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(middle_name, '') || ' ' || coalesce(first_name_alt, '') || ' ' || coalesce(last_name_alt, '') || ' ' || coalesce(middle_name_alt, '') || ' ' || coalesce(work_email, '') || ' ' || coalesce(personal_email, '') || ' ' || coalesce(work_phone, '') || ' ' || coalesce(personal_phone, '') || ' ' || coalesce(regexp_replace(coalesce(work_phone, '') || ' ' || coalesce(personal_phone, ''), '[^0-9 ]', '', 'g'), '') || ' ' || coalesce(employee_number, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_work_email_lower_check" CHECK (work_email = lower(btrim(work_email))),
	CONSTRAINT "employees_first_name_check" CHECK (btrim(first_name) <> '')
);
--> statement-breakpoint
ALTER TABLE "employee_changes" ADD CONSTRAINT "employee_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_changes" ADD CONSTRAINT "employee_changes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_field_definitions" ADD CONSTRAINT "employee_field_definitions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_files" ADD CONSTRAINT "employee_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_files" ADD CONSTRAINT "employee_files_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_files" ADD CONSTRAINT "employee_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_languages" ADD CONSTRAINT "employee_languages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_languages" ADD CONSTRAINT "employee_languages_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_languages" ADD CONSTRAINT "employee_languages_language_id_dictionary_items_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."dictionary_items"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_languages" ADD CONSTRAINT "employee_languages_level_id_dictionary_items_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_links" ADD CONSTRAINT "employee_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_links" ADD CONSTRAINT "employee_links_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_links" ADD CONSTRAINT "employee_links_icon_id_dictionary_items_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_relatives" ADD CONSTRAINT "employee_relatives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_relatives" ADD CONSTRAINT "employee_relatives_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_relatives" ADD CONSTRAINT "employee_relatives_relative_type_id_dictionary_items_id_fk" FOREIGN KEY ("relative_type_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_salaries" ADD CONSTRAINT "employee_salaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_salaries" ADD CONSTRAINT "employee_salaries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_gender_id_dictionary_items_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_marital_status_id_dictionary_items_id_fk" FOREIGN KEY ("marital_status_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_experience_id_dictionary_items_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_grade_id_dictionary_items_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_manager_id_employees_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_employment_type_id_dictionary_items_id_fk" FOREIGN KEY ("employment_type_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_terms_of_cooperation_id_dictionary_items_id_fk" FOREIGN KEY ("terms_of_cooperation_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_status_id_dictionary_items_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_dismissal_reason_id_dictionary_items_id_fk" FOREIGN KEY ("dismissal_reason_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employee_changes_employee_idx" ON "employee_changes" USING btree ("company_id","employee_id","changed_at");
--> statement-breakpoint
CREATE INDEX "employee_field_definitions_company_idx" ON "employee_field_definitions" USING btree ("company_id","position");
--> statement-breakpoint
CREATE INDEX "employee_files_employee_idx" ON "employee_files" USING btree ("company_id","employee_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "employee_languages_key" ON "employee_languages" USING btree ("employee_id","language_id");
--> statement-breakpoint
CREATE INDEX "employee_links_employee_idx" ON "employee_links" USING btree ("company_id","employee_id");
--> statement-breakpoint
CREATE INDEX "employee_relatives_employee_idx" ON "employee_relatives" USING btree ("company_id","employee_id");
--> statement-breakpoint
CREATE INDEX "employee_salaries_employee_idx" ON "employee_salaries" USING btree ("company_id","employee_id","effective_from");
--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_number_key" ON "employees" USING btree ("company_id","employee_number") WHERE employee_number is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_work_email_key" ON "employees" USING btree ("company_id","work_email") WHERE work_email is not null;
--> statement-breakpoint
CREATE INDEX "employees_company_name_idx" ON "employees" USING btree ("company_id",lower(last_name),lower(first_name),"id");
--> statement-breakpoint
CREATE INDEX "employees_company_status_idx" ON "employees" USING btree ("company_id","status_id");
--> statement-breakpoint
CREATE INDEX "employees_company_start_idx" ON "employees" USING btree ("company_id","start_of_work");
--> statement-breakpoint
CREATE INDEX "employees_company_probation_idx" ON "employees" USING btree ("company_id","probation_end");
--> statement-breakpoint
CREATE INDEX "employees_company_manager_idx" ON "employees" USING btree ("company_id","manager_id");
--> statement-breakpoint
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- Teams: a tree, ordered among siblings, open or hidden.
ALTER TABLE "teams" ADD COLUMN "parent_id" integer;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Existing teams keep the order they were listed in (by name).
UPDATE "teams" SET "position" = ordered.rn - 1
FROM (SELECT id, row_number() OVER (PARTITION BY company_id ORDER BY lower(name), name, id) AS rn FROM "teams") AS ordered
WHERE ordered.id = "teams".id;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_parent_id_teams_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "teams_company_parent_idx" ON "teams" USING btree ("company_id","parent_id","position");
--> statement-breakpoint
-- Every account's employee: the last word of its name is the last name, the rest the first name.
ALTER TABLE "users" ADD COLUMN "employee_id" integer;
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "migrated_user_id" integer;
--> statement-breakpoint
INSERT INTO "employees" ("company_id", "first_name", "last_name", "work_email", "migrated_user_id")
SELECT u.company_id,
  CASE WHEN n.name ~ ' ' THEN regexp_replace(n.name, ' \S+$', '') ELSE n.name END,
  CASE WHEN n.name ~ ' ' THEN substring(n.name from '(\S+)$') ELSE '' END,
  u.email,
  u.id
FROM "users" u CROSS JOIN LATERAL (SELECT regexp_replace(btrim(u.name), '\s+', ' ', 'g') AS name) n
ORDER BY u.id;
--> statement-breakpoint
UPDATE "users" SET "employee_id" = e.id FROM "employees" e WHERE e.migrated_user_id = "users".id;
--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "migrated_user_id";
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "employee_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_employee_key" ON "users" USING btree ("employee_id");
--> statement-breakpoint
-- Memberships follow the accounts to their employees.
ALTER TABLE "team_members" ADD COLUMN "employee_id" integer;
--> statement-breakpoint
UPDATE "team_members" SET "employee_id" = u.employee_id FROM "users" u WHERE u.id = "team_members".user_id;
--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_team_id_user_id_pk";
--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "team_members_user_idx";
--> statement-breakpoint
ALTER TABLE "team_members" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "team_members" ALTER COLUMN "employee_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_employee_id_pk" PRIMARY KEY("team_id","employee_id");
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "team_members_employee_idx" ON "team_members" USING btree ("company_id","employee_id");
