import { type CreateEmployeeBody, createEmployeeBodySchema } from '@kadry/shared/schemas/employees';
import { Link, useLocation } from 'wouter';
import { FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../lib/i18n';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateEmployee } from '../api/create-employee';
import { useEmployeeRefs } from '../api/get-employee-refs';
import { useTeamOptions } from '../api/get-team-options';
import { toNullableId, toNullableText } from './employee-form-values';
import { SelectField, TextField, useEmployeeForm } from './form-controls';
import { SectionFormActions } from './profile-section';
import './employees.css';

type CreateValues = {
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
  start_of_work: string;
  probation_period: string;
  email: string;
  phone: string;
  employment_type_id: string;
  status_id: string;
};

const CREATE_FIELDS = [
  'first_name',
  'last_name',
  'middle_name',
  'first_name_alt',
  'last_name_alt',
  'middle_name_alt',
  'employee_number',
  'position',
  'manager_id',
  'start_of_work',
  'probation_period',
  'email',
  'phone',
  'employment_type_id',
  'status_id',
] as const;

/** Adds an employee: names (with the second-language spelling), work details and contacts. */
export function CreateEmployeePage() {
  const t = useT();
  const [, navigate] = useLocation();
  const permissions = usePermissions();
  const create = useCreateEmployee();
  const managers = useEmployeeRefs();
  const teams = useTeamOptions({ isEnabled: permissions.can('Teams', 'view') });
  const employmentTypes = useDictionary('employmentTypes');
  const statuses = useDictionary('status');
  // Governed fields the writer may not see would be refused (403): they are not offered.
  const sees = (field: Parameters<typeof permissions.canSeeField>[1]) =>
    permissions.canSeeField('Employee', field);

  const { form, onSubmit, formError, isSaving } = useEmployeeForm<CreateValues, Partial<CreateEmployeeBody>>({
    defaultValues: {
      first_name: '',
      last_name: '',
      middle_name: '',
      first_name_alt: '',
      last_name_alt: '',
      middle_name_alt: '',
      employee_number: '',
      position: '',
      team_ids: [],
      manager_id: '',
      start_of_work: '',
      probation_period: '',
      email: '',
      phone: '',
      employment_type_id: '',
      status_id: '',
    },
    schema: createEmployeeBodySchema,
    toBody: (values) => ({
      first_name: values.first_name,
      last_name: values.last_name,
      middle_name: toNullableText(values.middle_name),
      first_name_alt: toNullableText(values.first_name_alt),
      last_name_alt: toNullableText(values.last_name_alt),
      middle_name_alt: toNullableText(values.middle_name_alt),
      employee_number: toNullableText(values.employee_number),
      ...(sees('field_position') ? { position: toNullableText(values.position) } : {}),
      team_ids: values.team_ids.map(Number),
      manager_id: toNullableId(values.manager_id),
      ...(sees('field_start_of_work') ? { start_of_work: toNullableText(values.start_of_work) } : {}),
      ...(sees('field_probation_period')
        ? { probation_period: toNullableText(values.probation_period) }
        : {}),
      ...(sees('field_email') ? { email: toNullableText(values.email) } : {}),
      ...(sees('field_phone') ? { phone: toNullableText(values.phone) } : {}),
      employment_type_id: toNullableId(values.employment_type_id),
      status_id: toNullableId(values.status_id),
    }),
    fields: CREATE_FIELDS,
    save: async (body) => {
      const created = await create.mutateAsync(createEmployeeBodySchema.parse(body));
      snackbar.success(t('hr.employees.create.done', { name: created.name }));
      navigate(`/employees/${created.id}`);
    },
    onDone: () => {},
  });

  return (
    <section>
      <p>
        <Link href="/employees">{t('hr.employees.back')}</Link>
      </p>
      <PageHeading>{t('hr.employees.create.title')}</PageHeading>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="employee-list-editor">
          <legend>{t('hr.employees.create.names')}</legend>
          <div className="employee-form-grid">
            <TextField form={form} name="first_name" label={t('hr.employees.field.first_name')} isRequired />
            <TextField form={form} name="last_name" label={t('hr.employees.field.last_name')} />
            <TextField form={form} name="middle_name" label={t('hr.employees.field.middle_name')} />
            <TextField form={form} name="first_name_alt" label={t('hr.employees.field.first_name_alt')} />
            <TextField form={form} name="last_name_alt" label={t('hr.employees.field.last_name_alt')} />
            <TextField form={form} name="middle_name_alt" label={t('hr.employees.field.middle_name_alt')} />
          </div>
        </fieldset>
        <fieldset className="employee-list-editor">
          <legend>{t('hr.employees.section.work')}</legend>
          <div className="employee-form-grid">
            <TextField form={form} name="employee_number" label={t('hr.employees.field.employee_number')} />
            {sees('field_position') ? (
              <TextField form={form} name="position" label={t('hr.employees.field.position')} />
            ) : null}
            <SelectField
              form={form}
              name="manager_id"
              label={t('hr.employees.field.manager')}
              options={managers.data ?? []}
            />
            <SelectField
              form={form}
              name="employment_type_id"
              label={t('hr.employees.field.employment_type')}
              options={employmentTypes.data ?? []}
            />
            <SelectField
              form={form}
              name="status_id"
              label={t('hr.employees.field.status')}
              options={statuses.data ?? []}
            />
            {sees('field_start_of_work') ? (
              <TextField
                form={form}
                name="start_of_work"
                type="date"
                label={t('hr.employees.field.start_of_work')}
              />
            ) : null}
            {sees('field_probation_period') ? (
              <TextField
                form={form}
                name="probation_period"
                type="date"
                label={t('hr.employees.field.probation_period')}
              />
            ) : null}
          </div>
          {teams.data && teams.data.length > 0 ? (
            <fieldset className="employee-list-editor">
              <legend>{t('hr.employees.field.teams')}</legend>
              {teams.data.map((team) => (
                <label key={team.id} className="checkbox-row">
                  <input type="checkbox" value={String(team.id)} {...form.register('team_ids')} /> {team.name}
                </label>
              ))}
            </fieldset>
          ) : null}
        </fieldset>
        {sees('field_email') || sees('field_phone') ? (
          <fieldset className="employee-list-editor">
            <legend>{t('hr.employees.section.contacts')}</legend>
            <div className="employee-form-grid">
              {sees('field_email') ? (
                <TextField form={form} name="email" type="email" label={t('hr.employees.field.email')} />
              ) : null}
              {sees('field_phone') ? (
                <TextField form={form} name="phone" type="tel" label={t('hr.employees.field.phone')} />
              ) : null}
            </div>
          </fieldset>
        ) : null}
        <FormError message={formError} />
        <SectionFormActions isSaving={isSaving} onCancel={() => navigate('/employees')} />
      </form>
    </section>
  );
}
