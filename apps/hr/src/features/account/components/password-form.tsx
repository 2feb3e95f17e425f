import type { Translate } from '@kadry/shared/i18n/translator';
import { changePasswordBodySchema } from '@kadry/shared/schemas/admin';
import { PASSWORD_MIN_LENGTH } from '@kadry/shared/schemas/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, type FieldControlProps } from '../../../components/ui/field';
import { applyServerFieldErrors, createZodResolver, focusFirstInvalidField } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { RELOAD_NOTICE_MS, reloadPage } from '../../../lib/reload-page';
import { useChangePassword } from '../api/change-password';
import { FormFooter } from './form-footer';

type PasswordValues = { current_password: string; password: string; password_confirmation: string };
type FieldName = keyof PasswordValues;
const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

// The contract's rules plus what only the form can check: a current password typed, the two new ones equal.
const passwordFormSchema = changePasswordBodySchema
  .refine((values) => values.current_password !== '', { path: ['current_password'], message: 'required' })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'mismatch',
  });

function describeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  const field = issue.path[0];
  if (field === 'current_password') return t('hr.account.password.current_required');
  if (field === 'password_confirmation') return t('hr.account.password.mismatch');
  if (issue.code === 'too_small') return t('hr.account.password.too_short', { min: PASSWORD_MIN_LENGTH });
  if (issue.code === 'too_big') return t('hr.account.error.too_long', { max: Number(issue.maximum) });
  return t('hr.account.error.invalid');
}

/** Current, new and repeated password → `POST account.password`. */
export function PasswordForm() {
  const t = useT();
  const ids = useId();
  const change = useChangePassword();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    resolver: createZodResolver(
      passwordFormSchema,
      (values: PasswordValues) => values,
      (issue) => describeIssue(issue, t),
    ),
  });
  const { errors } = form.formState;
  const passwordInput = (name: FieldName, autoComplete: string) => (control: FieldControlProps) => (
    <input
      {...control}
      type="password"
      autoComplete={autoComplete}
      // The form checks itself (noValidate); `required` tells assistive technology.
      required
      {...form.register(name)}
    />
  );

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await change.mutateAsync(values);
      } catch (error) {
        applyServerFieldErrors(form, error, { fields: PASSWORD_FIELDS });
        return;
      }
      form.reset();
      // This session was rotated with the password, and the page's CSRF token with it: load the page
      // again before the next change would be refused.
      setNotice(t('hr.account.password.changed'));
      setTimeout(reloadPage, RELOAD_NOTICE_MS);
    },
    (invalid) => focusFirstInvalidField(form, invalid, PASSWORD_FIELDS),
  );

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('hr.account.password.title')}</h2>
      <Field label={t('hr.account.password.current')} error={errors.current_password?.message}>
        {passwordInput('current_password', 'current-password')}
      </Field>
      <Field
        label={t('hr.account.password.new')}
        hint={t('hr.account.password.hint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password?.message}
      >
        {passwordInput('password', 'new-password')}
      </Field>
      <Field label={t('hr.account.password.confirm')} error={errors.password_confirmation?.message}>
        {passwordInput('password_confirmation', 'new-password')}
      </Field>
      <FormFooter
        notice={notice}
        isPending={change.isPending}
        submitLabel={t('hr.account.password.submit')}
      />
    </form>
  );
}
