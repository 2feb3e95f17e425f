CREATE TABLE "absence_team_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"team_id" integer,
	"absence_type_id" integer NOT NULL,
	"hundredths" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_team_month_totals_key" UNIQUE NULLS NOT DISTINCT("company_id","month","team_id","absence_type_id"),
	CONSTRAINT "absence_team_month_totals_month_check" CHECK (extract(day from "absence_team_month_totals"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "absence_team_month_totals" ADD CONSTRAINT "absence_team_month_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_team_month_totals" ADD CONSTRAINT "absence_team_month_totals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_team_month_totals" ADD CONSTRAINT "absence_team_month_totals_absence_type_id_absence_types_id_fk" FOREIGN KEY ("absence_type_id") REFERENCES "public"."absence_types"("id") ON DELETE cascade ON UPDATE no action;