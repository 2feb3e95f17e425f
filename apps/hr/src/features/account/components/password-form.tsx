import type { Translate } from '@kadry/shared/i18n/translator';
import { changePasswordBodySchema } from '@kadry/shared/schemas/admin';
import { PASSWORD_MIN_LENGTH } from '@kadry/shared/schemas/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../../app/i18n';
import { createZodResolver, readServerFieldErrors } from '../../../lib/form-errors';
import { RELOAD_NOTICE_MS, reloadPage } from '../../../lib/reload-page';
import { useChangePassword } from '../api/change-password';

type PasswordValues = { current_password: string; password: string; password_confirmation: string };
type FieldName = keyof PasswordValues;

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
  const errorId = (name: FieldName) => `${ids}-${name}-error`;
  const input = (name: FieldName, autoComplete: string, hintId?: string) => ({
    id: `${ids}-${name}`,
    type: 'password',
    autoComplete,
    'aria-required': true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hintId, errors[name] ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined,
    ...form.register(name),
  });
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? (
      <p className="field-error" id={errorId(name)}>
        {message}
      </p>
    ) : null;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await change.mutateAsync(values);
      } catch (error) {
        const fieldErrors = readServerFieldErrors(error);
        for (const [field, message] of Object.entries(fieldErrors ?? {})) {
          if (field in values) form.setError(field as FieldName, { message });
        }
        const first = (['current_password', 'password', 'password_confirmation'] as const).find(
          (field) => fieldErrors?.[field],
        );
        if (first) form.setFocus(first);
        return;
      }
      form.reset();
      // This session was rotated with the password, and the page's CSRF token with it: load the page
      // again before the next change would be refused.
      setNotice(t('hr.account.password.changed'));
      setTimeout(reloadPage, RELOAD_NOTICE_MS);
    },
    (invalid) => {
      const first = (['current_password', 'password', 'password_confirmation'] as const).find(
        (field) => invalid[field],
      );
      if (first) form.setFocus(first);
    },
  );

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('hr.account.password.title')}</h2>
      <div className="field">
        <label htmlFor={`${ids}-current_password`}>{t('hr.account.password.current')}</label>
        <input {...input('current_password', 'current-password')} />
        {fieldError('current_password')}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-password`}>{t('hr.account.password.new')}</label>
        <input {...input('password', 'new-password', `${ids}-password-hint`)} />
        <p className="hint" id={`${ids}-password-hint`}>
          {t('hr.account.password.hint', { min: PASSWORD_MIN_LENGTH })}
        </p>
        {fieldError('password')}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-password_confirmation`}>{t('hr.account.password.confirm')}</label>
        <input {...input('password_confirmation', 'new-password')} />
        {fieldError('password_confirmation')}
      </div>
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={change.isPending || notice !== null}>
        {t('hr.account.password.submit')}
      </button>
    </form>
  );
}
