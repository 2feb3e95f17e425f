import { isWidgetAvailable } from '@kadry/shared/dashboard-widgets';
import type {
  AdministrationAccount,
  AdministrationsQuery,
} from '@kadry/shared/schemas/dashboard-administration';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { Access } from '../../plugins/access/access';
import { isBuiltInRole } from '../../plugins/access/roles';
import { employeeVisibleWhere, readerOf } from '../employees/employee-visibility';
import { findFollowedAccounts } from './administration-widget.queries';

// The administration widget (issue 15, spec §3.2, §7.2 `dashboard.administrations`): the staff accounts
// an owner follows, with role, state and last sign-in. Who sees it: WIDGET_RULES (dashboard-widgets.ts).

export type AdministrationWidgetContext = { db: Db; access: Access; tariffs: readonly string[] };

/**
 * `GET dashboard.administrations`: the company's accounts among `account_ids`, in the order asked
 * (unknown ids, another company's included, and accounts of people the user does not see are left
 * out). 403 unless the widget is the user's.
 */
export async function listFollowedAccounts(
  ctx: AdministrationWidgetContext,
  query: AdministrationsQuery,
): Promise<{ data: AdministrationAccount[] }> {
  if (!isWidgetAvailable('administration', ctx.tariffs, ctx.access.permissions)) {
    throw new AppError('forbidden', { key: 'dashboard.widget_unavailable' });
  }
  const ids = [...new Set(query.account_ids ?? [])];
  // Only people the user sees (decision 013): Settings at to_all does not widen the Employee reach.
  const visible = employeeVisibleWhere(readerOf(ctx.access));
  const rows = await findFollowedAccounts(ctx.db, ctx.access.user.companyId, ids, visible);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    data: ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          employee_id: row.employeeId,
          name: row.name,
          role: {
            id: row.role.id,
            key: isBuiltInRole(row.role.key) ? row.role.key : null,
            name: row.role.name,
          },
          status: row.isDisabled ? 'disabled' : row.hasPassword ? 'active' : 'invited',
          last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
        },
      ];
    }),
  };
}
