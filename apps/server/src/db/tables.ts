// Every table of the schema in one object, and the database type the rest of the server uses.
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as absenceMonthAmounts from './schema/absence-month-amounts';
import * as absenceTeamMonthTotals from './schema/absence-team-month-totals';
import * as absences from './schema/absences';
import * as actionTemplates from './schema/action-templates';
import * as analytics from './schema/analytics';
import * as applications from './schema/applications';
import * as candidateMerges from './schema/candidate-merges';
import * as companies from './schema/companies';
import * as corpEvents from './schema/corp-events';
import * as cvParses from './schema/cv-parses';
import * as dashboard from './schema/dashboard';
import * as dictionaries from './schema/dictionaries';
import * as employees from './schema/employees';
import * as events from './schema/events';
import * as files from './schema/files';
import * as forms from './schema/forms';
import * as idempotency from './schema/idempotency';
import * as integrations from './schema/integrations';
import * as interviews from './schema/interviews';
import * as jobs from './schema/jobs';
import * as loginAsActions from './schema/login-as-actions';
import * as notifications from './schema/notifications';
import * as questions from './schema/questions';
import * as recruitingBulk from './schema/recruiting-bulk';
import * as recruitingMail from './schema/recruiting-mail';
import * as recruitingTags from './schema/recruiting-tags';
import * as relations from './schema/relations';
import * as roles from './schema/roles';
import * as sessions from './schema/sessions';
import * as tasks from './schema/tasks';
import * as teams from './schema/teams';
import * as users from './schema/users';
import * as vacancies from './schema/vacancies';

/** Every table and relation, for drizzle's relational queries (`db.query.<table>`). */
export const schema = {
  ...absenceMonthAmounts,
  ...absenceTeamMonthTotals,
  ...absences,
  ...actionTemplates,
  ...analytics,
  ...applications,
  ...candidateMerges,
  ...companies,
  ...corpEvents,
  ...cvParses,
  ...dashboard,
  ...dictionaries,
  ...employees,
  ...events,
  ...files,
  ...forms,
  ...idempotency,
  ...integrations,
  ...interviews,
  ...jobs,
  ...loginAsActions,
  ...notifications,
  ...questions,
  ...recruitingBulk,
  ...recruitingMail,
  ...recruitingTags,
  ...relations,
  ...roles,
  ...sessions,
  ...tasks,
  ...teams,
  ...users,
  ...vacancies,
};

/**
 * What `db.execute()` resolves to on both drivers: PGlite's `Results` and pg's `QueryResult` both
 * carry `rows`. (With drizzle's bare PgQueryResultHKT it would be `unknown`.)
 */
export interface KadryQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}
export type QueryRows<TRow> = { rows: TRow[] };

/** The database as the rest of the server sees it: the common type of the PGlite and pg drivers. */
export type Db = PgDatabase<KadryQueryResultHKT, typeof schema>;
