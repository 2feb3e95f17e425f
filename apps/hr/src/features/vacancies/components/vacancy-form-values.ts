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
  hiring_manager_id: string;
  interviewer_ids: string[];
  /** The structured salary: bounds as typed, an ISO 4217 currency, a period ('' when none). */
  salary_min: string;
  salary_max: string;
  salary_currency: string;
  salary_period: string;
  scorecard_attributes: { key: string; name: string }[];
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
    hiring_manager_id: vacancy?.hiring_manager_id != null ? String(vacancy.hiring_manager_id) : '',
    interviewer_ids: (vacancy?.interviewer_ids ?? []).map(String),
    salary_min: vacancy?.salary_range?.min != null ? String(vacancy.salary_range.min) : '',
    salary_max: vacancy?.salary_range?.max != null ? String(vacancy.salary_range.max) : '',
    salary_currency: vacancy?.salary_range?.currency ?? 'USD',
    salary_period: vacancy?.salary_range?.period ?? 'month',
    scorecard_attributes: (vacancy?.scorecard_attributes ?? []).map((attribute) => ({ ...attribute })),
  };
}

/** A typed amount ('4 000', '4000.50') as a number; null when blank, NaN when not a number. */
function toAmount(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return compact === '' ? null : Number(compact);
}

/** The structured salary as the contract takes it: null when no bound is typed. */
function toSalaryRange(values: VacancyFormValues) {
  const min = toAmount(values.salary_min);
  const max = toAmount(values.salary_max);
  if (min === null && max === null) return null;
  return { min, max, currency: values.salary_currency, period: values.salary_period };
}

/** The editor field a contract issue belongs to (`salary_range.max` is the "To" box). */
export function fieldOfIssue(path: readonly PropertyKey[]): keyof VacancyFormValues {
  const [first, second] = path.map(String);
  if (first === 'salary_range') {
    if (second === 'max') return 'salary_max';
    if (second === 'currency') return 'salary_currency';
    if (second === 'period') return 'salary_period';
    return 'salary_min';
  }
  return (first ?? 'name') as keyof VacancyFormValues;
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
    hiring_manager_id: idOrNull(values.hiring_manager_id),
    interviewer_ids: values.interviewer_ids.map(Number),
    salary_range: toSalaryRange(values),
    scorecard_attributes: values.scorecard_attributes
      .map((attribute) => ({ ...(attribute.key ? { key: attribute.key } : {}), name: attribute.name.trim() }))
      .filter((attribute) => attribute.name !== ''),
  } satisfies Record<keyof VacancyInput, unknown>);
}
