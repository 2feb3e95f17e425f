import type { Catalog } from '@kadry/shared/i18n/translator';
import type { AppPageData } from '@kadry/shared/schemas/auth';
import type { SnackbarStore } from '@kadry/ui/snackbar/snackbar-store';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { AppShell } from '../components/layout/app-shell';
import { I18nProvider } from '../lib/i18n';
import { PageDataProvider } from '../lib/page-data';
import { type PermissionsStore, permissionsStore } from '../lib/permissions/permissions-store';
import { PermissionsProvider } from '../lib/permissions/use-permissions';
import { listenForRequestErrors } from '../lib/snackbar/listen-for-request-errors';
import { snackbar } from '../lib/snackbar/snackbar';
import { AppRoutes } from './app-routes';

/** Everything a screen needs around it; tests pass their own stores and a memory location hook. */
export function AppProviders({
  pageData,
  catalog,
  queryClient,
  permissions = permissionsStore,
  snackbars = snackbar,
  routerHook,
  children,
}: {
  pageData: AppPageData;
  catalog: Catalog;
  queryClient: QueryClient;
  permissions?: PermissionsStore;
  snackbars?: SnackbarStore;
  routerHook?: Parameters<typeof Router>[0]['hook'];
  children: React.ReactNode;
}) {
  useEffect(() => listenForRequestErrors(snackbars), [snackbars]);
  return (
    <PageDataProvider value={pageData}>
      <I18nProvider locale={pageData.user.locale} catalog={catalog}>
        <QueryClientProvider client={queryClient}>
          <PermissionsProvider
            userId={pageData.user.id}
            rolesUpdatedAt={pageData.settings.rolesUpdatedAt}
            releaseVersion={pageData.settings.releaseVersion}
            store={permissions}
          >
            <Router base="/app" hook={routerHook}>
              {children}
            </Router>
          </PermissionsProvider>
        </QueryClientProvider>
      </I18nProvider>
    </PageDataProvider>
  );
}

export function App(props: Omit<Parameters<typeof AppProviders>[0], 'children'>) {
  return (
    <AppProviders {...props}>
      <AppShell>
        <AppRoutes />
      </AppShell>
    </AppProviders>
  );
}
