import { type CreateEmployeeBody, createEmployeeBodySchema } from '@kadry/shared/schemas/employees';
import { Link, useLocation } from 'wouter';
import { FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateEmployee } from '../api/create-employee';
import { useEmployeeRefs } from '../api/get-employee-refs';
import { useTeamOptions } from '../api/get-team-options';
import {
  NAME_KEYS,
  NameFields,
  type NameValues,
  namesToBody,
  TeamsFieldset,
  WorkContactFields,
  WorkFields,
} from './employee-form-fields';
import { toNullableId, toNullableText } from './employee-form-values';
import { useEmployeeForm } from './form-controls';
import { SectionFormActions } from './profile-section';
import './employees.css';

type CreateValues = NameValues & {
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
  ...NAME_KEYS,
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
      ...namesToBody(values),
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
            <NameFields form={form} />
          </div>
        </fieldset>
        <fieldset className="employee-list-editor">
          <legend>{t('hr.employees.section.work')}</legend>
          <div className="employee-form-grid">
            <WorkFields
              form={form}
              managers={managers.data ?? []}
              shows={{
                position: sees('field_position'),
                startOfWork: sees('field_start_of_work'),
                probationPeriod: sees('field_probation_period'),
              }}
            />
          </div>
          {teams.data && teams.data.length > 0 ? <TeamsFieldset form={form} teams={teams.data} /> : null}
        </fieldset>
        {sees('field_email') || sees('field_phone') ? (
          <fieldset className="employee-list-editor">
            <legend>{t('hr.employees.section.contacts')}</legend>
            <div className="employee-form-grid">
              <WorkContactFields
                form={form}
                shows={{ email: sees('field_email'), phone: sees('field_phone') }}
              />
            </div>
          </fieldset>
        ) : null}
        <FormError message={formError} />
        <SectionFormActions isSaving={isSaving} onCancel={() => navigate('/employees')} />
      </form>
    </section>
  );
}
