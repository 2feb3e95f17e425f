import { Link, Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/layout/screen-guard';
import { PageHeading } from '../components/ui/page-heading';
import { absenceReportRoutes } from '../features/absence-reports/routes';
import { absenceSettingsRoutes } from '../features/absence-settings/routes';
import { absenceRoutes } from '../features/absences/routes';
import { accountRoutes } from '../features/account/routes';
import { actionTemplateRoutes } from '../features/action-templates/routes';
import { applicationRoutes } from '../features/applications/routes';
import { careersSettingsRoutes } from '../features/careers-settings/routes';
import { corpEventRoutes } from '../features/corp-events/routes';
import { DashboardScreen } from '../features/dashboard/routes';
import { dictionaryRoutes } from '../features/dictionaries/routes';
import { employeeRoutes } from '../features/employees/routes';
import { employeesImportRoutes } from '../features/employees-import/routes';
import { formRoutes } from '../features/forms/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { questionRoutes } from '../features/questions/routes';
import { roleRoutes } from '../features/roles/routes';
import { staffRoutes } from '../features/staff/routes';
import { statisticsRoutes } from '../features/statistics/routes';
import { taskRoutes } from '../features/tasks/routes';
import { teamRoutes } from '../features/teams/routes';
import { usageRoutes } from '../features/usage/routes';
import { vacancyRoutes } from '../features/vacancies/routes';
import { useT } from '../lib/i18n';
import { usePageData } from '../lib/page-data';
import { usePermissions } from '../lib/permissions/use-permissions';
import { canOpenScreen, SCREEN_LINKS } from '../lib/screens';

/** Every section the user opens (the start page before the dashboard; reachable from the navigation). */
function HomePage() {
  const t = useT();
  const { user, settings } = usePageData();
  const permissions = usePermissions();
  const links = SCREEN_LINKS.filter(
    (item) => item.screen !== 'sections' && canOpenScreen(item.screen, settings.tariffs, permissions),
  );
  return (
    <section>
      <PageHeading>{t('hr.home.title', { name: user.name })}</PageHeading>
      {links.length > 0 ? (
        <ul className="home-links">
          {links.map((item) => (
            <li key={item.screen}>
              <Link href={item.path}>{t(item.label)}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('hr.home.nothing')}</p>
      )}
    </section>
  );
}

/**
 * The home page: the dashboard (issue 15) for whoever may see it, else the list of sections. Nothing
 * until the permissions arrive, so the page does not flash the wrong one.
 */
function HomeRoute() {
  const { settings } = usePageData();
  const permissions = usePermissions();
  if (permissions.status !== 'ready' && permissions.permissions === null) {
    return permissions.status === 'error' ? <HomePage /> : null;
  }
  return canOpenScreen('dashboard', settings.tariffs, permissions) ? <DashboardScreen /> : <HomePage />;
}

/** The app's pages under /app (the router's base): the home page and each feature's own routes. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <HomeRoute />
      </Route>
      <Route path="/sections">
        <HomePage />
      </Route>
      {employeesImportRoutes}
      {employeeRoutes}
      {vacancyRoutes}
      {applicationRoutes}
      {formRoutes}
      {careersSettingsRoutes}
      {teamRoutes}
      {roleRoutes}
      {staffRoutes}
      {dictionaryRoutes}
      {integrationsRoutes}
      {absenceRoutes}
      {absenceSettingsRoutes}
      {actionTemplateRoutes}
      {absenceReportRoutes}
      {accountRoutes}
      {taskRoutes}
      {corpEventRoutes}
      {questionRoutes}
      {statisticsRoutes}
      {usageRoutes}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
