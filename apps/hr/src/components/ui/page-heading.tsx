import type { ReactNode } from 'react';

/**
 * The page's one h1. Focusable by script (tabIndex -1) so the shell can move focus to it after a route
 * change, and screen-reader users hear where they landed.
 */
export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1 tabIndex={-1} data-page-heading="">
        {children}
      </h1>
      {actions ? <div className="page-heading__actions">{actions}</div> : null}
    </div>
  );
}
