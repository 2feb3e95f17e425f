import { relations } from 'drizzle-orm';
import { applicationFiles, applications, candidates } from './applications';
import { companies } from './companies';
import { cvParses } from './cv-parses';
import { dictionaryItems } from './dictionaries';
import { storedFiles } from './files';
import { applicationForms, formFields } from './forms';
import { teams } from './teams';
import { vacancies } from './vacancies';

// Relations for drizzle's relational queries (`db.query.vacancies.findMany({ with: { form: true } })`).
// Kept in one file because they point across areas.

export const companiesRelations = relations(companies, ({ many }) => ({
  teams: many(teams),
  vacancies: many(vacancies),
  applicationForms: many(applicationForms),
  candidates: many(candidates),
}));

export const teamsRelations = relations(teams, ({ one, many }) => ({
  company: one(companies, { fields: [teams.companyId], references: [companies.id] }),
  vacancies: many(vacancies),
}));

export const vacanciesRelations = relations(vacancies, ({ one, many }) => ({
  company: one(companies, { fields: [vacancies.companyId], references: [companies.id] }),
  team: one(teams, { fields: [vacancies.teamId], references: [teams.id] }),
  form: one(applicationForms, { fields: [vacancies.formId], references: [applicationForms.id] }),
  applications: many(applications),
}));

export const applicationFormsRelations = relations(applicationForms, ({ one, many }) => ({
  company: one(companies, { fields: [applicationForms.companyId], references: [companies.id] }),
  fields: many(formFields),
  vacancies: many(vacancies),
}));

export const formFieldsRelations = relations(formFields, ({ one }) => ({
  form: one(applicationForms, { fields: [formFields.formId], references: [applicationForms.id] }),
}));

export const dictionaryItemsRelations = relations(dictionaryItems, ({ one, many }) => ({
  parent: one(dictionaryItems, {
    fields: [dictionaryItems.parentId],
    references: [dictionaryItems.id],
    relationName: 'dictionary_item_children',
  }),
  children: many(dictionaryItems, { relationName: 'dictionary_item_children' }),
}));

export const candidatesRelations = relations(candidates, ({ one, many }) => ({
  company: one(companies, { fields: [candidates.companyId], references: [companies.id] }),
  applications: many(applications),
}));

export const applicationsRelations = relations(applications, ({ one, many }) => ({
  vacancy: one(vacancies, { fields: [applications.vacancyId], references: [vacancies.id] }),
  candidate: one(candidates, { fields: [applications.candidateId], references: [candidates.id] }),
  cvParse: one(cvParses, { fields: [applications.cvParseId], references: [cvParses.id] }),
  files: many(applicationFiles),
}));

export const applicationFilesRelations = relations(applicationFiles, ({ one }) => ({
  application: one(applications, {
    fields: [applicationFiles.applicationId],
    references: [applications.id],
  }),
  storedFile: one(storedFiles, { fields: [applicationFiles.storedFileId], references: [storedFiles.id] }),
}));

export const cvParsesRelations = relations(cvParses, ({ one }) => ({
  storedFile: one(storedFiles, { fields: [cvParses.storedFileId], references: [storedFiles.id] }),
}));
