import { LOCALES, type Locale } from '@kadry/shared/constants';
import {
  type CareersSettingsInput,
  careersSettingsInputSchema,
  type StaffCareersSettings,
} from '@kadry/shared/schemas/recruiting';
import { checkSurfaceContrast } from '@kadry/ui/theme';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { useCareersSettings } from '../api/get-careers-settings';
import { useUpdateCareersSettings } from '../api/update-careers-settings';
import { useUploadLogo } from '../api/upload-logo';
import { CareersPreview } from './careers-preview';
import { buildSourceLink } from './source-link';

type ColorName = keyof StaffCareersSettings['colors'];

type SettingsFormValues = {
  name: string;
  font: string;
  colors: Record<ColorName, string>;
  indexing: boolean;
  consent_page_url: string;
  captcha: {
    provider: CareersSettingsInput['captcha']['provider'];
    site_key: string;
    project_id: string;
    threshold: string;
    allowed_hosts: string;
    secret: string;
  };
  languages: Locale[];
  default_language: Locale;
};

const COLOR_NAMES: ColorName[] = ['background', 'header', 'button'];
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', uk: 'Українська' };

function toFormValues(settings: StaffCareersSettings): SettingsFormValues {
  return {
    name: settings.name,
    font: settings.font ?? '',
    colors: { ...settings.colors },
    indexing: settings.indexing,
    consent_page_url: settings.consent_page_url ?? '',
    captcha: {
      provider: settings.captcha.provider,
      site_key: settings.captcha.site_key ?? '',
      project_id: settings.captcha.project_id ?? '',
      threshold: String(settings.captcha.threshold),
      allowed_hosts: settings.captcha.allowed_hosts.join(', '),
      secret: '',
    },
    languages: [...settings.languages],
    default_language: settings.default_language,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function toInput(values: SettingsFormValues) {
  return careersSettingsInputSchema.safeParse({
    name: values.name,
    font: orNull(values.font),
    colors: values.colors,
    indexing: values.indexing,
    consent_page_url: orNull(values.consent_page_url),
    captcha: {
      provider: values.captcha.provider,
      site_key: orNull(values.captcha.site_key),
      project_id: orNull(values.captcha.project_id),
      threshold: Number(values.captcha.threshold),
      allowed_hosts: values.captcha.allowed_hosts
        .split(/[\s,]+/)
        .map((host) => host.trim())
        .filter(Boolean),
      // Empty keeps the stored secret (the field never shows it).
      secret: values.captcha.secret === '' ? null : values.captcha.secret,
    },
    languages: values.languages,
    default_language: values.default_language,
  });
}

function SourceLink({ careersUrl }: { careersUrl: string }) {
  const t = useT();
  const id = useId();
  const [source, setSource] = useState('');
  const link = buildSourceLink(careersUrl, source);
  return (
    <div className="panel">
      <h2>{t('hr.careers_settings.source_link')}</h2>
      <div className="field">
        <label htmlFor={`${id}-source`}>{t('hr.careers_settings.source')}</label>
        <input
          id={`${id}-source`}
          type="text"
          value={source}
          onChange={(event) => setSource(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-link`}>{t('hr.careers_settings.link')}</label>
        <input
          id={`${id}-link`}
          type="url"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard
            .writeText(link)
            .then(() => snackbar.success(t('hr.careers_settings.copied')))
            .catch(() => snackbar.error(t('hr.careers_settings.copy_failed')))
        }
      >
        {t('hr.careers_settings.copy_link')}
      </button>
    </div>
  );
}

/** Careers-site settings: branding with a live preview and contrast warnings, captcha, languages, source links. */
export function CareersSettingsPage() {
  const t = useT();
  const ids = useId();
  const permissions = usePermissions();
  const settings = useCareersSettings();
  const update = useUpdateCareersSettings();
  const uploadLogo = useUploadLogo();
  const form = useForm<SettingsFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const canEdit = permissions.can('Vacancy.CareerSite', 'update');

  useEffect(() => {
    if (settings.data) form.reset(toFormValues(settings.data));
  }, [settings.data, form]);

  const watched = useWatch({ control: form.control });
  const languages = watched.languages ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = toInput(values);
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path.join('.') ?? '';
      setFormError(t('hr.careers_settings.invalid', { field: path }));
      return;
    }
    setFormError(null);
    await update.mutateAsync(parsed.data).then(
      () => {
        // Saved: what was sent is the new baseline, so leaving no longer asks.
        form.reset(values);
        snackbar.success(t('hr.common.saved'));
      },
      () => {},
    );
  });

  return (
    <section>
      <RecruitingUnsavedGuard isDirty={canEdit && form.formState.isDirty} />
      <PageHeading>{t('hr.careers_settings.title')}</PageHeading>
      <QueryState
        isPending={settings.isPending}
        isError={settings.isError}
        onRetry={() => settings.refetch()}
      >
        {settings.data ? (
          <div className="two-columns">
            <form onSubmit={onSubmit} noValidate aria-label={t('hr.careers_settings.title')}>
              <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
                <div className="panel">
                  <h2>{t('hr.careers_settings.branding')}</h2>
                  <div className="field">
                    <label htmlFor={`${ids}-name`}>{t('hr.careers_settings.name')}</label>
                    <input id={`${ids}-name`} type="text" {...form.register('name')} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-logo`}>{t('hr.careers_settings.logo')}</label>
                    {settings.data.logo_url ? (
                      <img
                        src={settings.data.logo_url}
                        alt={t('hr.careers_settings.current_logo')}
                        height={40}
                      />
                    ) : null}
                    <input
                      id={`${ids}-logo`}
                      type="file"
                      accept="image/png,image/jpeg,image/svg+xml"
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (file)
                          uploadLogo.mutate(file, {
                            onSuccess: () => snackbar.success(t('hr.careers_settings.logo_uploaded')),
                          });
                        event.target.value = '';
                      }}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-font`}>{t('hr.careers_settings.font')}</label>
                    <input id={`${ids}-font`} type="text" {...form.register('font')} />
                  </div>
                  {COLOR_NAMES.map((name) => {
                    const value = watched.colors?.[name] ?? '#000000';
                    const contrast = checkSurfaceContrast(value);
                    return (
                      <div className="field" key={name}>
                        <label htmlFor={`${ids}-color-${name}`}>
                          {t(`hr.careers_settings.color.${name}`)}
                        </label>
                        <input
                          id={`${ids}-color-${name}`}
                          type="color"
                          aria-describedby={contrast.passes ? undefined : `${ids}-contrast-${name}`}
                          {...form.register(`colors.${name}`)}
                        />{' '}
                        <code>{value}</code>
                        {contrast.passes ? null : (
                          <p className="warning" id={`${ids}-contrast-${name}`} role="status">
                            {t('hr.careers_settings.contrast_warning', {
                              ratio: (contrast.ratio ?? 0).toFixed(2),
                            })}
                          </p>
                        )}
                      </div>
                    );
                  })}
                </div>

                <div className="panel">
                  <h2>{t('hr.careers_settings.site')}</h2>
                  <div className="field">
                    <label>
                      <input type="checkbox" {...form.register('indexing')} />{' '}
                      {t('hr.careers_settings.indexing')}
                    </label>
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-consent`}>{t('hr.careers_settings.consent_url')}</label>
                    <input id={`${ids}-consent`} type="url" {...form.register('consent_page_url')} />
                  </div>
                  <fieldset className="field">
                    <legend>{t('hr.careers_settings.languages')}</legend>
                    {LOCALES.map((code) => (
                      <label key={code} style={{ display: 'block' }}>
                        <input type="checkbox" value={code} {...form.register('languages')} />{' '}
                        {LANGUAGE_NAMES[code]}
                      </label>
                    ))}
                  </fieldset>
                  <div className="field">
                    <label htmlFor={`${ids}-default-language`}>
                      {t('hr.careers_settings.default_language')}
                    </label>
                    <select id={`${ids}-default-language`} {...form.register('default_language')}>
                      {LOCALES.filter((code) => languages.includes(code)).map((code) => (
                        <option key={code} value={code}>
                          {LANGUAGE_NAMES[code]}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>

                <div className="panel">
                  <h2>{t('hr.careers_settings.captcha')}</h2>
                  <div className="field">
                    <label htmlFor={`${ids}-provider`}>{t('hr.careers_settings.captcha_provider')}</label>
                    <select id={`${ids}-provider`} {...form.register('captcha.provider')}>
                      <option value="none">{t('hr.careers_settings.captcha_none')}</option>
                      <option value="test">{t('hr.careers_settings.captcha_test')}</option>
                      <option value="recaptcha_enterprise">reCAPTCHA Enterprise</option>
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-site-key`}>{t('hr.careers_settings.site_key')}</label>
                    <input id={`${ids}-site-key`} type="text" {...form.register('captcha.site_key')} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-project`}>{t('hr.careers_settings.project_id')}</label>
                    <input id={`${ids}-project`} type="text" {...form.register('captcha.project_id')} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-secret`}>{t('hr.careers_settings.secret')}</label>
                    <input
                      id={`${ids}-secret`}
                      type="password"
                      autoComplete="off"
                      aria-describedby={`${ids}-secret-hint`}
                      {...form.register('captcha.secret')}
                    />
                    <p className="hint" id={`${ids}-secret-hint`}>
                      {settings.data.captcha.has_secret
                        ? t('hr.careers_settings.secret_set')
                        : t('hr.careers_settings.secret_not_set')}
                    </p>
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-threshold`}>{t('hr.careers_settings.threshold')}</label>
                    <input
                      id={`${ids}-threshold`}
                      type="number"
                      min={0}
                      max={1}
                      step={0.1}
                      {...form.register('captcha.threshold')}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-hosts`}>{t('hr.careers_settings.allowed_hosts')}</label>
                    <input id={`${ids}-hosts`} type="text" {...form.register('captcha.allowed_hosts')} />
                  </div>
                </div>
                {formError ? (
                  <p className="field-error" role="alert">
                    {formError}
                  </p>
                ) : null}
                {canEdit ? (
                  <button type="submit" className="primary" disabled={update.isPending}>
                    {t('hr.common.save')}
                  </button>
                ) : null}
              </fieldset>
            </form>
            <div>
              <CareersPreview
                name={watched.name ?? settings.data.name}
                logoUrl={settings.data.logo_url}
                font={watched.font || null}
                colors={{
                  background: watched.colors?.background ?? settings.data.colors.background,
                  header: watched.colors?.header ?? settings.data.colors.header,
                  button: watched.colors?.button ?? settings.data.colors.button,
                }}
              />
              <SourceLink careersUrl={settings.data.careers_url} />
            </div>
          </div>
        ) : null}
      </QueryState>
    </section>
  );
}
