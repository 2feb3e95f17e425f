import { relations } from 'drizzle-orm';
import { candidates } from './candidates';
import { companies } from './companies';
import { cvParses } from './cv-parses';
import { dictionaryItems } from './dictionaries';
import { storedFiles } from './files';
import { applicationForms, formFields } from './forms';
import { responseFiles, responses } from './responses';
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
  responses: many(responses),
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
  responses: many(responses),
}));

export const responsesRelations = relations(responses, ({ one, many }) => ({
  vacancy: one(vacancies, { fields: [responses.vacancyId], references: [vacancies.id] }),
  candidate: one(candidates, { fields: [responses.candidateId], references: [candidates.id] }),
  cvParse: one(cvParses, { fields: [responses.cvParseId], references: [cvParses.id] }),
  files: many(responseFiles),
}));

export const responseFilesRelations = relations(responseFiles, ({ one }) => ({
  response: one(responses, { fields: [responseFiles.responseId], references: [responses.id] }),
  storedFile: one(storedFiles, { fields: [responseFiles.storedFileId], references: [storedFiles.id] }),
}));

export const cvParsesRelations = relations(cvParses, ({ one }) => ({
  storedFile: one(storedFiles, { fields: [cvParses.storedFileId], references: [storedFiles.id] }),
}));
