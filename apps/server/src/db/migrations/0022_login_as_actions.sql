CREATE TABLE "login_as_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_as_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"impersonator_user_id" integer NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"object_id" integer,
	"status" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_as_actions_method_check" CHECK (method in ('POST', 'PUT', 'PATCH', 'DELETE'))
);
--> statement-breakpoint
ALTER TABLE "login_as_actions" ADD CONSTRAINT "login_as_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_actions" ADD CONSTRAINT "login_as_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_actions" ADD CONSTRAINT "login_as_actions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_as_actions" ADD CONSTRAINT "login_as_actions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_as_actions_company_at_idx" ON "login_as_actions" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "login_as_actions_employee_at_idx" ON "login_as_actions" USING btree ("company_id","employee_id","at");