import type { CareersInitialData } from '@kadry/shared/careers-page';
import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import { I18nProvider } from '@kadry/ui/i18n';
import { createThemeStyle } from '@kadry/ui/theme';
import { useMemo } from 'react';
import { SiteFooter } from '../components/ui/site-footer';
import { SnackbarProvider } from '../components/ui/snackbar';
import { TopBar } from '../components/ui/top-bar';
import { VacancyDetailsPage } from '../features/details/vacancy-details-page';
import { LanguageSwitcher } from '../features/language/language-switcher';
import { VacancyListPage } from '../features/list/vacancy-list-page';
import { withCarriedParams } from '../lib/navigation';
import { PageContextProvider, type PageLocation } from '../lib/page-context';
import { createPageTranslator } from '../lib/page-translator';

const EMPTY_LIST = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };

/**
 * The whole careers page, rendered by the server and hydrated by the browser with the same props.
 * Without a vacancy id (and not flagged not found) it is the list; otherwise the details page.
 */
export function CareersApp({
  pageData,
  initialData,
  location,
}: {
  pageData: CareersPageData;
  initialData: CareersInitialData;
  location: PageLocation;
}) {
  const t = useMemo(
    () => createPageTranslator(pageData.currentLanguage, pageData.translations),
    [pageData.currentLanguage, pageData.translations],
  );
  const contextValue = useMemo(() => ({ pageData, location }), [pageData, location]);
  const listUrl = withCarriedParams(pageData.vacanciesListUrl, location.search);
  const isList = pageData.vacancyId === null && !pageData.notFound;

  return (
    <PageContextProvider value={contextValue}>
      <I18nProvider locale={pageData.currentLanguage} t={t}>
        <div className="careers" style={createThemeStyle(pageData.settings)}>
          <SnackbarProvider closeLabel={t('careers.snackbar.close')}>
            <a className="skip-link" href="#main">
              {t('careers.skip_to_content')}
            </a>
            <TopBar
              companyName={pageData.settings.name}
              logoSrc={pageData.settings.avatar_src}
              homeUrl={listUrl}
            >
              <LanguageSwitcher
                languages={pageData.languages}
                currentLanguage={pageData.currentLanguage}
                pathname={location.pathname}
                search={location.search}
                label={t('careers.language')}
              />
            </TopBar>
            {isList ? (
              <>
                <main id="main" className="main">
                  <VacancyListPage
                    initialList={initialData.kind === 'list' ? initialData.list : EMPTY_LIST}
                    search={location.search}
                  />
                </main>
                <SiteFooter
                  listUrl={listUrl}
                  indexing={pageData.settings.indexing}
                  allVacanciesLabel={t('careers.all_vacancies')}
                  poweredByLabel={t('careers.powered_by')}
                />
              </>
            ) : (
              <VacancyDetailsPage
                vacancyId={pageData.vacancyId}
                initialVacancy={initialData.kind === 'details' ? initialData.vacancy : null}
                isNotFound={pageData.notFound}
              />
            )}
          </SnackbarProvider>
        </div>
      </I18nProvider>
    </PageContextProvider>
  );
}
