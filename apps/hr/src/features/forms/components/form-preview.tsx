import type { FormField } from '@kadry/shared/schemas/form';
import { getDropdownPlacement } from '@kadry/ui/form/dropdown-placement';
import { getFieldIds } from '@kadry/ui/form/field-shell';
import { createInitialValues, type ResponseFormValues } from '@kadry/ui/form/form-model';
import { ResponseFormField } from '@kadry/ui/form/response-form-field';
import { createThemeStyle } from '@kadry/ui/theme';
import { useForm } from 'react-hook-form';
import { useT } from '../../../lib/i18n';
import type { FormPreviewState } from '../api/preview-form';

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

/**
 * The form as candidates will see it: the server's answer for the edited fields (dictionary options
 * filled in), drawn by the same field components as the careers site (@kadry/ui), in the user's language.
 */
export function FormPreview({
  preview,
  titleOf,
}: {
  preview: FormPreviewState;
  /** The builder's title of the field at an index, to say which field the preview waits for. */
  titleOf: (index: number) => string;
}) {
  const t = useT();
  const { fields } = preview;
  return (
    <section className="panel" aria-label={t('hr.forms.preview')} aria-busy={preview.isRefreshing}>
      <h2>{t('hr.forms.preview')}</h2>
      {/* Said quietly: the builder stays usable whatever the preview does. */}
      <div className="builder__preview-status">
        <p role="status" className="hint">
          {preview.isInvalid
            ? preview.invalidIndex === null
              ? t('hr.forms.preview_paused')
              : t('hr.forms.preview_invalid', { name: titleOf(preview.invalidIndex) })
            : preview.isError
              ? t('hr.forms.preview_failed')
              : ''}
        </p>
        {preview.isError && !preview.isInvalid ? (
          <button type="button" onClick={preview.retry}>
            {t('hr.forms.preview_retry')}
          </button>
        ) : null}
      </div>
      <div
        className="response-form"
        style={{ ...PREVIEW_THEME, background: 'var(--kadry-bg)', color: 'var(--kadry-text)' }}
      >
        {fields.length === 0 ? <p className="hint">{t('hr.forms.preview_empty')}</p> : null}
        {/* Remounted on every change so the preview's model always matches the definition. */}
        <PreviewFields key={JSON.stringify(fields)} fields={fields} />
      </div>
    </section>
  );
}
