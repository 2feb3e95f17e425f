import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import { I18nProvider } from '@kadry/ui/i18n';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SnackbarProvider } from '../components/ui/snackbar';
import { PageContextProvider } from '../lib/page-context';
import { createPageTranslator } from '../lib/page-translator';
import { makePageData } from './fixtures';

/** Renders a view with the providers CareersApp gives it. */
export function renderInPage(
  ui: ReactElement,
  opts: { pageData?: CareersPageData; pathname?: string; search?: string } = {},
) {
  const pageData = opts.pageData ?? makePageData();
  const t = createPageTranslator(pageData.currentLanguage, pageData.translations);
  const location = { pathname: opts.pathname ?? '/careers', search: opts.search ?? '' };
  return render(
    <PageContextProvider value={{ pageData, location }}>
      <I18nProvider locale={pageData.currentLanguage} t={t}>
        <SnackbarProvider closeLabel={t('careers.snackbar.close')}>{ui}</SnackbarProvider>
      </I18nProvider>
    </PageContextProvider>,
  );
}

type ObserverRecord = { callback: IntersectionObserverCallback; elements: Element[]; isConnected: boolean };

/**
 * A stand-in for IntersectionObserver (jsdom has none): `reachEnd()` tells every live observer its
 * targets scrolled into view.
 */
export function installFakeIntersectionObserver() {
  const records: ObserverRecord[] = [];
  class FakeIntersectionObserver {
    private readonly record: ObserverRecord;
    constructor(callback: IntersectionObserverCallback) {
      this.record = { callback, elements: [], isConnected: true };
      records.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.isConnected = false;
    }
    takeRecords() {
      return [];
    }
  }
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  return {
    reachEnd() {
      for (const record of records.filter((r) => r.isConnected)) {
        const entries = record.elements.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        record.callback(entries, {} as IntersectionObserver);
      }
    },
    liveCount: () => records.filter((r) => r.isConnected).length,
    restore() {
      globalThis.IntersectionObserver = original;
    },
  };
}
