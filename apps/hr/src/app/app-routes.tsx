import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Route, Switch } from 'wouter';
import { PageHeading } from '../components/ui/page-heading';
import { CandidateCardPage } from '../features/candidates/components/candidate-card-page';
import { CandidatesPage } from '../features/candidates/components/candidates-page';
import { FormsPage } from '../features/forms/components/forms-page';
import { VacanciesPage } from '../features/vacancies/components/vacancies-page';
import { usePermissions } from '../lib/permissions/use-permissions';
import { useT } from './i18n';
import { canOpenScreen, SCREEN_LINKS, type Screen } from './modules';
import { usePageData } from './page-data';

// The heavy screens (rich-text editor, drag and drop, the careers form components) load when opened.
const VacancyEditorPage = lazy(() =>
  import('../features/vacancies/components/vacancy-editor-page').then((module) => ({
    default: module.VacancyEditorPage,
  })),
);
const CandidateBoardPage = lazy(() =>
  import('../features/candidates/components/candidate-board-page').then((module) => ({
    default: module.CandidateBoardPage,
  })),
);
const FormBuilderPage = lazy(() =>
  import('../features/forms/components/form-builder-page').then((module) => ({
    default: module.FormBuilderPage,
  })),
);
const CareersSettingsPage = lazy(() =>
  import('../features/careers-settings/components/careers-settings-page').then((module) => ({
    default: module.CareersSettingsPage,
  })),
);

const RolesPage = lazy(() =>
  import('../features/roles/components/roles-page').then((module) => ({ default: module.RolesPage })),
);
const RoleEditorPage = lazy(() =>
  import('../features/roles/components/role-editor-page').then((module) => ({
    default: module.RoleEditorPage,
  })),
);
const TeamsPage = lazy(() =>
  import('../features/teams/components/teams-page').then((module) => ({ default: module.TeamsPage })),
);
const TeamPage = lazy(() =>
  import('../features/teams/components/team-page').then((module) => ({ default: module.TeamPage })),
);

const StaffPage = lazy(() =>
  import('../features/staff/components/staff-page').then((module) => ({ default: module.StaffPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/components/account-page').then((module) => ({ default: module.AccountPage })),
);

function Loading() {
  const t = useT();
  return (
    <p role="status" className="query-state">
      {t('hr.common.loading')}
    </p>
  );
}

function NotFoundPage() {
  const t = useT();
  return (
    <section>
      <PageHeading>{t('hr.common.not_found')}</PageHeading>
      <p>
        <Link href="/">{t('hr.common.home')}</Link>
      </p>
    </section>
  );
}

/** Renders a screen only for users whose plan and role open it; others see not-found, like the API's 404. */
function Guard({ screen, children }: { screen: Screen; children: ReactNode }) {
  const { settings } = usePageData();
  const permissions = usePermissions();
  if (permissions.status !== 'ready' && permissions.permissions === null) {
    return permissions.status === 'error' ? <NotFoundPage /> : null;
  }
  return canOpenScreen(screen, settings.tariffs, permissions) ? (
    <Suspense fallback={<Loading />}>{children}</Suspense>
  ) : (
    <NotFoundPage />
  );
}

function HomePage() {
  const t = useT();
  const { user, settings } = usePageData();
  const permissions = usePermissions();
  const links = SCREEN_LINKS.filter((item) => canOpenScreen(item.screen, settings.tariffs, permissions));
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

/** The app's pages under /app (the router's base). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <HomePage />
      </Route>
      <Route path="/vacancies">
        <Guard screen="vacancies">
          <VacanciesPage />
        </Guard>
      </Route>
      <Route path="/vacancies/new">
        <Guard screen="vacancies">
          <VacancyEditorPage id={null} />
        </Guard>
      </Route>
      <Route path="/vacancies/:id/board">
        {(params) => (
          <Guard screen="candidates">
            <CandidateBoardPage vacancyId={Number(params.id)} />
          </Guard>
        )}
      </Route>
      <Route path="/vacancies/:id">
        {(params) => (
          <Guard screen="vacancies">
            <VacancyEditorPage key={params.id} id={Number(params.id)} />
          </Guard>
        )}
      </Route>
      <Route path="/candidates">
        <Guard screen="candidates">
          <CandidatesPage />
        </Guard>
      </Route>
      <Route path="/candidates/:id">
        {(params) => (
          <Guard screen="candidates">
            <CandidateCardPage key={params.id} id={Number(params.id)} />
          </Guard>
        )}
      </Route>
      <Route path="/forms">
        <Guard screen="forms">
          <FormsPage />
        </Guard>
      </Route>
      <Route path="/forms/new">
        <Guard screen="forms">
          <FormBuilderPage id={null} />
        </Guard>
      </Route>
      <Route path="/forms/:id">
        {(params) => (
          <Guard screen="forms">
            <FormBuilderPage key={params.id} id={Number(params.id)} />
          </Guard>
        )}
      </Route>
      <Route path="/careers-settings">
        <Guard screen="careersSettings">
          <CareersSettingsPage />
        </Guard>
      </Route>
      <Route path="/teams">
        <Guard screen="teams">
          <TeamsPage />
        </Guard>
      </Route>
      <Route path="/teams/:id">
        {(params) => (
          <Guard screen="teams">
            <TeamPage key={params.id} id={Number(params.id)} />
          </Guard>
        )}
      </Route>
      <Route path="/roles">
        <Guard screen="roles">
          <RolesPage />
        </Guard>
      </Route>
      <Route path="/roles/:id">
        {(params) => (
          <Guard screen="roles">
            <RoleEditorPage key={params.id} id={Number(params.id)} />
          </Guard>
        )}
      </Route>
      <Route path="/staff">
        <Guard screen="staff">
          <StaffPage />
        </Guard>
      </Route>
      {/* Everyone signed in has an account of their own: no guard. */}
      <Route path="/account">
        <Suspense fallback={<Loading />}>
          <AccountPage />
        </Suspense>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
