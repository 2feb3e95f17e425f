import { lazy } from 'react';
import { Route } from 'wouter';
import { NotFoundPage, ScreenGuard } from '../../components/layout/screen-guard';

// The employees screens load when first opened.
const EmployeesPage = lazy(() =>
  import('./components/employees-page').then((module) => ({ default: module.EmployeesPage })),
);
const EmployeeProfilePage = lazy(() =>
  import('./components/employee-profile-page').then((module) => ({ default: module.EmployeeProfilePage })),
);
const CreateEmployeePage = lazy(() =>
  import('./components/create-employee-page').then((module) => ({ default: module.CreateEmployeePage })),
);
const CustomFieldsPage = lazy(() =>
  import('./components/custom-fields-page').then((module) => ({ default: module.CustomFieldsPage })),
);

/** The employees screens (directory, profile, create, custom fields), for app-routes.tsx's <Switch>. */
export const employeeRoutes = (
  <>
    <Route path="/employees">
      <ScreenGuard screen="employees">
        <EmployeesPage />
      </ScreenGuard>
    </Route>
    <Route path="/employees/new">
      <ScreenGuard screen="employeeCreate">
        <CreateEmployeePage />
      </ScreenGuard>
    </Route>
    <Route path="/employees/fields">
      <ScreenGuard screen="employeeFields">
        <CustomFieldsPage />
      </ScreenGuard>
    </Route>
    <Route path="/employees/:id">
      {(params) =>
        /^\d+$/.test(params.id) ? (
          <ScreenGuard screen="employees">
            <EmployeeProfilePage key={params.id} id={Number(params.id)} />
          </ScreenGuard>
        ) : (
          <NotFoundPage />
        )
      }
    </Route>
  </>
);
