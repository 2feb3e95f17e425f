import {
  type CreatedWebhook,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  type Webhook,
  type WebhookEvent,
} from '@kadry/shared/schemas/integrations';
import { type FormEvent, useRef, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { ChoiceChecklist } from './choice-checklist';
import { SecretCreated } from './secret-reveal';

export function eventLabelKey(event: string): string {
  return `hr.integrations.event.${event.replace(/\./g, '_')}`;
}

const URL_PATTERN = /^https?:\/\/\S+$/i;

/** Add a webhook (then its signing secret, shown once) or edit one: URL, events, description, active. */
export function WebhookDialog({
  isOpen,
  webhook,
  onClose,
}: {
  isOpen: boolean;
  /** null: a new webhook. */
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={isOpen}
      onClose={onClose}
      title={webhook ? t('hr.integrations.webhooks.edit_title') : t('hr.integrations.webhooks.create_title')}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <WebhookForm webhook={webhook} onDone={onClose} />
    </DialogFrame>
  );
}

function WebhookForm({ webhook, onDone }: { webhook: Webhook | null; onDone: () => void }) {
  const t = useT();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(webhook?.url ?? 'https://');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? []);
  const [active, setActive] = useState(webhook?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const isPending = create.isPending || update.isPending;

  if (created) {
    return (
      <SecretCreated
        text={t('hr.integrations.webhooks.created_text')}
        label={t('hr.integrations.webhooks.secret_label')}
        secret={created.secret}
        usage={t('hr.integrations.webhooks.secret_usage')}
        onDone={onDone}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    setFormError(null);
    const found: Record<string, string> = {};
    if (!URL_PATTERN.test(url.trim())) found.url = t('integrations.errors.url_format');
    if (events.length === 0) found.events = t('hr.integrations.error.events_required');
    setErrors(found);
    if (found.url) return urlRef.current?.focus();
    if (found.events) return eventsRef.current?.focus();
    const body = { url: url.trim(), events, description: description.trim() || null, active };
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, body });
        snackbar.success(t('hr.integrations.webhooks.saved'));
        onDone();
      } else {
        setCreated(await create.mutateAsync(body));
      }
    } catch (error) {
      const fieldErrors = readServerFieldErrors(error);
      if (!fieldErrors) return setFormError(t('hr.integrations.error.save_failed'));
      setErrors(fieldErrors);
      if (fieldErrors.url) urlRef.current?.focus();
      else if (fieldErrors.events) eventsRef.current?.focus();
      else if (fieldErrors.description) descriptionRef.current?.focus();
      const other = Object.entries(fieldErrors).filter(
        ([field]) => !['url', 'events', 'description'].includes(field),
      );
      setFormError(other.map(([, message]) => message).join(' ') || null);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('hr.integrations.webhooks.url')}
        isRequired
        hint={t('hr.integrations.webhooks.url_hint')}
        error={errors.url}
      >
        {(control) => (
          <input
            {...control}
            ref={urlRef}
            type="url"
            inputMode="url"
            aria-required="true"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            data-autofocus="true"
          />
        )}
      </Field>
      <ChoiceChecklist
        legend={t('hr.integrations.webhooks.events')}
        options={WEBHOOK_EVENTS}
        selected={events}
        onChange={setEvents}
        optionLabel={(name) => (
          <>
            {t(eventLabelKey(name))} <code className="integrations__code">{name}</code>
          </>
        )}
        error={errors.events}
        firstRef={eventsRef}
      />
      <Field label={t('hr.integrations.webhooks.description')} error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            ref={descriptionRef}
            rows={2}
            maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <label className="integrations__choice">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        <span>
          {t('hr.integrations.webhooks.active')}
          <span className="hint integrations__choice-hint">{t('hr.integrations.webhooks.active_hint')}</span>
        </span>
      </label>
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={isPending}>
          {isPending
            ? t('hr.integrations.saving')
            : webhook
              ? t('hr.integrations.webhooks.save')
              : t('hr.integrations.webhooks.create_submit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.integrations.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
