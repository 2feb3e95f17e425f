import type { DictionaryEntry } from '@kadry/shared/schemas/dictionaries';
import {
  EMPLOYEE_LANGUAGES_MAX,
  EMPLOYEE_RELATIVES_MAX,
  type EmployeeDetails,
  type UpdateEmployeeBody,
} from '@kadry/shared/schemas/employees';
import { useFieldArray } from 'react-hook-form';
import { FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { usePageData } from '../../../lib/page-data';
import { useUpdateEmployee } from '../api/update-employee';
import { ListEditor } from './employee-form-fields';
import { fromNullableId, toNullableId, toNullableText } from './employee-form-values';
import { SelectField, TextField, useEmployeeForm } from './form-controls';
import { formatDate, todayIso } from './format-date';
import { PlaceFields, type PlaceValue } from './place-fields';
import { Facts, ProfileSection, SectionFormActions } from './profile-section';

/** Personal info (Employee.PersonalInfo): birth date, gender, family, where they live, languages, relatives. */
export function PersonalSection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const locale = useLocale();
  const place = [employee.city?.name, employee.country?.name].filter(Boolean).join(', ');
  return (
    <ProfileSection
      title={t('hr.employees.section.personal')}
      canEdit={employee.can.edit_sections.includes('personal_info')}
      renderForm={(close) => <PersonalForm employee={employee} onDone={close} />}
    >
      <Facts
        items={[
          {
            key: 'birth_date',
            label: t('hr.employees.field.birth_date'),
            value: employee.birth_date ? formatDate(employee.birth_date, locale) : null,
          },
          { key: 'gender', label: t('hr.employees.field.gender'), value: employee.gender?.name },
          {
            key: 'marital_status',
            label: t('hr.employees.field.marital_status'),
            value: employee.marital_status?.name,
          },
          { key: 'place', label: t('hr.employees.field.city'), value: place },
          { key: 'address', label: t('hr.employees.field.address'), value: employee.address },
          {
            key: 'languages',
            label: t('hr.employees.field.languages'),
            value:
              employee.languages.length > 0 ? (
                <ul className="inline-list">
                  {employee.languages.map((item) => (
                    <li key={item.language.id}>
                      {item.level ? `${item.language.name} (${item.level.name})` : item.language.name}
                    </li>
                  ))}
                </ul>
              ) : null,
          },
          {
            key: 'relatives',
            label: t('hr.employees.field.relatives'),
            value:
              employee.relatives.length > 0 ? (
                <ul>
                  {employee.relatives.map((relative) => (
                    <li key={relative.id}>
                      {[
                        relative.name,
                        relative.relative_type?.name,
                        relative.birth_date ? formatDate(relative.birth_date, locale) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </li>
                  ))}
                </ul>
              ) : null,
          },
        ]}
      />
    </ProfileSection>
  );
}

type PersonalValues = {
  birth_date: string;
  gender_id: string;
  marital_status_id: string;
  country_code: string;
  country_name: string;
  city_id: string;
  city_name: string;
  address: string;
  languages: { language_id: string; level_id: string }[];
  relatives: { relative_type_id: string; name: string; birth_date: string }[];
};

const PERSONAL_FIELDS = [
  'birth_date',
  'gender_id',
  'marital_status_id',
  'country_code',
  'city_id',
  'city_name',
  'address',
  'languages',
  'relatives',
] as const;

function PersonalForm({ employee, onDone }: { employee: EmployeeDetails; onDone: () => void }) {
  const t = useT();
  const { user } = usePageData();
  const update = useUpdateEmployee(employee.id);
  const genders = useDictionary('gender');
  const maritalStatuses = useDictionary('maritalStatus');
  const languageOptions = useDictionary('language');
  const relativeTypes = useDictionary('relativeTypes');
  const hasBirthDate = 'birth_date' in employee;
  const hasAddress = 'address' in employee;
  const today = todayIso(user.timezone);

  const { form, onSubmit, formError, isSaving } = useEmployeeForm<PersonalValues, UpdateEmployeeBody>({
    defaultValues: {
      birth_date: employee.birth_date ?? '',
      gender_id: fromNullableId(employee.gender),
      marital_status_id: fromNullableId(employee.marital_status),
      country_code: employee.country?.code ?? '',
      country_name: employee.country?.name ?? '',
      city_id: employee.city?.id ? String(employee.city.id) : '',
      city_name: employee.city?.name ?? '',
      address: employee.address ?? '',
      languages: employee.languages.map((item) => ({
        language_id: String(item.language.id),
        level_id: fromNullableId(item.level),
      })),
      relatives: employee.relatives.map((relative) => ({
        relative_type_id: fromNullableId(relative.relative_type),
        name: relative.name,
        birth_date: relative.birth_date ?? '',
      })),
    },
    toBody: (values) => ({
      ...(hasBirthDate ? { birth_date: toNullableText(values.birth_date) } : {}),
      gender_id: toNullableId(values.gender_id),
      marital_status_id: toNullableId(values.marital_status_id),
      // The place goes only when it changed: a city kept by name alone (no id) stays as it was.
      ...(isPlaceChanged(employee, values)
        ? {
            country_code: toNullableText(values.country_code),
            city_id: toNullableId(values.city_id),
            city_name: toNullableText(values.city_name),
          }
        : {}),
      ...(hasAddress ? { address: toNullableText(values.address) } : {}),
      languages: values.languages
        .filter((item) => item.language_id !== '')
        .map((item) => ({ language_id: Number(item.language_id), level_id: toNullableId(item.level_id) })),
      relatives: values.relatives.map((relative) => ({
        relative_type_id: toNullableId(relative.relative_type_id),
        name: relative.name,
        birth_date: toNullableText(relative.birth_date),
      })),
    }),
    fields: PERSONAL_FIELDS,
    save: (body) => update.mutateAsync(body),
    onDone,
  });
  const languages = useFieldArray({ control: form.control, name: 'languages' });
  const [country_code, country_name, city_id, city_name, pickedLanguages] = form.watch([
    'country_code',
    'country_name',
    'city_id',
    'city_name',
    'languages',
  ]);
  const levelsOf = (languageId: string | undefined) =>
    readLevels(languageOptions.data?.find((option) => String(option.id) === languageId));
  const relatives = useFieldArray({ control: form.control, name: 'relatives' });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('hr.employees.section.personal')}>
      <div className="employee-form-grid">
        {hasBirthDate ? (
          <TextField
            form={form}
            name="birth_date"
            type="date"
            max={today}
            label={t('hr.employees.field.birth_date')}
          />
        ) : null}
        <SelectField
          form={form}
          name="gender_id"
          label={t('hr.employees.field.gender')}
          options={genders.data ?? []}
        />
        <SelectField
          form={form}
          name="marital_status_id"
          label={t('hr.employees.field.marital_status')}
          options={maritalStatuses.data ?? []}
        />
        {hasAddress ? <TextField form={form} name="address" label={t('hr.employees.field.address')} /> : null}
      </div>
      <PlaceFields
        value={{ country_code, country_name, city_id, city_name }}
        onChange={(next) => {
          for (const [key, value] of Object.entries(next)) {
            form.setValue(key as keyof PlaceValue, value, { shouldDirty: true });
          }
        }}
      />

      <ListEditor
        legend={t('hr.employees.field.languages')}
        error={form.formState.errors.languages?.message}
        rows={languages.fields}
        max={EMPLOYEE_LANGUAGES_MAX}
        addLabel={t('hr.employees.language.add')}
        onAdd={() => languages.append({ language_id: '', level_id: '' })}
        removeLabel={(number) => t('hr.employees.language.remove', { number })}
        onRemove={(index) => languages.remove(index)}
      >
        {(index) => (
          <>
            <SelectField
              form={form}
              name={`languages.${index}.language_id`}
              label={t('hr.employees.language.name', { number: index + 1 })}
              options={languageOptions.data ?? []}
            />
            <SelectField
              form={form}
              name={`languages.${index}.level_id`}
              label={t('hr.employees.language.level', { number: index + 1 })}
              options={levelsOf(pickedLanguages[index]?.language_id)}
            />
          </>
        )}
      </ListEditor>

      <ListEditor
        legend={t('hr.employees.field.relatives')}
        error={form.formState.errors.relatives?.message}
        rows={relatives.fields}
        max={EMPLOYEE_RELATIVES_MAX}
        addLabel={t('hr.employees.relative.add')}
        onAdd={() => relatives.append({ relative_type_id: '', name: '', birth_date: '' })}
        removeLabel={(number) => t('hr.employees.relative.remove', { number })}
        onRemove={(index) => relatives.remove(index)}
      >
        {(index) => (
          <>
            <SelectField
              form={form}
              name={`relatives.${index}.relative_type_id`}
              label={t('hr.employees.relative.type', { number: index + 1 })}
              options={relativeTypes.data ?? []}
            />
            <TextField
              form={form}
              name={`relatives.${index}.name`}
              label={t('hr.employees.relative.name', { number: index + 1 })}
            />
            <TextField
              form={form}
              name={`relatives.${index}.birth_date`}
              type="date"
              max={today}
              label={t('hr.employees.relative.birth_date', { number: index + 1 })}
            />
          </>
        )}
      </ListEditor>
      <FormError message={formError} />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}

function isPlaceChanged(employee: EmployeeDetails, values: PersonalValues): boolean {
  return (
    values.country_code !== (employee.country?.code ?? '') ||
    values.city_id !== (employee.city?.id ? String(employee.city.id) : '') ||
    values.city_name !== (employee.city?.name ?? '')
  );
}

/** The levels a language can be known at (the language dictionary gives them as `meta.levels`). */
function readLevels(language: DictionaryEntry | undefined): { id: number; name: string }[] {
  const levels = language?.meta.levels;
  if (!Array.isArray(levels)) return [];
  return levels.filter(
    (level): level is { id: number; name: string } =>
      typeof level === 'object' &&
      level !== null &&
      typeof level.id === 'number' &&
      typeof level.name === 'string',
  );
}
