import type { EmployeeDetails, UpdateEmployeeBody } from '@kadry/shared/schemas/employees';
import { FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useEmployeeRefs } from '../api/get-employee-refs';
import { useTeamOptions } from '../api/get-team-options';
import { useUpdateEmployee } from '../api/update-employee';
import {
  NAME_KEYS,
  NameFields,
  type NameValues,
  namesToBody,
  TeamsFieldset,
  WorkFields,
} from './employee-form-fields';
import { fromNullableId, toNullableId, toNullableText } from './employee-form-values';
import { useEmployeeForm } from './form-controls';
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

type WorkValues = NameValues & {
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
  ...NAME_KEYS,
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
      ...namesToBody(values),
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
        <NameFields form={form} />
        <WorkFields
          form={form}
          managers={(managers.data ?? []).filter((item) => item.id !== employee.id)}
          shows={{
            position: has('position'),
            startOfWork: has('start_of_work'),
            probationPeriod: has('probation_period'),
          }}
          isExtended
        />
      </div>
      {canPickTeams ? <TeamsFieldset form={form} teams={teams.data ?? []} /> : null}
      <div className="field">
        <label htmlFor={`notes-${employee.id}`}>{t('hr.employees.field.notes')}</label>
        <textarea id={`notes-${employee.id}`} rows={4} {...form.register('notes')} />
      </div>
      <FormError message={formError} />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
