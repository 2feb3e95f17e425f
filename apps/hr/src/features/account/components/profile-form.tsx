import type { Translate } from '@kadry/shared/i18n/translator';
import { type Account, updateAccountBodySchema } from '@kadry/shared/schemas/admin';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { createZodResolver, readServerFieldErrors } from '../../../lib/form-errors';
import { LANGUAGE_NAMES, listOfferedLocales } from '../../../lib/offered-locales';
import { RELOAD_NOTICE_MS, reloadPage } from '../../../lib/reload-page';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useUpdateAccount } from '../api/update-account';

type ProfileValues = Pick<Account, 'name' | 'locale' | 'timezone'>;
type FieldName = keyof ProfileValues;

function describeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  if (issue.path[0] === 'timezone') return t('hr.account.error.timezone');
  if (issue.code === 'too_big') return t('hr.account.error.too_long', { max: Number(issue.maximum) });
  if (issue.code === 'too_small') return t('public.fill_fields');
  return t('hr.account.error.invalid');
}

/** Name, language and time zone → `PUT account.profile`. */
export function ProfileForm({ account }: { account: Account }) {
  const t = useT();
  const ids = useId();
  const { user, settings } = usePageData();
  const update = useUpdateAccount();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    defaultValues: { name: account.name, locale: account.locale, timezone: account.timezone },
    resolver: createZodResolver(
      updateAccountBodySchema,
      (values: ProfileValues) => values,
      (issue) => describeIssue(issue, t),
    ),
  });
  const { errors } = form.formState;
  const errorId = (name: FieldName) => `${ids}-${name}-error`;
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? (
      <p className="field-error" id={errorId(name)}>
        {message}
      </p>
    ) : null;
  };
  const locales = listOfferedLocales(settings.russianIsEnabled, account.locale);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setNotice(null);
      try {
        await update.mutateAsync(updateAccountBodySchema.parse(values));
      } catch (error) {
        const fieldErrors = readServerFieldErrors(error);
        for (const [field, message] of Object.entries(fieldErrors ?? {})) {
          if (field in values) form.setError(field as FieldName, { message });
        }
        const first = Object.keys(fieldErrors ?? {}).find((field) => field in values);
        if (first && first !== 'timezone') form.setFocus(first as FieldName);
        return;
      }
      form.reset(values);
      // The page data (the top bar's name, the language of every text, the zone of every date) is
      // read when the page loads: say so, then load it again.
      const isPageDataStale =
        values.locale !== user.locale ||
        values.timezone !== user.timezone ||
        values.name.trim() !== user.name;
      if (!isPageDataStale) {
        snackbar.success(t('hr.account.profile.saved'));
        return;
      }
      setNotice(
        values.locale !== user.locale
          ? t('hr.account.profile.reloading_language', { language: LANGUAGE_NAMES[values.locale] })
          : t('hr.account.profile.reloading'),
      );
      setTimeout(reloadPage, RELOAD_NOTICE_MS);
    },
    (invalid) => {
      const first = (['name', 'locale'] as const).find((field) => invalid[field]);
      if (first) form.setFocus(first);
    },
  );

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('hr.account.profile.title')}</h2>
      <dl className="person-summary">
        <dt>{t('hr.account.field.email')}</dt>
        <dd>{account.email}</dd>
        <dt>{t('hr.account.field.role')}</dt>
        <dd>{getRoleLabel(account.role, t)}</dd>
      </dl>
      <div className="field">
        <label htmlFor={`${ids}-name`}>
          {t('hr.account.field.name')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${ids}-name`}
          type="text"
          autoComplete="name"
          aria-required="true"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? errorId('name') : undefined}
          {...form.register('name')}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-locale`}>{t('hr.account.field.language')}</label>
        <select
          id={`${ids}-locale`}
          aria-invalid={errors.locale ? true : undefined}
          aria-describedby={[`${ids}-locale-hint`, errors.locale ? errorId('locale') : ''].join(' ').trim()}
          {...form.register('locale')}
        >
          {locales.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
        <p className="hint" id={`${ids}-locale-hint`}>
          {t('hr.account.field.language_hint')}
        </p>
        {fieldError('locale')}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-timezone`}>{t('hr.account.field.timezone')}</label>
        <Controller
          control={form.control}
          name="timezone"
          render={({ field }) => (
            <TimeZoneSelect
              id={`${ids}-timezone`}
              value={field.value}
              onChange={field.onChange}
              noMatchesText={t('hr.account.timezone_no_matches')}
              describedBy={[`${ids}-timezone-hint`, errors.timezone ? errorId('timezone') : '']
                .join(' ')
                .trim()}
              isInvalid={Boolean(errors.timezone)}
            />
          )}
        />
        <p className="hint" id={`${ids}-timezone-hint`}>
          {t('hr.account.field.timezone_hint')}
        </p>
        {fieldError('timezone')}
      </div>
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={update.isPending || notice !== null}>
        {t('hr.account.profile.save')}
      </button>
    </form>
  );
}
