import type { AbsenceFeed, AbsenceFeedScope } from '@kadry/shared/schemas/absence-reports';
import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import {
  useAbsenceTypes,
  useCreateFeed,
  useFeeds,
  useRevokeFeed,
  useVisibleTeams,
} from '../api/absence-reports-api';
import { ReportsNav, useTypeName } from './reports-nav';

/**
 * Calendar feeds: an iCal URL of one's own absences, a team's or the company's, of some types, to
 * subscribe to in Google Calendar or Outlook. The URL is shown once, when made; feeds are listed with
 * their last use and can be revoked.
 */
export function FeedsPage() {
  const t = useT();
  const feeds = useFeeds();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AbsenceFeed | null>(null);
  const revoke = useRevokeFeed();
  const list = feeds.data ?? [];

  return (
    <section>
      <PageHeading>{t('hr.absenceReports.feeds.title')}</PageHeading>
      <ReportsNav />
      <p>{t('hr.absenceReports.feeds.intro')}</p>
      <CreateFeedForm onCreated={setCreated} />
      {created ? <CreatedUrl url={created} onDone={() => setCreated(null)} /> : null}
      <h2>{t('hr.absenceReports.feeds.list')}</h2>
      <QueryState isPending={feeds.isPending} isError={feeds.isError} onRetry={() => feeds.refetch()}>
        {list.length === 0 ? (
          <p role="status">{t('hr.absenceReports.feeds.empty')}</p>
        ) : (
          <ul className="feed-list">
            {list.map((feed) => (
              <FeedItem key={feed.id} feed={feed} onRevoke={() => setRevoking(feed)} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        role="alertdialog"
        title={t('hr.absenceReports.feeds.revoke_title', { name: revoking?.name ?? '' })}
        confirmLabel={t('hr.absenceReports.feeds.revoke')}
        cancelLabel={t('hr.absenceReports.cancel')}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          snackbar.success(t('hr.absenceReports.feeds.revoked'));
          setRevoking(null);
        }}
      >
        <p>{t('hr.absenceReports.feeds.revoke_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

function FeedItem({ feed, onRevoke }: { feed: AbsenceFeed; onRevoke: () => void }) {
  const t = useT();
  const locale = useLocale();
  const types = useAbsenceTypes();
  const teams = useVisibleTeams();
  const typeName = useTypeName();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const team = feed.team_id === null ? null : teams.data?.find((item) => item.id === feed.team_id);
  const scope =
    feed.scope === 'team'
      ? t('hr.absenceReports.feeds.scope_team_named', { team: team?.name ?? '' })
      : t(`hr.absenceReports.feeds.scope_${feed.scope}`);
  const typeNames =
    feed.type_codes.length === 0
      ? t('hr.absenceReports.all_types')
      : feed.type_codes
          .map((code) =>
            typeName(
              types.data?.find((type) => type.code === code),
              code,
            ),
          )
          .join(', ');
  return (
    <li className="feed-list__item">
      <h3>{feed.name}</h3>
      <dl>
        <div>
          <dt>{t('hr.absenceReports.feeds.scope')}</dt>
          <dd>{scope}</dd>
        </div>
        <div>
          <dt>{t('hr.absenceReports.feeds.types')}</dt>
          <dd>{typeNames}</dd>
        </div>
        <div>
          <dt>{t('hr.absenceReports.feeds.last_used')}</dt>
          <dd>
            {feed.last_used_at
              ? when.format(new Date(feed.last_used_at))
              : t('hr.absenceReports.feeds.never_used')}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        onClick={onRevoke}
        aria-label={t('hr.absenceReports.feeds.revoke_named', { name: feed.name })}
      >
        {t('hr.absenceReports.feeds.revoke')}
      </button>
    </li>
  );
}

function CreateFeedForm({ onCreated }: { onCreated: (url: string) => void }) {
  const t = useT();
  const permissions = usePermissions();
  const types = useAbsenceTypes();
  const teams = useVisibleTeams();
  const typeName = useTypeName();
  const create = useCreateFeed();
  const nameId = useId();
  const teamId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AbsenceFeedScope>('person');
  const [team, setTeam] = useState('');
  const [codes, setCodes] = useState<AbsenceTypeCode[]>([]);
  const [errors, setErrors] = useState<{ name?: string; team?: string; form?: string }>({});
  const canCompany = permissions.findLevel('AbsenceRequest', 'view') === 'to_all';
  const scopes: AbsenceFeedScope[] = canCompany ? ['person', 'team', 'company'] : ['person', 'team'];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('public.fill_fields');
    if (scope === 'team' && !team) next.team = t('public.fill_fields');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const feed = await create.mutateAsync({
        name: name.trim(),
        scope,
        ...(scope === 'team' ? { team_id: Number(team) } : {}),
        type_codes: codes,
      });
      onCreated(feed.url);
      setName('');
      setCodes([]);
    } catch (failure) {
      setErrors({ form: getRequestErrorMessage(failure) });
    }
  };

  return (
    <form onSubmit={submit} className="feed-form" noValidate>
      <h2>{t('hr.absenceReports.feeds.create')}</h2>
      <div className="field">
        <label htmlFor={nameId}>
          {t('hr.absenceReports.feeds.name')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={100}
          aria-required="true"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {errors.name ? (
          <p className="field-error" id={`${nameId}-error`}>
            {errors.name}
          </p>
        ) : null}
      </div>
      <fieldset className="field">
        <legend>{t('hr.absenceReports.feeds.scope')}</legend>
        {scopes.map((item) => (
          <label key={item} className="choice">
            <input
              type="radio"
              name="feed-scope"
              value={item}
              checked={scope === item}
              onChange={() => setScope(item)}
            />{' '}
            {t(`hr.absenceReports.feeds.scope_${item}`)}
          </label>
        ))}
      </fieldset>
      {scope === 'team' ? (
        <div className="field">
          <label htmlFor={teamId}>
            {t('hr.absenceReports.team')}
            <span aria-hidden="true"> *</span>
          </label>
          <select
            id={teamId}
            value={team}
            aria-required="true"
            aria-invalid={errors.team ? true : undefined}
            aria-describedby={errors.team ? `${teamId}-error` : undefined}
            onChange={(event) => setTeam(event.target.value)}
          >
            <option value="">{t('hr.absenceReports.feeds.pick_team')}</option>
            {(teams.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          {errors.team ? (
            <p className="field-error" id={`${teamId}-error`}>
              {errors.team}
            </p>
          ) : null}
        </div>
      ) : null}
      <fieldset className="field">
        <legend>{t('hr.absenceReports.feeds.types')}</legend>
        <p className="hint">{t('hr.absenceReports.feeds.types_hint')}</p>
        {(types.data ?? [])
          .filter((type) => type.is_enabled)
          .map((type) => (
            <label key={type.code} className="choice">
              <input
                type="checkbox"
                checked={codes.includes(type.code)}
                onChange={(event) =>
                  setCodes((current) =>
                    event.target.checked
                      ? [...current, type.code]
                      : current.filter((code) => code !== type.code),
                  )
                }
              />{' '}
              {typeName(type, type.code)}
            </label>
          ))}
      </fieldset>
      <FormError message={errors.form ?? null} />
      <button type="submit" className="primary" aria-disabled={create.isPending}>
        {t('hr.absenceReports.feeds.create_button')}
      </button>
    </form>
  );
}

/** The new feed's secret URL, shown this once, with a copy button. */
function CreatedUrl({ url, onDone }: { url: string; onDone: () => void }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the URL is selected for copying by hand.
      input.current?.select();
    }
  };
  return (
    <div className="feed-created" role="status">
      <p>
        <strong>{t('hr.absenceReports.feeds.created')}</strong> {t('hr.absenceReports.feeds.once')}
      </p>
      <label htmlFor={inputId}>{t('hr.absenceReports.feeds.url')}</label>
      <div className="feed-created__row">
        <input id={inputId} ref={input} readOnly value={url} onFocus={(event) => event.target.select()} />
        <button type="button" onClick={copy}>
          {copied ? t('hr.absenceReports.feeds.copied') : t('hr.absenceReports.feeds.copy')}
        </button>
        <button type="button" onClick={onDone}>
          {t('hr.absenceReports.feeds.done')}
        </button>
      </div>
    </div>
  );
}
