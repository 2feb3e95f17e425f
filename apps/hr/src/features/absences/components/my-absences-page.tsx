import type { AbsenceRequest, AbsenceType } from '@kadry/shared/schemas/absences';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAbsenceTypes, useDecide, useMyRequests, useOwnBalance } from '../api/absences-api';
import { RequestCard } from './absence-parts';
import { BalanceCards } from './balance-cards';
import { ReasonDialog, RequestDetailDialog } from './decision-dialogs';
import { RequestForm } from './request-form';
import { useRequestParam } from './use-request-param';

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
