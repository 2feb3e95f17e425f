import { type StaffVacancy, type VacancyInput, vacancyInputSchema } from '@kadry/shared/schemas/recruiting';
import { VACANCY_BODY_SECTIONS } from '@kadry/shared/vacancy-sections';

/** The editor's form state: texts as typed (positions as the masked string, ids as select values). */
export type VacancyFormValues = {
  name: string;
  status: string;
  is_hot: boolean;
  salary: string;
  residence: string;
  experience: string;
  work_types: string;
  languages: { language: string; level: string }[];
  description: string | null;
  demand: string | null;
  responsibility: string | null;
  addition: string | null;
  working_conditions: string | null;
  team_id: string;
  recruiter_ids: string[];
  positions: string;
  form_id: string;
};

export const BODY_SECTIONS = VACANCY_BODY_SECTIONS;

export function createVacancyFormValues(vacancy: StaffVacancy | undefined): VacancyFormValues {
  return {
    name: vacancy?.name ?? '',
    status: String(vacancy?.status ?? 1),
    is_hot: vacancy?.is_hot ?? false,
    salary: vacancy?.salary ?? '',
    residence: vacancy?.residence ?? '',
    experience: vacancy?.experience ?? '',
    work_types: vacancy?.work_types ?? '',
    languages: vacancy?.languages ?? [],
    description: vacancy?.description ?? null,
    demand: vacancy?.demand ?? null,
    responsibility: vacancy?.responsibility ?? null,
    addition: vacancy?.addition ?? null,
    working_conditions: vacancy?.working_conditions ?? null,
    team_id: vacancy?.team_id != null ? String(vacancy.team_id) : '',
    recruiter_ids: (vacancy?.recruiter_ids ?? []).map(String),
    positions: vacancy?.positions != null ? String(vacancy.positions) : '',
    form_id: vacancy?.form_id != null ? String(vacancy.form_id) : '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const idOrNull = (text: string) => (text === '' ? null : Number(text));

/** The editor's state as the contract's input; the shared schema checks it (the server checks again). */
export function parseVacancyFormValues(values: VacancyFormValues) {
  return vacancyInputSchema.safeParse({
    name: values.name,
    status: Number(values.status),
    is_hot: values.is_hot,
    salary: orNull(values.salary),
    residence: orNull(values.residence),
    experience: orNull(values.experience),
    work_types: orNull(values.work_types),
    languages: values.languages
      .map((row) => ({ language: row.language.trim(), level: row.level.trim() }))
      .filter((row) => row.language !== ''),
    description: values.description,
    demand: values.demand,
    responsibility: values.responsibility,
    addition: values.addition,
    working_conditions: values.working_conditions,
    team_id: idOrNull(values.team_id),
    recruiter_ids: values.recruiter_ids.map(Number),
    positions: idOrNull(values.positions),
    form_id: idOrNull(values.form_id),
  } satisfies Record<keyof VacancyInput, unknown>);
}
