import type { VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { useTranslate } from '@kadry/ui/i18n';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { SiteFooter } from '../../components/ui/site-footer';
import { useSnackbar } from '../../components/ui/snackbar';
import { Spinner } from '../../components/ui/spinner';
import { withCarriedParams } from '../../lib/navigation';
import { usePageData, usePageLocation } from '../../lib/page-context';
import { RequestError } from '../../lib/request';
import { LazyResponseFormView } from '../apply/lazy-response-form-view';
import { ResponseFormLoading } from '../apply/response-form-loading';
import { ApplyFooter } from './apply-footer';
import { fetchVacancyDetails } from './fetch-vacancy-details';
import { NotFoundView } from './not-found-view';
import { SuccessView } from './success-view';
import { VacancyDetailsView } from './vacancy-details-view';
import { VacancyHeading } from './vacancy-heading';

/** The views of the details page (spec §2.2, §4); 'loading' only when the server sent no vacancy. */
export type DetailsViewName = 'loading' | 'details' | 'form' | 'success' | 'notFound';

/** What receives focus when a view appears, so keyboard and screen-reader users land on it. */
const VIEW_FOCUS_TARGETS: Record<DetailsViewName, string> = {
  loading: '.details-loading',
  details: '.vacancy-heading__title',
  form: '.response-form-slot',
  success: '.result-page__title',
  notFound: '.result-page__title',
};

function getInitialView(vacancyId: number | null, vacancy: VacancyDetails | null, isNotFound: boolean) {
  if (isNotFound || vacancyId === null) return 'notFound';
  return vacancy ? 'details' : 'loading';
}

/**
 * The details page and its four views. Transitions of spec §4: Apply → form, back → details,
 * submitted → success, server flag or a 404 → not found; any other failure keeps the view and shows
 * an error snackbar. The heading shows in details and form; the footer in details (Apply only),
 * success and not found (links only).
 */
export function VacancyDetailsPage({
  vacancyId,
  initialVacancy,
  isNotFound,
  initialView,
}: {
  vacancyId: number | null;
  initialVacancy: VacancyDetails | null;
  isNotFound: boolean;
  /** Tests start in a later view; the app always starts from the data. */
  initialView?: DetailsViewName;
}) {
  const t = useTranslate();
  const showSnackbar = useSnackbar();
  const pageData = usePageData();
  const { search } = usePageLocation();
  const listUrl = withCarriedParams(pageData.vacanciesListUrl, search);
  const [vacancy, setVacancy] = useState(initialVacancy);
  const [view, setView] = useState<DetailsViewName>(
    () => initialView ?? getInitialView(vacancyId, initialVacancy, isNotFound),
  );
  const [hasOpenedForm, setHasOpenedForm] = useState(view === 'form');
  const mainRef = useRef<HTMLElement>(null);
  const isFirstView = useRef(true);

  useEffect(() => {
    if (view !== 'loading' || vacancyId === null) return;
    let isCurrent = true;
    fetchVacancyDetails(vacancyId).then(
      (loaded) => {
        if (!isCurrent) return;
        setVacancy(loaded);
        setView('details');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        if (error instanceof RequestError && error.status === 404) setView('notFound');
        else showSnackbar('error', getRequestErrorMessage(error, t('errors.network')));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [view, vacancyId, showSnackbar, t]);

  useEffect(() => {
    if (isFirstView.current) {
      isFirstView.current = false;
      return;
    }
    // Each view starts at the top (spec §2.2: the form scrolls to the top whenever it appears).
    window.scrollTo({ top: 0 });
    mainRef.current?.querySelector<HTMLElement>(VIEW_FOCUS_TARGETS[view])?.focus({ preventScroll: true });
  }, [view]);

  const openForm = useCallback(() => {
    setHasOpenedForm(true);
    setView('form');
  }, []);
  const closeForm = useCallback(() => setView('details'), []);
  const showSuccess = useCallback(() => setView('success'), []);

  const showsHeading = (view === 'details' || view === 'form') && vacancy !== null;
  const showsFooterLinks = view === 'success' || view === 'notFound';

  return (
    <>
      <main id="main" className="main" ref={mainRef}>
        <div className="container details-page">
          {showsHeading ? <VacancyHeading vacancy={vacancy} listUrl={listUrl} /> : null}
          {view === 'loading' ? (
            <div className="details-loading" tabIndex={-1}>
              <Spinner label={t('careers.loading')} />
            </div>
          ) : null}
          {view === 'details' && vacancy ? <VacancyDetailsView vacancy={vacancy} /> : null}
          {hasOpenedForm && vacancy ? (
            <div className="response-form-slot" hidden={view !== 'form'} tabIndex={-1}>
              <ErrorBoundary fallback={<p role="alert">{t('errors.network')}</p>}>
                <Suspense fallback={<ResponseFormLoading />}>
                  <LazyResponseFormView
                    vacancy={vacancy}
                    isActive={view === 'form'}
                    onBack={closeForm}
                    onSubmitted={showSuccess}
                  />
                </Suspense>
              </ErrorBoundary>
            </div>
          ) : null}
          {view === 'success' ? <SuccessView listUrl={listUrl} /> : null}
          {view === 'notFound' ? <NotFoundView listUrl={listUrl} /> : null}
        </div>
      </main>
      {view === 'details' ? <ApplyFooter onApply={openForm} /> : null}
      {showsFooterLinks ? (
        <SiteFooter
          listUrl={listUrl}
          indexing={pageData.settings.indexing}
          allVacanciesLabel={t('careers.all_vacancies')}
          poweredByLabel={t('careers.powered_by')}
        />
      ) : null}
    </>
  );
}
