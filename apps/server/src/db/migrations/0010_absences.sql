CREATE TABLE "absence_ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"absence_type_id" integer NOT NULL,
	"period_year" smallint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(8, 2) NOT NULL,
	"request_id" integer,
	"source_key" text,
	"note" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_ledger_kind_check" CHECK (kind in ('accrual', 'carry_over', 'expiry', 'adjustment', 'absence', 'absence_reversal'))
);
--> statement-breakpoint
CREATE TABLE "absence_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"absence_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"yearly_allowance" numeric(8, 2) DEFAULT 0 NOT NULL,
	"accrual" text DEFAULT 'upfront' NOT NULL,
	"tenure_milestones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rounding_step" numeric(4, 2) DEFAULT 0.5 NOT NULL,
	"carry_over_cap" numeric(8, 2),
	"carry_over_expiry_month" smallint,
	"carry_over_expiry_day" smallint,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"negative_limit" numeric(8, 2),
	"counting" text DEFAULT 'working_days' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_policies_accrual_check" CHECK (accrual in ('upfront', 'monthly', 'tenure')),
	CONSTRAINT "absence_policies_counting_check" CHECK (counting in ('working_days', 'calendar_days')),
	CONSTRAINT "absence_policies_rounding_check" CHECK (rounding_step > 0)
);
--> statement-breakpoint
CREATE TABLE "absence_policy_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_policy_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"team_id" integer,
	"employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_policy_assignments_target_check" CHECK ((team_id is null) <> (employee_id is null))
);
--> statement-breakpoint
CREATE TABLE "absence_request_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_request_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"approver_role" text NOT NULL,
	"approver_employee_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" integer,
	"reason" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "absence_request_steps_role_check" CHECK (approver_role in ('manager', 'hr')),
	CONSTRAINT "absence_request_steps_status_check" CHECK (status in ('pending', 'approved', 'rejected', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "absence_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"absence_type_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"half_day_start" boolean DEFAULT false NOT NULL,
	"half_day_end" boolean DEFAULT false NOT NULL,
	"hours" numeric(8, 2),
	"status" text NOT NULL,
	"amount" numeric(8, 2) NOT NULL,
	"amount_by_year" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text,
	"created_by_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_requests_status_check" CHECK (status in ('pending', 'approved', 'rejected', 'cancelled', 'revoked')),
	CONSTRAINT "absence_requests_dates_check" CHECK (date_from <= date_to)
);
--> statement-breakpoint
CREATE TABLE "absence_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "absence_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"unit" text DEFAULT 'days' NOT NULL,
	"counting" text DEFAULT 'working_days' NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"needs_document" boolean DEFAULT false NOT NULL,
	"counts_against_balance" boolean DEFAULT false NOT NULL,
	"color" text DEFAULT '#9e9e9e' NOT NULL,
	"icon" text DEFAULT 'event' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"approval_chain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fallback_approver_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_types_code_check" CHECK (code in ('vacation', 'sick_days', 'unpaid_vacation', 'home_work', 'sick_days_doc', 'business_trip', 'overtime', 'weekend_work', 'night_shift', 'day_transfer')),
	CONSTRAINT "absence_types_unit_check" CHECK (unit in ('days', 'half_days', 'hours')),
	CONSTRAINT "absence_types_counting_check" CHECK (counting in ('working_days', 'calendar_days'))
);
--> statement-breakpoint
CREATE TABLE "calendar_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"calendar_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "calendar_days_kind_check" CHECK (kind in ('public_holiday', 'company_day_off', 'working_day'))
);
--> statement-breakpoint
CREATE TABLE "employee_calendars" (
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"calendar_id" integer NOT NULL,
	CONSTRAINT "employee_calendars_employee_id_pk" PRIMARY KEY("employee_id")
);
--> statement-breakpoint
CREATE TABLE "work_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"country_code" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"working_weekdays" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absence_ledger_entries" ADD CONSTRAINT "absence_ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_ledger_entries" ADD CONSTRAINT "absence_ledger_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_ledger_entries" ADD CONSTRAINT "absence_ledger_entries_absence_type_id_absence_types_id_fk" FOREIGN KEY ("absence_type_id") REFERENCES "public"."absence_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_ledger_entries" ADD CONSTRAINT "absence_ledger_entries_request_id_absence_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."absence_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_ledger_entries" ADD CONSTRAINT "absence_ledger_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_policies" ADD CONSTRAINT "absence_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_policies" ADD CONSTRAINT "absence_policies_absence_type_id_absence_types_id_fk" FOREIGN KEY ("absence_type_id") REFERENCES "public"."absence_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_policy_assignments" ADD CONSTRAINT "absence_policy_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_policy_assignments" ADD CONSTRAINT "absence_policy_assignments_policy_id_absence_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."absence_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_policy_assignments" ADD CONSTRAINT "absence_policy_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_policy_assignments" ADD CONSTRAINT "absence_policy_assignments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_request_steps" ADD CONSTRAINT "absence_request_steps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_request_steps" ADD CONSTRAINT "absence_request_steps_request_id_absence_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."absence_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_request_steps" ADD CONSTRAINT "absence_request_steps_approver_employee_id_employees_id_fk" FOREIGN KEY ("approver_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_request_steps" ADD CONSTRAINT "absence_request_steps_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_requests" ADD CONSTRAINT "absence_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_requests" ADD CONSTRAINT "absence_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_requests" ADD CONSTRAINT "absence_requests_absence_type_id_absence_types_id_fk" FOREIGN KEY ("absence_type_id") REFERENCES "public"."absence_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_requests" ADD CONSTRAINT "absence_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_types" ADD CONSTRAINT "absence_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_types" ADD CONSTRAINT "absence_types_fallback_approver_id_employees_id_fk" FOREIGN KEY ("fallback_approver_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_calendar_id_work_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."work_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_calendars" ADD CONSTRAINT "employee_calendars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_calendars" ADD CONSTRAINT "employee_calendars_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_calendars" ADD CONSTRAINT "employee_calendars_calendar_id_work_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."work_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_calendars" ADD CONSTRAINT "work_calendars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_ledger_balance_idx" ON "absence_ledger_entries" USING btree ("company_id","employee_id","absence_type_id","period_year");--> statement-breakpoint
CREATE INDEX "absence_ledger_request_idx" ON "absence_ledger_entries" USING btree ("company_id","request_id") WHERE request_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_ledger_source_key" ON "absence_ledger_entries" USING btree ("company_id","employee_id","absence_type_id","source_key") WHERE source_key is not null;--> statement-breakpoint
CREATE INDEX "absence_policies_company_type_idx" ON "absence_policies" USING btree ("company_id","absence_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "absence_policies_company_default_key" ON "absence_policies" USING btree ("company_id","absence_type_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "absence_policy_assignments_employee_idx" ON "absence_policy_assignments" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE INDEX "absence_policy_assignments_team_idx" ON "absence_policy_assignments" USING btree ("company_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "absence_request_steps_request_key" ON "absence_request_steps" USING btree ("company_id","request_id","position");--> statement-breakpoint
CREATE INDEX "absence_request_steps_approver_idx" ON "absence_request_steps" USING btree ("company_id","approver_employee_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "absence_requests_employee_idx" ON "absence_requests" USING btree ("company_id","employee_id","date_from");--> statement-breakpoint
CREATE INDEX "absence_requests_company_dates_idx" ON "absence_requests" USING btree ("company_id","date_from","date_to") WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "absence_requests_company_pending_idx" ON "absence_requests" USING btree ("company_id","created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "absence_types_company_code_key" ON "absence_types" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_days_calendar_date_key" ON "calendar_days" USING btree ("company_id","calendar_id","date");--> statement-breakpoint
CREATE INDEX "employee_calendars_company_calendar_idx" ON "employee_calendars" USING btree ("company_id","calendar_id");--> statement-breakpoint
CREATE INDEX "work_calendars_company_idx" ON "work_calendars" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "work_calendars_company_default_key" ON "work_calendars" USING btree ("company_id") WHERE is_default;