import { useTranslate } from '@kadry/ui/i18n';
import { Spinner } from '../../components/ui/spinner';

/**
 * The form's loading state (spec §2.2): shown while the form code or definition loads, and while a
 * response is being created or a CV parsed. Lives in the main bundle because it is the Suspense
 * fallback of the lazily loaded form.
 */
export function ResponseFormLoading() {
  const t = useTranslate();
  return (
    <div className="form-loading">
      <Spinner label={t('careers.loading')} />
    </div>
  );
}
