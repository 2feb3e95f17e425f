import type { Webhook } from '@kadry/shared/schemas/integrations';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { formatDateTime } from '../../staff/components/format-time';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { DeliveriesDialog } from './deliveries-dialog';
import { DELIVERY_STATE_COLOR } from './format';
import { SecretReveal } from './secret-reveal';
import { eventLabelKey, WebhookDialog } from './webhook-dialog';

/** Webhooks: the list with their switches and latest delivery; add, edit, test, rotate, delete, the log. */
export function WebhooksSection() {
  const t = useT();
  const ids = useId();
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotatedSecret, setRotatedSecret] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const rotatingShown = useLastNonNull(rotating);
  const deletingShown = useLastNonNull(deleting);

  return (
    <section className="integrations__section" aria-labelledby={`${ids}-heading`}>
      <div className="integrations__section-head">
        <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
          {t('hr.integrations.webhooks.title')}
        </h2>
        <button type="button" className="primary" aria-haspopup="dialog" onClick={() => setEditing('new')}>
          {t('hr.integrations.webhooks.create')}
        </button>
      </div>
      <p className="hint">{t('hr.integrations.webhooks.intro')}</p>
      <QueryState
        isPending={webhooks.isPending}
        isError={webhooks.isError}
        onRetry={() => webhooks.refetch()}
      >
        {webhooks.data && webhooks.data.length === 0 ? (
          <p>{t('hr.integrations.webhooks.empty')}</p>
        ) : (
          <ul className="integration-list" aria-label={t('hr.integrations.webhooks.title')}>
            {(webhooks.data ?? []).map((webhook) => (
              <WebhookCard
                key={webhook.id}
                webhook={webhook}
                onEdit={() => setEditing(webhook)}
                onShowLog={() => setLogOf(webhook)}
                onRotate={() => setRotating(webhook)}
                onDelete={() => setDeleting(webhook)}
              />
            ))}
          </ul>
        )}
      </QueryState>

      <WebhookDialog
        isOpen={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        open={rotating !== null}
        onClose={() => setRotating(null)}
        role="alertdialog"
        title={t('hr.integrations.webhooks.rotate_title')}
        confirmLabel={t('hr.integrations.webhooks.rotate')}
        cancelLabel={t('hr.integrations.cancel')}
        onConfirm={async () => {
          if (!rotatingShown) return;
          const secret = await rotate.mutateAsync(rotatingShown.id);
          setRotating(null);
          setRotatedSecret(secret);
        }}
      >
        <p>{t('hr.integrations.webhooks.rotate_text', { url: rotatingShown?.url ?? '' })}</p>
      </ConfirmDialog>
      <DialogFrame
        open={rotatedSecret !== null}
        onClose={() => setRotatedSecret(null)}
        title={t('hr.integrations.webhooks.new_secret_title')}
        closesOnOutsideClick={false}
      >
        {rotatedSecret ? (
          <>
            <SecretReveal label={t('hr.integrations.webhooks.secret_label')} secret={rotatedSecret} />
            <DialogActions>
              <button type="button" className="primary" onClick={() => setRotatedSecret(null)}>
                {t('hr.integrations.done')}
              </button>
            </DialogActions>
          </>
        ) : null}
      </DialogFrame>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        finalFocus={headingRef}
        title={t('hr.integrations.webhooks.delete_title')}
        confirmLabel={t('hr.integrations.webhooks.delete')}
        cancelLabel={t('hr.integrations.cancel')}
        onConfirm={async () => {
          if (!deletingShown) return;
          await remove.mutateAsync(deletingShown.id);
          snackbar.success(t('hr.integrations.webhooks.deleted'));
          setDeleting(null);
        }}
      >
        <p>{t('hr.integrations.webhooks.delete_text', { url: deletingShown?.url ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

function WebhookCard({
  webhook,
  onEdit,
  onShowLog,
  onRotate,
  onDelete,
}: {
  webhook: Webhook;
  onEdit: () => void;
  onShowLog: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const update = useUpdateWebhook();
  const sendTest = useSendTestEvent();
  const last = webhook.last_delivery;
  const label = webhook.description || webhook.url;

  const toggle = () => {
    if (update.isPending) return;
    const active = !webhook.active;
    update
      .mutateAsync({
        id: webhook.id,
        body: { url: webhook.url, events: webhook.events, description: webhook.description, active },
      })
      .then(() =>
        snackbar.success(
          t(active ? 'hr.integrations.webhooks.activated' : 'hr.integrations.webhooks.deactivated', {
            name: label,
          }),
        ),
      )
      .catch(() => undefined);
  };

  return (
    <li className="integration-card">
      <div className="integration-card__title">
        <h3 className="integration-card__url">{webhook.url}</h3>
        <label className="integrations__switch">
          <input
            type="checkbox"
            role="switch"
            checked={webhook.active}
            aria-checked={webhook.active}
            aria-label={t('hr.integrations.webhooks.active_named', { name: label })}
            onChange={toggle}
          />
          <span aria-hidden="true">
            {webhook.active ? t('hr.integrations.webhooks.on') : t('hr.integrations.webhooks.off')}
          </span>
        </label>
      </div>
      {webhook.description ? <p>{webhook.description}</p> : null}
      <dl className="integration-card__facts">
        <dt>{t('hr.integrations.webhooks.events')}</dt>
        <dd>
          <ul className="inline-list integration-card__tags">
            {webhook.events.map((event) => (
              <li key={event}>{t(eventLabelKey(event))}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('hr.integrations.webhooks.last_delivery')}</dt>
        <dd>
          {last ? (
            <>
              <span
                className={`chip chip--${DELIVERY_STATE_COLOR[last.state]}`}
                data-color={DELIVERY_STATE_COLOR[last.state]}
              >
                {t(`hr.integrations.deliveries.state.${last.state}`)}
              </span>{' '}
              <time dateTime={last.created_at}>{formatDateTime(last.created_at, locale, user.timezone)}</time>
            </>
          ) : (
            t('hr.integrations.never')
          )}
        </dd>
      </dl>
      <div className="integration-card__actions">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onShowLog}
          aria-label={t('hr.integrations.webhooks.log_named', { name: label })}
        >
          {t('hr.integrations.webhooks.log')}
        </button>
        <button
          type="button"
          aria-disabled={sendTest.isPending}
          aria-label={t('hr.integrations.webhooks.send_test_named', { name: label })}
          onClick={() => {
            if (sendTest.isPending) return;
            sendTest
              .mutateAsync(webhook.id)
              .then(() => snackbar.success(t('hr.integrations.deliveries.test_sent')))
              .catch(() => undefined);
          }}
        >
          {t('hr.integrations.webhooks.send_test')}
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onEdit}
          aria-label={t('hr.integrations.webhooks.edit_named', { name: label })}
        >
          {t('hr.integrations.webhooks.edit')}
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onRotate}
          aria-label={t('hr.integrations.webhooks.rotate_named', { name: label })}
        >
          {t('hr.integrations.webhooks.rotate')}
        </button>
        <button
          type="button"
          className="danger"
          aria-haspopup="dialog"
          onClick={onDelete}
          aria-label={t('hr.integrations.webhooks.delete_named', { name: label })}
        >
          {t('hr.integrations.webhooks.delete')}
        </button>
      </div>
    </li>
  );
}
