import { lazy } from 'react';

function importResponseFormView() {
  return import('./response-form-view');
}

/** The form view as its own chunk: the list and details pages never download the form code. */
export const LazyResponseFormView = lazy(() =>
  importResponseFormView().then((module) => ({ default: module.ResponseFormView })),
);

/** Starts downloading the form chunk early (hover or focus on Apply), so it is usually ready on press. */
export function preloadResponseFormView(): void {
  void importResponseFormView().catch(() => {
    // A failed preload is retried by React.lazy when the view actually renders.
  });
}
