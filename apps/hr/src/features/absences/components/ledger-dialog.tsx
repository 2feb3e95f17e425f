import type { AbsenceType, AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { type LedgerOf, useLedger } from '../api/absences-api';
import { useFormatAmount, useFormatDate, useTypeName } from './absence-parts';

/** The lines a balance is the sum of, in a dialog ("why is it this much?"). */
export function LedgerDialog({
  code,
  types,
  whose,
  onClose,
}: {
  code: AbsenceTypeCode | null;
  types: readonly AbsenceType[];
  /** Another employee's balance of a year (HR); the user's own of the current year when left out. */
  whose?: LedgerOf;
  onClose: () => void;
}) {
  const t = useT();
  const typeName = useTypeName(types);
  const formatAmount = useFormatAmount();
  const formatDate = useFormatDate();
  const ledger = useLedger(code, whose);
  const unit = types.find((type) => type.code === code)?.unit;
  return (
    <DialogFrame
      open={code !== null}
      onClose={onClose}
      title={code ? t('hr.absences.ledger_title', { type: typeName(code) }) : ''}
      size="wide"
      hasCloseButton
    >
      <QueryState
        isPending={ledger.isPending}
        isError={ledger.isError}
        error={ledger.error}
        onRetry={() => ledger.refetch()}
      >
        {ledger.data ? (
          ledger.data.entries.length === 0 ? (
            <p>{t('hr.absences.ledger_empty')}</p>
          ) : (
            <div className="table-scroll">
              <table className="absences__ledger">
                <caption className="visually-hidden">
                  {t('hr.absences.ledger_caption', { year: ledger.data.balance.year })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('hr.absences.ledger_what')}</th>
                    <th scope="col" className="absences__amount">
                      {t('hr.absences.ledger_amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        {t(`hr.absences.ledger_kind.${entry.kind}`)}
                        {entry.date_from && entry.date_to ? (
                          <span className="absences__note">
                            {' '}
                            {entry.date_from === entry.date_to
                              ? formatDate(entry.date_from)
                              : `${formatDate(entry.date_from)} – ${formatDate(entry.date_to)}`}
                          </span>
                        ) : null}
                        {entry.note ? <span className="absences__note"> · {entry.note}</span> : null}
                      </td>
                      <td className="absences__amount">
                        {entry.amount > 0 ? '+' : ''}
                        {formatAmount(entry.amount, unit)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('hr.absences.ledger_total')}</th>
                    <td className="absences__amount">
                      {formatAmount(ledger.data.balance.accrued - ledger.data.balance.used, unit)}
                    </td>
                  </tr>
                  {ledger.data.balance.pending > 0 ? (
                    <tr>
                      <th scope="row">{t('hr.absences.ledger_pending')}</th>
                      <td className="absences__amount">−{formatAmount(ledger.data.balance.pending, unit)}</td>
                    </tr>
                  ) : null}
                  <tr>
                    <th scope="row">{t('hr.absences.available')}</th>
                    <td className="absences__amount">{formatAmount(ledger.data.balance.available, unit)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )
        ) : null}
      </QueryState>
      <DialogActions>
        <button type="button" onClick={onClose}>
          {t('hr.common.close')}
        </button>
      </DialogActions>
    </DialogFrame>
  );
}
