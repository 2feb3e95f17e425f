CREATE TABLE "role_permissions" (
	"company_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"entity" text NOT NULL,
	"create_level" text,
	"update_level" text,
	"delete_level" text,
	"view_level" text,
	"all_level" text,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"fields_view" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "role_permissions_role_id_entity_pk" PRIMARY KEY("role_id","entity"),
	CONSTRAINT "role_permissions_create_level_check" CHECK (create_level in ('not_visible', 'only_my', 'only_my_and_my_team', 'to_all')),
	CONSTRAINT "role_permissions_update_level_check" CHECK (update_level in ('not_visible', 'only_my', 'only_my_and_my_team', 'to_all')),
	CONSTRAINT "role_permissions_delete_level_check" CHECK (delete_level in ('not_visible', 'only_my', 'only_my_and_my_team', 'to_all')),
	CONSTRAINT "role_permissions_view_level_check" CHECK (view_level in ('not_visible', 'only_my', 'only_my_and_my_team', 'to_all')),
	CONSTRAINT "role_permissions_all_level_check" CHECK (all_level in ('not_visible', 'only_my', 'only_my_and_my_team', 'to_all')),
	CONSTRAINT "role_permissions_settings_whole_check" CHECK (num_nonnulls(create_level, update_level, delete_level, view_level) in (0, 4) and (all_level is null or view_level is not null))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"company_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_manager" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tariffs" text[] DEFAULT '{hrm,ats}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_permissions_company_idx" ON "role_permissions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("company_id","user_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tariffs_check" CHECK (tariffs <@ array['hrm', 'hrm_pro', 'ats', 'ats_pro']::text[]);