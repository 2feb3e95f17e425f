import { LOCALES, type Locale } from '@kadry/shared/constants';
import {
  type EmployeeDetails,
  sendAccessBodySchema,
  updateEmployeeBodySchema,
} from '@kadry/shared/schemas/employees';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, createZodResolver, focusFirstInvalidField } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { usePageData } from '../../../lib/page-data';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useRoles } from '../../roles/api/get-roles';
import { useSendAccess } from '../api/send-access';
import { useUpdateEmployee } from '../api/update-employee';
import { describeEmployeeIssue, toNullableId } from './employee-form-values';
import { SelectField, TextField } from './form-controls';
import { todayIso } from './format-date';

const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', uk: 'Українська' };

type AccessValues = { role_id: string; locale: Locale };

/** "Send access": an account for the employee with a role and language, invited at the work email. */
export function SendAccessDialog({
  employee,
  isOpen,
  onClose,
}: {
  employee: EmployeeDetails;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={isOpen}
      onClose={onClose}
      title={t('hr.employees.send_access.title', { name: employee.name })}
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <SendAccessForm employee={employee} onDone={onClose} />
    </DialogFrame>
  );
}

function SendAccessForm({ employee, onDone }: { employee: EmployeeDetails; onDone: () => void }) {
  const t = useT();
  const { user } = usePageData();
  const roles = useRoles();
  const send = useSendAccess(employee.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AccessValues>({
    defaultValues: { role_id: '', locale: user.locale },
    resolver: createZodResolver<AccessValues>(
      sendAccessBodySchema,
      (values) => ({ role_id: toNullableId(values.role_id) ?? undefined, locale: values.locale }),
      (issue) =>
        issue.path[0] === 'role_id'
          ? t('hr.employees.send_access.role_required')
          : describeEmployeeIssue(issue, t),
    ),
  });
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await send.mutateAsync({ role_id: Number(values.role_id), locale: values.locale });
        snackbar.success(t('hr.employees.send_access.sent', { name: employee.name }));
        onDone();
      } catch (error) {
        const unplaced = applyServerFieldErrors(form, error, { fields: ['role_id', 'locale'] });
        setFormError(
          unplaced ??
            (error instanceof ApiError && error.status === 422 ? null : getRequestErrorMessage(error)),
        );
      }
    },
    (errors) => focusFirstInvalidField(form, errors, ['role_id', 'locale']),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="hint">
        {employee.email
          ? t('hr.employees.send_access.intro', { email: employee.email })
          : t('hr.employees.send_access.no_email')}
      </p>
      <SelectField
        form={form}
        name="role_id"
        label={t('hr.employees.send_access.role')}
        emptyLabel={t('hr.employees.send_access.choose_role')}
        options={(roles.data ?? []).map((role) => ({ id: role.id, name: getRoleLabel(role, t) }))}
        isRequired
      />
      <SelectField
        form={form}
        name="locale"
        label={t('hr.employees.send_access.locale')}
        options={LOCALES.map((locale) => ({ id: locale, name: LOCALE_NAMES[locale] }))}
        isRequired
      />
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={send.isPending}>
          {t('hr.employees.send_access.submit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.employees.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

type DismissValues = { dismissal_date: string; dismissal_reason_id: string };

/** Dismissing keeps the record: a dismissal date and reason (the server also disables any account). */
export function DismissDialog({
  employee,
  isOpen,
  onClose,
}: {
  employee: EmployeeDetails;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={isOpen}
      onClose={onClose}
      title={t('hr.employees.dismiss.title', { name: employee.name })}
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <DismissForm employee={employee} onDone={onClose} />
    </DialogFrame>
  );
}

function DismissForm({ employee, onDone }: { employee: EmployeeDetails; onDone: () => void }) {
  const t = useT();
  const { user } = usePageData();
  const reasons = useDictionary('dismissalReasons');
  const update = useUpdateEmployee(employee.id);
  const [formError, setFormError] = useState<string | null>(null);
  const toBody = (values: DismissValues) => ({
    dismissal_date: values.dismissal_date === '' ? undefined : values.dismissal_date,
    dismissal_reason_id: toNullableId(values.dismissal_reason_id),
  });
  const form = useForm<DismissValues>({
    defaultValues: { dismissal_date: todayIso(user.timezone), dismissal_reason_id: '' },
    resolver: createZodResolver<DismissValues>(
      updateEmployeeBodySchema.required({ dismissal_date: true }),
      toBody,
      (issue) => describeEmployeeIssue(issue, t),
    ),
  });
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await update.mutateAsync(toBody(values));
        snackbar.success(t('hr.employees.dismiss.done', { name: employee.name }));
        onDone();
      } catch (error) {
        const unplaced = applyServerFieldErrors(form, error, {
          fields: ['dismissal_date', 'dismissal_reason_id'],
        });
        setFormError(
          unplaced ??
            (error instanceof ApiError && error.status === 422 ? null : getRequestErrorMessage(error)),
        );
      }
    },
    (errors) => focusFirstInvalidField(form, errors, ['dismissal_date', 'dismissal_reason_id']),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="hint">{t('hr.employees.dismiss.intro')}</p>
      <TextField
        form={form}
        name="dismissal_date"
        type="date"
        label={t('hr.employees.field.dismissal_date')}
        isRequired
      />
      <SelectField
        form={form}
        name="dismissal_reason_id"
        label={t('hr.employees.field.dismissal_reason')}
        options={reasons.data ?? []}
      />
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="danger" aria-disabled={update.isPending}>
          {t('hr.employees.dismiss.submit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.employees.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
