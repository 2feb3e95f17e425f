import type { EmployeeDetails, UpdateEmployeeBody } from '@kadry/shared/schemas/employees';
import { FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useEmployeeRefs } from '../api/get-employee-refs';
import { useTeamOptions } from '../api/get-team-options';
import { useUpdateEmployee } from '../api/update-employee';
import { fromNullableId, toNullableId, toNullableText } from './employee-form-values';
import { SelectField, TextField, useEmployeeForm } from './form-controls';
import { formatDate } from './format-date';
import { Facts, ProfileSection, SectionFormActions } from './profile-section';

/** Work (Employee.Profile): names, number, position, teams, manager, terms, dates, notes. */
export function WorkSection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const locale = useLocale();
  const date = (value: string | null | undefined) => (value ? formatDate(value, locale) : null);
  return (
    <ProfileSection
      title={t('hr.employees.section.work')}
      canEdit={employee.can.edit_sections.includes('profile')}
      renderForm={(close) => <WorkForm employee={employee} onDone={close} />}
    >
      <Facts
        items={[
          { key: 'position', label: t('hr.employees.field.position'), value: employee.position },
          {
            key: 'employee_number',
            label: t('hr.employees.field.employee_number'),
            value: employee.employee_number,
          },
          { key: 'grade', label: t('hr.employees.field.grade'), value: employee.grade?.name },
          {
            key: 'teams',
            label: t('hr.employees.field.teams'),
            value: employee.teams
              .map((team) =>
                team.is_manager ? t('hr.employees.team_manager', { team: team.name }) : team.name,
              )
              .join(', '),
          },
          { key: 'manager', label: t('hr.employees.field.manager'), value: employee.manager?.name },
          {
            key: 'employment_type',
            label: t('hr.employees.field.employment_type'),
            value: employee.employment_type?.name,
          },
          {
            key: 'terms',
            label: t('hr.employees.field.terms_of_cooperation'),
            value: employee.terms_of_cooperation?.name,
          },
          { key: 'status', label: t('hr.employees.field.status'), value: employee.status?.name },
          { key: 'experience', label: t('hr.employees.field.experience'), value: employee.experience?.name },
          {
            key: 'start_of_work',
            label: t('hr.employees.field.start_of_work'),
            value: date(employee.start_of_work),
          },
          {
            key: 'probation_period',
            label: t('hr.employees.field.probation_period'),
            value: date(employee.probation_period),
          },
          {
            key: 'dismissal_date',
            label: t('hr.employees.field.dismissal_date'),
            value: date(employee.dismissal_date),
          },
          {
            key: 'dismissal_reason',
            label: t('hr.employees.field.dismissal_reason'),
            value: employee.dismissal_reason?.name,
          },
          { key: 'notes', label: t('hr.employees.field.notes'), value: employee.notes },
        ]}
      />
    </ProfileSection>
  );
}

type WorkValues = {
  first_name: string;
  last_name: string;
  middle_name: string;
  first_name_alt: string;
  last_name_alt: string;
  middle_name_alt: string;
  employee_number: string;
  position: string;
  team_ids: string[];
  manager_id: string;
  grade_id: string;
  employment_type_id: string;
  terms_of_cooperation_id: string;
  status_id: string;
  experience_id: string;
  start_of_work: string;
  probation_period: string;
  notes: string;
};

const WORK_FIELDS = [
  'first_name',
  'last_name',
  'middle_name',
  'first_name_alt',
  'last_name_alt',
  'middle_name_alt',
  'employee_number',
  'position',
  'manager_id',
  'grade_id',
  'employment_type_id',
  'terms_of_cooperation_id',
  'status_id',
  'experience_id',
  'start_of_work',
  'probation_period',
  'notes',
] as const;

function WorkForm({ employee, onDone }: { employee: EmployeeDetails; onDone: () => void }) {
  const t = useT();
  const permissions = usePermissions();
  const update = useUpdateEmployee(employee.id);
  const managers = useEmployeeRefs();
  const teams = useTeamOptions({ isEnabled: permissions.can('Teams', 'view') });
  const employmentTypes = useDictionary('employmentTypes');
  const terms = useDictionary('termsOfCooperation');
  const statuses = useDictionary('status');
  const experience = useDictionary('experience');
  const grades = useDictionary('grade');
  const has = (key: 'position' | 'start_of_work' | 'probation_period') => key in employee;
  const canPickTeams = teams.data !== undefined;

  const { form, onSubmit, formError, isSaving } = useEmployeeForm<WorkValues, UpdateEmployeeBody>({
    defaultValues: {
      first_name: employee.first_name,
      last_name: employee.last_name,
      middle_name: employee.middle_name ?? '',
      first_name_alt: employee.first_name_alt ?? '',
      last_name_alt: employee.last_name_alt ?? '',
      middle_name_alt: employee.middle_name_alt ?? '',
      employee_number: employee.employee_number ?? '',
      position: employee.position ?? '',
      team_ids: employee.teams.map((team) => String(team.id)),
      manager_id: fromNullableId(employee.manager),
      grade_id: fromNullableId(employee.grade),
      employment_type_id: fromNullableId(employee.employment_type),
      terms_of_cooperation_id: fromNullableId(employee.terms_of_cooperation),
      status_id: fromNullableId(employee.status),
      experience_id: fromNullableId(employee.experience),
      start_of_work: employee.start_of_work ?? '',
      probation_period: employee.probation_period ?? '',
      notes: employee.notes ?? '',
    },
    toBody: (values) => ({
      first_name: values.first_name,
      last_name: values.last_name,
      middle_name: toNullableText(values.middle_name),
      first_name_alt: toNullableText(values.first_name_alt),
      last_name_alt: toNullableText(values.last_name_alt),
      middle_name_alt: toNullableText(values.middle_name_alt),
      employee_number: toNullableText(values.employee_number),
      ...(has('position') ? { position: toNullableText(values.position) } : {}),
      // Teams go only when the reader could see them all to pick from (teams.all).
      ...(canPickTeams ? { team_ids: values.team_ids.map(Number) } : {}),
      manager_id: toNullableId(values.manager_id),
      grade_id: toNullableId(values.grade_id),
      employment_type_id: toNullableId(values.employment_type_id),
      terms_of_cooperation_id: toNullableId(values.terms_of_cooperation_id),
      status_id: toNullableId(values.status_id),
      experience_id: toNullableId(values.experience_id),
      ...(has('start_of_work') ? { start_of_work: toNullableText(values.start_of_work) } : {}),
      ...(has('probation_period') ? { probation_period: toNullableText(values.probation_period) } : {}),
      notes: toNullableText(values.notes),
    }),
    fields: WORK_FIELDS,
    save: (body) => update.mutateAsync(body),
    onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('hr.employees.section.work')}>
      <div className="employee-form-grid">
        <TextField form={form} name="first_name" label={t('hr.employees.field.first_name')} isRequired />
        <TextField form={form} name="last_name" label={t('hr.employees.field.last_name')} />
        <TextField form={form} name="middle_name" label={t('hr.employees.field.middle_name')} />
        <TextField form={form} name="first_name_alt" label={t('hr.employees.field.first_name_alt')} />
        <TextField form={form} name="last_name_alt" label={t('hr.employees.field.last_name_alt')} />
        <TextField form={form} name="middle_name_alt" label={t('hr.employees.field.middle_name_alt')} />
        <TextField form={form} name="employee_number" label={t('hr.employees.field.employee_number')} />
        {has('position') ? (
          <TextField form={form} name="position" label={t('hr.employees.field.position')} />
        ) : null}
        <SelectField
          form={form}
          name="manager_id"
          label={t('hr.employees.field.manager')}
          options={(managers.data ?? []).filter((item) => item.id !== employee.id)}
        />
        <SelectField
          form={form}
          name="grade_id"
          label={t('hr.employees.field.grade')}
          options={grades.data ?? []}
        />
        <SelectField
          form={form}
          name="employment_type_id"
          label={t('hr.employees.field.employment_type')}
          options={employmentTypes.data ?? []}
        />
        <SelectField
          form={form}
          name="terms_of_cooperation_id"
          label={t('hr.employees.field.terms_of_cooperation')}
          options={terms.data ?? []}
        />
        <SelectField
          form={form}
          name="status_id"
          label={t('hr.employees.field.status')}
          options={statuses.data ?? []}
        />
        <SelectField
          form={form}
          name="experience_id"
          label={t('hr.employees.field.experience')}
          options={experience.data ?? []}
        />
        {has('start_of_work') ? (
          <TextField
            form={form}
            name="start_of_work"
            type="date"
            label={t('hr.employees.field.start_of_work')}
          />
        ) : null}
        {has('probation_period') ? (
          <TextField
            form={form}
            name="probation_period"
            type="date"
            label={t('hr.employees.field.probation_period')}
          />
        ) : null}
      </div>
      {canPickTeams ? (
        <fieldset className="employee-list-editor">
          <legend>{t('hr.employees.field.teams')}</legend>
          {teams.data?.map((team) => (
            <label key={team.id} className="checkbox-row">
              <input type="checkbox" value={String(team.id)} {...form.register('team_ids')} /> {team.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={`notes-${employee.id}`}>{t('hr.employees.field.notes')}</label>
        <textarea id={`notes-${employee.id}`} rows={4} {...form.register('notes')} />
      </div>
      <FormError message={formError} />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
