import type {
  CustomFieldDefinition,
  EmployeeDetails,
  UpdateEmployeeBody,
} from '@kadry/shared/schemas/employees';
import { FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { useCustomFieldDefinitions } from '../api/custom-field-definitions';
import { useUpdateEmployee } from '../api/update-employee';
import { SelectField, TextField, useEmployeeForm } from './form-controls';
import { formatDate } from './format-date';
import { Facts, ProfileSection, SectionFormActions } from './profile-section';

/** A custom field's stored value as text to show. */
function showValue(definition: CustomFieldDefinition, value: unknown, locale: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (definition.type === 'select')
    return definition.options.find((option) => option.id === value)?.name ?? null;
  if (definition.type === 'date' && typeof value === 'string') return formatDate(value, locale);
  return String(value);
}

/** Spec §9: custom dates reach up to 100 years ahead. */
function latestCustomDate(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 100);
  return date.toISOString().slice(0, 10);
}

/** The company's own fields (text, number, date, select), edited with the work section's permission. */
export function CustomFieldsSection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const locale = useLocale();
  const definitions = useCustomFieldDefinitions();
  const list = definitions.data ?? [];
  if (list.length === 0) return null;
  return (
    <ProfileSection
      title={t('hr.employees.section.custom')}
      canEdit={employee.can.edit_sections.includes('profile')}
      renderForm={(close) => <CustomFieldsForm employee={employee} definitions={list} onDone={close} />}
    >
      <Facts
        items={list.map((definition) => ({
          key: String(definition.id),
          label: definition.name,
          value: showValue(definition, employee.custom_fields[String(definition.id)], locale),
        }))}
      />
    </ProfileSection>
  );
}

type CustomValues = Record<string, string>;

function CustomFieldsForm({
  employee,
  definitions,
  onDone,
}: {
  employee: EmployeeDetails;
  definitions: CustomFieldDefinition[];
  onDone: () => void;
}) {
  const t = useT();
  const update = useUpdateEmployee(employee.id);
  const key = (definition: CustomFieldDefinition) => `field_${definition.id}`;
  const { form, onSubmit, formError, isSaving } = useEmployeeForm<CustomValues, UpdateEmployeeBody>({
    defaultValues: Object.fromEntries(
      definitions.map((definition) => {
        const value = employee.custom_fields[String(definition.id)];
        return [key(definition), value === null || value === undefined ? '' : String(value)];
      }),
    ),
    toBody: (values) => ({
      custom_fields: Object.fromEntries(
        definitions.map((definition) => {
          const raw = (values[key(definition)] ?? '').trim();
          const value = raw === '' ? null : definition.type === 'number' ? Number(raw) : raw;
          return [String(definition.id), value];
        }),
      ),
    }),
    fields: definitions.map(key),
    save: (body) => update.mutateAsync(body),
    onDone,
  });
  const latest = latestCustomDate();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('hr.employees.section.custom')}>
      <div className="employee-form-grid">
        {definitions.map((definition) =>
          definition.type === 'select' ? (
            <SelectField
              key={definition.id}
              form={form}
              name={key(definition)}
              label={definition.name}
              options={definition.options}
            />
          ) : (
            <TextField
              key={definition.id}
              form={form}
              name={key(definition)}
              label={definition.name}
              type={definition.type === 'date' ? 'date' : definition.type === 'number' ? 'number' : 'text'}
              max={definition.type === 'date' ? latest : undefined}
            />
          ),
        )}
      </div>
      <FormError
        message={formError ?? (form.formState.errors.custom_fields?.message as string | undefined) ?? null}
      />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
