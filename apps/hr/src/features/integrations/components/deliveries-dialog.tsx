import type { Webhook, WebhookDelivery } from '@kadry/shared/schemas/integrations';
import { useState } from 'react';
import { DialogActions, DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { formatDateTime } from '../../staff/components/format-time';
import { useRedeliver, useSendTestEvent, useWebhookDeliveries } from '../api/webhooks';
import { DELIVERY_STATE_COLOR } from './format';
import { eventLabelKey } from './webhook-dialog';

/** A webhook's delivery log, newest first and paged: state, attempts, answer, error; test event and redeliver. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const t = useT();
  const shown = useLastNonNull(webhook);
  return (
    <DialogFrame
      open={webhook !== null}
      onClose={onClose}
      title={t('hr.integrations.deliveries.title')}
      description={shown?.url}
      size="wide"
      hasCloseButton
    >
      {shown ? <DeliveryLog webhook={shown} onClose={onClose} /> : null}
    </DialogFrame>
  );
}

function DeliveryLog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhook.id, page);
  const sendTest = useSendTestEvent();
  const redeliver = useRedeliver();
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    setAnnouncement('');
    try {
      await action();
      setAnnouncement(done);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 409
          ? t('hr.integrations.deliveries.still_pending')
          : t('hr.integrations.error.action_failed'),
      );
    }
  };

  return (
    <div>
      <div className="integrations__toolbar">
        <button
          type="button"
          aria-disabled={sendTest.isPending}
          onClick={() =>
            !sendTest.isPending &&
            run(async () => {
              await sendTest.mutateAsync(webhook.id);
              setPage(1);
            }, t('hr.integrations.deliveries.test_sent'))
          }
        >
          {t('hr.integrations.webhooks.send_test')}
        </button>
      </div>
      <p role="status" className="hint">
        {announcement}
      </p>
      <FormError message={error} />
      <QueryState
        isPending={deliveries.isPending}
        isError={deliveries.isError}
        onRetry={() => deliveries.refetch()}
      >
        {deliveries.data && deliveries.data.data.length === 0 ? (
          <p>{t('hr.integrations.deliveries.empty')}</p>
        ) : (
          <ul className="integration-list" aria-label={t('hr.integrations.deliveries.title')}>
            {(deliveries.data?.data ?? []).map((delivery) => (
              <DeliveryCard
                key={delivery.id}
                delivery={delivery}
                onRedeliver={() =>
                  run(
                    () => redeliver.mutateAsync({ id: webhook.id, deliveryId: delivery.id }),
                    t('hr.integrations.deliveries.redelivered'),
                  )
                }
              />
            ))}
          </ul>
        )}
        <Pagination page={page} lastPage={deliveries.data?.meta.last_page ?? 1} onChange={setPage} />
      </QueryState>
      <DialogActions>
        <button type="button" onClick={onClose}>
          {t('hr.integrations.close')}
        </button>
      </DialogActions>
    </div>
  );
}

function DeliveryCard({ delivery, onRedeliver }: { delivery: WebhookDelivery; onRedeliver: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const color = DELIVERY_STATE_COLOR[delivery.state];
  return (
    <li className="integration-card">
      <div className="integration-card__title">
        <h3>
          {t(eventLabelKey(delivery.event_type))}{' '}
          <code className="integrations__code">{delivery.event_id}</code>
        </h3>
        <span className={`chip chip--${color}`} data-color={color}>
          {t(`hr.integrations.deliveries.state.${delivery.state}`)}
        </span>
      </div>
      <dl className="integration-card__facts">
        <dt>{t('hr.integrations.deliveries.created')}</dt>
        <dd>
          <time dateTime={delivery.created_at}>
            {formatDateTime(delivery.created_at, locale, user.timezone)}
          </time>
        </dd>
        <dt>{t('hr.integrations.deliveries.attempts')}</dt>
        <dd>{delivery.attempts}</dd>
        <dt>{t('hr.integrations.deliveries.response')}</dt>
        <dd>{delivery.response_status ?? t('hr.integrations.deliveries.no_response')}</dd>
        {delivery.last_error ? (
          <>
            <dt>{t('hr.integrations.deliveries.error')}</dt>
            <dd className="integration-card__error">{delivery.last_error}</dd>
          </>
        ) : null}
      </dl>
      <details className="integration-card__payload">
        <summary>{t('hr.integrations.deliveries.payload')}</summary>
        <pre>{JSON.stringify(delivery.payload, null, 2)}</pre>
      </details>
      {delivery.state !== 'pending' ? (
        <div className="integration-card__actions">
          <button
            type="button"
            aria-label={t('hr.integrations.deliveries.redeliver_named', { id: delivery.event_id })}
            onClick={onRedeliver}
          >
            {t('hr.integrations.deliveries.redeliver')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
