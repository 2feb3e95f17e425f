import {
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@kadry/shared/schemas/integrations';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { formatDateTime, formatRelativeTime } from '../../staff/components/format-time';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { ChoiceChecklist } from './choice-checklist';
import {
  EXPIRY_CHOICES,
  type ExpiryChoice,
  expiryFrom,
  getApiTokenStatus,
  TOKEN_STATUS_COLOR,
} from './format';
import { SecretCreated } from './secret-reveal';

export function scopeLabelKey(scope: ApiTokenScope): string {
  return `hr.integrations.scope.${scope.replace(':', '_')}`;
}

/** API tokens: the list (never a secret), create (the secret shown once) and revoke. */
export function ApiTokensSection() {
  const t = useT();
  const ids = useId();
  const tokens = useApiTokens();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section className="integrations__section" aria-labelledby={`${ids}-heading`}>
      <div className="integrations__section-head">
        <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
          {t('hr.integrations.tokens.title')}
        </h2>
        <button
          type="button"
          className="primary"
          aria-haspopup="dialog"
          onClick={() => setIsCreateOpen(true)}
        >
          {t('hr.integrations.tokens.create')}
        </button>
      </div>
      <p className="hint">{t('hr.integrations.tokens.intro')}</p>
      <QueryState isPending={tokens.isPending} isError={tokens.isError} onRetry={() => tokens.refetch()}>
        {tokens.data && tokens.data.length === 0 ? (
          <p>{t('hr.integrations.tokens.empty')}</p>
        ) : (
          <ul className="integration-list" aria-label={t('hr.integrations.tokens.title')}>
            {(tokens.data ?? []).map((token) => (
              <TokenCard key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </QueryState>
      <CreateTokenDialog isOpen={isCreateOpen} onClose={() => setIsCreateOpen(false)} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} finalFocus={headingRef} />
    </section>
  );
}

function TokenCard({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const now = new Date();
  const status = getApiTokenStatus(token, now);
  const color = TOKEN_STATUS_COLOR[status];
  return (
    <li className="integration-card">
      <div className="integration-card__title">
        <h3>{token.name}</h3>
        <span className={`chip chip--${color}`} data-color={color}>
          {t(`hr.integrations.tokens.status.${status}`)}
        </span>
      </div>
      <dl className="integration-card__facts">
        <dt>{t('hr.integrations.tokens.prefix')}</dt>
        <dd>
          <code>{token.prefix}…</code>
        </dd>
        <dt>{t('hr.integrations.tokens.scopes')}</dt>
        <dd>
          <ul className="inline-list integration-card__tags">
            {token.scopes.map((scope) => (
              <li key={scope}>{t(scopeLabelKey(scope))}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('hr.integrations.tokens.created')}</dt>
        <dd>
          <time dateTime={token.created_at}>{formatDateTime(token.created_at, locale, user.timezone)}</time>
          {token.created_by ? ` · ${token.created_by.name}` : null}
        </dd>
        <dt>{t('hr.integrations.tokens.last_used')}</dt>
        <dd>
          {token.last_used_at ? (
            <time
              dateTime={token.last_used_at}
              title={formatDateTime(token.last_used_at, locale, user.timezone)}
            >
              {formatRelativeTime(token.last_used_at, now, locale)}
            </time>
          ) : (
            t('hr.integrations.never')
          )}
        </dd>
        <dt>{t('hr.integrations.tokens.expires')}</dt>
        <dd>
          {token.expires_at ? (
            <time dateTime={token.expires_at}>{formatDateTime(token.expires_at, locale, user.timezone)}</time>
          ) : (
            t('hr.integrations.tokens.never_expires')
          )}
        </dd>
      </dl>
      {status === 'active' ? (
        <div className="integration-card__actions">
          <button
            type="button"
            className="danger"
            aria-haspopup="dialog"
            aria-label={t('hr.integrations.tokens.revoke_named', { name: token.name })}
            onClick={onRevoke}
          >
            {t('hr.integrations.tokens.revoke')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function CreateTokenDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <DialogFrame
      open={isOpen}
      onClose={onClose}
      title={t('hr.integrations.tokens.create_title')}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <CreateTokenForm onDone={onClose} />
    </DialogFrame>
  );
}

function CreateTokenForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>(90);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const scopesRef = useRef<HTMLInputElement>(null);

  if (created) {
    return (
      <SecretCreated
        text={t('hr.integrations.tokens.created_text', { name: created.name })}
        label={t('hr.integrations.tokens.secret_label')}
        secret={created.token}
        usage={t('hr.integrations.tokens.usage')}
        onDone={onDone}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = t('hr.integrations.error.name_required');
    if (scopes.length === 0) found.scopes = t('hr.integrations.error.scopes_required');
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.scopes) return scopesRef.current?.focus();
    try {
      const token = await create.mutateAsync({
        name: name.trim(),
        scopes,
        expires_at: expiryFrom(expiry, new Date()),
      });
      setCreated(token);
    } catch (error) {
      const fieldErrors = readServerFieldErrors(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        const other = Object.entries(fieldErrors).filter(([field]) => field !== 'name' && field !== 'scopes');
        setFormError(other.map(([, message]) => message).join(' ') || null);
      } else {
        setFormError(t('hr.integrations.error.save_failed'));
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="hint">{t('hr.integrations.tokens.create_intro')}</p>
      <Field label={t('hr.integrations.tokens.name')} isRequired error={errors.name}>
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            type="text"
            aria-required="true"
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-autofocus="true"
          />
        )}
      </Field>
      <ChoiceChecklist
        legend={t('hr.integrations.tokens.scopes')}
        options={API_TOKEN_SCOPES}
        selected={scopes}
        onChange={setScopes}
        optionLabel={(scope) => (
          <>
            {t(scopeLabelKey(scope))}
            <span className="hint integrations__choice-hint">{t(`${scopeLabelKey(scope)}_hint`)}</span>
          </>
        )}
        error={errors.scopes}
        firstRef={scopesRef}
      />
      <Field label={t('hr.integrations.tokens.expires')}>
        {(control) => (
          <select
            {...control}
            value={expiry === null ? '' : String(expiry)}
            onChange={(event) =>
              setExpiry(event.target.value === '' ? null : (Number(event.target.value) as ExpiryChoice))
            }
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={String(choice)} value={choice === null ? '' : String(choice)}>
                {choice === null
                  ? t('hr.integrations.tokens.never_expires')
                  : t('hr.integrations.tokens.expires_in_days', { count: choice })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={create.isPending}>
          {create.isPending ? t('hr.integrations.saving') : t('hr.integrations.tokens.create_submit')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.integrations.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

function RevokeTokenDialog({
  token,
  onClose,
  finalFocus,
}: {
  token: ApiToken | null;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const revoke = useRevokeApiToken();
  const shown = useLastNonNull(token);
  return (
    <ConfirmDialog
      open={token !== null}
      onClose={onClose}
      role="alertdialog"
      finalFocus={finalFocus}
      title={t('hr.integrations.tokens.revoke_title', { name: shown?.name ?? '' })}
      confirmLabel={t('hr.integrations.tokens.revoke')}
      cancelLabel={t('hr.integrations.cancel')}
      onConfirm={async () => {
        if (!shown) return;
        await revoke.mutateAsync(shown.id);
        snackbar.success(t('hr.integrations.tokens.revoked', { name: shown.name }));
        onClose();
      }}
    >
      <p>{t('hr.integrations.tokens.revoke_text')}</p>
    </ConfirmDialog>
  );
}
