import { getDropdownPlacement } from '@kadry/careers/src/features/apply/dropdown-placement';
import { getFieldIds } from '@kadry/careers/src/features/apply/field-shell';
import { createInitialValues, type ResponseFormValues } from '@kadry/careers/src/features/apply/form-model';
import { ResponseFormField } from '@kadry/careers/src/features/apply/response-form-field';
import { I18nProvider as CareersI18nProvider } from '@kadry/careers/src/lib/i18n';
import { createThemeStyle } from '@kadry/careers/src/lib/theme';
import '@kadry/careers/src/features/apply/response-form.css';
import type { FormField } from '@kadry/shared/schemas/form';
import { useForm } from 'react-hook-form';
import { useLocale, useT } from '../../../app/i18n';

const PREVIEW_THEME = createThemeStyle({
  name: '',
  avatar_src: null,
  font: null,
  colors: { background: '#ffffff', header: '#1f2937', button: '#2563eb' },
  indexing: false,
});

function PreviewFields({ fields }: { fields: FormField[] }) {
  const form = useForm<ResponseFormValues>({ defaultValues: createInitialValues(fields) });
  return (
    <div className="response-form__fields">
      {fields.map((field, index) => (
        <ResponseFormField
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview is rebuilt whenever the field list changes.
          key={index}
          field={field}
          index={index}
          ids={getFieldIds('preview', index)}
          control={form.control}
          placement={getDropdownPlacement(index, fields.length)}
          // The preview shows the fields; checking answers belongs to the careers site.
          validate={() => {}}
        />
      ))}
    </div>
  );
}

/** The form as candidates will see it, drawn by the careers site's own field components. */
export function FormPreview({ fields }: { fields: FormField[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="panel" aria-label={t('hr.forms.preview')}>
      <h2>{t('hr.forms.preview')}</h2>
      <CareersI18nProvider locale={locale} t={t}>
        <div
          className="response-form"
          style={{ ...PREVIEW_THEME, background: 'var(--kadry-bg)', color: 'var(--kadry-text)' }}
        >
          {fields.length === 0 ? <p className="hint">{t('hr.forms.preview_empty')}</p> : null}
          {/* Remounted on every change so the preview's model always matches the definition. */}
          <PreviewFields key={JSON.stringify(fields)} fields={fields} />
        </div>
      </CareersI18nProvider>
    </section>
  );
}
