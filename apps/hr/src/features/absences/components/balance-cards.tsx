import type { AbsenceBalance, AbsenceType } from '@kadry/shared/schemas/absences';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useFormatAmount, useTypeName } from './absence-parts';
import { LedgerDialog } from './ledger-dialog';

/**
 * Balance cards, each with "Why this balance?" (its ledger line by line): the user's own, or an
 * employee's (`employeeId`, HR) with `actions` of its own per card (an adjustment).
 */
export function BalanceCards({
  balances,
  types,
  employeeId,
  actions,
}: {
  balances: readonly AbsenceBalance[];
  types: readonly AbsenceType[];
  employeeId?: number;
  actions?: (balance: AbsenceBalance) => ReactNode;
}) {
  const t = useT();
  const typeName = useTypeName(types);
  const formatAmount = useFormatAmount();
  const [why, setWhy] = useState<AbsenceBalance | null>(null);
  if (balances.length === 0) return <p>{t('hr.absences.no_balances')}</p>;
  return (
    <>
      <ul className="absences__balances">
        {balances.map((balance) => (
          <li key={balance.absence_type} className="absences__card">
            <h3 className="absences__card-title">
              {t('hr.absences.balance_title', { type: typeName(balance.absence_type), year: balance.year })}
            </h3>
            <dl className="absences__figures">
              <dt>{t('hr.absences.available')}</dt>
              <dd>{formatAmount(balance.available, balance.unit)}</dd>
              <dt>{t('hr.absences.accrued')}</dt>
              <dd>{formatAmount(balance.accrued, balance.unit)}</dd>
              <dt>{t('hr.absences.used')}</dt>
              <dd>{formatAmount(balance.used, balance.unit)}</dd>
              <dt>{t('hr.absences.pending')}</dt>
              <dd>{formatAmount(balance.pending, balance.unit)}</dd>
            </dl>
            <div className="admin-row-actions">
              <button type="button" className="link-button" onClick={() => setWhy(balance)}>
                {t('hr.absences.why', { type: typeName(balance.absence_type) })}
              </button>
              {actions?.(balance)}
            </div>
          </li>
        ))}
      </ul>
      <LedgerDialog
        code={why?.absence_type ?? null}
        types={types}
        // The user's own: the current year (the route's default); an employee's: the year shown.
        whose={employeeId === undefined ? undefined : { employeeId, year: why?.year }}
        onClose={() => setWhy(null)}
      />
    </>
  );
}
