import type { Translate } from '@kadry/shared/i18n/translator';
import type { FormField } from '@kadry/shared/schemas/form';
import type { VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { useLocale, useTranslate } from '@kadry/ui/i18n';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useCallback, useEffect, useState } from 'react';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { useSnackbar } from '../../components/ui/snackbar';
import { fetchFormDefinition } from './api/fetch-form-definition';
import { ResponseForm } from './response-form';
import { ResponseFormLoading } from './response-form-loading';

/** What the details page gives the response-form view. */
export type ResponseFormViewProps = {
  vacancy: VacancyDetails;
  /** True while the view is on screen; it stays mounted (hidden) after the visitor goes back. */
  isActive: boolean;
  /** Back to the details view. */
  onBack: () => void;
  /** After a successful submission: switches to the success view. */
  onSubmitted: () => void;
};

/**
 * `key`'s text, or `fallback` while the catalogs lack the key.
 * TODO(lead): add careers.form.retry to packages/shared/src/i18n/{en,ru,uk}.json.
 */
function translateOr(t: Translate, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

type Definition = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; fields: FormField[] };

/**
 * The response-form view (spec §2.2). Loaded lazily, only when Apply is pressed. It loads the vacancy's
 * form definition once; a failure shows the error snackbar (spec §8) and a way to try again, and the
 * view stays. What the candidate types survives going back to the details and returning, because the
 * details page keeps this view mounted.
 */
export function ResponseFormView({ vacancy, isActive, onBack, onSubmitted }: ResponseFormViewProps) {
  const t = useTranslate();
  const locale = useLocale();
  const showSnackbar = useSnackbar();
  const [definition, setDefinition] = useState<Definition>({ state: 'loading' });
  const isLoading = definition.state === 'loading';

  // Runs on mount and again after 'try again' puts the view back into loading.
  useEffect(() => {
    if (!isLoading) return;
    const request = new AbortController();
    fetchFormDefinition(vacancy.id, locale, request.signal).then(
      (fields) => {
        if (!request.signal.aborted) setDefinition({ state: 'ready', fields });
      },
      (error: unknown) => {
        if (request.signal.aborted) return;
        setDefinition({ state: 'failed' });
        showSnackbar('error', getRequestErrorMessage(error, t('errors.network')));
      },
    );
    return () => request.abort();
  }, [isLoading, vacancy.id, locale, showSnackbar, t]);

  const retry = useCallback(() => setDefinition({ state: 'loading' }), []);

  return (
    <section className="response-form" aria-labelledby="response-form-title">
      <button type="button" className="back-link back-link--button" onClick={onBack}>
        <ArrowLeftIcon />
        <span>{t('careers.form.back')}</span>
      </button>
      <h2 className="response-form__title" id="response-form-title">
        {t('careers.form.title')}
      </h2>
      {definition.state === 'loading' ? <ResponseFormLoading /> : null}
      {definition.state === 'failed' ? (
        <div className="response-form__failed">
          <p>{t('errors.network')}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {translateOr(t, 'careers.form.retry', 'Try again')}
          </button>
        </div>
      ) : null}
      {definition.state === 'ready' ? (
        <ResponseForm
          vacancyId={vacancy.id}
          fields={definition.fields}
          isActive={isActive}
          onSubmitted={onSubmitted}
        />
      ) : null}
    </section>
  );
}
