-- One word for what a candidate sends (docs/glossary.md): the table "responses" becomes "applications".
-- Every row, id and sequence position is kept; only names change.
ALTER TABLE "responses" RENAME TO "applications";--> statement-breakpoint
ALTER SEQUENCE "responses_id_seq" RENAME TO "applications_id_seq";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_candidate_id_candidates_id_fk" TO "applications_candidate_id_candidates_id_fk";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_company_id_companies_id_fk" TO "applications_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_cv_parse_id_cv_parses_id_fk" TO "applications_cv_parse_id_cv_parses_id_fk";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_stage_id_vacancy_stages_id_fk" TO "applications_stage_id_vacancy_stages_id_fk";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_vacancy_id_vacancies_id_fk" TO "applications_vacancy_id_vacancies_id_fk";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_idempotency_key_key" TO "applications_idempotency_key_key";--> statement-breakpoint
ALTER TABLE "applications" RENAME CONSTRAINT "responses_pkey" TO "applications_pkey";--> statement-breakpoint
ALTER INDEX "responses_company_vacancy_idx" RENAME TO "applications_company_vacancy_idx";--> statement-breakpoint
ALTER INDEX "responses_company_candidate_idx" RENAME TO "applications_company_candidate_idx";--> statement-breakpoint
ALTER TABLE "response_files" RENAME TO "application_files";--> statement-breakpoint
ALTER SEQUENCE "response_files_id_seq" RENAME TO "application_files_id_seq";--> statement-breakpoint
ALTER TABLE "application_files" RENAME COLUMN "response_id" TO "application_id";--> statement-breakpoint
ALTER TABLE "application_files" RENAME CONSTRAINT "response_files_company_id_companies_id_fk" TO "application_files_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "application_files" RENAME CONSTRAINT "response_files_response_id_responses_id_fk" TO "application_files_application_id_applications_id_fk";--> statement-breakpoint
ALTER TABLE "application_files" RENAME CONSTRAINT "response_files_stored_file_id_stored_files_id_fk" TO "application_files_stored_file_id_stored_files_id_fk";--> statement-breakpoint
ALTER TABLE "application_files" RENAME CONSTRAINT "response_files_response_field_position_key" TO "application_files_application_field_position_key";--> statement-breakpoint
ALTER TABLE "application_files" RENAME CONSTRAINT "response_files_pkey" TO "application_files_pkey";--> statement-breakpoint
ALTER INDEX "response_files_stored_file_idx" RENAME TO "application_files_stored_file_idx";--> statement-breakpoint
ALTER TABLE "application_comments" RENAME COLUMN "response_id" TO "application_id";--> statement-breakpoint
ALTER TABLE "application_comments" RENAME CONSTRAINT "application_comments_response_id_responses_id_fk" TO "application_comments_application_id_applications_id_fk";--> statement-breakpoint
ALTER INDEX "application_comments_response_idx" RENAME TO "application_comments_application_idx";--> statement-breakpoint
ALTER TABLE "notifications" RENAME COLUMN "response_id" TO "application_id";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_response_id_responses_id_fk" TO "notifications_application_id_applications_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_user_response_key" TO "notifications_user_application_key";
