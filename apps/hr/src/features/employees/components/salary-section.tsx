import { type EmployeeDetails, salaryBodySchema } from '@kadry/shared/schemas/employees';
import { useState } from 'react';
import { FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { type SalaryBody, useAddEmployeeSalary, useEmployeeSalaries } from '../api/employee-salaries';
import { toNullableText } from './employee-form-values';
import { TextField, useEmployeeForm } from './form-controls';
import { formatDate } from './format-date';
import { Facts, ProfileSection, SectionFormActions } from './profile-section';

/** Spec §9: the default salary currency. */
const DEFAULT_CURRENCY = 'USD';

/** Salary (field_salary): the current one and its history; shown only to readers who may see it. */
export function SalarySection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const locale = useLocale();
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const current = employee.salary ?? null;
  return (
    <ProfileSection
      title={t('hr.employees.section.salary')}
      canEdit={employee.can.update}
      editLabel={t('hr.employees.salary.add')}
      renderForm={(close) => <SalaryForm employeeId={employee.id} onDone={close} />}
    >
      <Facts
        items={[
          {
            key: 'current',
            label: t('hr.employees.salary.current'),
            value: current
              ? t('hr.employees.salary.amount_since', {
                  amount: `${current.amount} ${current.currency}`,
                  date: formatDate(current.effective_from, locale),
                })
              : null,
          },
        ]}
      />
      <button type="button" aria-expanded={isHistoryOpen} onClick={() => setIsHistoryOpen((open) => !open)}>
        {t('hr.employees.salary.history')}
      </button>
      {isHistoryOpen ? <SalaryHistory employeeId={employee.id} /> : null}
    </ProfileSection>
  );
}

function SalaryHistory({ employeeId }: { employeeId: number }) {
  const t = useT();
  const locale = useLocale();
  const salaries = useEmployeeSalaries(employeeId);
  return (
    <QueryState isPending={salaries.isPending} isError={salaries.isError} onRetry={() => salaries.refetch()}>
      {salaries.data && salaries.data.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{t('hr.employees.salary.history')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hr.employees.salary.effective_from')}</th>
                <th scope="col">{t('hr.employees.salary.amount')}</th>
                <th scope="col">{t('hr.employees.salary.note')}</th>
              </tr>
            </thead>
            <tbody>
              {salaries.data.map((salary) => (
                <tr key={salary.id}>
                  <td>{formatDate(salary.effective_from, locale)}</td>
                  <td>
                    {salary.amount} {salary.currency}
                  </td>
                  <td>{salary.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="hint">{t('hr.employees.salary.none')}</p>
      )}
    </QueryState>
  );
}

type SalaryValues = { amount: string; currency: string; effective_from: string; note: string };

function SalaryForm({ employeeId, onDone }: { employeeId: number; onDone: () => void }) {
  const t = useT();
  const add = useAddEmployeeSalary(employeeId);
  const { form, onSubmit, formError, isSaving } = useEmployeeForm<SalaryValues, SalaryBody>({
    defaultValues: { amount: '', currency: DEFAULT_CURRENCY, effective_from: '', note: '' },
    schema: salaryBodySchema,
    toBody: (values) => ({
      amount: values.amount.trim(),
      currency: values.currency,
      effective_from: values.effective_from,
      note: toNullableText(values.note),
    }),
    fields: ['amount', 'currency', 'effective_from', 'note'],
    save: (body) => add.mutateAsync(body),
    onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('hr.employees.salary.add')}>
      <div className="employee-form-grid">
        <TextField form={form} name="amount" label={t('hr.employees.salary.amount')} isRequired />
        <TextField form={form} name="currency" label={t('hr.employees.salary.currency')} isRequired />
        <TextField
          form={form}
          name="effective_from"
          type="date"
          label={t('hr.employees.salary.effective_from')}
          isRequired
        />
        <TextField form={form} name="note" label={t('hr.employees.salary.note')} />
      </div>
      <FormError message={formError} />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
