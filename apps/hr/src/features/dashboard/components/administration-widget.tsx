import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import {
  useAccountOptions,
  useFollowedAccounts,
  useSaveFollowedAccounts,
} from '../api/statistics-widgets-api';
import { useWidgetTitle, WidgetState } from './widget-parts';
import './statistics-widgets.css';

/** The chip colour of an account's state. */
const STATUS_COLOR = { active: 'green', invited: 'orange', disabled: 'grey' } as const;

/** The accounts to follow: every employee with an account, as checkboxes (loaded once opened). */
function AccountsSettings({ accountIds }: { accountIds: readonly number[] }) {
  const t = useT();
  const title = useWidgetTitle();
  const ids = useId();
  const [draft, setDraft] = useState<number[] | null>(null);
  const options = useAccountOptions({ isEnabled: draft !== null });
  const save = useSaveFollowedAccounts();
  const panelId = `${ids}-settings`;
  const isOpen = draft !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        snackbar.success(t('hr.dashboard.settings_saved'));
      },
    });
  };

  return (
    <div className="dashboard-widget__settings">
      <button
        type="button"
        className="dashboard-widget__settings-toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t('hr.dashboard.settings_of', { name: title('administration') })}
        onClick={() => setDraft(isOpen ? null : [...accountIds])}
      >
        {t('hr.dashboard.settings')}
      </button>
      {isOpen ? (
        <form id={panelId} className="dashboard-widget__settings-form" onSubmit={onSubmit}>
          <fieldset className="dashboard-widget__accounts">
            <legend>{t('hr.dashboard.administration.accounts')}</legend>
            {options.isPending ? (
              <p role="status">{t('hr.common.loading')}</p>
            ) : (options.data ?? []).length === 0 ? (
              <p>{t('hr.dashboard.administration.no_accounts')}</p>
            ) : (
              <ul className="dashboard-widget__account-list">
                {(options.data ?? []).map((option) => (
                  <li key={option.accountId}>
                    <label>
                      <input
                        type="checkbox"
                        checked={draft.includes(option.accountId)}
                        onChange={(event) =>
                          setDraft(
                            event.target.checked
                              ? [...draft, option.accountId]
                              : draft.filter((id) => id !== option.accountId),
                          )
                        }
                      />{' '}
                      {option.name}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <div className="dashboard-widget__settings-actions">
            <button type="submit" className="primary" disabled={save.isPending}>
              {t('hr.common.save')}
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              {t('hr.dashboard.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** Administration (issue 15, owners): the followed staff accounts' role, state and last sign-in. */
export function AdministrationWidget({ params }: { params: WidgetParams<'administration'> }) {
  const t = useT();
  const accounts = useFollowedAccounts(params.account_ids);
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <AccountsSettings accountIds={params.account_ids} />
      <WidgetState
        query={accounts}
        isEmpty={(rows) => rows.length === 0}
        empty={t('hr.dashboard.administration.empty')}
      >
        {(rows) => (
          <ul className="dashboard-widget__list">
            {rows.map((account) => (
              <li key={account.id} className="dashboard-widget__row">
                <span className="dashboard-widget__primary">
                  {account.name}{' '}
                  <span className={`chip chip--${STATUS_COLOR[account.status]}`} data-status={account.status}>
                    {t(`hr.dashboard.administration.status.${account.status}`)}
                  </span>
                </span>
                <span className="dashboard-widget__secondary">
                  {account.role.name} ·{' '}
                  {account.last_sign_in_at ? (
                    <time dateTime={account.last_sign_in_at}>
                      {t('hr.dashboard.administration.last_sign_in', {
                        date: format.format(new Date(account.last_sign_in_at)),
                      })}
                    </time>
                  ) : (
                    t('hr.dashboard.administration.never')
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
      <p className="dashboard-widget__more">
        <Link href="/staff">{t('hr.dashboard.administration.manage')}</Link>
      </p>
    </>
  );
}
