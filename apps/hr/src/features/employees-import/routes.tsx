import { lazy } from 'react';
import { Route } from 'wouter';
import { ScreenGuard } from '../../components/layout/screen-guard';

const EmployeesImportPage = lazy(() =>
  import('./components/employees-import-page').then((module) => ({ default: module.EmployeesImportPage })),
);

/**
 * The employee import screen, for app-routes.tsx's <Switch> (before the employees routes: their
 * `/employees/:id` would take the address). The server asks more than the screen guard: the Employee
 * create and update levels at to_all.
 */
export const employeesImportRoutes = (
  <Route path="/employees/import">
    <ScreenGuard screen="employeeCreate">
      <EmployeesImportPage />
    </ScreenGuard>
  </Route>
);
