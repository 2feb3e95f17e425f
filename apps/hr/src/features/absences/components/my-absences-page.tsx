import type {
  AbsenceBalance,
  AbsenceRequest,
  AbsenceType,
  AbsenceTypeCode,
} from '@kadry/shared/schemas/absences';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAbsenceTypes, useDecide, useLedger, useMyRequests, useOwnBalance } from '../api/absences-api';
import { RequestCard, useFormatAmount, useFormatDate, useTypeName } from './absence-parts';
import { ReasonDialog, RequestDetailDialog } from './decision-dialogs';
import { RequestForm } from './request-form';
import { useRequestParam } from './use-request-param';

/** The lines a balance is the sum of, in a dialog ("why is it this much?"). */
function LedgerDialog({
  code,
  types,
  onClose,
}: {
  code: AbsenceTypeCode | null;
  types: readonly AbsenceType[];
  onClose: () => void;
}) {
  const t = useT();
  const typeName = useTypeName(types);
  const formatAmount = useFormatAmount();
  const formatDate = useFormatDate();
  const ledger = useLedger(code);
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

function BalanceCards({ balances, types }: { balances: AbsenceBalance[]; types: readonly AbsenceType[] }) {
  const t = useT();
  const typeName = useTypeName(types);
  const formatAmount = useFormatAmount();
  const [why, setWhy] = useState<AbsenceTypeCode | null>(null);
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
            <button type="button" className="link-button" onClick={() => setWhy(balance.absence_type)}>
              {t('hr.absences.why', { type: typeName(balance.absence_type) })}
            </button>
          </li>
        ))}
      </ul>
      <LedgerDialog code={why} types={types} onClose={() => setWhy(null)} />
    </>
  );
}

function MyRequests({ types }: { types: readonly AbsenceType[] }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const requests = useMyRequests(page);
  const decide = useDecide();
  const [cancelling, setCancelling] = useState<number | null>(null);
  return (
    <section className="absences__section" aria-labelledby="my-requests-heading">
      <h2 id="my-requests-heading">{t('hr.absences.my_requests')}</h2>
      <QueryState
        isPending={requests.isPending}
        isError={requests.isError}
        error={requests.error}
        onRetry={() => requests.refetch()}
      >
        {requests.data && requests.data.data.length === 0 ? <p>{t('hr.absences.no_requests')}</p> : null}
        <ul className="absences__cards">
          {requests.data?.data.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                types={types}
                showEmployee={false}
                actions={
                  request.can.cancel ? (
                    <button type="button" onClick={() => setCancelling(request.id)}>
                      {t('hr.absences.cancel_request')}
                    </button>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
        {requests.data ? (
          <Pagination page={page} lastPage={requests.data.meta.last_page} onChange={setPage} />
        ) : null}
      </QueryState>
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('hr.absences.cancel_title')}
        confirmLabel={t('hr.absences.cancel_request')}
        cancelLabel={t('hr.absences.keep_request')}
        onConfirm={async () => {
          if (cancelling === null) return;
          await decide.mutateAsync({ id: cancelling, action: 'cancel' });
          snackbar.success(t('hr.absences.cancelled'));
        }}
      >
        <p>{t('hr.absences.cancel_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** "My absences": the user's balances (each explained line by line), a request form and their requests. */
export function MyAbsencesPage() {
  const t = useT();
  const types = useAbsenceTypes();
  const balances = useOwnBalance();
  // `?request=ID` opens one request (the link of a notification about its outcome).
  const [openId, setOpenId] = useRequestParam();
  const [revoking, setRevoking] = useState<AbsenceRequest | null>(null);
  return (
    <section>
      <PageHeading>{t('hr.absences.my_title')}</PageHeading>
      <QueryState
        isPending={types.isPending}
        isError={types.isError}
        error={types.error}
        onRetry={() => types.refetch()}
      >
        {types.data ? (
          <>
            <section className="absences__section" aria-labelledby="balances-heading">
              <h2 id="balances-heading">{t('hr.absences.balances')}</h2>
              <QueryState
                isPending={balances.isPending}
                isError={balances.isError}
                error={balances.error}
                onRetry={() => balances.refetch()}
              >
                {balances.data ? <BalanceCards balances={balances.data} types={types.data} /> : null}
              </QueryState>
            </section>
            <RequestForm types={types.data} />
            <MyRequests types={types.data} />
          </>
        ) : null}
      </QueryState>
      <RequestDetailDialog
        id={openId}
        types={types.data}
        onClose={() => setOpenId(null)}
        onRevoke={(request) => {
          setOpenId(null);
          setRevoking(request);
        }}
      />
      <ReasonDialog request={revoking} action="revoke" onClose={() => setRevoking(null)} />
    </section>
  );
}
