import {
  ABSENCE_STATUSES,
  type AbsenceRequest,
  type AbsenceRequestsQuery,
  type AbsenceStatus,
  type AbsenceType,
  type AbsenceTypeCode,
  isDateRangeInOrder,
} from '@kadry/shared/schemas/absences';
import { useId, useState } from 'react';
import { FieldError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAbsenceTypes, useDecide, useManagement, useVisibleRequests } from '../api/absences-api';
import { RequestCard, useTypeName } from './absence-parts';
import { ReasonDialog, RequestDetailDialog } from './decision-dialogs';
import { DirectEntryDialog } from './direct-entry-dialog';
import { EmployeeBalances } from './employee-balances';
import { useRequestParam } from './use-request-param';

/** What awaits the user's decision, oldest first, each with approve and reject. */
function AwaitingDecision({
  types,
  onReject,
}: {
  types: readonly AbsenceType[] | undefined;
  onReject: (request: AbsenceRequest) => void;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const awaiting = useManagement(page);
  const decide = useDecide();
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <section className="absences__section" aria-labelledby="awaiting-heading">
      <h2 id="awaiting-heading">
        {t('hr.absences.awaiting')}
        {awaiting.data ? ` (${awaiting.data.meta.total})` : ''}
      </h2>
      <QueryState
        isPending={awaiting.isPending}
        isError={awaiting.isError}
        error={awaiting.error}
        onRetry={() => awaiting.refetch()}
      >
        {awaiting.data && awaiting.data.data.length === 0 ? <p>{t('hr.absences.awaiting_empty')}</p> : null}
        <ul className="absences__cards">
          {awaiting.data?.data.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                types={types}
                showEmployee
                actions={
                  <>
                    <button
                      type="button"
                      disabled={busy === request.id}
                      onClick={async () => {
                        setBusy(request.id);
                        try {
                          await decide.mutateAsync({ id: request.id, action: 'approve' });
                          snackbar.success(t('hr.absences.approved', { name: request.employee_name }));
                        } catch {
                          // The API client has said why (a snackbar); the list refreshes on the next try.
                        } finally {
                          setBusy(null);
                        }
                      }}
                    >
                      {t('hr.absences.approve')}
                    </button>
                    <button type="button" onClick={() => onReject(request)}>
                      {t('hr.absences.reject')}
                    </button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
        {awaiting.data ? (
          <Pagination page={page} lastPage={awaiting.data.meta.last_page} onChange={setPage} />
        ) : null}
      </QueryState>
    </section>
  );
}

/** Every request the user may see, filtered by status, type and dates. */
function AllRequests({
  types,
  onOpen,
}: {
  types: readonly AbsenceType[] | undefined;
  onOpen: (id: number) => void;
}) {
  const t = useT();
  const typeName = useTypeName(types);
  const toErrorId = useId();
  // The filters as shown, and the last of them that makes sense (what is asked for): a "To" before
  // "From" is said under "To" (the contract's check) and not sent.
  const [query, setQuery] = useState<AbsenceRequestsQuery>({ page: 1 });
  const [applied, setApplied] = useState<AbsenceRequestsQuery>(query);
  const requests = useVisibleRequests(applied);
  const isInOrder = isDateRangeInOrder(query.date_from, query.date_to);
  function filter(patch: Partial<AbsenceRequestsQuery>) {
    const next = { ...query, ...patch, page: 1 };
    setQuery(next);
    if (isDateRangeInOrder(next.date_from, next.date_to)) setApplied(next);
  }
  return (
    <section className="absences__section" aria-labelledby="all-requests-heading">
      <h2 id="all-requests-heading">{t('hr.absences.all_requests')}</h2>
      <fieldset className="filters">
        <legend className="visually-hidden">{t('hr.absences.filters')}</legend>
        <label>
          {t('hr.absences.status_label')}{' '}
          <select
            value={query.status ?? ''}
            onChange={(event) =>
              filter({ status: (event.target.value || undefined) as AbsenceStatus | undefined })
            }
          >
            <option value="">{t('hr.absences.any')}</option>
            {ABSENCE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`hr.absences.status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('hr.absences.type_label')}{' '}
          <select
            value={query.absence_type ?? ''}
            onChange={(event) =>
              filter({ absence_type: (event.target.value || undefined) as AbsenceTypeCode | undefined })
            }
          >
            <option value="">{t('hr.absences.any')}</option>
            {types?.map((type) => (
              <option key={type.code} value={type.code}>
                {typeName(type.code)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('hr.absences.date_from')}{' '}
          <input
            type="date"
            value={query.date_from ?? ''}
            onChange={(event) => filter({ date_from: event.target.value || undefined })}
          />
        </label>
        <div>
          <label>
            {t('hr.absences.date_to')}{' '}
            <input
              type="date"
              value={query.date_to ?? ''}
              min={query.date_from}
              aria-invalid={isInOrder ? undefined : true}
              aria-describedby={isInOrder ? undefined : toErrorId}
              onChange={(event) => filter({ date_to: event.target.value || undefined })}
            />
          </label>
          <FieldError id={toErrorId} message={isInOrder ? null : t('absences.date_to_before_from')} />
        </div>
      </fieldset>
      <QueryState
        isPending={requests.isPending}
        isError={requests.isError}
        error={requests.error}
        onRetry={() => requests.refetch()}
      >
        {requests.data && requests.data.data.length === 0 ? (
          <p>{t('hr.absences.no_requests_found')}</p>
        ) : null}
        <ul className="absences__cards">
          {requests.data?.data.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                types={types}
                showEmployee
                actions={
                  <button type="button" onClick={() => onOpen(request.id)}>
                    {t('hr.absences.details')}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
        {requests.data ? (
          <Pagination
            page={Number(applied.page ?? 1)}
            lastPage={requests.data.meta.last_page}
            onChange={(page) => {
              setApplied((current) => ({ ...current, page }));
              setQuery((current) => ({ ...current, page }));
            }}
          />
        ) : null}
      </QueryState>
    </section>
  );
}

/**
 * The management tab (/absences/requests): requests awaiting the user's decision with approve and
 * reject (a reason, in a dialog), every request the user may see with filters and a detail with
 * revoke, edit and delete where allowed, HR's direct entry behind create_absence, and a person's
 * balances with manual adjustments behind update_absence.
 */
export function RequestsPage() {
  const t = useT();
  const permissions = usePermissions();
  const types = useAbsenceTypes();
  const [rejecting, setRejecting] = useState<AbsenceRequest | null>(null);
  const [revoking, setRevoking] = useState<AbsenceRequest | null>(null);
  // `?request=ID` opens one request (the link of a notification).
  const [openId, setOpenId] = useRequestParam();
  const [isEntering, setIsEntering] = useState(false);
  const canEnter = permissions.canDo('AbsenceRequest', 'create_absence');
  // The server checks the same named action (and an update level reaching the person) on adjusting.
  const canAdjust = permissions.canDo('AbsenceRequest', 'update_absence');
  return (
    <section>
      <PageHeading
        actions={
          canEnter && types.data ? (
            <button type="button" onClick={() => setIsEntering(true)}>
              {t('hr.absences.enter_absence')}
            </button>
          ) : null
        }
      >
        {t('hr.absences.requests_title')}
      </PageHeading>
      <AwaitingDecision types={types.data} onReject={setRejecting} />
      <AllRequests types={types.data} onOpen={setOpenId} />
      {canAdjust && types.data ? <EmployeeBalances types={types.data} /> : null}
      <ReasonDialog request={rejecting} action="reject" onClose={() => setRejecting(null)} />
      <ReasonDialog request={revoking} action="revoke" onClose={() => setRevoking(null)} />
      <RequestDetailDialog
        id={openId}
        types={types.data}
        onClose={() => setOpenId(null)}
        onRevoke={(request) => {
          setOpenId(null);
          setRevoking(request);
        }}
      />
      {canEnter && types.data ? (
        <DirectEntryDialog open={isEntering} onClose={() => setIsEntering(false)} types={types.data} />
      ) : null}
    </section>
  );
}
