import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const DictionariesPage = lazy(() =>
  import('./components/dictionaries-page').then((module) => ({ default: module.DictionariesPage })),
);

/** The dictionaries screen, for app-routes.tsx to put in its <Switch>. */
export const dictionaryRoutes = (
  <>
    <Route path="/dictionaries">
      <ScreenGuard screen="dictionaries">
        <DictionariesPage dictionary={null} />
      </ScreenGuard>
    </Route>
    <Route path="/dictionaries/:dictionary">
      {(params) => (
        <ScreenGuard screen="dictionaries">
          <DictionariesPage key={params.dictionary} dictionary={params.dictionary} />
        </ScreenGuard>
      )}
    </Route>
  </>
);
