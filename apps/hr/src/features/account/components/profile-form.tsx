import type { Translate } from '@kadry/shared/i18n/translator';
import { type Account, updateAccountBodySchema } from '@kadry/shared/schemas/admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../../components/ui/field';
import { LanguageField, TimeZoneField } from '../../../components/ui/locale-fields';
import { applyServerFieldErrors, createZodResolver, focusFirstInvalidField } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/offered-locales';
import { usePageData } from '../../../lib/page-data';
import { RELOAD_NOTICE_MS, reloadPage } from '../../../lib/reload-page';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useUpdateAccount } from '../api/update-account';
import { FormFooter } from './form-footer';

type ProfileValues = Pick<Account, 'name' | 'locale' | 'timezone'>;
const PROFILE_FIELDS = ['name', 'locale', 'timezone'] as const;

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
  const { user } = usePageData();
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

  const onSubmit = form.handleSubmit(
    async (values) => {
      setNotice(null);
      try {
        await update.mutateAsync(updateAccountBodySchema.parse(values));
      } catch (error) {
        applyServerFieldErrors(form, error, { fields: PROFILE_FIELDS, focusable: ['name', 'locale'] });
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
    (invalid) => focusFirstInvalidField(form, invalid, ['name', 'locale']),
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
      <Field label={t('hr.account.field.name')} isRequired error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            aria-required="true"
            {...form.register('name')}
          />
        )}
      </Field>
      <LanguageField
        label={t('hr.account.field.language')}
        hint={t('hr.account.field.language_hint')}
        error={errors.locale?.message}
        current={account.locale}
        registration={form.register('locale')}
      />
      <TimeZoneField
        label={t('hr.account.field.timezone')}
        hint={t('hr.account.field.timezone_hint')}
        error={errors.timezone?.message}
        control={form.control}
        name="timezone"
        noMatchesText={t('hr.account.timezone_no_matches')}
      />
      <FormFooter notice={notice} isPending={update.isPending} submitLabel={t('hr.account.profile.save')} />
    </form>
  );
}
