CREATE TABLE "dictionary_item_overrides" (
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"names" jsonb,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"position" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionary_item_overrides_company_id_item_id_pk" PRIMARY KEY("company_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "dictionary_versions" (
	"company_id" integer NOT NULL,
	"dictionary" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionary_versions_company_id_dictionary_pk" PRIMARY KEY("company_id","dictionary")
);
--> statement-breakpoint
CREATE TABLE "employee_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	CONSTRAINT "employee_imports_status_check" CHECK (status in ('checked', 'imported', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "dictionary_items" DROP CONSTRAINT "dictionary_items_dictionary_check";--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "meta" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_user_id" integer;--> statement-breakpoint
ALTER TABLE "dictionary_item_overrides" ADD CONSTRAINT "dictionary_item_overrides_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_item_overrides" ADD CONSTRAINT "dictionary_item_overrides_item_id_dictionary_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."dictionary_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_versions" ADD CONSTRAINT "dictionary_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_imports" ADD CONSTRAINT "employee_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_imports_company_idx" ON "employee_imports" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_dictionary_check" CHECK (dictionary in ('experience', 'search_status', 'sex', 'language', 'language_level', 'currency', 'employment_type', 'relative_type', 'dismissal_reason', 'terms_of_cooperation', 'marital_status', 'portfolio_icon', 'people_status', 'grade', 'event_template'));