/** The body sections of a vacancy, in the order the details page shows them (spec §2.2). No zod here: the
 * browser bundle imports this. */
export const VACANCY_BODY_SECTIONS = [
  'description',
  'demand',
  'responsibility',
  'addition',
  'working_conditions',
] as const;
export type VacancyBodySection = (typeof VACANCY_BODY_SECTIONS)[number];
